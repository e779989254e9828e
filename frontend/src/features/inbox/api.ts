import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxReadBody } from '@portico/common';
import { openLiveSocket } from '../../lib/live/socket';
import { client, type ApiSchema } from '../../lib/api/typed-client';

/* The person's notification inbox in the workspace (issue 33; docs/api.md Inbox). */

export type InboxItem = ApiSchema<'InboxItem'>;

/** Without the socket (or as a safety net) the bell reads the inbox this often. */
const INBOX_POLL_MS = 60_000;

const inboxKey = (tenantId: string) => ['inbox', tenantId] as const;

/** The inbox, newest first, a page of 20 at a time; `unread` is the first page's count, the newest. */
export function useInbox(tenantId: string) {
  const query = useInfiniteQuery({
    queryKey: inboxKey(tenantId),
    queryFn: ({ pageParam }) =>
      client.GET('/inbox', { params: { query: { limit: 20, cursor: pageParam ?? undefined } }, tenantId }),
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
export function useInboxLive(tenantId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const live = openLiveSocket();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKey(tenantId) });
    live.on('notification', (event: { tenant_id: string }) => {
      if (event.tenant_id === tenantId) refresh();
    });
    // An announcement's window opened: it is in the inbox of everyone it reaches.
    live.on('announcement', refresh);
    return () => {
      live.disconnect();
    };
  }, [tenantId, queryClient]);
}

export function useReadInbox(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxReadBody) => client.POST('/inbox/read', { body, tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey(tenantId) }),
  });
}
