import { toast } from 'sonner';
import { errorMessage } from '../../lib/api/http';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { useOpenThread, useThreads } from './api';
import { Conversation } from './Conversation';
import { NO_LIVE } from './use-messages-live';
import styles from './Messages.module.css';

interface ThreadPanelProps {
  tenantId: string;
  clientId: string;
  clientName: string;
}

/**
 * A client's conversation with the team on their drawer in User Management: compact, with the
 * composer. Opening the drawer makes nothing; Start the conversation does.
 */
export function ThreadPanel({ tenantId, clientId, clientName }: ThreadPanelProps) {
  const threads = useThreads(tenantId);
  const open = useOpenThread(tenantId);
  const thread = threads.data?.find((t) => t.kind === 'client' && t.client_id === clientId);
  const titleId = `thread-panel-${clientId}`;

  let body;
  if (threads.isError && !threads.data)
    body = (
      <ErrorState
        message="The conversation could not be loaded."
        onRetry={() => void threads.refetch()}
        retrying={threads.isRefetching}
      />
    );
  else if (!threads.data) body = <Skeleton height={120} />;
  else if (thread)
    body = <Conversation tenantId={tenantId} thread={thread} title={clientName} isTeam live={NO_LIVE} compact />;
  else
    body = (
      <>
        <p className={styles.hint}>No messages with {clientName} yet.</p>
        <div>
          <Button
            variant="secondary"
            size="sm"
            loading={open.isPending}
            onClick={() =>
              open.mutate(
                { participant_ids: [clientId] },
                { onError: (err) => toast.error(errorMessage(err, 'The conversation could not be started.')) },
              )
            }
          >
            Start the conversation
          </Button>
        </div>
      </>
    );
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.panelTitle}>
        Messages
      </h3>
      {body}
    </section>
  );
}
