import { EmailOutbox, type AppContext, type QueuePayloads } from '@portico/core';
import { UnrecoverableError, Worker, type Job } from 'bullmq';

/**
 * Delivers outbox rows through the context's mailer (SMTP). Without SMTP the message is logged and kept in the outbox.
 * Failures are retried by BullMQ with exponential backoff; the last one marks the row failed.
 */
export async function deliverEmail(ctx: AppContext, job: Job<QueuePayloads['emails']>): Promise<string> {
  const row = await EmailOutbox.findOne({ where: { id: job.data.outboxId }, allTenants: true });
  if (!row) throw new UnrecoverableError(`outbox row ${job.data.outboxId} does not exist`);
  if (row.status === 'sent' || row.status === 'logged') return row.status;
  if (!ctx.mail.delivers) {
    ctx.logger.info({ outboxId: row.id, to: row.to_address, subject: row.subject, text: row.text_body }, 'email not sent (SMTP_URL is not set); kept in the outbox');
    await row.update({ status: 'logged', attempts: row.attempts + 1 });
    return 'logged';
  }
  try {
    await ctx.mail.send({ to: row.to_address, subject: row.subject, html: row.html, text: row.text_body });
  } catch (error) {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await row.update({ attempts: row.attempts + 1, last_error: (error as Error).message.slice(0, 1000), status: finalAttempt ? 'failed' : 'queued' });
    throw error;
  }
  await row.update({ status: 'sent', attempts: row.attempts + 1, sent_at: new Date(), last_error: null });
  return 'sent';
}

export function createEmailWorker(ctx: AppContext): Worker<QueuePayloads['emails']> {
  return new Worker<QueuePayloads['emails']>('emails', (job) => deliverEmail(ctx, job), {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 5,
  });
}
