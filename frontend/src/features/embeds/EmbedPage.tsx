import { useParams } from 'react-router-dom';
import { ExternalLink, Lock } from 'lucide-react';
import { EMBED_MESSAGES } from '@portico/common';
import { useEmbed } from './api';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { ApiError } from '../../lib/api/http';
import { useScope } from '../../lib/scope/scope-context';
import clsx from 'clsx';
import styles from './EmbedPage.module.css';

function NewTabLink({ url, title }: { url: string; title: string }) {
  return (
    <a
      className="btn btn-secondary btn-sm"
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
      <div className="page">
        <EmptyState icon={Lock} message={EMBED_MESSAGES.noAccess} />
      </div>
    );
  }
  if (embed.isError) {
    return (
      <div className="page">
        <ErrorState
          message="Failed to load this embed"
          onRetry={() => void embed.refetch()}
          retrying={embed.isFetching}
        />
      </div>
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
      <header className={styles.header}>
        <div>
          <h1 className="page-title">{title}</h1>
          {description && <p className="page-description">{description}</p>}
        </div>
        {blocked !== true && <NewTabLink url={url} title={title} />}
      </header>
      {blocked === true ? (
        <div className={clsx('state', styles.blocked)}>
          <Lock size={22} aria-hidden />
          <p>{EMBED_MESSAGES.frameBlocked}</p>
          <NewTabLink url={url} title={title} />
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
