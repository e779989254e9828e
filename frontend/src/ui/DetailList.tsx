import type { ReactNode } from 'react';

/** Label and value pairs of one thing, as a drawer shows them. */
export function DetailList({ rows, label }: { rows: ReadonlyArray<readonly [string, ReactNode]>; label?: string }) {
  return (
    <dl className="people-details" aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name} className="people-detail-row">
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
