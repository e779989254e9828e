import { CheckCircle2, Circle } from 'lucide-react';
import { useChecklist } from './api';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import clsx from 'clsx';
import { Card } from '../../ui/Card';
import styles from './ChecklistCard.module.css';

const RADIUS = 28;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function ProgressRing({ percent }: { percent: number }) {
  return (
    <svg width="72" height="72" viewBox="0 0 72 72" role="img" aria-label={`${percent}% done`}>
      <circle className={styles.ringTrack} cx="36" cy="36" r={RADIUS} strokeWidth="8" fill="none" />
      <circle
        className={styles.ringValue}
        cx="36"
        cy="36"
        r={RADIUS}
        strokeWidth="8"
        fill="none"
        strokeDasharray={CIRCUMFERENCE}
        strokeDashoffset={CIRCUMFERENCE * (1 - percent / 100)}
        transform="rotate(-90 36 36)"
      />
      <text x="36" y="41" textAnchor="middle" className={styles.ringText}>
        {percent}%
      </text>
    </svg>
  );
}

/** The member's real to-do list in this workspace and how much of it is done. */
export function ChecklistCard({ tenantId }: { tenantId: string }) {
  const checklist = useChecklist(tenantId);
  if (checklist.isPending) return <Skeleton height={120} />;
  if (checklist.isError)
    return (
      <ErrorState
        message="Failed to load your checklist"
        onRetry={() => void checklist.refetch()}
        retrying={checklist.isFetching}
      />
    );
  const { items, percent } = checklist.data;
  return (
    <Card className={styles.card} aria-labelledby="checklist-title">
      <ProgressRing percent={percent} />
      <div>
        <h2 id="checklist-title" className={styles.title}>
          Your checklist
        </h2>
        <ul className={styles.checklist}>
          {items.map((item) => (
            <li key={item.key} className={clsx(styles.item, item.done && styles.done)}>
              {item.done ? <CheckCircle2 size={18} aria-hidden /> : <Circle size={18} aria-hidden />}
              <span>
                {item.label}
                {item.progress && ` (${item.progress.done} of ${item.progress.total})`}
                <span className="sr-only">{item.done ? ': done' : ': to do'}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
