import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from './redis';

/*
 * Live updates (DECISIONS §6): every process publishes through the socket.io Redis emitter, and the
 * API processes' Redis adapter hands each event to the sockets connected to them, so an event from
 * the worker, the scheduler or any API replica reaches every browser in its room. Super admins are
 * in room `super`, members in `tenant:{id}`, and each socket in its person's `user:{id}`; a thread's
 * readers in `thread:{tenantId}:{threadId}` (DECISIONS §7), which a socket joins only once its person
 * may read the thread, and the team among them in that room's `:team` room too.
 */

export const SUPER_ROOM = 'super';
export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const threadRoom = (tenantId: string, threadId: string) => `thread:${tenantId}:${threadId}`;
/** The team's sockets in a thread's room: what clients must not hear (reads, a client's typing in an announcement). */
export const threadTeamRoom = (tenantId: string, threadId: string) => `${threadRoom(tenantId, threadId)}:team`;

/** The events and what they carry. */
export interface LiveEvents {
  /** A snapshot of the console's figures. */
  metrics: Record<string, unknown>;
  /** A job changed state. */
  job: { id: string; queue: string; name: string; status: string; attempts: number; errorExcerpt: string | null };
  /** A new audit row. */
  audit: { id: string; action: string; entity_type: string; entity_id: string | null; tenant_id: string | null };
  /** An announcement's window opened: its audience reads `GET /api/notifications/active` again. */
  announcement: { id: string };
  /**
   * A thread's message was posted, edited or deleted: its readers read the thread again. Only ids:
   * who may read the message is decided when they read it (a client's reply to an announcement is
   * not every reader's).
   */
  message: { thread_id: string; message_id: string; change: 'created' | 'edited' | 'deleted' };
  /** Messages of the thread went past the workspace's retention and were deleted: its readers read it again. */
  messages_purged: { thread_id: string };
  /** Someone in the thread is typing (sent by the API's live server, never to the typist's own sockets). */
  typing: { thread_id: string; user_id: string; name: string };
  /** Someone read the thread up to `last_read_at` (to the thread's team: "seen by"). */
  read: { thread_id: string; user_id: string; last_read_at: string };
  /** A message arrived in a thread the person may read (to their own room: the unread badge). */
  thread_unread: { thread_id: string };
  /** The person's inbox in the workspace (null: the console's) changed — an item came, or they read some: their bell reads it again. */
  notification: { tenant_id: string | null; kind: string };
}

export interface Live {
  toSuper<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void;
  toTenant<E extends keyof LiveEvents>(tenantId: string, event: E, payload: LiveEvents[E]): void;
  /** Every connected socket (an announcement to everyone reaches people of no workspace too). */
  toEveryone<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void;
  toThread<E extends keyof LiveEvents>(tenantId: string, threadId: string, event: E, payload: LiveEvents[E]): void;
  /** The team's sockets in a thread's room. */
  toThreadTeam<E extends keyof LiveEvents>(tenantId: string, threadId: string, event: E, payload: LiveEvents[E]): void;
  /** Every socket of these people (none: nothing is sent). */
  toPeople<E extends keyof LiveEvents>(userIds: readonly string[], event: E, payload: LiveEvents[E]): void;
}

/** The Redis channel prefix the API's adapter and every emitter share. */
export const liveChannel = (prefix: string) => `${prefix}:socket.io`;

export function createLive(redis: Redis, prefix: string): Live {
  // A live event is a hint to reload, best effort: one that cannot be published (Redis away, or closed
  // while the process stops) is dropped rather than left as an unhandled rejection.
  const publisher = {
    publish: (channel: string, message: string | Buffer) => redis.publish(channel, message).catch(() => 0),
  };
  const emitter = new Emitter(publisher, { key: liveChannel(prefix) });
  return {
    toSuper: (event, payload) => emitter.to(SUPER_ROOM).emit(event, payload),
    toTenant: (tenantId, event, payload) => emitter.to(tenantRoom(tenantId)).emit(event, payload),
    toEveryone: (event, payload) => emitter.emit(event, payload),
    toThread: (tenantId, threadId, event, payload) => emitter.to(threadRoom(tenantId, threadId)).emit(event, payload),
    toThreadTeam: (tenantId, threadId, event, payload) =>
      emitter.to(threadTeamRoom(tenantId, threadId)).emit(event, payload),
    toPeople: (userIds, event, payload) => {
      if (userIds.length > 0) emitter.to(userIds.map(userRoom)).emit(event, payload);
    },
  };
}

/** At most one `typing` per person and thread in this long, whichever API process their sockets are on. */
export const TYPING_THROTTLE_MS = 2000;

/** Whether this person's `typing` in this thread may be relayed now (and, if so, the next not before the throttle). */
export async function typingSlotFree(
  redis: Redis,
  prefix: string,
  input: { tenantId: string; threadId: string; userId: string },
): Promise<boolean> {
  const key = `${prefix}:live:typing:${input.tenantId}:${input.threadId}:${input.userId}`;
  return (await redis.set(key, '1', 'PX', TYPING_THROTTLE_MS, 'NX')) === 'OK';
}
