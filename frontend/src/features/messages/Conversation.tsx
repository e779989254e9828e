import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ArrowLeft, MessagesSquare, Users } from 'lucide-react';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { Alert } from '../../ui/Alert';
import { useSession } from '../../lib/session/session-context';
import { useMarkRead, useThreadMessages, type ThreadMessage } from './api';
import { Composer } from './Composer';
import type { Directory } from './directory';
import { MessageItem } from './MessageItem';
import { ThreadPeopleDialog } from './ThreadPeopleDialog';
import type { MessagesLive } from './use-messages-live';
import type { MessageThread } from './unread';
import styles from './Messages.module.css';

interface ConversationProps {
  tenantId: string;
  thread: MessageThread;
  title: string;
  isTeam: boolean;
  live: MessagesLive;
  /** On a phone, the way back to the list. */
  onBack?: () => void;
  /** The drawer's smaller version: no heading of its own. */
  compact?: boolean;
  /** Whom the team can add to a group conversation (its People button shows with it). */
  directory?: Directory;
}

const ANNOUNCEMENT_NOTE =
  'Everyone with this role reads the team’s messages here; their replies are visible to the team only.';

/** "Seen by Sam, Ada": the people (not the reader, not its author) whose read state reaches the newest message. */
function seenBy(thread: MessageThread, messages: readonly ThreadMessage[], readerId: string | null): string | null {
  const last = messages.at(-1);
  if (!last) return null;
  const readers = thread.people.filter(
    (person) =>
      person.id !== readerId &&
      person.id !== last.author?.id &&
      person.last_read_at !== null &&
      Date.parse(person.last_read_at) >= Date.parse(last.created_at),
  );
  return readers.length > 0 ? `Seen by ${readers.map((person) => person.name).join(', ')}` : null;
}

/** A thread's messages, newest last, with earlier pages on request, and the composer under them. */
export function Conversation({ tenantId, thread, title, isTeam, live, onBack, compact, directory }: ConversationProps) {
  const { user } = useSession();
  const messages = useThreadMessages(tenantId, thread.id);
  const markRead = useMarkRead(tenantId);
  const scroller = useRef<HTMLDivElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const newest = messages.data?.at(-1)?.id;
  const [now, setNow] = useState(() => Date.now());
  const [showingPeople, setShowingPeople] = useState(false);
  const managesPeople = isTeam && thread.kind === 'group' && directory !== undefined;

  // Focus goes to the composer when a conversation opens (the drawer's stays where the person is).
  useEffect(() => {
    if (!compact) composer.current?.focus();
  }, [thread.id, compact]);

  // A new message (theirs or the reader's) scrolls into view; an earlier page read above does not move it.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && newest) box.scrollTop = box.scrollHeight;
  }, [newest]);

  // The edit window closes while the page stays open: look at the clock again each minute.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  // Read while open and visible: the unread count (and the badge) clear; a tab in the background waits.
  const unread = thread.unread;
  const { mutate: read } = markRead;
  useEffect(() => {
    if (unread === 0) return;
    const readIfVisible = () => {
      if (document.visibilityState === 'visible') read(thread.id);
    };
    readIfVisible();
    document.addEventListener('visibilitychange', readIfVisible);
    return () => document.removeEventListener('visibilitychange', readIfVisible);
  }, [thread.id, unread, read]);

  const seen = isTeam && messages.data ? seenBy(thread, messages.data, user?.id ?? null) : null;
  return (
    <section className={clsx(styles.conversation, compact && styles.compact)} aria-label={`Conversation: ${title}`}>
      {!compact && (
        <header className={styles.conversationHeader}>
          {onBack && (
            <Button variant="ghost" size="sm" className={styles.back} onClick={onBack}>
              <ArrowLeft size={16} aria-hidden />
              Conversations
            </Button>
          )}
          <h2 className={styles.conversationTitle}>{title}</h2>
          {managesPeople && (
            <Button
              variant="secondary"
              size="sm"
              className={styles.peopleButton}
              onClick={() => setShowingPeople(true)}
            >
              <Users size={16} aria-hidden />
              People ({thread.participant_ids.length})
            </Button>
          )}
        </header>
      )}
      {thread.kind === 'broadcast' && isTeam && <Alert tone="info">{ANNOUNCEMENT_NOTE}</Alert>}
      <div className={styles.scroller} ref={scroller}>
        {messages.hasNextPage && (
          <div className={styles.earlier}>
            <Button
              variant="secondary"
              size="sm"
              loading={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              Load earlier
            </Button>
            {messages.isFetchNextPageError && <Alert tone="error">The earlier messages could not be loaded.</Alert>}
          </div>
        )}
        {messages.isError && !messages.data ? (
          <ErrorState
            message="The messages could not be loaded."
            onRetry={() => void messages.refetch()}
            retrying={messages.isRefetching}
          />
        ) : !messages.data ? (
          <div className={styles.threadSkeletons} aria-busy="true" aria-label="Loading messages">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={48} />
            ))}
          </div>
        ) : messages.data.length === 0 ? (
          <EmptyState icon={MessagesSquare} message="No messages yet. Write the first one below." />
        ) : (
          <ol className={styles.messages} aria-label="Messages">
            {messages.data.map((message) => (
              <MessageItem key={message.id} tenantId={tenantId} message={message} now={now} />
            ))}
          </ol>
        )}
      </div>
      <p className={styles.liveLine} aria-live="polite">
        {live.typing ? `${live.typing} is typing…` : seen}
      </p>
      <Composer
        ref={composer}
        tenantId={tenantId}
        threadId={thread.id}
        note={thread.kind === 'broadcast' && !isTeam ? 'Your reply is visible to the team only.' : undefined}
        onTyping={live.notifyTyping}
      />
      {managesPeople && (
        <ThreadPeopleDialog
          tenantId={tenantId}
          thread={thread}
          directory={directory}
          open={showingPeople}
          onClose={() => setShowingPeople(false)}
        />
      )}
    </section>
  );
}
