import type { ReactNode } from 'react';
import styles from './DetailList.module.css';

/** Label and value pairs of one thing, as a drawer shows them. */
export function DetailList({ rows, label }: { rows: ReadonlyArray<readonly [string, ReactNode]>; label?: string }) {
  return (
    <dl className={styles.list} aria-label={label}>
      {rows.map(([name, value]) => (
        <div key={name} className={styles.row}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
