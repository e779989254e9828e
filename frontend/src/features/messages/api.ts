import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ThreadOpenBody } from '@portico/common';
import { client, type ApiAnswer, type ApiSchema } from '../../lib/api/typed-client';
import { sendForm } from '../../lib/api/upload';
import { MESSAGES_POLL_MS, messageKeys, type MessageThread } from './unread';

/* Threads and their messages (issue 32; docs/api.md Messages). */

export { useThreads, type MessageThread } from './unread';

export type ThreadMessage = ApiSchema<'ThreadMessage'>;
export type MessageFile = ThreadMessage['files'][number];

/** One thread, for an address naming one beyond the list's first 100 (`enabled` once the list lacks it). */
export function useThread(tenantId: string | null, threadId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...messageKeys.list(tenantId), threadId],
    queryFn: async () =>
      (await client.GET('/threads/{id}', { params: { path: { id: threadId ?? '' } }, tenantId })).thread,
    enabled: tenantId !== null && threadId !== null && enabled,
  });
}

/** A thread's messages, the newest page first; `messages` is every page read, oldest first. */
export function useThreadMessages(tenantId: string | null, threadId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.messages(tenantId, threadId),
    queryFn: ({ pageParam }) =>
      client.GET('/threads/{id}/messages', {
        params: { path: { id: threadId }, query: { limit: 30, cursor: pageParam ?? undefined } },
        tenantId,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    select: (data) => [...data.pages].reverse().flatMap((page) => page.messages),
    enabled: tenantId !== null,
    refetchInterval: MESSAGES_POLL_MS,
  });
}

/** After a change to a thread: its messages and the list (previews, unread counts, order). */
function useRefreshThread(tenantId: string | null) {
  const queryClient = useQueryClient();
  return (threadId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messageKeys.messages(tenantId, threadId) }),
      queryClient.invalidateQueries({ queryKey: messageKeys.list(tenantId) }),
    ]);
}

/** Opens a thread (a client's own when `body` names no one) or finds the one that exists. */
export function useOpenThread(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ThreadOpenBody) => (await client.POST('/threads', { body, tenantId })).thread,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.list(tenantId) }),
  });
}

export function usePostMessage(tenantId: string | null, threadId: string) {
  const refresh = useRefreshThread(tenantId);
  return useMutation({
    mutationFn: (body: { body: string; file_ids?: string[] }) =>
      client.POST('/threads/{id}/messages', { params: { path: { id: threadId } }, body, tenantId }),
    onSuccess: () => refresh(threadId),
  });
}

export function useEditMessage(tenantId: string | null, threadId: string) {
  const refresh = useRefreshThread(tenantId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      client.PATCH('/threads/{id}/messages/{messageId}', {
        params: { path: { id: threadId, messageId: id } },
        body: { body },
        tenantId,
      }),
    // A refused edit may mean the message went or its window closed meanwhile: read it again either way.
    onSettled: () => refresh(threadId),
  });
}

export function useDeleteMessage(tenantId: string | null, threadId: string) {
  const refresh = useRefreshThread(tenantId);
  return useMutation({
    mutationFn: (id: string) =>
      client.DELETE('/threads/{id}/messages/{messageId}', {
        params: { path: { id: threadId, messageId: id } },
        tenantId,
      }),
    onSettled: () => refresh(threadId),
  });
}

/** A change to a thread whose answer is the thread as it now is: it replaces the listed one at once. */
function useThreadChange<Input>(tenantId: string | null, change: (input: Input) => Promise<MessageThread>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (thread) =>
      queryClient.setQueryData<MessageThread[]>(messageKeys.list(tenantId), (threads) =>
        threads?.map((t) => (t.id === thread.id ? thread : t)),
      ),
  });
}

/** Marks the thread read for the person; the list's (and the badge's) count drops at once. */
export function useMarkRead(tenantId: string | null) {
  return useThreadChange(
    tenantId,
    async (threadId: string) =>
      (await client.POST('/threads/{id}/read', { params: { path: { id: threadId } }, tenantId })).thread,
  );
}

type UploadedFile = ApiAnswer<'post', '/files/upload'>;

/**
 * Uploads an attachment through the files pipeline, as the person's own file (an admin's upload names
 * its recipient: themself); posting the message then shares it with the thread's people.
 */
export function uploadAttachment(
  tenantId: string,
  userId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<UploadedFile> {
  const form = new FormData();
  form.append('assign_to', 'user');
  form.append('user_id', userId);
  form.append('file', file, file.name);
  return sendForm<UploadedFile>('/api/files/upload', tenantId, form, onProgress);
}

export function useAddThreadPeople(tenantId: string | null, threadId: string) {
  return useThreadChange(tenantId, async (participantIds: string[]) => {
    const answer = await client.POST('/threads/{id}/participants', {
      params: { path: { id: threadId } },
      body: { participant_ids: participantIds },
      tenantId,
    });
    return answer.thread;
  });
}

export function useRemoveThreadPerson(tenantId: string | null, threadId: string) {
  return useThreadChange(tenantId, async (userId: string) => {
    const answer = await client.DELETE('/threads/{id}/participants/{userId}', {
      params: { path: { id: threadId, userId } },
      tenantId,
    });
    return answer.thread;
  });
}
