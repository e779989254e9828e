import clsx from 'clsx';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MessageSquarePlus, MessagesSquare } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api/http';
import { useScope } from '../../lib/scope/scope-context';
import { useAbilities } from '../../lib/scope/use-abilities';
import { Button } from '../../ui/Button';
import { ChooseTenant } from '../../ui/ChooseTenant';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { useOpenThread, useThread, useThreads } from './api';
import { Conversation } from './Conversation';
import { threadTitle, useDirectory } from './directory';
import { NewConversationDialog } from './NewConversationDialog';
import { ThreadList } from './ThreadList';
import { NO_LIVE, useMessagesLive, type MessagesLive } from './use-messages-live';
import styles from './Messages.module.css';

/** /messages in both shells, with its live socket. */
export function MessagesPage() {
  const { activeTenantId } = useScope();
  const [params] = useSearchParams();
  const live = useMessagesLive(activeTenantId, params.get('thread'));
  if (!activeTenantId)
    return (
      <Page>
        <PageHeader title="Messages" />
        <ChooseTenant message="Choose a tenant to see its conversations." />
      </Page>
    );
  return <MessagesView tenantId={activeTenantId} live={live} />;
}

/**
 * The thread list and the open conversation (`?thread=`): side by side on a desktop, one at a time on
 * a phone. The team (admins and team members, who build forms: the API's same set) starts conversations;
 * a client's own thread with the team opens at once.
 */
export function MessagesView({ tenantId, live = NO_LIVE }: { tenantId: string; live?: MessagesLive }) {
  const { tenantPath, activeMembership } = useScope();
  const can = useAbilities();
  const isTeam = can.build_forms;
  const directory = useDirectory(tenantId, isTeam);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const selectedId = params.get('thread');
  const threads = useThreads(tenantId);
  const listed = threads.data?.find((t) => t.id === selectedId);
  const single = useThread(tenantId, selectedId, threads.isSuccess && !listed);
  const thread = listed ?? single.data;
  const [starting, setStarting] = useState(false);
  const hrefOf = (id: string) => tenantPath(`/messages?thread=${id}`);

  // A client comes to talk to the team: their own thread opens (made on first ask), once per visit.
  const openThread = useOpenThread(tenantId);
  const { mutate: open } = openThread;
  const openedOwn = useRef(false);
  useEffect(() => {
    // A client is always a member: until the membership is known nobody is taken for one.
    if (!activeMembership || isTeam || selectedId || openedOwn.current) return;
    openedOwn.current = true;
    open(
      {},
      {
        onSuccess: (own) => void navigate(tenantPath(`/messages?thread=${own.id}`), { replace: true }),
        onError: (err) => toast.error(errorMessage(err, 'Your conversation could not be opened.')),
      },
    );
  }, [activeMembership, isTeam, selectedId, open, navigate, tenantPath]);

  return (
    <Page width="wide">
      <PageHeader
        title="Messages"
        description={isTeam ? 'Conversations with your clients.' : 'Your conversations with the team.'}
        actions={
          isTeam && (
            <Button onClick={() => setStarting(true)}>
              <MessageSquarePlus size={16} aria-hidden />
              New conversation
            </Button>
          )
        }
      />
      <div className={clsx(styles.panes, selectedId && styles.showingThread)}>
        <nav className={styles.listPane} aria-label="Conversations">
          <ThreadList
            threads={threads.data}
            error={threads.error}
            retrying={threads.isRefetching}
            onRetry={() => void threads.refetch()}
            selectedId={selectedId}
            directory={directory}
            isTeam={isTeam}
            hrefOf={hrefOf}
          />
        </nav>
        <div className={styles.threadPane}>
          {thread ? (
            <Conversation
              key={thread.id}
              tenantId={tenantId}
              thread={thread}
              title={threadTitle(thread, directory, isTeam)}
              isTeam={isTeam}
              live={live}
              directory={directory}
              onBack={() => void navigate(tenantPath('/messages'))}
            />
          ) : selectedId && single.isError ? (
            <ErrorState
              message={errorMessage(single.error, 'The conversation could not be loaded.')}
              onRetry={() => void single.refetch()}
              retrying={single.isRefetching}
            />
          ) : selectedId || openThread.isPending ? (
            <Skeleton height={240} />
          ) : (
            <EmptyState icon={MessagesSquare} message="Choose a conversation to read it here." />
          )}
        </div>
      </div>
      {isTeam && (
        <NewConversationDialog
          tenantId={tenantId}
          open={starting}
          directory={directory}
          onClose={() => setStarting(false)}
          onOpened={(opened) => void navigate(hrefOf(opened.id))}
        />
      )}
    </Page>
  );
}
