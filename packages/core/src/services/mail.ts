import { Op } from 'sequelize';
import type { Transaction } from 'sequelize';
import { globalIntegrationValue, markGlobalIntegrationUsed } from './global-integrations';
import { tenantIntegrationEnabled } from './tenant-integrations';
import { EmailOutbox, Membership, Tenant, User } from '../db/models';
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
  ctx: Pick<AppContext, 'queues' | 'logger'>,
  message: RenderedEmail & { to: string; tenantId: string | null },
  transaction?: Transaction,
): Promise<EmailOutbox> {
  const row = await EmailOutbox.create(
    {
      tenant_id: message.tenantId,
      template: message.template,
      to_address: message.to,
      subject: message.subject,
      html: message.html,
      text_body: message.text,
    },
    { transaction },
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
  ctx: Pick<AppContext, 'queues' | 'logger'>,
  tenantId: string,
  rendered: RenderedEmail,
  transaction?: Transaction,
): Promise<number> {
  const admins = await Membership.findAll({
    where: { tenant_id: tenantId, status: 'active', role: { [Op.in]: ['owner', 'admin'] } },
    include: [{ model: User, as: 'user', attributes: ['id', 'email'] }],
    transaction,
  });
  const recipients = new Set(admins.map((m) => m.user?.email).filter((e): e is string => Boolean(e)));
  for (const to of recipients) await sendEmail(ctx, { ...rendered, to, tenantId }, transaction);
  return recipients.size;
}

/**
 * Delivers one outbox row through the context's mailer. Without SMTP the message is logged and
 * kept in the outbox. A failed send is counted on the row (marked failed when `finalAttempt`) and
 * rethrown so the queue retries it. Returns the row's outcome, or null when the row does not exist.
 */
export async function deliverOutboxEmail(
  ctx: Pick<AppContext, 'mail' | 'logger' | 'config' | 'clock'>,
  input: { outboxId: string; finalAttempt: boolean },
): Promise<'sent' | 'logged' | null> {
  const row = await EmailOutbox.findOne({ where: { id: input.outboxId }, allTenants: true });
  if (!row) return null;
  if (row.status === 'sent' || row.status === 'logged') return row.status;
  // A workspace whose SendGrid the platform turned off sends its mail through SMTP_URL instead.
  const sendgridKey =
    row.tenant_id && !(await tenantIntegrationEnabled(row.tenant_id, 'sendgrid'))
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
  const sender = row.tenant_id
    ? await Tenant.findByPk(row.tenant_id, { attributes: ['email_from_name', 'email_from_address'] })
    : null;
  const message = {
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text_body,
    fromName: sender?.email_from_name ?? undefined,
    replyTo: sender?.email_from_address ?? undefined,
  };
  try {
    if (sendgridKey) {
      await ctx.mail.sendThroughSendgrid(sendgridKey, message);
      await markGlobalIntegrationUsed(ctx, 'sendgrid');
    } else await ctx.mail.send(message);
  } catch (error) {
    await row.update({
      attempts: row.attempts + 1,
      last_error: (error as Error).message.slice(0, 1000),
      status: input.finalAttempt ? 'failed' : 'queued',
    });
    throw error;
  }
  await row.update({ status: 'sent', attempts: row.attempts + 1, sent_at: new Date(), last_error: null });
  return 'sent';
}

/** Outbox rows still queued after this long are assumed lost on the way to Redis. */
export const OUTBOX_STALE_MS = 2 * 60 * 1000;

/** Re-queues outbox rows whose job never reached the queue; BullMQ ignores ids it already holds. */
export async function sweepOutbox(ctx: Pick<AppContext, 'queues'>, now = Date.now()): Promise<number> {
  const stale = await EmailOutbox.findAll({
    where: { status: 'queued', created_at: { [Op.lt]: new Date(now - OUTBOX_STALE_MS) } },
    allTenants: true,
    attributes: ['id'],
    limit: 500,
  });
  await Promise.all(stale.map((row) => ctx.queues.emails.add('send', { outboxId: row.id }, { jobId: row.id })));
  return stale.length;
}
