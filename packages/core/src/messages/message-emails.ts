import {
  MESSAGE_EMAIL_DELAY_MS,
  MESSAGE_SETTINGS_MESSAGES,
  roleKindOf,
  type MessageEmailAnswer,
  type MessageEmailSetting,
  type RoleType,
} from '@portico/common';
import { forbidden } from '../kernel/errors';
import { unreadMessagesEmail, type UnreadThread } from '../mail/message-email';
import { sendEmail } from '../integrations';
import { findTenant, roleTypesOf, tenantOrigin } from '../tenancy';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import {
  findEmailRecipient,
  findMessageEmailSetting,
  lockMembership,
  saveMessageEmailSetting,
  recordWindowEmail,
  selectActiveTenants,
  selectDueEmails,
  selectHeldRoles,
  selectLastWindow,
  selectUnreadInWindow,
  type UnreadMessage,
} from './message-emails-data';

/*
 * Email when away (issue 32, DECISIONS §7). A person hears of messages they may read and have not
 * read by email, as their setting in the workspace says: `immediately` (a message waits 5 minutes
 * for them, so someone reading live gets nothing), an `hourly` or a `daily` digest (windows closing
 * on the hour and at midnight UTC, each 5 minutes late for the same reason), or `never`.
 *
 * The scheduler's tick (every minute) finds whose window closed with something unread in it and
 * queues one job per person and window (its id names both); the worker's job sends that window's
 * email. A window's email is recorded with the outbox row in one transaction under a unique key
 * per person and window, so it goes once whichever process, retry or restart runs it.
 */

/** How many messages one email shows (the rest it counts). */
const MESSAGES_PER_EMAIL = 50;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Threads with messages this recent may have someone's unread messages due (a window looks a day back at most). */
const ACTIVE_SINCE_MS = DAY_MS + HOUR_MS;

const floorTo = (at: number, unit: number) => new Date(Math.floor(at / unit) * unit);

/** Where each setting's window ends when it is `now`: the last boundary at least the delay ago. */
export function windowEnds(now: Date): Record<Exclude<MessageEmailSetting, 'never'>, Date> {
  const closed = now.getTime() - MESSAGE_EMAIL_DELAY_MS;
  return { immediately: floorTo(closed, 60_000), hourly: floorTo(closed, HOUR_MS), daily: floorTo(closed, DAY_MS) };
}

/** The setting of someone who chose none: the team (admins and team roles) hourly, everyone else immediately. */
export function defaultMessageEmail(role: string, roleTypes: readonly RoleType[]): MessageEmailSetting {
  const kind = roleKindOf(role, roleTypes);
  return kind === 'admin' || kind === 'team' ? 'hourly' : 'immediately';
}

const seesAll = (role: string, roleTypes: readonly RoleType[]) => {
  const kind = roleKindOf(role, roleTypes);
  return kind === 'admin' || kind === 'team';
};

/** The caller's member of the workspace, or 403: only members have a setting here (not an API key, nor a super admin visiting). */
function memberOf(scope: TenantScope): { userId: string; role: string } {
  const { userId } = scope.actor;
  if (!userId || scope.role === null) throw forbidden(MESSAGE_SETTINGS_MESSAGES.notMember);
  return { userId, role: scope.role };
}

/** The caller's setting in the workspace: chosen, or their role's default. */
export async function messageEmailSetting(ctx: ServiceContext, scope: TenantScope): Promise<MessageEmailAnswer> {
  const { userId, role } = memberOf(scope);
  const chosen = await findMessageEmailSetting(ctx, scope.tenantId, userId);
  if (chosen === undefined) throw forbidden(MESSAGE_SETTINGS_MESSAGES.notMember);
  const fallback = defaultMessageEmail(role, scope.roleTypes);
  return { message_email: chosen ?? fallback, default: fallback, chosen: chosen !== null };
}

/** Saves the caller's own setting in the workspace. */
export async function updateMessageEmailSetting(
  ctx: ServiceContext,
  scope: TenantScope,
  setting: MessageEmailSetting,
): Promise<MessageEmailAnswer> {
  const { userId } = memberOf(scope);
  if (!(await saveMessageEmailSetting(ctx, scope.tenantId, userId, setting)))
    throw forbidden(MESSAGE_SETTINGS_MESSAGES.notMember);
  return messageEmailSetting(ctx, scope);
}

/** The job of one person's window: the queue's job id names both, so queueing it again adds nothing. */
export interface MessageEmailJob {
  tenantId: string;
  userId: string;
  /** ISO time the window ends. */
  windowEnd: string;
}

export const messageEmailJobId = (job: MessageEmailJob) =>
  `email-${job.tenantId}-${job.userId}-${new Date(job.windowEnd).getTime()}`;

/** The scheduler's tick: queues the email of every person whose window closed with unread messages in it. */
export async function queueMessageEmails(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock.now();
  const ends = windowEnds(now);
  let queued = 0;
  for (const tenantId of await selectActiveTenants(ctx, new Date(now.getTime() - ACTIVE_SINCE_MS))) {
    const roleTypes = await roleTypesOf(ctx, tenantId);
    const teamRoles = (await selectHeldRoles(ctx, tenantId)).filter((role) => seesAll(role, roleTypes));
    const due = await selectDueEmails(ctx, tenantId, { teamRoles, ...ends });
    for (const row of due) {
      const job: MessageEmailJob = { tenantId, userId: row.user_id, windowEnd: row.window_end.toISOString() };
      await ctx.queues.messages.add('email', { kind: 'email', ...job }, { jobId: messageEmailJobId(job) });
    }
    queued += due.length;
  }
  return queued;
}

const THREAD_TITLES = { client: 'Your conversation', group: 'Group conversation', broadcast: 'Announcement' } as const;

function threadsOf(messages: readonly UnreadMessage[], urlOf: (threadId: string) => string): UnreadThread[] {
  const threads = new Map<string, UnreadThread>();
  for (const m of messages) {
    const thread = threads.get(m.thread_id) ?? {
      title: m.thread_subject ?? THREAD_TITLES[m.thread_kind],
      url: urlOf(m.thread_id),
      messages: [],
    };
    thread.messages.push({
      author: m.author ?? 'The team',
      body: m.body,
      at: `${m.created_at.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    });
    threads.set(m.thread_id, thread);
  }
  return [...threads.values()];
}

export type MessageEmailOutcome = 'sent' | 'already-sent' | 'nothing-unread' | 'not-member' | 'never';

/**
 * Sends one person's email for the window ending `windowEnd`, once: under a lock on their
 * membership, a window at or before the last one emailed is done; otherwise what they still have
 * not read since that last window (a day back at most) is emailed and the window recorded, with
 * the outbox row, in one transaction.
 */
export async function sendMessageEmail(ctx: ServiceContext, job: MessageEmailJob): Promise<MessageEmailOutcome> {
  const windowEnd = new Date(job.windowEnd);
  const { tenantId, userId } = job;
  return inTransaction(ctx, async (transaction) => {
    const membership = await lockMembership(ctx, tenantId, userId, transaction);
    if (!membership) return 'not-member';
    const last = await selectLastWindow(ctx, tenantId, userId, transaction);
    if (last && last.getTime() >= windowEnd.getTime()) return 'already-sent';
    const roleTypes = await roleTypesOf(ctx, tenantId, transaction);
    const setting = membership.message_email ?? defaultMessageEmail(membership.role, roleTypes);
    if (setting === 'never') return 'never';
    const lookback = new Date(windowEnd.getTime() - DAY_MS);
    const after = last && last > lookback ? last : lookback;
    const reader = { userId, role: membership.role, seesAll: seesAll(membership.role, roleTypes) };
    const unread = await selectUnreadInWindow(
      ctx,
      tenantId,
      reader,
      { after, through: windowEnd, limit: MESSAGES_PER_EMAIL },
      transaction,
    );
    if (unread.length === 0) return 'nothing-unread';
    const [tenant, recipient] = await Promise.all([
      findTenant(ctx, tenantId, transaction),
      findEmailRecipient(ctx, userId, transaction),
    ]);
    if (!tenant || !recipient) return 'not-member';
    const origin = tenantOrigin(ctx.config, tenant);
    const rendered = await unreadMessagesEmail(
      { name: tenant.name, primaryColor: tenant.primary_color },
      {
        threads: threadsOf(unread, (threadId) => `${origin}/messages?tenant_id=${tenantId}&thread=${threadId}`),
        total: unread[0]!.total,
        digest: setting === 'immediately' ? null : setting,
        messagesUrl: `${origin}/messages?tenant_id=${tenantId}`,
      },
    );
    const outbox = await sendEmail(ctx, { ...rendered, to: recipient, tenantId }, transaction);
    const recorded = await recordWindowEmail(
      ctx,
      tenantId,
      { userId, windowEnd, count: unread[0]!.total, outboxId: outbox.id },
      transaction,
    );
    // The unique key per person and window is the guarantee should two runs ever pass the lock together.
    if (!recorded) throw new Error(`The message email of ${userId} for ${job.windowEnd} was recorded twice.`);
    return 'sent';
  });
}
