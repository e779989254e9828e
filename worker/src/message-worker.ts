import { sendMessageEmail, type AppContext, type MessageEmailOutcome, type QueuePayloads } from '@portico/core';
import { Worker, type Job } from 'bullmq';

/**
 * Sends the emails of messages people have not read (issue 32): each job is one person's window,
 * queued by the scheduler's tick; the service sends it once however often it runs.
 */
export function sendMessageEmailJob(
  ctx: AppContext,
  job: Job<QueuePayloads['messages']>,
): Promise<MessageEmailOutcome> {
  const { tenantId, userId, windowEnd } = job.data;
  return sendMessageEmail(ctx, { tenantId, userId, windowEnd });
}

export function createMessageWorker(ctx: AppContext): Worker<QueuePayloads['messages']> {
  return new Worker<QueuePayloads['messages']>('messages', (job) => sendMessageEmailJob(ctx, job), {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 5,
  });
}
