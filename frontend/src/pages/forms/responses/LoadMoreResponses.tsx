import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { RESPONSES_TEXT } from './response-display';

interface PagedResponses {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** Below a response list: the next page on request, and a sentence if it failed to come. */
export function LoadMoreResponses({ responses, shown, total }: { responses: PagedResponses; shown: number; total: number }) {
  if (!responses.hasNextPage) return null;
  return (
    <div className="forms-load-more">
      {responses.isFetchNextPageError && <Alert tone="error">{RESPONSES_TEXT.loadMoreFailed}</Alert>}
      <span className="forms-muted">
        Showing {shown.toLocaleString()} of {total.toLocaleString()}
      </span>
      <Button variant="secondary" size="sm" loading={responses.isFetchingNextPage} onClick={() => void responses.fetchNextPage()}>
        Load more responses
      </Button>
    </div>
  );
}
