import { randomBytes } from 'node:crypto';
import { sha256, type Tenant } from '@portico/core';
import { type Person, UNUSABLE_PASSWORD_HASH } from '../../testing/factories';
import type { TestApp } from '../../testing/harness';

/* What the tests of managing people (people-manage, people-remove-invite) share. */

export const ROLES_SENTENCE = 'Invalid role. Valid roles: admin, role1, role2, role3, owner';
export const MANAGE_REFUSAL = 'Only workspace admins can manage users.';
export const NOT_A_MEMBER = 'This user is not a member of this workspace.';

/** A member who never signs in (no password hashing). */
export async function quickMember(
  app: TestApp,
  tenant: Tenant,
  role = 'role2',
  status: 'active' | 'suspended' = 'active',
) {
  const user = await app.ctx.db.User.create({
    email: `q-${randomBytes(4).toString('hex')}@example.test`,
    password_hash: UNUSABLE_PASSWORD_HASH,
  });
  await app.ctx.db.Profile.create({ id: user.id, first_name: 'Quick', last_name: 'Member' });
  await app.ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role, status });
  return user;
}

/** An open invitation written straight to the database, as one left over from before the person joined; answers its token. */
export async function leftoverInvitation(app: TestApp, tenant: Tenant, email: string, role = 'admin') {
  const token = randomBytes(32).toString('base64url');
  await app.ctx.db.Invitation.create({
    tenant_id: tenant.id,
    email,
    role,
    token_hash: sha256(token),
    invited_by: null,
    expires_at: new Date(Date.now() + 86_400_000),
  });
  return token;
}

export const accept = (app: TestApp, as: Person, token: string) =>
  app.request('POST', '/public/invitations/accept', { token: as.token, body: { token } });
export const revokedLink = async (app: TestApp, token: string) =>
  (await app.request('GET', `/public/invitations/${token}`)).body.invitation.revoked;

export async function roleOf(app: TestApp, tenant: Tenant, userId: string) {
  return (await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: userId } }))?.role ?? null;
}

export const patchUser = (app: TestApp, as: Person | null, tenant: Tenant, userId: string, body: unknown) =>
  app.request('PATCH', `/users/${userId}`, { token: as?.token, tenantId: tenant.id, body });
