import { Op } from 'sequelize';
import type { Transaction } from 'sequelize';
import { EmailOutbox } from '../db/models';
import type { RenderedEmail } from '../mail/templates';
import type { AppContext } from '../context';

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
    { tenant_id: message.tenantId, template: message.template, to_address: message.to, subject: message.subject, html: message.html, text_body: message.text },
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
