import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import styles from './IntegrationList.module.css';

interface IntegrationListProps<Item> {
  query: UseQueryResult<Item[]>;
  /** Names the placeholder while the list loads. */
  loadingLabel: string;
  placeholderHeight: number;
  failedMessage: string;
  emptyIcon: LucideIcon;
  emptyMessage: string;
  children: (items: Item[]) => ReactNode;
}

/** An Integrations list in each of its states: placeholder rows, the failure with Retry, the empty sentence, or the items. */
export function IntegrationList<Item>({
  query,
  loadingLabel,
  placeholderHeight,
  failedMessage,
  emptyIcon,
  emptyMessage,
  children,
}: IntegrationListProps<Item>) {
  if (query.isPending) {
    return (
      <div className={styles.loading} role="status" aria-label={loadingLabel}>
        <Skeleton height={placeholderHeight} />
        <Skeleton height={placeholderHeight} />
      </div>
    );
  }
  if (query.isError)
    return <ErrorState message={failedMessage} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data.length === 0) return <EmptyState icon={emptyIcon} message={emptyMessage} />;
  return children(query.data);
}
