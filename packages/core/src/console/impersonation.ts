import { effectiveRole, isSuperAdminRole } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { Tenant, User, UserGlobalRole } from '../db/models';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit, type AuditEvent, type AuditScope } from '../kernel/audit';
import { badRequest, forbidden, notFound } from '../kernel/errors';
import { findUserEmails } from '../kernel/kernel-data';
import { revokeFamily, startImpersonationSession, type SessionTokens } from '../auth';
import {
  findActiveMembershipsWithTenantName,
  findAuditRowsOfActions,
  findMembershipTenantIds,
  findUserEmail,
  findUsersByEmailPart,
  findUserWithGlobalRoles,
  lockSession,
} from './console-data';

/*
 * Impersonation (platform-console §2, DECISIONS §4): a super admin signs in as someone for support,
 * in a session of its own that ends 60 minutes after it started. Start and stop are audited in each
 * of the person's workspaces, where their admins see them (Settings → Security activity).
 */

export const IMPERSONATION_MINUTES = 60;
export const IMPERSONATION_ACTIONS = ['impersonation.started', 'impersonation.stopped'] as const;
export const NO_SUCH_USER = 'This user does not exist.';
const SEARCH_LIMIT = 20;

export interface UserChoice {
  id: string;
  email: string;
  role: string;
  workspaces: string[];
}

/**
 * The console's user search: people whose email contains `query`, with their effective role (the
 * roles of their memberships read together, as tenant-portal §4 does) and the workspaces they are in.
 * Super admins are left out: they cannot be impersonated.
 */
export async function searchUsers(ctx: Pick<ServiceContext, 'db'>, query: string): Promise<UserChoice[]> {
  const text = query.trim();
  if (!text) return [];
  const users = await findUsersByEmailPart(ctx, text.toLowerCase(), SEARCH_LIMIT * 2);
  const people = users
    .filter((u) => !(u.get('globalRoles') as UserGlobalRole[]).some((g) => isSuperAdminRole(g.role)))
    .slice(0, SEARCH_LIMIT);
  if (people.length === 0) return [];
  const memberships = await findActiveMembershipsWithTenantName(
    ctx,
    people.map((u) => u.id),
  );
  return people.map((user) => {
    const own = memberships.filter((m) => m.user_id === user.id);
    return {
      id: user.id,
      email: user.email,
      role: effectiveRole({ hasSession: true, membershipRoles: own.map((m) => m.role), userRecordRole: user.role }),
      workspaces: own.map((m) => (m.get('tenant') as Tenant).name),
    };
  });
}

/**
 * Audits an impersonation's start or stop once in each of the person's workspaces, where their admins
 * see it; a person in no workspace gets one platform-wide row.
 */
export async function auditInWorkspaces(
  ctx: Pick<ServiceContext, 'db'>,
  scope: AuditScope,
  userId: string,
  event: Omit<AuditEvent, 'entity' | 'tenantId'>,
  transaction: Transaction,
): Promise<void> {
  const memberOf = await findMembershipTenantIds(ctx, userId, transaction);
  const tenantIds = memberOf.length > 0 ? memberOf : [null];
  for (const tenantId of tenantIds)
    await audit(ctx, scope, { ...event, entity: { type: 'user', id: userId }, tenantId }, transaction);
}

export interface ImpersonationStarted {
  tokens: SessionTokens;
  user: User;
  endsAt: Date;
}

/**
 * Starts a session as `targetUserId` for the super admin `actor`, ending IMPERSONATION_MINUTES after
 * now (the context's clock). A super admin cannot be impersonated: that would be the console's
 * rights under another name.
 */
export async function startImpersonation(
  ctx: ServiceContext,
  actor: PlatformActor,
  input: { targetUserId: string; reason: string },
): Promise<ImpersonationStarted> {
  const reason = input.reason.trim();
  if (!reason) throw badRequest('Give a reason for impersonating this user.', 'reason_required');
  return inTransaction(ctx, async (transaction) => {
    const user = await findUserWithGlobalRoles(ctx, input.targetUserId, transaction);
    if (!user) throw notFound(NO_SUCH_USER);
    if ((user.get('globalRoles') as UserGlobalRole[]).some((g) => isSuperAdminRole(g.role)))
      throw forbidden('A super admin cannot be impersonated.', 'super_admin_target');
    const endsAt = new Date(ctx.clock.now().getTime() + IMPERSONATION_MINUTES * 60_000);
    const { tokens, familyId } = await startImpersonationSession(
      ctx,
      { user, impersonatorUserId: actor.userId!, reason, endsAt },
      transaction,
    );
    await auditInWorkspaces(
      ctx,
      { actor },
      user.id,
      {
        action: 'impersonation.started',
        reason,
        details: { session_id: familyId, user_email: user.email, ends_at: endsAt.toISOString() },
      },
      transaction,
    );
    return { tokens, user, endsAt };
  });
}

/**
 * Ends an impersonation session (called with that session's own token): revoked at once on every
 * process, audited with the super admin as the actor and the reason it was started for.
 */
export async function stopImpersonation(
  ctx: ServiceContext,
  session: { familyId: string; ip: string | null },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const family = await lockSession(ctx, session.familyId, transaction);
    if (!family?.impersonator_user_id)
      throw badRequest('This session is not an impersonation: there is nothing to stop.', 'not_impersonating');
    if (family.revoked_at) return;
    await revokeFamily(ctx, family.id, 'impersonation_stopped', transaction);
    const user = await findUserEmail(ctx, family.user_id, transaction);
    await auditInWorkspaces(
      ctx,
      { actor: { userId: family.impersonator_user_id, ip: session.ip } },
      family.user_id,
      {
        action: 'impersonation.stopped',
        reason: family.impersonation_reason,
        details: {
          session_id: family.id,
          user_email: user?.email ?? null,
          started_at: family.created_at.toISOString(),
        },
      },
      transaction,
    );
  });
}

export interface SecurityActivity {
  id: string;
  action: (typeof IMPERSONATION_ACTIONS)[number];
  actor_email: string | null;
  user_id: string | null;
  user_email: string | null;
  reason: string | null;
  created_at: Date;
}

/** What the platform's staff did as this workspace's people (impersonations), newest first. */
export async function listSecurityActivity(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  limit = 100,
): Promise<SecurityActivity[]> {
  const rows = await findAuditRowsOfActions(ctx, tenantId, IMPERSONATION_ACTIONS, limit);
  const ids = [...new Set(rows.flatMap((r) => [r.actor_user_id, r.entity_id]).filter((id): id is string => !!id))];
  const users = ids.length ? await findUserEmails(ctx, ids) : [];
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: r.id,
    action: r.action as SecurityActivity['action'],
    actor_email: r.actor_user_id ? (emails.get(r.actor_user_id) ?? null) : null,
    user_id: r.entity_id,
    user_email: r.entity_id
      ? (emails.get(r.entity_id) ?? (typeof r.details.user_email === 'string' ? r.details.user_email : null))
      : null,
    reason: r.reason,
    created_at: r.created_at,
  }));
}
