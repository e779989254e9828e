import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxReadBody } from '@portico/common';
import { openLiveSocket } from '../../lib/live/socket';
import { client, type ApiSchema } from '../../lib/api/typed-client';

/* The person's notification inbox in the workspace (issue 33; docs/api.md Inbox). */

export type InboxItem = ApiSchema<'InboxItem'>;

/** Without the socket (or as a safety net) the bell reads the inbox this often. */
const INBOX_POLL_MS = 60_000;

/** Whose inbox: the person's in a workspace, or a super admin's in the console (`tenantId` null). */
export type InboxSource = { tenantId: string | null };

const inboxKey = ({ tenantId }: InboxSource) => ['inbox', tenantId ?? 'console'] as const;

function readPage({ tenantId }: InboxSource, cursor: string | null) {
  const query = { limit: 20, cursor: cursor ?? undefined };
  return tenantId === null
    ? client.GET('/super/inbox', { params: { query } })
    : client.GET('/inbox', { params: { query }, tenantId });
}

/** The inbox, newest first, a page of 20 at a time; `unread` is the first page's count, the newest. */
export function useInbox(source: InboxSource) {
  const query = useInfiniteQuery({
    queryKey: inboxKey(source),
    queryFn: ({ pageParam }) => readPage(source, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: INBOX_POLL_MS,
  });
  return {
    ...query,
    items: query.data?.pages.flatMap((page) => page.items),
    unread: query.data?.pages[0]?.unread ?? 0,
  };
}

/** Reads the inbox again when the person's own room says it changed (a notice came, another tab read some). */
export function useInboxLive({ tenantId }: InboxSource): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const live = openLiveSocket();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKey({ tenantId }) });
    live.on('notification', (event: { tenant_id: string | null }) => {
      if (event.tenant_id === tenantId) refresh();
    });
    // An announcement's window opened: it is in the inbox of everyone it reaches.
    live.on('announcement', refresh);
    // What was told while the socket was not yet (or no longer) connected is read on (re)connection.
    live.on('connect', refresh);
    return () => {
      live.disconnect();
    };
  }, [tenantId, queryClient]);
}

export function useReadInbox(source: InboxSource) {
  const queryClient = useQueryClient();
  const { tenantId } = source;
  return useMutation({
    mutationFn: (body: InboxReadBody) =>
      tenantId === null ? client.POST('/super/inbox/read', { body }) : client.POST('/inbox/read', { body, tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey(source) }),
  });
}
