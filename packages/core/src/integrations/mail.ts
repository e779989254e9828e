import type { Transaction } from 'sequelize';
import { globalIntegrationValue, markGlobalIntegrationUsed } from './global-integration-secrets';
import {
  findOutboxEmail,
  findTenantSender,
  insertOutboxEmail,
  listActiveAdmins,
  listQueuedOutboxEmails,
} from './integrations-data';
import { tenantIntegrationEnabled } from './tenant-integrations';
import type { EmailOutbox } from '../db/models';
import { newMessageId } from '../mail/mailer';
import type { RenderedEmail } from '../mail/templates';
import type { AppContext } from '../context';
import type { Config } from '../config';

/** Why an email queued now will not reach anyone (no SMTP_URL: it is only logged), or null when it will be sent. */
export function emailDeliveryError(config: Pick<Config, 'smtpUrl'>): string | null {
  return config.smtpUrl
    ? null
    : 'Email delivery is not configured on this server (SMTP_URL is not set), so the message was only logged.';
}

/**
 * Records the email in the outbox inside the caller's transaction and queues its delivery once
 * that transaction commits, so a rolled-back change never sends mail.
 */
export async function sendEmail(
  ctx: Pick<AppContext, 'db' | 'queues' | 'logger'>,
  message: RenderedEmail & { to: string; tenantId: string | null },
  transaction?: Transaction,
): Promise<EmailOutbox> {
  const row = await insertOutboxEmail(
    ctx,
    {
      tenant_id: message.tenantId,
      template: message.template,
      to_address: message.to,
      subject: message.subject,
      html: message.html,
      text_body: message.text,
    },
    transaction,
  );
  const enqueue = () => ctx.queues.emails.add('send', { outboxId: row.id }, { jobId: row.id });
  if (!transaction) {
    await enqueue();
    return row;
  }
  // The scheduler's outbox sweep re-queues the row if this enqueue fails.
  transaction.afterCommit(() => {
    enqueue().catch((error: unknown) => ctx.logger.error({ err: error, outboxId: row.id }, 'could not queue email'));
  });
  return row;
}

/** Sends one email to each active admin (and owner) of a workspace, in the caller's transaction; answers how many. */
export async function emailTenantAdmins(
  ctx: Pick<AppContext, 'db' | 'queues' | 'logger'>,
  tenantId: string,
  rendered: RenderedEmail,
  transaction?: Transaction,
): Promise<number> {
  const admins = await listActiveAdmins(ctx, tenantId, transaction);
  const recipients = new Set(admins.map((m) => m.user?.email).filter((e): e is string => Boolean(e)));
  for (const to of recipients) await sendEmail(ctx, { ...rendered, to, tenantId }, transaction);
  return recipients.size;
}

/**
 * SMTP took the message, but the outbox row could not be marked sent (the database failed right
 * after). The worker keeps `messageId` with the job, so its retry marks the row without sending.
 */
export class SentButNotRecorded extends Error {
  constructor(
    readonly messageId: string,
    cause: unknown,
  ) {
    super(`The email ${messageId} was sent but could not be marked sent.`, { cause });
    this.name = 'SentButNotRecorded';
  }
}

/**
 * Delivers one outbox row through the context's mailer. Without SMTP the message is logged and
 * kept in the outbox. Returns the row's outcome, or null when the row does not exist.
 *
 * At most one copy once SMTP has taken it, at least one until then:
 * - before the hand-over the row is marked `sending` with the Message-ID it goes out with (chosen
 *   once per row), and attempts counts it;
 * - SMTP refuses: the row is `queued` again (`failed` when `finalAttempt`) and the error rethrown,
 *   so the queue retries it;
 * - SMTP takes it but the `sent` mark fails: `SentButNotRecorded`, whose Message-ID the worker
 *   keeps with the job; the retry, given it as `sentMessageId`, marks the row sent and sends nothing;
 * - a row found `sending` otherwise (the process died mid-send, or neither outcome could be
 *   recorded) may or may not be out: it is sent again with the same Message-ID, which receiving
 *   servers and mail clients use to recognise a copy.
 */
export async function deliverOutboxEmail(
  ctx: Pick<AppContext, 'db' | 'mail' | 'logger' | 'config' | 'clock'>,
  input: { outboxId: string; finalAttempt: boolean; sentMessageId?: string },
): Promise<'sent' | 'logged' | null> {
  const row = await findOutboxEmail(ctx, input.outboxId);
  if (!row) return null;
  if (row.status === 'sent' || row.status === 'logged') return row.status;
  if (row.status === 'sending' && input.sentMessageId && row.message_id === input.sentMessageId) {
    await row.update({ status: 'sent', sent_at: ctx.clock.now(), last_error: null });
    return 'sent';
  }
  // A workspace whose SendGrid the platform turned off sends its mail through SMTP_URL instead.
  const sendgridKey =
    row.tenant_id && !(await tenantIntegrationEnabled(ctx, row.tenant_id, 'sendgrid'))
      ? null
      : await globalIntegrationValue(ctx, 'sendgrid');
  if (!sendgridKey && !ctx.mail.delivers) {
    ctx.logger.info(
      { outboxId: row.id, to: row.to_address, subject: row.subject, text: row.text_body },
      'email not sent (SMTP_URL is not set); kept in the outbox',
    );
    await row.update({ status: 'logged', attempts: row.attempts + 1 });
    return 'logged';
  }
  const sender = row.tenant_id ? await findTenantSender(ctx, row.tenant_id) : null;
  const messageId = row.message_id ?? newMessageId(ctx.config.mailFrom);
  await row.update({ status: 'sending', message_id: messageId, attempts: row.attempts + 1 });
  const message = {
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    fromName: sender?.email_from_name ?? undefined,
    replyTo: sender?.email_from_address ?? undefined,
    messageId,
  };
  try {
    if (sendgridKey) await ctx.mail.sendThroughSendgrid(sendgridKey, message);
    else await ctx.mail.send(message);
  } catch (error) {
    await row.update({
      last_error: (error as Error).message.slice(0, 1000),
      status: input.finalAttempt ? 'failed' : 'queued',
    });
    throw error;
  }
  try {
    await row.update({ status: 'sent', sent_at: ctx.clock.now(), last_error: null });
  } catch (error) {
    throw new SentButNotRecorded(messageId, error);
  }
  if (sendgridKey)
    await markGlobalIntegrationUsed(ctx, 'sendgrid').catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'the SendGrid key’s last use could not be recorded'),
    );
  return 'sent';
}

/** Outbox rows still queued after this long are assumed lost on the way to Redis. */
export const OUTBOX_STALE_MS = 2 * 60 * 1000;
/** The most rows one sweep re-queues. */
const OUTBOX_SWEEP_BATCH = 500;

/** Re-queues outbox rows whose job never reached the queue; BullMQ ignores ids it already holds. */
export async function sweepOutbox(ctx: Pick<AppContext, 'db' | 'queues' | 'clock'>): Promise<number> {
  const stale = await listQueuedOutboxEmails(
    ctx,
    new Date(ctx.clock.now().getTime() - OUTBOX_STALE_MS),
    OUTBOX_SWEEP_BATCH,
  );
  await Promise.all(stale.map((row) => ctx.queues.emails.add('send', { outboxId: row.id }, { jobId: row.id })));
  return stale.length;
}
