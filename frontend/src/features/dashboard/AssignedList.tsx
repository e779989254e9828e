import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { buttonClassName } from '../../ui/Button';
import { Card, CardHeader } from '../../ui/Card';
import styles from './AssignedList.module.css';

export interface AssignedItem {
  id: string;
  title: string;
  /** Shown after the title, such as a Submitted badge. */
  badge?: ReactNode;
  description?: string | null;
  /** Where its button leads, its text and its accessible name. */
  to: string;
  action: string;
  actionLabel: string;
}

interface AssignedListProps {
  id: string;
  title: string;
  description: string;
  list: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** What the list holds once read; empty while loading. */
  items: readonly AssignedItem[];
  loadingLabel: string;
  failedMessage: string;
  empty: { icon: LucideIcon; message: string };
}

/** A card of the member dashboard's tabs: what the team assigned to this member, each with a button to open it. */
export function AssignedList({
  id,
  title,
  description,
  list,
  items,
  loadingLabel,
  failedMessage,
  empty,
}: AssignedListProps) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader id={id} title={title} description={description} />
      {list.isPending && (
        <div className={styles.loading} role="status" aria-label={loadingLabel}>
          <Skeleton height={44} />
          <Skeleton height={44} />
        </div>
      )}
      {list.isError && (
        <ErrorState message={failedMessage} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      )}
      {!list.isPending && !list.isError && items.length === 0 && (
        <EmptyState icon={empty.icon} message={empty.message} />
      )}
      {items.length > 0 && (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item}>
              <div className={styles.text}>
                <p className={styles.title}>
                  {item.title}
                  {item.badge}
                </p>
                {item.description && <p className={styles.description}>{item.description}</p>}
              </div>
              <Link
                className={buttonClassName({ variant: 'secondary', size: 'sm' })}
                to={item.to}
                aria-label={item.actionLabel}
              >
                {item.action}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
