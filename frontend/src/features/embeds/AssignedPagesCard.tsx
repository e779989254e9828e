import { Link } from 'react-router-dom';
import { AppWindow } from 'lucide-react';
import { useVisibleEmbeds } from './api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { useScope } from '../../lib/scope/scope-context';

/** The member dashboard's Pages: the embeds assigned to this member, each with Open Tool (tenant-portal §2). */
export function AssignedPagesCard({ tenantId }: { tenantId: string }) {
  const { tenantPath } = useScope();
  const embeds = useVisibleEmbeds(tenantId);
  return (
    <section className="card" aria-labelledby="assigned-pages-title">
      <header className="card-header">
        <h2 className="card-title" id="assigned-pages-title">
          Pages
        </h2>
        <p className="card-description">Tools your team shares with you.</p>
      </header>
      {embeds.isPending && (
        <div className="embed-list-loading" role="status" aria-label="Loading pages">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      )}
      {embeds.isError && (
        <ErrorState
          message="Failed to load your pages"
          onRetry={() => void embeds.refetch()}
          retrying={embeds.isFetching}
        />
      )}
      {embeds.isSuccess && embeds.data.length === 0 && <EmptyState icon={AppWindow} message="No pages assigned yet." />}
      {embeds.isSuccess && embeds.data.length > 0 && (
        <ul className="assigned-pages">
          {embeds.data.map((embed) => (
            <li key={embed.id} className="assigned-page">
              <div>
                <p className="cell-strong">{embed.title}</p>
                <p className="embed-row-description">{embed.description ?? embed.provider_label}</p>
              </div>
              <Link
                className="btn btn-secondary btn-sm"
                to={tenantPath(`/embed/${embed.id}`)}
                aria-label={`Open Tool: ${embed.title}`}
              >
                Open Tool
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
