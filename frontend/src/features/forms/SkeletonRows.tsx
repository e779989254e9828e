import { Skeleton } from '../../ui/Skeleton';
import styles from './SkeletonRows.module.css';

/** Table-shaped placeholders while a list of forms or responses loads; `label` says what is loading. */
export function SkeletonRows({ label }: { label: string }) {
  return (
    <div className={styles.rows} role="status" aria-label={label}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={40} />
      ))}
    </div>
  );
}
