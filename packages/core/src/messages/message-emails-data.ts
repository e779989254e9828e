import type { MessageEmailSetting } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { Membership } from '../db/models';
import { crossTenantStatement, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';
import { BOUND_READER, messageReadable, readerBind, threadReadable, type ReaderBind } from './messages-data';

/*
 * The reads and writes of email when away (issue 32): who has unread messages due in an email, which
 * ones, and the per-person window each email was sent for (`message_emails`, unique per window).
 */

/** How far back a person's first window (or one after an outage) reaches. */
const LOOKBACK = `interval '1 day'`;

/**
 * Workspaces with messages since $1: the ones whose people may have unread messages due. Across
 * workspaces, because the scheduler's tick looks at every workspace at once.
 */
const ACTIVE_TENANTS = crossTenantStatement(
  'messages.emails.active-tenants',
  'The scheduler’s tick finds the workspaces that had messages lately, to look at each of them in turn.',
  `SELECT DISTINCT t.tenant_id FROM message_threads t
   JOIN tenants tn ON tn.id = t.tenant_id
   WHERE t.last_message_at > $1::timestamptz AND tn.status = 'active'`,
);

/** A person of the set query below: `w` is their row. */
const PERSON = { seesAll: 'w.sees_all', userId: 'w.user_id', role: 'w.role' };

/*
 * The active members of a workspace with a message they may read, have not read and were not
 * emailed about in the window their setting closes now: $2 the team's role keys (owner and admin
 * included), $3 $4 $5 the ends of the windows closing now for `immediately`, `hourly` and `daily`.
 * A window starts where the person's last email's ended, a day back at most.
 */
const DUE_EMAILS = tenantStatement(
  'messages.emails.due',
  `WITH people AS (
     SELECT ms.user_id, ms.role, ms.role = ANY($2::text[]) AS sees_all,
            coalesce(ms.message_email, CASE WHEN ms.role = ANY($2::text[]) THEN 'hourly' ELSE 'immediately' END) AS setting
     FROM memberships ms
     WHERE ms.tenant_id = $1 AND ms.status = 'active'
   ), windows AS (
     SELECT p.user_id, p.role, p.sees_all,
            CASE p.setting WHEN 'immediately' THEN $3::timestamptz WHEN 'hourly' THEN $4::timestamptz ELSE $5::timestamptz END
              AS window_end,
            (SELECT max(e.window_end) FROM message_emails e WHERE e.tenant_id = $1 AND e.user_id = p.user_id) AS last_end
     FROM people p
     WHERE p.setting <> 'never'
   )
   SELECT w.user_id, w.window_end FROM windows w
   WHERE (w.last_end IS NULL OR w.last_end < w.window_end)
     AND EXISTS (
       SELECT 1 FROM messages m
       JOIN message_threads t ON t.tenant_id = m.tenant_id AND t.id = m.thread_id
       WHERE m.tenant_id = $1 AND m.deleted_at IS NULL AND m.author_id IS DISTINCT FROM w.user_id
         AND m.created_at > greatest(w.last_end, w.window_end - ${LOOKBACK}) AND m.created_at <= w.window_end
         AND m.created_at > coalesce((
           SELECT r.last_read_at FROM thread_participants r
           WHERE r.tenant_id = m.tenant_id AND r.thread_id = m.thread_id AND r.user_id = w.user_id
         ), '-infinity')
         AND ${threadReadable(PERSON)} AND ${messageReadable(PERSON)}
     )`,
);

/*
 * The messages of one window for one reader (bound as every messages statement binds them): those
 * they may read, have not read and did not write, after $5 and up to $6, oldest first, at most $7;
 * `total` counts them all.
 */
const UNREAD_IN_WINDOW = tenantStatement(
  'messages.emails.unread',
  `SELECT m.id, m.thread_id, t.kind AS thread_kind, t.subject AS thread_subject, m.body, m.created_at,
          coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), u.email) AS author,
          count(*) OVER ()::int AS total
   FROM messages m
   JOIN message_threads t ON t.tenant_id = m.tenant_id AND t.id = m.thread_id
   LEFT JOIN users u ON u.id = m.author_id
   LEFT JOIN profiles p ON p.id = m.author_id
   WHERE m.tenant_id = $1 AND m.deleted_at IS NULL AND m.author_id IS DISTINCT FROM $3::uuid
     AND m.created_at > $5::timestamptz AND m.created_at <= $6::timestamptz
     AND m.created_at > coalesce((
       SELECT r.last_read_at FROM thread_participants r
       WHERE r.tenant_id = m.tenant_id AND r.thread_id = m.thread_id AND r.user_id = $3::uuid
     ), '-infinity')
     AND ${threadReadable(BOUND_READER)} AND ${messageReadable(BOUND_READER)}
   ORDER BY m.created_at, m.id
   LIMIT $7`,
);

/** The end of the last window the person $2 was emailed for. */
const LAST_WINDOW = tenantStatement(
  'messages.emails.last-window',
  'SELECT max(window_end) AS last_end FROM message_emails WHERE tenant_id = $1 AND user_id = $2',
);

/**
 * The email of member $2's window ending $3 ($4 messages, outbox row $5); nothing when it was sent
 * already, or when they are no member of the workspace.
 */
const RECORD_EMAIL = tenantStatement(
  'messages.emails.record',
  `INSERT INTO message_emails (tenant_id, user_id, window_end, message_count, outbox_id)
   SELECT m.tenant_id, m.user_id, $3::timestamptz, $4::integer, $5::uuid
     FROM memberships m
    WHERE m.tenant_id = $1 AND m.user_id = $2
   ON CONFLICT (tenant_id, user_id, window_end) DO NOTHING
   RETURNING id`,
);

/** The role keys held in the workspace, whose kinds say who its team is. */
const HELD_ROLES = tenantStatement(
  'messages.emails.held-roles',
  `SELECT DISTINCT role FROM memberships WHERE tenant_id = $1 AND status = 'active'`,
);

export interface DueEmail {
  user_id: string;
  window_end: Date;
}

export interface UnreadMessage {
  id: string;
  thread_id: string;
  thread_kind: 'client' | 'group' | 'broadcast';
  thread_subject: string | null;
  body: string;
  created_at: Date;
  author: string | null;
  total: number;
}

export async function selectActiveTenants(ctx: Pick<ServiceContext, 'sequelize'>, since: Date): Promise<string[]> {
  const rows = await select<{ tenant_id: string }>(ctx, ACTIVE_TENANTS, [since]);
  return rows.map((r) => r.tenant_id);
}

export async function selectHeldRoles(ctx: Pick<ServiceContext, 'sequelize'>, tenantId: string): Promise<string[]> {
  const rows = await select<{ role: string }>(ctx, HELD_ROLES, [tenantId]);
  return rows.map((r) => r.role);
}

export function selectDueEmails(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { teamRoles: readonly string[]; immediately: Date; hourly: Date; daily: Date },
): Promise<DueEmail[]> {
  return select<DueEmail>(ctx, DUE_EMAILS, [tenantId, input.teamRoles, input.immediately, input.hourly, input.daily]);
}

export function selectUnreadInWindow(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  reader: ReaderBind,
  window: { after: Date; through: Date; limit: number },
  transaction: Transaction,
): Promise<UnreadMessage[]> {
  const bind = [...readerBind(tenantId, reader), window.after, window.through, window.limit];
  return select<UnreadMessage>(ctx, UNREAD_IN_WINDOW, bind, transaction);
}

export async function selectLastWindow(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Date | null> {
  const [row] = await select<{ last_end: Date | null }>(ctx, LAST_WINDOW, [tenantId, userId], transaction);
  return row?.last_end ?? null;
}

/** Records the window's email; false when another run recorded it first. */
export async function recordWindowEmail(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userId: string; windowEnd: Date; count: number; outboxId: string },
  transaction: Transaction,
): Promise<boolean> {
  const bind = [tenantId, input.userId, input.windowEnd, input.count, input.outboxId];
  const rows = await select<{ id: string }>(ctx, RECORD_EMAIL, bind, transaction);
  return rows.length > 0;
}

/** The person's membership with their account, locked: one window of theirs is worked on at a time. */
export function lockMembership(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Membership | null> {
  return ctx.db.Membership.findOne({
    where: { tenant_id: tenantId, user_id: userId, status: 'active' },
    lock: transaction.LOCK.UPDATE,
    transaction,
  });
}

/** Saves the person's setting in the workspace; answers whether they are a member there. */
export async function saveMessageEmailSetting(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
  setting: MessageEmailSetting,
): Promise<boolean> {
  const [count] = await ctx.db.Membership.update(
    { message_email: setting },
    { where: { tenant_id: tenantId, user_id: userId } },
  );
  return count > 0;
}

/** The address emails to the person go to. */
export async function findEmailRecipient(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction: Transaction,
): Promise<string | null> {
  const user = await ctx.db.User.findByPk(userId, { attributes: ['email'], transaction });
  return user?.email ?? null;
}

/** The person's chosen setting in the workspace: null when they chose none, undefined when they are no member. */
export async function findMessageEmailSetting(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
): Promise<Membership['message_email'] | undefined> {
  const membership = await ctx.db.Membership.findOne({
    where: { tenant_id: tenantId, user_id: userId },
    attributes: ['message_email'],
  });
  return membership ? membership.message_email : undefined;
}
