import type { InboxEmailChoices } from '@portico/common';
import type { Transaction } from 'sequelize';
import { select, tenantStatement } from '../db/statements';
import { invalidateSessions } from '../auth';
import type { ServiceContext } from '../scope';
import { invalidateWorkspaces } from '../tenancy';

/*
 * The reads and writes of inbox email (issue 33): a person's choices per kind
 * (`memberships.inbox_email`), and who of the people just told may be emailed. `$1` is the workspace.
 */

/** The choices and role of member $2. */
const CHOICES = tenantStatement(
  'inbox.email.choices',
  `SELECT role, inbox_email FROM memberships WHERE tenant_id = $1 AND user_id = $2 AND status = 'active'`,
);

/** Sets member $2's choice for kind $3 to $4; answers their role and choices as saved. */
const CHOOSE = tenantStatement(
  'inbox.email.choose',
  `UPDATE memberships SET inbox_email = inbox_email || jsonb_build_object($3::text, $4::text), updated_at = now()
   WHERE tenant_id = $1 AND user_id = $2 AND status = 'active'
   RETURNING role, inbox_email`,
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
 * Saves one choice; null when they are no active member of the workspace. A membership row changed
 * outside the models' hooks: the session and workspace caches are told, as the hooks would.
 */
export async function saveInboxEmailChoice(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantId: string,
  input: { userId: string; kind: string; email: string },
): Promise<MemberChoices | null> {
  const [row] = await select<MemberChoices>(ctx, CHOOSE, [tenantId, input.userId, input.kind, input.email]);
  await invalidateSessions(ctx.sequelize, { users: [input.userId] }, ctx.transaction);
  await invalidateWorkspaces(ctx.sequelize, { tenants: [tenantId] }, ctx.transaction);
  return row ?? null;
}

export function selectEmailCandidates(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { userIds: readonly string[]; kind: string },
  transaction: Transaction,
): Promise<EmailCandidate[]> {
  return select<EmailCandidate>(ctx, RECIPIENTS, [tenantId, input.userIds, input.kind], transaction);
}
