import { DEFAULT_MEMBER_ROLE } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { Invitation, Membership, Tenant, type User } from '../db/models';
import { invitationEmail } from '../mail/templates';
import { randomToken, sha256 } from './crypto';
import { badRequest, conflict, forbidden, notFound } from './errors';
import { recordEvent } from './events';
import { sendEmail } from './mail';
import { roleLabelOf, roleTypesOf } from './tenants';

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

export async function createInvitation(
  ctx: Pick<AppContext, 'config' | 'queues' | 'logger'>,
  input: { tenant: Tenant; email: string; role: string; invitedBy: string | null },
  transaction: Transaction,
): Promise<CreatedInvitation> {
  const token = randomToken();
  const email = input.email.trim().toLowerCase();
  const invitation = await Invitation.create(
    {
      tenant_id: input.tenant.id,
      email,
      role: input.role,
      token_hash: sha256(token),
      invited_by: input.invitedBy,
      expires_at: new Date(Date.now() + INVITATION_TTL_MS),
    },
    { transaction },
  );
  const signupUrl = `${ctx.config.publicUrl}/signup?invite=${token}&member=true`;
  const roleTypes = await roleTypesOf(input.tenant.id, transaction);
  const rendered = await invitationEmail(
    { name: input.tenant.name, primaryColor: input.tenant.primary_color },
    signupUrl,
    roleLabelOf(input.role, roleTypes),
  );
  await sendEmail(ctx, { ...rendered, to: email, tenantId: input.tenant.id }, transaction);
  const emailError = ctx.config.smtpUrl
    ? null
    : 'Email delivery is not configured on this server (SMTP_URL is not set), so the message was only logged.';
  return { invitation, signupUrl, emailSent: emailError === null, emailError };
}

export async function findInvitationByToken(token: string, transaction?: Transaction): Promise<Invitation | null> {
  return Invitation.findOne({
    where: { token_hash: sha256(token) },
    allTenants: true,
    include: [{ model: Tenant, as: 'tenant', attributes: ['id', 'name', 'status'] }],
    transaction,
    lock: transaction ? { level: transaction.LOCK.UPDATE, of: Invitation } : undefined,
  });
}

export function invitationState(invitation: Invitation): 'accepted' | 'expired' | 'open' {
  if (invitation.accepted_at) return 'accepted';
  return invitation.expires_at.getTime() <= Date.now() ? 'expired' : 'open';
}

/** Turns an open invitation addressed to this user into a membership; works once. */
export async function acceptInvitation(user: User, token: string, transaction: Transaction): Promise<Membership> {
  const invitation = await findInvitationByToken(token, transaction);
  if (!invitation) throw notFound('This invitation link is not valid.');
  const state = invitationState(invitation);
  if (state === 'accepted') throw conflict('This invitation has already been used.', 'invitation_used');
  if (state === 'expired') throw badRequest('This invitation has expired. Ask for a new one.', 'invitation_expired');
  if (invitation.email !== user.email) {
    throw forbidden(`This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`, 'invitation_email_mismatch');
  }
  const existing = await Membership.findOne({ where: { tenant_id: invitation.tenant_id, user_id: user.id }, transaction });
  let membership: Membership;
  if (existing) {
    existing.role = invitation.role;
    existing.status = 'active';
    membership = await existing.save({ transaction });
  } else {
    membership = await Membership.create({ tenant_id: invitation.tenant_id, user_id: user.id, role: invitation.role, status: 'active' }, { transaction });
  }
  invitation.accepted_at = new Date();
  invitation.accepted_by = user.id;
  await invitation.save({ transaction });
  await recordEvent(invitation.tenant_id, 'member.joined', { member: { id: user.id, email: user.email, role: membership.role }, invitation_id: invitation.id }, transaction);
  return membership;
}
