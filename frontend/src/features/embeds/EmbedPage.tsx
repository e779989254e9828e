import { useParams } from 'react-router-dom';
import { ExternalLink, Lock } from 'lucide-react';
import { EMBED_MESSAGES } from '@portico/common';
import { useEmbed } from './api';
import { buttonClassName } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { ApiError } from '../../lib/api/http';
import { useScope } from '../../lib/scope/scope-context';
import styles from './EmbedPage.module.css';

function NewTabLink({ url, title }: { url: string; title: string }) {
  return (
    <a
      className={buttonClassName({ variant: 'secondary', size: 'sm' })}
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${title} in new tab`}
    >
      <ExternalLink size={14} aria-hidden />
      Open in new tab
    </a>
  );
}

/** /embed/:id and /embeds/:id: the tool in a full-height sandboxed frame, or why it cannot be shown. */
export function EmbedPage() {
  const { id = '' } = useParams();
  const { activeTenantId } = useScope();
  const embed = useEmbed(activeTenantId, id);

  if (
    !activeTenantId ||
    (embed.error instanceof ApiError && (embed.error.status === 403 || embed.error.status === 404))
  ) {
    return (
      <Page>
        <EmptyState icon={Lock} message={EMBED_MESSAGES.noAccess} />
      </Page>
    );
  }
  if (embed.isError) {
    return (
      <Page>
        <ErrorState
          message="Failed to load this embed"
          onRetry={() => void embed.refetch()}
          retrying={embed.isFetching}
        />
      </Page>
    );
  }
  if (embed.isPending) {
    return (
      <div className={styles.page} role="status" aria-label="Loading">
        <Skeleton width={240} height={28} />
        <Skeleton className={styles.frame} />
      </div>
    );
  }

  const { title, url, frame_blocked: blocked, description } = embed.data;
  return (
    <div className={styles.page}>
      <PageHeader
        title={title}
        description={description}
        actions={blocked !== true && <NewTabLink url={url} title={title} />}
      />
      {blocked === true ? (
        <div className={styles.blocked}>
          <EmptyState icon={Lock} message={EMBED_MESSAGES.frameBlocked}>
            <NewTabLink url={url} title={title} />
          </EmptyState>
        </div>
      ) : (
        <iframe
          className={styles.frame}
          title={title}
          src={url}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
      )}
    </div>
  );
}
