import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import styles from './IntegrationList.module.css';

interface IntegrationListProps<Item> {
  query: UseQueryResult<Item[]>;
  /** What the list holds, as its loading and failure sentences name it ("API keys"). */
  name: string;
  placeholderHeight: number;
  empty: { icon: LucideIcon; message: string };
  children: (items: Item[]) => ReactNode;
}

/** An Integrations list in each of its states: placeholder rows, the failure with Retry, the empty sentence, or the items. */
export function IntegrationList<Item>({ query, name, placeholderHeight, empty, children }: IntegrationListProps<Item>) {
  if (query.isPending) {
    return (
      <div className={styles.loading} role="status" aria-label={`Loading ${name}`}>
        <Skeleton height={placeholderHeight} />
        <Skeleton height={placeholderHeight} />
      </div>
    );
  }
  if (query.isError)
    return (
      <ErrorState message={`Failed to load ${name}`} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  if (query.data.length === 0) return <EmptyState icon={empty.icon} message={empty.message} />;
  return children(query.data);
}
