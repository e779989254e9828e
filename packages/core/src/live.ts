import { Emitter } from '@socket.io/redis-emitter';
import type { Redis } from './redis';

/*
 * Live updates (DECISIONS §6): every process publishes through the socket.io Redis emitter, and the
 * API processes' Redis adapter hands each event to the sockets connected to them, so an event from
 * the worker, the scheduler or any API replica reaches every browser in its room. Super admins are
 * in room `super`, members in `tenant:{id}`; a thread's readers in `thread:{tenantId}:{threadId}`
 * (DECISIONS §7), which a socket joins only once its person may read the thread.
 */

export const SUPER_ROOM = 'super';
export const tenantRoom = (tenantId: string) => `tenant:${tenantId}`;
export const threadRoom = (tenantId: string, threadId: string) => `thread:${tenantId}:${threadId}`;

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
}

export interface Live {
  toSuper<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void;
  toTenant<E extends keyof LiveEvents>(tenantId: string, event: E, payload: LiveEvents[E]): void;
  /** Every connected socket (an announcement to everyone reaches people of no workspace too). */
  toEveryone<E extends keyof LiveEvents>(event: E, payload: LiveEvents[E]): void;
  toThread<E extends keyof LiveEvents>(tenantId: string, threadId: string, event: E, payload: LiveEvents[E]): void;
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
  };
}
