import type { Transaction } from 'sequelize';
import { globalIntegrationValue, markGlobalIntegrationUsed } from './global-integration-secrets';
import { roleKindOf, type RoleKind } from '@portico/common';
import {
  countHeldOutboxEmails,
  findClientMailHold,
  findMemberRoleByEmail,
  findOutboxEmail,
  findTenantSender,
  insertOutboxEmail,
  listActiveAdmins,
  listQueuedOutboxEmails,
  releaseHeldOutboxEmails,
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

/** Queues an outbox row's delivery; its id is the job's, so queueing it twice makes one job. */
const enqueueOutboxEmail = (ctx: Pick<AppContext, 'queues'>, outboxId: string) =>
  ctx.queues.emails.add('send', { outboxId }, { jobId: outboxId });

/**
 * Whether mail from the workspace to `to` waits for its owner to confirm their address (issue 31):
 * only while the workspace is held, and only mail to someone not of its team — a client or guest,
 * or an address with no membership there (`kind` says what an invitation will make them).
 */
async function waitsForOwner(
  ctx: Pick<AppContext, 'db'>,
  message: { to: string; tenantId: string | null; recipientKind?: RoleKind },
  transaction?: Transaction,
): Promise<boolean> {
  if (!message.tenantId || !(await findClientMailHold(ctx, message.tenantId, transaction))) return false;
  const member = message.recipientKind
    ? null
    : await findMemberRoleByEmail(ctx, message.tenantId, message.to, transaction);
  const kind =
    message.recipientKind ??
    (member ? roleKindOf(member.role, member.kind ? [{ role_key: member.role, kind: member.kind }] : []) : 'client');
  return kind === 'client' || kind === 'guest';
}

/**
 * Records the email in the outbox inside the caller's transaction and queues its delivery once
 * that transaction commits, so a rolled-back change never sends mail. Mail to the clients of a
 * workspace whose owner has not confirmed their address is recorded `held` and not queued:
 * `releaseHeldEmails` queues it when they do. `recipientKind` is the kind of role the recipient
 * has (or is invited to) in the workspace; without it their membership says.
 */
export async function sendEmail(
  ctx: Pick<AppContext, 'db' | 'queues' | 'logger'>,
  message: RenderedEmail & {
    to: string;
    tenantId: string | null;
    recipientKind?: RoleKind;
    headers?: Record<string, string>;
  },
  transaction?: Transaction,
): Promise<EmailOutbox> {
  const held = await waitsForOwner(ctx, message, transaction);
  const row = await insertOutboxEmail(
    ctx,
    {
      tenant_id: message.tenantId,
      template: message.template,
      to_address: message.to,
      subject: message.subject,
      html: message.html,
      text_body: message.text,
      headers: message.headers ?? null,
      ...(held ? { status: 'held' as const } : {}),
    },
    transaction,
  );
  if (held) return row;
  if (!transaction) {
    await enqueueOutboxEmail(ctx, row.id);
    return row;
  }
  // The scheduler's outbox sweep re-queues the row if this enqueue fails.
  transaction.afterCommit(() => {
    enqueueOutboxEmail(ctx, row.id).catch((error: unknown) =>
      ctx.logger.error({ err: error, outboxId: row.id }, 'could not queue email'),
    );
  });
  return row;
}

/**
 * The owner confirmed their address: the mail their workspaces held for it is queued once
 * `transaction` commits, like any other (the outbox sweep queues what does not reach the queue).
 * A job the worker already met for a held row (kept among the finished ones) is removed first,
 * or its id would make the new one a no-op.
 */
export async function releaseHeldEmails(
  ctx: Pick<AppContext, 'db' | 'queues' | 'logger'>,
  ownerId: string,
  transaction: Transaction,
): Promise<number> {
  const released = await releaseHeldOutboxEmails(ctx, ownerId, transaction);
  if (released.length === 0) return 0;
  transaction.afterCommit(async () => {
    for (const outboxId of released) {
      try {
        await ctx.queues.emails.remove(outboxId);
        await enqueueOutboxEmail(ctx, outboxId);
      } catch (error) {
        ctx.logger.error({ err: error, outboxId }, 'could not queue a released email; the outbox sweep will');
      }
    }
  });
  return released.length;
}

/** A workspace's mail to clients waiting for its owner's confirmation: how many, and whether `userId` is that owner. */
export async function heldClientMail(
  ctx: Pick<AppContext, 'db'>,
  input: { tenantId: string; userId: string },
): Promise<{ held: boolean; count: number; yours: boolean }> {
  const ownerId = await findClientMailHold(ctx, input.tenantId);
  if (!ownerId) return { held: false, count: 0, yours: false };
  return { held: true, count: await countHeldOutboxEmails(ctx, input.tenantId), yours: ownerId === input.userId };
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
 * kept in the outbox. Returns the row's outcome, or null when the row does not exist; a `held` row
 * is not sent.
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
): Promise<'sent' | 'logged' | 'held' | null> {
  const row = await findOutboxEmail(ctx, input.outboxId);
  if (!row) return null;
  // A held row goes out only once its workspace's owner confirmed their address, which queues it again.
  if (row.status === 'sent' || row.status === 'logged' || row.status === 'held') return row.status;
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
    ...(row.headers ? { headers: row.headers } : {}),
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
  await Promise.all(stale.map((row) => enqueueOutboxEmail(ctx, row.id)));
  return stale.length;
}
