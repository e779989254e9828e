import clsx from 'clsx';
import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { Megaphone, MessagesSquare, Users } from 'lucide-react';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { relativeAge } from '../../ui/relative-age';
import { threadTitle, type Directory } from './directory';
import type { MessageThread } from './unread';
import styles from './Messages.module.css';

interface ThreadListProps {
  threads: readonly MessageThread[] | undefined;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
  selectedId: string | null;
  directory: Directory;
  isTeam: boolean;
  /** The address of a thread (the page keeps the open one in `?thread=`). */
  hrefOf: (threadId: string) => string;
}

/** Up and Down move between the threads as Tab does; Home and End go to the first and the last. */
function moveFocus(event: KeyboardEvent<HTMLUListElement>) {
  const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('a')];
  const at = links.indexOf(document.activeElement as HTMLAnchorElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: links.length - 1 }[event.key];
  if (next === undefined || at === -1) return;
  event.preventDefault();
  links[Math.max(0, Math.min(links.length - 1, next))]?.focus();
}

function preview(thread: MessageThread): string {
  if (!thread.last_message) return 'No messages yet';
  return thread.last_message.deleted ? 'This message was deleted.' : thread.last_message.preview;
}

export function ThreadList({
  threads,
  error,
  retrying,
  onRetry,
  selectedId,
  directory,
  isTeam,
  hrefOf,
}: ThreadListProps) {
  if (error && !threads)
    return <ErrorState message="The conversations could not be loaded." onRetry={onRetry} retrying={retrying} />;
  if (!threads)
    return (
      <div className={styles.threadSkeletons} aria-busy="true" aria-label="Loading conversations">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={56} />
        ))}
      </div>
    );
  if (threads.length === 0)
    return (
      <EmptyState
        icon={MessagesSquare}
        message={isTeam ? 'No conversations yet. Start one with a client.' : 'No conversations yet.'}
      />
    );
  return (
    <ul className={styles.threads} onKeyDown={moveFocus}>
      {threads.map((thread) => {
        const title = threadTitle(thread, directory, isTeam);
        const Icon = thread.kind === 'broadcast' ? Megaphone : thread.kind === 'group' ? Users : null;
        return (
          <li key={thread.id}>
            <Link
              to={hrefOf(thread.id)}
              className={clsx(styles.thread, thread.id === selectedId && styles.selected)}
              aria-current={thread.id === selectedId ? 'page' : undefined}
              data-thread-id={thread.id}
            >
              <span className={styles.threadTop}>
                {Icon && <Icon size={14} aria-hidden />}
                <span className={clsx(styles.threadTitle, thread.unread > 0 && styles.unreadTitle)}>{title}</span>
                {thread.last_message_at && (
                  <time className={styles.threadTime} dateTime={thread.last_message_at}>
                    {relativeAge(thread.last_message_at)}
                  </time>
                )}
              </span>
              <span className={styles.threadBottom}>
                <span className={styles.preview}>{preview(thread)}</span>
                {thread.unread > 0 && (
                  <span className={styles.unread}>
                    {thread.unread}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
