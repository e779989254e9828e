import { Alert } from './Alert';
import { Button } from './Button';
import styles from './LoadMore.module.css';

/** What a list read a page at a time (TanStack's useInfiniteQuery) tells its footer. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

interface LoadMoreProps {
  list: PagedList;
  shown: number;
  total: number;
  /** The button's words, such as "Load more files". */
  label: string;
  /** The sentence shown when the next page did not come. */
  failedMessage: string;
}

/** Below a list read a page at a time: how much of it is shown, the next page on request, and a sentence if it failed to come. */
export function LoadMore({ list, shown, total, label, failedMessage }: LoadMoreProps) {
  if (!list.hasNextPage) return null;
  return (
    <div className={styles.loadMore}>
      {list.isFetchNextPageError && (
        <div className={styles.failed}>
          <Alert tone="error">{failedMessage}</Alert>
        </div>
      )}
      <span className={styles.count}>
        Showing {shown.toLocaleString()} of {total.toLocaleString()}
      </span>
      <Button variant="secondary" size="sm" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {label}
      </Button>
    </div>
  );
}
