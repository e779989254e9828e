import type { InboxEmailChoices } from '@portico/common';
import type { Transaction } from 'sequelize';
import { crossTenantStatement, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * The reads and writes of the inbox's daily digest (issue 33): who has unread items of a kind they
 * chose `daily` for, which ones, and the window each digest was sent for (`inbox_digests`, unique per
 * person, workspace and window), as `message_emails` is for the message digests. A person's window
 * starts where their last digest's ended, a day back at most.
 */

/** How far back a person's first window (or one after an outage) reaches, as for message digests. */
const LOOKBACK = `interval '1 day'`;

/**
 * The active members of active workspaces with an unread item, of a kind they chose `daily` for, in
 * the window ending $1, whose digest for it was not sent. Across workspaces: the scheduler's tick
 * looks at every workspace at once.
 */
const DUE_DIGESTS = crossTenantStatement(
  'inbox.digest.due',
  'The scheduler’s tick finds, in every workspace at once, whose daily digest of the inbox is due.',
  `WITH people AS (
     SELECT m.tenant_id, m.user_id, m.inbox_email,
            (SELECT max(d.window_end) FROM inbox_digests d WHERE d.tenant_id = m.tenant_id AND d.user_id = m.user_id)
              AS last_end
     FROM memberships m
     JOIN tenants t ON t.id = m.tenant_id
     WHERE m.status = 'active' AND t.status = 'active'
       AND EXISTS (SELECT 1 FROM jsonb_each_text(m.inbox_email) c WHERE c.value = 'daily')
   )
   SELECT p.tenant_id, p.user_id FROM people p
   WHERE (p.last_end IS NULL OR p.last_end < $1::timestamptz)
     AND EXISTS (
       SELECT 1 FROM inbox_items i
       WHERE i.tenant_id = p.tenant_id AND i.user_id = p.user_id AND i.read_at IS NULL
         AND p.inbox_email ->> i.kind = 'daily'
         AND i.created_at > greatest(p.last_end, $1::timestamptz - ${LOOKBACK}) AND i.created_at <= $1::timestamptz
     )`,
);

/** Member $2's role and choices, locked: one window of theirs is worked on at a time. */
const LOCK_MEMBER = tenantStatement(
  'inbox.digest.lock-member',
  `SELECT m.role, m.inbox_email, u.email
   FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.tenant_id = $1 AND m.user_id = $2 AND m.status = 'active'
   FOR UPDATE OF m`,
);

/** The end of the last window member $2 was sent a digest for. */
const LAST_WINDOW = tenantStatement(
  'inbox.digest.last-window',
  'SELECT max(window_end) AS last_end FROM inbox_digests WHERE tenant_id = $1 AND user_id = $2',
);

/**
 * Member $2's unread items of the kinds they chose `daily` for, after $3 and up to $4, oldest first,
 * at most $5; `total` counts them all.
 */
const UNREAD_IN_WINDOW = tenantStatement(
  'inbox.digest.unread',
  `SELECT i.id, i.kind, i.title, i.body, i.link, i.created_at, count(*) OVER ()::int AS total
   FROM inbox_items i
   JOIN memberships m ON m.tenant_id = i.tenant_id AND m.user_id = i.user_id
   WHERE i.tenant_id = $1 AND i.user_id = $2 AND i.read_at IS NULL AND m.inbox_email ->> i.kind = 'daily'
     AND i.created_at > $3::timestamptz AND i.created_at <= $4::timestamptz
   ORDER BY i.created_at, i.id
   LIMIT $5`,
);

/** The digest of member $2's window ending $3 ($4 items, outbox row $5); nothing when it was sent already. */
const RECORD_DIGEST = tenantStatement(
  'inbox.digest.record',
  `INSERT INTO inbox_digests (tenant_id, user_id, window_end, item_count, outbox_id)
   SELECT m.tenant_id, m.user_id, $3::timestamptz, $4::integer, $5::uuid
     FROM memberships m
    WHERE m.tenant_id = $1 AND m.user_id = $2
   ON CONFLICT (tenant_id, user_id, window_end) DO NOTHING
   RETURNING id`,
);

export interface DueDigest {
  tenant_id: string;
  user_id: string;
}

export interface DigestMember {
  role: string;
  inbox_email: InboxEmailChoices;
  email: string;
}

export interface DigestItem {
  id: string;
  kind: string;
  title: string;
  body: string | null;
  link: string;
  created_at: Date;
  total: number;
}

export function selectDueDigests(ctx: Pick<ServiceContext, 'sequelize'>, windowEnd: Date): Promise<DueDigest[]> {
  return select<DueDigest>(ctx, DUE_DIGESTS, [windowEnd]);
}

/** The member with their address, locked until `transaction` ends; null when they are no active member. */
export async function lockDigestMember(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<DigestMember | null> {
  const [row] = await select<DigestMember>(ctx, LOCK_MEMBER, [tenantId, userId], transaction);
  return row ?? null;
}

export async function selectLastDigestWindow(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Date | null> {
  const [row] = await select<{ last_end: Date | null }>(ctx, LAST_WINDOW, [tenantId, userId], transaction);
  return row?.last_end ?? null;
}

export function selectDigestItems(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userId: string; after: Date; through: Date; limit: number },
  transaction: Transaction,
): Promise<DigestItem[]> {
  const bind = [tenantId, input.userId, input.after, input.through, input.limit];
  return select<DigestItem>(ctx, UNREAD_IN_WINDOW, bind, transaction);
}

/** Records the window's digest; false when another run recorded it first. */
export async function recordDigest(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userId: string; windowEnd: Date; count: number; outboxId: string },
  transaction: Transaction,
): Promise<boolean> {
  const bind = [tenantId, input.userId, input.windowEnd, input.count, input.outboxId];
  const rows = await select<{ id: string }>(ctx, RECORD_DIGEST, bind, transaction);
  return rows.length > 0;
}
