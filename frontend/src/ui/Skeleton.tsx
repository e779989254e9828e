import clsx from 'clsx';
import type { CSSProperties } from 'react';
import { Page } from './Page';
import styles from './Skeleton.module.css';

/** A placeholder shaped like the content on its way; `data-skeleton` lets a test wait until none is left. */
export function Skeleton({
  width,
  height = 16,
  round = false,
  className,
}: {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** A circle, for an avatar. */
  round?: boolean;
  className?: string;
}) {
  return (
    <span
      className={clsx(styles.skeleton, round && styles.round, className)}
      style={{ width, height }}
      data-skeleton=""
      aria-hidden
    />
  );
}

/** A generic page-shaped placeholder: title line, description line, a few content blocks. */
export function PageSkeleton() {
  return (
    <Page role="status" aria-label="Loading">
      <Skeleton width={220} height={28} />
      <Skeleton width={320} height={14} />
      <div className={styles.grid}>
        <Skeleton height={96} />
        <Skeleton height={96} />
      </div>
      <Skeleton height={180} />
    </Page>
  );
}
