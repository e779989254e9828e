import type { InboxEmailChoices } from '@portico/common';
import type { Transaction } from 'sequelize';
import { select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * The reads and writes of inbox email (issue 33): a person's choices per kind
 * (`memberships.inbox_email`), and who of the people just told may be emailed. `$1` is the workspace.
 */

/** The choices and role of member $2. */
const CHOICES = tenantStatement(
  'inbox.email.choices',
  `SELECT role, inbox_email FROM memberships WHERE tenant_id = $1 AND user_id = $2 AND status = 'active'`,
);

/** The active members among $2 with their role, their choice for kind $3 (null: none) and their address. */
const RECIPIENTS = tenantStatement(
  'inbox.email.recipients',
  `SELECT m.user_id, m.role, m.inbox_email ->> $3::text AS chosen, u.email
   FROM memberships m JOIN users u ON u.id = m.user_id
   WHERE m.tenant_id = $1 AND m.user_id = ANY($2::uuid[]) AND m.status = 'active'`,
);

export interface MemberChoices {
  role: string;
  inbox_email: InboxEmailChoices;
}

export interface EmailCandidate {
  user_id: string;
  role: string;
  chosen: string | null;
  email: string;
}

/** The member's role and choices; null when they are no active member of the workspace. */
export async function findInboxEmailChoices(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  userId: string,
): Promise<MemberChoices | null> {
  const [row] = await select<MemberChoices>(ctx, CHOICES, [tenantId, userId]);
  return row ?? null;
}

/**
 * Saves one choice; null when they are no active member of the workspace. Through the model, whose
 * hooks tell the session and workspace caches a membership changed.
 */
export async function saveInboxEmailChoice(
  ctx: Pick<ServiceContext, 'db' | 'sequelize' | 'transaction'>,
  tenantId: string,
  input: { userId: string; kind: string; email: string },
): Promise<MemberChoices | null> {
  const merged = ctx.sequelize.literal(
    `inbox_email || jsonb_build_object(${ctx.sequelize.escape(input.kind)}::text, ${ctx.sequelize.escape(input.email)}::text)`,
  );
  const [, rows] = await ctx.db.Membership.update(
    { inbox_email: merged as unknown as InboxEmailChoices },
    {
      where: { tenant_id: tenantId, user_id: input.userId, status: 'active' },
      returning: true,
      transaction: ctx.transaction,
    },
  );
  const [row] = rows;
  return row ? { role: row.role, inbox_email: row.inbox_email } : null;
}

export function selectEmailCandidates(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userIds: readonly string[]; kind: string },
  transaction: Transaction,
): Promise<EmailCandidate[]> {
  return select<EmailCandidate>(ctx, RECIPIENTS, [tenantId, input.userIds, input.kind], transaction);
}

/**
 * Turns every kind member $2 chose `daily` for `off` (the digest's unsubscribe); null when they are
 * no active member. Through the model, as `saveInboxEmailChoice`.
 */
export async function turnOffDailyChoices(
  ctx: Pick<ServiceContext, 'db' | 'sequelize' | 'transaction'>,
  tenantId: string,
  userId: string,
): Promise<MemberChoices | null> {
  const merged = ctx.sequelize.literal(
    `inbox_email || coalesce((SELECT jsonb_object_agg(c.key, 'off') FROM jsonb_each_text(inbox_email) c WHERE c.value = 'daily'), '{}'::jsonb)`,
  );
  const [, rows] = await ctx.db.Membership.update(
    { inbox_email: merged as unknown as InboxEmailChoices },
    {
      where: { tenant_id: tenantId, user_id: userId, status: 'active' },
      returning: true,
      transaction: ctx.transaction,
    },
  );
  const [row] = rows;
  return row ? { role: row.role, inbox_email: row.inbox_email } : null;
}
