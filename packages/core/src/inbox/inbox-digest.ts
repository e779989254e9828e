import { HOME_BY_KIND, MESSAGE_EMAIL_DELAY_MS, roleKindOf } from '@portico/common';
import { sendEmail } from '../integrations';
import { inboxDigestEmail } from '../mail/inbox-email';
import { inTransaction, type ServiceContext } from '../scope';
import { findTenant, roleTypesOf, tenantOrigin } from '../tenancy';
import {
  lockDigestMember,
  recordDigest,
  selectDigestItems,
  selectDueDigests,
  selectLastDigestWindow,
} from './inbox-digest-data';
import { DIGEST_TOPIC, unsubscribeLinks } from './inbox-email';

/*
 * The daily digest of the inbox (issue 33), sent the way the message digests are (issue 32,
 * messages/message-emails.ts): windows close at midnight UTC and are looked at 5 minutes later; the
 * scheduler's tick queues one job per person, workspace and window on the `messages` queue (its id
 * names all three), and the worker's job sends it. The digest is recorded with its outbox row in one
 * transaction under a unique key per person, workspace and window, so it goes once whichever
 * process, retry or restart runs it. It lists the items still unread, of the kinds the person chose
 * `daily` for, since their last digest (a day back at most).
 */

/** How many items one digest lists (the rest it counts). */
const ITEMS_PER_DIGEST = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the daily window ends when it is `now`: the last midnight UTC at least the message emails' delay ago. */
export function digestWindowEnd(now: Date): Date {
  return new Date(Math.floor((now.getTime() - MESSAGE_EMAIL_DELAY_MS) / DAY_MS) * DAY_MS);
}

/** One person's digest of one window, a job of the `messages` queue. */
export interface InboxDigestJob {
  tenantId: string;
  userId: string;
  /** ISO time the window ends. */
  windowEnd: string;
}

export const inboxDigestJobId = (job: InboxDigestJob) =>
  `inbox-digest-${job.tenantId}-${job.userId}-${new Date(job.windowEnd).getTime()}`;

/** The scheduler's tick: queues the digest of every person whose window closed with unread items of their daily kinds. */
export async function queueInboxDigests(ctx: ServiceContext): Promise<number> {
  const windowEnd = digestWindowEnd(ctx.clock.now());
  const due = await selectDueDigests(ctx, windowEnd);
  for (const row of due) {
    const job: InboxDigestJob = { tenantId: row.tenant_id, userId: row.user_id, windowEnd: windowEnd.toISOString() };
    await ctx.queues.messages.add('inbox-digest', { kind: 'inbox-digest', ...job }, { jobId: inboxDigestJobId(job) });
  }
  return due.length;
}

export type InboxDigestOutcome = 'sent' | 'already-sent' | 'nothing-unread' | 'not-member';

/**
 * Sends one person's digest for the window ending `windowEnd`, once: under a lock on their
 * membership, a window at or before the last one sent is done; otherwise their unread items of the
 * kinds they chose `daily` for since that last window are emailed and the window recorded, with the
 * outbox row, in one transaction.
 */
export async function sendInboxDigest(ctx: ServiceContext, job: InboxDigestJob): Promise<InboxDigestOutcome> {
  const windowEnd = new Date(job.windowEnd);
  const { tenantId, userId } = job;
  return inTransaction(ctx, async (transaction) => {
    const member = await lockDigestMember(ctx, tenantId, userId, transaction);
    if (!member) return 'not-member';
    const last = await selectLastDigestWindow(ctx, tenantId, userId, transaction);
    if (last && last.getTime() >= windowEnd.getTime()) return 'already-sent';
    const lookback = new Date(windowEnd.getTime() - DAY_MS);
    const after = last && last > lookback ? last : lookback;
    const items = await selectDigestItems(
      ctx,
      tenantId,
      { userId, after, through: windowEnd, limit: ITEMS_PER_DIGEST },
      transaction,
    );
    if (items.length === 0) return 'nothing-unread';
    const tenant = await findTenant(ctx, tenantId, transaction);
    if (!tenant) return 'not-member';
    const roleTypes = await roleTypesOf(ctx, tenantId, transaction);
    const origin = tenantOrigin(ctx.config, tenant);
    const { pageUrl, headers } = unsubscribeLinks(ctx.config.secretsKey, origin, {
      userId,
      tenantId,
      kind: DIGEST_TOPIC,
    });
    const total = items[0]!.total;
    const rendered = await inboxDigestEmail(
      { name: tenant.name, primaryColor: tenant.primary_color },
      {
        items: items.map((item) => ({ id: item.id, title: item.title, body: item.body, url: `${origin}${item.link}` })),
        total,
        portalUrl: `${origin}${HOME_BY_KIND[roleKindOf(member.role, roleTypes)]}?tenant_id=${tenantId}`,
        unsubscribeUrl: pageUrl,
      },
    );
    const outbox = await sendEmail(ctx, { ...rendered, to: member.email, tenantId, headers }, transaction);
    const recorded = await recordDigest(
      ctx,
      tenantId,
      { userId, windowEnd, count: total, outboxId: outbox.id },
      transaction,
    );
    // The unique key per person and window is the guarantee should two runs ever pass the lock together.
    if (!recorded) throw new Error(`The inbox digest of ${userId} for ${job.windowEnd} was recorded twice.`);
    return 'sent';
  });
}
