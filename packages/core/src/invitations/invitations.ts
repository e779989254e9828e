import { CLIENT_MAIL_HELD, DEFAULT_MEMBER_ROLE, HOME_BY_KIND, roleKindOf, TENANT_ADMIN_ROLES } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction, type ScopeActor, type ServiceContext, type TenantScope } from '../scope';
import type { Invitation, Membership, Tenant, User } from '../db/models';
import { invitationEmail, memberWelcomeEmail } from '../mail/templates';
import { audit, type AuditScope } from '../kernel/audit';
import { randomToken, sha256 } from '../kernel/crypto';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { recordEvent } from '../kernel/events';
import { notify } from '../inbox';
import { emailDeliveryError, sendEmail } from '../integrations';
import { findTenant, roleLabelOf, roleTypesOf, tenantOrigin } from '../tenancy';
import {
  findInvitation,
  findInvitationByTokenHash,
  findMembership,
  findPersonNames,
  insertInvitation,
  insertMembership,
  listOpenInvitations,
  revokeLiveInvitations,
} from './invitations-data';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface CreatedInvitation {
  invitation: Invitation;
  signupUrl: string;
  emailSent: boolean;
  emailError: string | null;
}

/** Maps the generic roles of the super admin's dialog onto the tenant's role keys. */
export function invitationRoleKey(role: 'owner' | 'admin' | 'member' | string): string {
  return role === 'member' ? DEFAULT_MEMBER_ROLE : role;
}

/** Why an invitation stopped working before it was used; kept in the audit row. */
export type RevocationReason = 'revoked' | 'replaced' | 'member_suspended' | 'member_removed';

/**
 * Revokes the live invitation of an address in a tenant (expired ones too, so the unique index
 * admits the next one), audited. Answers the revoked ids.
 */
export async function revokeInvitationsTo(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  input: { tenantId: string; email: string; reason: RevocationReason; actor: ScopeActor },
  transaction: Transaction,
): Promise<string[]> {
  const revoked = await revokeLiveInvitations(
    ctx,
    input.tenantId,
    { email: input.email.trim().toLowerCase(), revokedAt: ctx.clock.now(), revokedBy: input.actor.userId },
    transaction,
  );
  for (const invitation of revoked) {
    await audit(
      ctx,
      { tenantId: input.tenantId, actor: input.actor },
      {
        action: 'invitation.revoked',
        entity: { type: 'invitation', id: invitation.id },
        details: {
          email: invitation.email,
          role: invitation.role,
          reason: input.reason,
          ...(input.actor.apiKeyId ? { api_key_id: input.actor.apiKeyId } : {}),
        },
      },
      transaction,
    );
  }
  return revoked.map((i) => i.id);
}

/**
 * Creates an invitation, replacing the address' earlier one in this tenant (its link stops
 * working), and queues its email; audited. Callers check the role, membership and client cap.
 */
export async function createInvitation(
  ctx: Pick<AppContext, 'db' | 'config' | 'queues' | 'logger' | 'clock'>,
  input: { tenant: Tenant; email: string; role: string; actor: ScopeActor },
  transaction: Transaction,
): Promise<CreatedInvitation> {
  const { tenant, role, actor } = input;
  const email = input.email.trim().toLowerCase();
  const replaced = await revokeInvitationsTo(
    ctx,
    { tenantId: tenant.id, email, reason: 'replaced', actor },
    transaction,
  );
  const token = randomToken();
  const invitation = await insertInvitation(
    ctx,
    tenant.id,
    {
      email,
      role,
      tokenHash: sha256(token),
      invitedBy: actor.userId,
      expiresAt: new Date(ctx.clock.now().getTime() + INVITATION_TTL_MS),
    },
    transaction,
  );
  await audit(
    ctx,
    { tenantId: tenant.id, actor },
    {
      action: 'invitation.created',
      entity: { type: 'invitation', id: invitation.id },
      details: {
        email,
        role,
        ...(replaced.length > 0 ? { replaces: replaced } : {}),
        ...(actor.apiKeyId ? { api_key_id: actor.apiKeyId } : {}),
      },
    },
    transaction,
  );
  const signupUrl = `${tenantOrigin(ctx.config, tenant)}/signup?invite=${token}&member=true`;
  const roleTypes = await roleTypesOf(ctx, tenant.id, transaction);
  const rendered = await invitationEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    signupUrl,
    roleLabelOf(role, roleTypes),
  );
  const mail = await sendEmail(
    ctx,
    { ...rendered, to: email, tenantId: tenant.id, recipientKind: roleKindOf(role, roleTypes) },
    transaction,
  );
  const emailError = mail.status === 'held' ? CLIENT_MAIL_HELD : emailDeliveryError(ctx.config);
  return { invitation, signupUrl, emailSent: emailError === null, emailError };
}

export async function findInvitationByToken(
  ctx: Pick<ServiceContext, 'db'>,
  token: string,
  transaction?: Transaction,
): Promise<Invitation | null> {
  return findInvitationByTokenHash(ctx, sha256(token), transaction);
}

export type InvitationState = 'accepted' | 'revoked' | 'expired' | 'open';

export function invitationState(invitation: Invitation, now: Date): InvitationState {
  if (invitation.accepted_at) return 'accepted';
  if (invitation.revoked_at) return 'revoked';
  return invitation.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';
}

/**
 * Whether `token` is an open invitation to `email`. Invitations are not self-serve signup: the
 * address a workspace invited may create its account even where signup is closed (issue 25).
 */
export async function isOpenInvitationTo(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string | undefined,
  email: string,
): Promise<boolean> {
  if (!token) return false;
  const invitation = await findInvitationByToken(ctx, token);
  return (
    invitation !== null &&
    invitationState(invitation, ctx.clock.now()) === 'open' &&
    invitation.email === email.trim().toLowerCase()
  );
}

/**
 * Turns an open invitation addressed to this user into a membership; works once. It never changes
 * an existing membership: a suspended member stays suspended (refused), and an active member keeps
 * the role their admins gave them (the invitation is used up, nothing else changes). The audit row
 * names the session's actor as it is, so an impersonating super admin is named beside the user.
 */
export async function acceptInvitation(
  ctx: Pick<AppContext, 'db' | 'sequelize' | 'queues' | 'config' | 'logger' | 'clock' | 'live'>,
  input: { user: User; token: string; actor: AuditScope['actor'] },
): Promise<Membership> {
  const { user } = input;
  return inTransaction(ctx, async (transaction) => {
    const invitation = await findInvitationByToken(ctx, input.token, transaction);
    if (!invitation) throw notFound('This invitation link is not valid.');
    const now = ctx.clock.now();
    const state = invitationState(invitation, now);
    if (state === 'accepted') throw conflict('This invitation has already been used.', 'invitation_used');
    if (state === 'revoked')
      throw badRequest(
        'This invitation was withdrawn. Use the link in the newest invitation you received, or ask for a new one.',
        'invitation_revoked',
      );
    if (state === 'expired') throw badRequest('This invitation has expired. Ask for a new one.', 'invitation_expired');
    if (invitation.email !== user.email) {
      throw forbidden(
        `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`,
        'invitation_email_mismatch',
      );
    }
    const tenantId = invitation.tenant_id;
    const existing = await findMembership(ctx, tenantId, user.id, transaction);
    if (existing?.status === 'suspended') {
      throw forbidden(
        `Your membership of ${invitation.tenant?.name ?? 'this workspace'} is suspended, and an invitation cannot lift that. Ask a workspace admin to reactivate you.`,
        'membership_suspended',
      );
    }
    const membership =
      existing ?? (await insertMembership(ctx, tenantId, { userId: user.id, role: invitation.role }, transaction));
    invitation.accepted_at = now;
    invitation.accepted_by = user.id;
    await invitation.save({ transaction });
    await audit(
      ctx,
      { tenantId, actor: input.actor },
      {
        action: 'invitation.accepted',
        entity: { type: 'membership', id: membership.id },
        details: {
          role: membership.role,
          invitation_id: invitation.id,
          ...(existing ? { already_member: true, invited_role: invitation.role } : {}),
        },
      },
      transaction,
    );
    if (!existing) {
      await recordEvent(
        ctx,
        tenantId,
        'member.joined',
        { member: { id: user.id, email: user.email, role: membership.role }, invitation_id: invitation.id },
        transaction,
      );
      await notify(
        ctx,
        tenantId,
        {
          kind: 'member.joined',
          userIds: [],
          roles: TENANT_ADMIN_ROLES,
          actorId: user.id,
          title: `${user.email} accepted their invitation and joined`,
          body: null,
          path: `/crm/users?query=${encodeURIComponent(user.email)}`,
          entity: { type: 'user', id: user.id },
        },
        transaction,
      );
      await queueWelcomeEmail(ctx, { membership, email: user.email, invitedBy: invitation.invited_by }, transaction);
    }
    return membership;
  });
}

/**
 * The welcome of a person who just joined by invitation (the spec's send-welcome-email: their
 * address, first name and id), queued in the outbox in the join's transaction, so a join that rolls
 * back sends none. Sent once per membership: someone removed and invited again is welcomed again.
 */
async function queueWelcomeEmail(
  ctx: Pick<AppContext, 'db' | 'config' | 'queues' | 'logger'>,
  input: { membership: Membership; email: string; invitedBy: string | null },
  transaction: Transaction,
): Promise<void> {
  const { membership } = input;
  const tenant = await findTenant(ctx, membership.tenant_id, transaction);
  if (!tenant) return;
  const [person, inviter, roleTypes] = await Promise.all([
    findPersonNames(ctx, membership.user_id, transaction),
    input.invitedBy ? findPersonNames(ctx, input.invitedBy, transaction) : null,
    roleTypesOf(ctx, tenant.id, transaction),
  ]);
  const origin = tenantOrigin(ctx.config, tenant);
  const kind = roleKindOf(membership.role, roleTypes);
  const rendered = await memberWelcomeEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    {
      firstName: person?.firstName ?? null,
      inviter: inviter?.fullName ?? null,
      portalUrl: `${origin}${HOME_BY_KIND[kind]}?tenant_id=${tenant.id}`,
      origin,
    },
  );
  await sendEmail(ctx, { ...rendered, to: input.email, tenantId: tenant.id, recipientKind: kind }, transaction);
}

/** A workspace's pending invitations, newest first, with who sent each. */
export async function listPendingInvitations(ctx: ServiceContext, scope: TenantScope): Promise<Invitation[]> {
  return listOpenInvitations(ctx, scope.tenantId, ctx.clock.now(), ctx.transaction);
}

export const NO_SUCH_INVITATION = 'This invitation does not exist in this workspace.';

const NOT_PENDING: Record<Exclude<InvitationState, 'open'>, string> = {
  accepted: 'This invitation has already been accepted.',
  revoked: 'This invitation has already been revoked.',
  expired: 'This invitation has expired. Invite the person again.',
};

/** A pending invitation of this tenant by id (a UUID): 404 for another tenant's, 409 once it is no longer pending. */
export async function pendingInvitation(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Invitation> {
  const invitation = await findInvitation(ctx, tenantId, id, transaction);
  if (!invitation) throw notFound(NO_SUCH_INVITATION);
  const state = invitationState(invitation, ctx.clock.now());
  if (state !== 'open') throw conflict(NOT_PENDING[state], 'invitation_not_pending');
  return invitation;
}

/** An admin withdraws a pending invitation: its link stops working at once. */
export async function revokeInvitation(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const invitation = await pendingInvitation(ctx, scope.tenantId, input.id, transaction);
    await revokeInvitationsTo(
      ctx,
      { tenantId: scope.tenantId, email: invitation.email, reason: 'revoked', actor: scope.actor },
      transaction,
    );
  });
}
