import type { CSSProperties } from 'react';

export function Skeleton({
  width,
  height = 16,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}) {
  return <span className={`skeleton ${className ?? ''}`} style={{ width, height }} aria-hidden />;
}

/** A generic page-shaped placeholder: title line, description line, a few content blocks. */
export function PageSkeleton() {
  return (
    <div className="page" role="status" aria-label="Loading">
      <Skeleton width={220} height={28} />
      <Skeleton width={320} height={14} />
      <div className="skeleton-grid">
        <Skeleton height={96} />
        <Skeleton height={96} />
      </div>
      <Skeleton height={180} />
    </div>
  );
}
