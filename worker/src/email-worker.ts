import { EmailOutbox, type AppContext, type QueuePayloads } from '@portico/core';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import nodemailer, { type Transporter } from 'nodemailer';

export function createTransport(smtpUrl: string | undefined): Transporter | null {
  return smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
}

/**
 * Delivers outbox rows through SMTP. Without SMTP the message is logged and kept in the outbox.
 * Failures are retried by BullMQ with exponential backoff; the last one marks the row failed.
 */
export async function deliverEmail(ctx: AppContext, transport: Transporter | null, job: Job<QueuePayloads['emails']>): Promise<string> {
  const row = await EmailOutbox.findOne({ where: { id: job.data.outboxId }, allTenants: true });
  if (!row) throw new UnrecoverableError(`outbox row ${job.data.outboxId} does not exist`);
  if (row.status === 'sent' || row.status === 'logged') return row.status;
  if (!transport) {
    ctx.logger.info({ outboxId: row.id, to: row.to_address, subject: row.subject, text: row.text_body }, 'email not sent (SMTP_URL is not set); kept in the outbox');
    await row.update({ status: 'logged', attempts: row.attempts + 1 });
    return 'logged';
  }
  try {
    await transport.sendMail({ from: ctx.config.mailFrom, to: row.to_address, subject: row.subject, html: row.html, text: row.text_body });
  } catch (error) {
    const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    await row.update({ attempts: row.attempts + 1, last_error: (error as Error).message.slice(0, 1000), status: finalAttempt ? 'failed' : 'queued' });
    throw error;
  }
  await row.update({ status: 'sent', attempts: row.attempts + 1, sent_at: new Date(), last_error: null });
  return 'sent';
}

export function createEmailWorker(ctx: AppContext, transport = createTransport(ctx.config.smtpUrl)): Worker<QueuePayloads['emails']> {
  return new Worker<QueuePayloads['emails']>('emails', (job) => deliverEmail(ctx, transport, job), {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 5,
  });
}
