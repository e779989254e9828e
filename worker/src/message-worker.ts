import {
  sendInboxDigest,
  sendMessageEmail,
  type AppContext,
  type InboxDigestOutcome,
  type MessageEmailOutcome,
  type QueuePayloads,
} from '@portico/core';
import { Worker, type Job } from 'bullmq';

/**
 * Sends the emails of a person's window, queued by the scheduler's ticks: the messages they have not
 * read (issue 32) and the daily digest of their inbox (issue 33); each service sends its email once
 * however often it runs.
 */
export function sendMessageEmailJob(
  ctx: AppContext,
  job: Job<QueuePayloads['messages']>,
): Promise<MessageEmailOutcome | InboxDigestOutcome> {
  const { kind, tenantId, userId, windowEnd } = job.data;
  if (kind === 'inbox-digest') return sendInboxDigest(ctx, { tenantId, userId, windowEnd });
  return sendMessageEmail(ctx, { tenantId, userId, windowEnd });
}

export function createMessageWorker(ctx: AppContext): Worker<QueuePayloads['messages']> {
  return new Worker<QueuePayloads['messages']>('messages', (job) => sendMessageEmailJob(ctx, job), {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 5,
  });
}
