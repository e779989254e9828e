import clsx from 'clsx';
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Bell } from 'lucide-react';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api/http';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { relativeAge } from '../../ui/relative-age';
import { Skeleton } from '../../ui/Skeleton';
import { useDismiss } from '../../ui/use-dismiss';
import menu from '../../ui/Menu.module.css';
import { useInbox, useInboxLive, useReadInbox, type InboxItem, type InboxSource } from './api';
import styles from './InboxBell.module.css';

const EMPTY = {
  workspace: 'Nothing new. Files shared with you, forms, messages and changes to your membership show here.',
  console: 'Nothing new. New workspaces and fired alerts show here.',
};

/** The top bar's bell, told live of new notifications in the person's own room. */
export function InboxBell(source: InboxSource) {
  useInboxLive(source);
  return <InboxBellView {...source} />;
}

/**
 * How many notifications the person has not read here (a workspace, or the console when `tenantId`
 * is null), and their inbox under it (it polls without the socket).
 */
export function InboxBellView(source: InboxSource) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const inbox = useInbox(source);
  const read = useReadInbox(source);
  const label = inbox.unread > 0 ? `Notifications, ${inbox.unread} unread` : 'Notifications';

  function opened(item: InboxItem) {
    close();
    if (!item.read_at) read.mutate({ ids: [item.id] });
  }

  return (
    <div className={styles.bell} ref={root}>
      <button
        type="button"
        className={styles.trigger}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        <Bell size={18} aria-hidden />
        {inbox.unread > 0 && (
          <span className={styles.count} aria-hidden>
            {inbox.unread > 99 ? '99+' : inbox.unread}
          </span>
        )}
      </button>
      {open && (
        <section className={clsx(menu.menu, styles.panel)} id={panelId} aria-label="Notifications">
          <header className={styles.header}>
            <h2 className={styles.title}>Notifications</h2>
            {inbox.unread > 0 && (
              <Button
                size="sm"
                variant="ghost"
                loading={read.isPending}
                onClick={() =>
                  read.mutate(
                    { all: true },
                    { onError: (err) => toast.error(errorMessage(err, 'They could not be marked read.')) },
                  )
                }
              >
                Mark all read
              </Button>
            )}
          </header>
          {inbox.isError && !inbox.items ? (
            <ErrorState
              message="Your notifications could not be loaded."
              onRetry={() => void inbox.refetch()}
              retrying={inbox.isRefetching}
            />
          ) : !inbox.items ? (
            <div aria-busy="true" aria-label="Loading notifications">
              <Skeleton height={48} />
            </div>
          ) : inbox.items.length === 0 ? (
            <EmptyState icon={Bell} message={source.tenantId === null ? EMPTY.console : EMPTY.workspace} />
          ) : (
            <ul className={styles.items}>
              {inbox.items.map((item) => (
                <li key={item.id}>
                  <Link
                    className={clsx(styles.item, !item.read_at && styles.unread)}
                    to={item.link}
                    onClick={() => opened(item)}
                  >
                    <span className={styles.itemTitle}>{item.title}</span>
                    <time className={styles.age} dateTime={item.created_at}>
                      {relativeAge(item.created_at)}
                      {!item.read_at && <span className={styles.newMark}> · new</span>}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {inbox.hasNextPage && (
            <Button
              size="sm"
              variant="secondary"
              loading={inbox.isFetchingNextPage}
              onClick={() => void inbox.fetchNextPage()}
            >
              Show earlier
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
