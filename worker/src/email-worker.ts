import { deliverOutboxEmail, SentButNotRecorded, type AppContext, type QueuePayloads } from '@portico/core';
import { UnrecoverableError, Worker, type Job } from 'bullmq';

/**
 * Delivers outbox rows through the context's mailer (SMTP). Without SMTP the message is logged and kept in the outbox.
 * Failures are retried by BullMQ with exponential backoff; the last one marks the row failed. A
 * message SMTP took whose `sent` mark failed is not sent again: its Message-ID is kept in the job's
 * data (Redis, which the retry needs anyway), and the retry only records it (`deliverOutboxEmail`).
 */
export async function deliverEmail(ctx: AppContext, job: Job<QueuePayloads['emails']>): Promise<string> {
  const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  let outcome: Awaited<ReturnType<typeof deliverOutboxEmail>>;
  try {
    outcome = await deliverOutboxEmail(ctx, {
      outboxId: job.data.outboxId,
      finalAttempt,
      sentMessageId: job.data.sentMessageId,
    });
  } catch (error) {
    if (error instanceof SentButNotRecorded) await job.updateData({ ...job.data, sentMessageId: error.messageId });
    ctx.metrics.emails.inc({ outcome: finalAttempt ? 'failed' : 'retried' });
    throw error;
  }
  if (!outcome) throw new UnrecoverableError(`outbox row ${job.data.outboxId} does not exist`);
  ctx.metrics.emails.inc({ outcome });
  return outcome;
}

export function createEmailWorker(ctx: AppContext): Worker<QueuePayloads['emails']> {
  return new Worker<QueuePayloads['emails']>('emails', (job) => deliverEmail(ctx, job), {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 5,
    // A killed worker's email is taken up again once its lock lapses, and sent with the Message-ID it was given.
    lockDuration: ctx.config.emails.lockMs,
    stalledInterval: ctx.config.emails.lockMs,
  });
}
