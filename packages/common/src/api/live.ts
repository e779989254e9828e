import { z } from 'zod';
import { isUuid } from '../ids';

/*
 * The live connection's thread rooms (issue 32, DECISIONS §7): what a socket sends to join, leave
 * or type in a thread, and the sentences it is answered with.
 */

export const LIVE_MESSAGES = {
  sessionEnded: 'Your session has ended. Please sign in again.',
  threadRoom: 'Name the conversation by its thread_id and its workspace’s tenant_id.',
  joinFailed: 'This conversation cannot be followed live just now. It will update when you reload it.',
} as const;

const roomId = z
  .string({ error: LIVE_MESSAGES.threadRoom })
  .refine(isUuid, LIVE_MESSAGES.threadRoom)
  .transform((v) => v.toLowerCase());

/** `thread:join`, `thread:leave` and `typing`: which thread of which workspace. */
export const liveThreadPayload = z.object(
  { thread_id: roomId, tenant_id: roomId },
  { error: LIVE_MESSAGES.threadRoom },
);
export type LiveThreadPayload = z.input<typeof liveThreadPayload>;

/** The acknowledgement of `thread:join`: joined, or why not (a sentence). */
export type LiveJoinAck = { ok: true } | { ok: false; error: string };
