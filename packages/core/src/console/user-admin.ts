import { isSuperAdminRole } from '@portico/common';
import type { User, MembershipStatus } from '../db/models';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { auditInWorkspaces, NO_SUCH_USER } from './impersonation';
import { emailDeliveryError } from '../integrations';
import { emailPasswordResetLink, revokeFamily } from '../auth';
import { notFound } from '../kernel/errors';
import { findUserEmails } from '../kernel/kernel-data';
import {
  countIssuedTokens,
  findGlobalRoles,
  findLiveSessions,
  findMembershipsWithTenant,
  findProfileName,
  findUser,
  lockUserSession,
} from './console-data';

/*
 * Super User Management (platform-console §2): one person as the platform sees them — their
 * workspaces, their live sessions (each revocable at once) and a password reset link on request.
 */

export const NO_SUCH_SESSION = 'This session does not exist or has already ended.';

export interface UserMembershipDetails {
  tenant_id: string;
  tenant_name: string;
  tenant_slug: string;
  role: string;
  status: MembershipStatus;
}

export interface LiveSession {
  id: string;
  started_at: Date;
  last_used_at: Date | null;
  expires_at: Date;
  impersonator_email: string | null;
}

export interface UserDetailsRecord {
  user: User;
  name: string | null;
  isSuperAdmin: boolean;
  memberships: UserMembershipDetails[];
  sessions: LiveSession[];
}

async function existingUser(ctx: ServiceContext, userId: string): Promise<User> {
  const user = await findUser(ctx, userId, ctx.transaction);
  if (!user) throw notFound(NO_SUCH_USER);
  return user;
}

/** The sessions of `userId` neither revoked nor expired (by the context's clock), newest first. */
async function liveSessionsOf(ctx: ServiceContext, userId: string): Promise<LiveSession[]> {
  const families = await findLiveSessions(ctx, userId, ctx.clock.now(), ctx.transaction);
  if (families.length === 0) return [];
  const familyIds = families.map((f) => f.id);
  // A session's first token is issued when it starts; each later one is a refresh, its last use.
  const refreshes = await countIssuedTokens(ctx, familyIds, ctx.transaction);
  const lastUse = new Map(
    refreshes.filter((r) => Number(r.issued) > 1).map((r) => [r.family_id, new Date(r.last_issued_at)]),
  );
  const impersonatorIds = [...new Set(families.map((f) => f.impersonator_user_id).filter((v): v is string => !!v))];
  const impersonators = impersonatorIds.length ? await findUserEmails(ctx, impersonatorIds, ctx.transaction) : [];
  const emails = new Map(impersonators.map((u) => [u.id, u.email]));
  return families.map((f) => ({
    id: f.id,
    started_at: f.created_at,
    last_used_at: lastUse.get(f.id) ?? null,
    expires_at: f.expires_at,
    impersonator_email: f.impersonator_user_id ? (emails.get(f.impersonator_user_id) ?? null) : null,
  }));
}

/** GET /api/super/users/{id}: the person, their memberships in every workspace and their live sessions. */
export async function getUserDetails(ctx: ServiceContext, userId: string): Promise<UserDetailsRecord> {
  const user = await existingUser(ctx, userId);
  const [profile, globalRoles, memberships, sessions] = await Promise.all([
    findProfileName(ctx, user.id, ctx.transaction),
    findGlobalRoles(ctx, user.id, ctx.transaction),
    findMembershipsWithTenant(ctx, user.id, ctx.transaction),
    liveSessionsOf(ctx, user.id),
  ]);
  return {
    user,
    name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || null,
    isSuperAdmin: globalRoles.some((g) => isSuperAdminRole(g.role)),
    memberships: memberships.map((m) => ({
      tenant_id: m.tenant_id,
      tenant_name: m.tenant!.name,
      tenant_slug: m.tenant!.slug,
      role: m.role,
      status: m.status,
    })),
    sessions,
  };
}

/**
 * Ends one of the person's sessions at once: the model hooks invalidate the session cache, so its
 * tokens answer 401 on every process from the next request. Audited (`session.revoked`) in each of
 * their workspaces, where their admins see it.
 */
export async function revokeUserSession(
  ctx: ServiceContext,
  actor: PlatformActor,
  input: { userId: string; sessionId: string; reason: string | null },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const user = await existingUser({ ...ctx, transaction }, input.userId);
    const family = await lockUserSession(ctx, user.id, input.sessionId, transaction);
    if (!family || family.revoked_at || family.expires_at.getTime() <= ctx.clock.now().getTime())
      throw notFound(NO_SUCH_SESSION);
    await revokeFamily(ctx, family.id, 'revoked_by_platform', transaction);
    await auditInWorkspaces(
      ctx,
      { actor },
      user.id,
      {
        action: 'session.revoked',
        reason: input.reason,
        details: {
          session_id: family.id,
          user_email: user.email,
          started_at: family.created_at.toISOString(),
          impersonation: family.impersonator_user_id !== null,
        },
      },
      transaction,
    );
  });
}

export interface PasswordResetSent {
  emailSent: boolean;
  emailError: string | null;
  /** The link, only when no email goes out (no SMTP): the super admin shares it by hand, as with invitations. */
  resetUrl: string | null;
}

/** Emails the person a single-use reset link (the forgot-password one), audited as `password_reset.sent`. */
export async function sendPasswordResetLink(
  ctx: ServiceContext,
  actor: PlatformActor,
  userId: string,
): Promise<PasswordResetSent> {
  return inTransaction(ctx, async (transaction) => {
    const user = await existingUser({ ...ctx, transaction }, userId);
    const link = await emailPasswordResetLink(ctx, user, undefined, transaction);
    const emailError = emailDeliveryError(ctx.config);
    await auditInWorkspaces(
      ctx,
      { actor },
      user.id,
      { action: 'password_reset.sent', details: { user_email: user.email, email_sent: emailError === null } },
      transaction,
    );
    return { emailSent: emailError === null, emailError, resetUrl: emailError ? link : null };
  });
}
