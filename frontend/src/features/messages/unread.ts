import { useQuery } from '@tanstack/react-query';
import { client, type ApiSchema } from '../../lib/api/typed-client';

/* The thread list, which the shells' unread badge reads too: its own module, so the shells load nothing else of Messages. */

export type MessageThread = ApiSchema<'MessageThread'>;

/** While the Messages page is open it reads again this often: the live events only make it sooner. */
export const MESSAGES_POLL_MS = 15_000;
/** Elsewhere the navigation's unread badge is read this often, and when the tab comes back. */
const BADGE_POLL_MS = 60_000;

export const messageKeys = {
  list: (tenantId: string | null) => ['threads', tenantId, 'list'] as const,
  messages: (tenantId: string | null, threadId: string) => ['threads', tenantId, 'messages', threadId] as const,
};

const listThreads = (tenantId: string | null) =>
  client.GET('/threads', { params: { query: { limit: 100 } }, tenantId });

/** The 100 most recently active threads the person may read (the list and the badge share it). */
export function useThreads(tenantId: string | null, poll: 'page' | 'badge' = 'page') {
  return useQuery({
    queryKey: messageKeys.list(tenantId),
    queryFn: async () => (await listThreads(tenantId)).threads,
    enabled: tenantId !== null,
    refetchInterval: poll === 'page' ? MESSAGES_POLL_MS : BADGE_POLL_MS,
  });
}

/** What the navigation's Messages entry counts: the unread messages of every thread listed. */
export function useUnreadCount(tenantId: string | null): number {
  const threads = useThreads(tenantId, 'badge');
  return (threads.data ?? []).reduce((sum, thread) => sum + thread.unread, 0);
}
