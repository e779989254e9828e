import { ErrorState } from '../ui/ErrorState';
import { Page } from '../ui/Page';
import { PageHeader } from '../ui/PageHeader';

/**
 * What a route shows when its page throws or its code cannot be fetched (pages load on first
 * visit, and a new release replaces the files of the old one). Reloading fetches the current app.
 */
export function PageError() {
  return (
    <Page>
      <PageHeader title="Something went wrong" />
      <ErrorState message="This page failed to load. Reload to try again." onRetry={() => window.location.reload()} />
    </Page>
  );
}
