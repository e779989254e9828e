import { randomBytes } from 'node:crypto';
import { acceptInvitation, sha256, type Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeTenant, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const NOT_VALID = 'This invitation link is not valid.';
const TOKEN_REQUIRED = 'The invitation token is required.';

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

const hex = () => randomBytes(4).toString('hex');

/** Invites `email` through the platform endpoint, as the super admin does; answers the link's token. */
async function invite(body: Record<string, unknown>): Promise<{ token: string; tenantId: string }> {
  const res = await app.request('POST', '/super/invitations', { token: root.token, body });
  if (res.status !== 201) throw new Error(`invitation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: new URL(res.body.signup_url).searchParams.get('invite')!, tenantId: res.body.tenant_id };
}

/**
 * An open invitation written straight to the database, as one left over from before the person
 * joined (the API no longer invites a member): answers its link's token.
 */
async function leftoverInvitation(tenant: Tenant, email: string, role: string): Promise<string> {
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

/** A tenant, a signed-in user and an open invitation for them with the generic `role`. */
async function invitedUser(role: 'owner' | 'admin' | 'member' = 'member') {
  const tenant = await makeTenant(app.ctx);
  const user = await makeUser(app.ctx);
  const { token } = await invite({ email: user.email, role, tenant_id: tenant.id });
  return { tenant, user, invitation: token, session: (await signIn(app, user.email)).token };
}

describe('GET /api/public/invitations/:token', () => {
  it('shows the email, workspace name, role and expiry without a session', async () => {
    const tenant = await makeTenant(app.ctx, { name: 'Harbour Legal' });
    const email = `guest-${hex()}@example.test`;
    const { token } = await invite({ email, role: 'member', tenant_id: tenant.id });
    const res = await app.request('GET', `/public/invitations/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.invitation).toMatchObject({
      email,
      role: 'role2',
      tenant_id: tenant.id,
      tenant_name: 'Harbour Legal',
      accepted: false,
    });
    const expiresIn = new Date(res.body.invitation.expires_at).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(expiresIn).toBeLessThanOrEqual(7 * 86_400_000);
    expect(JSON.stringify(res.body)).not.toContain('token_hash');
  });

  it('shows accepted: true once the invitation has been used', async () => {
    const { invitation, session } = await invitedUser();
    expect(
      (await app.request('POST', '/public/invitations/accept', { token: session, body: { token: invitation } })).status,
    ).toBe(200);
    const res = await app.request('GET', `/public/invitations/${invitation}`);
    expect(res.status).toBe(200);
    expect(res.body.invitation.accepted).toBe(true);
  });

  it('shows revoked: true once a newer invitation to the same address replaced it', async () => {
    const tenant = await makeTenant(app.ctx);
    const email = `twice-${hex()}@example.test`;
    const { token: first } = await invite({ email, role: 'member', tenant_id: tenant.id });
    const { token: second } = await invite({ email, role: 'admin', tenant_id: tenant.id });
    expect((await app.request('GET', `/public/invitations/${first}`)).body.invitation).toMatchObject({
      accepted: false,
      expired: false,
      revoked: true,
    });
    expect((await app.request('GET', `/public/invitations/${second}`)).body.invitation).toMatchObject({
      role: 'admin',
      accepted: false,
      expired: false,
      revoked: false,
    });
  });

  it('answers 404 for an unknown token', async () => {
    const res = await app.request('GET', `/public/invitations/${randomBytes(32).toString('base64url')}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: NOT_VALID });
  });
});

describe('POST /api/public/invitations/accept', () => {
  it('needs a session, and leaves the invitation open', async () => {
    const tenant = await makeTenant(app.ctx);
    const { token: invitation } = await invite({
      email: `anon-${hex()}@example.test`,
      role: 'member',
      tenant_id: tenant.id,
    });
    const res = await app.request('POST', '/public/invitations/accept', { body: { token: invitation } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
    expect((await app.request('GET', `/public/invitations/${invitation}`)).body.invitation.accepted).toBe(false);
  });

  describe('without a usable token', () => {
    // These cases are all refused, so they share one signed-in user (created on first use).
    let shared: Promise<{ id: string; token: string }> | undefined;
    const person = () =>
      (shared ??= makeUser(app.ctx).then(async (user) => ({
        id: user.id,
        token: (await signIn(app, user.email)).token,
      })));

    it.each([
      [{}, TOKEN_REQUIRED],
      [{ token: '' }, TOKEN_REQUIRED],
      [{ token: null }, TOKEN_REQUIRED],
      [{ token: 12345 }, TOKEN_REQUIRED],
      [{ token: 'x'.repeat(201) }, 'The invitation token is not valid.'],
    ])('answers 400 for %j', async (body, message) => {
      const { id, token } = await person();
      const res = await app.request('POST', '/public/invitations/accept', { token, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: 'invalid_input' });
      expect(await app.ctx.db.Membership.count({ where: { user_id: id }, allTenants: true })).toBe(0);
    });

    it('answers 404 for an unknown token', async () => {
      const { id, token } = await person();
      const res = await app.request('POST', '/public/invitations/accept', {
        token,
        body: { token: randomBytes(32).toString('base64url') },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: NOT_VALID });
      expect(await app.ctx.db.Membership.count({ where: { user_id: id }, allTenants: true })).toBe(0);
    });
  });

  it('refuses someone signed in with another email with 403, creates no membership, and leaves the invitation for its owner', async () => {
    const { tenant, user, invitation, session } = await invitedUser();
    const intruder = await makeUser(app.ctx);
    const { token } = await signIn(app, intruder.email);
    const res = await app.request('POST', '/public/invitations/accept', { token, body: { token: invitation } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: `This invitation was sent to ${user.email}. Sign in with that address to accept it.`,
      code: 'invitation_email_mismatch',
    });
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id } })).toBe(0);
    expect((await app.request('GET', '/tenant-config', { token, tenantId: tenant.id })).status).toBe(403);

    const rightful = await app.request('POST', '/public/invitations/accept', {
      token: session,
      body: { token: invitation },
    });
    expect(rightful.status).toBe(200);
  });

  it('makes the invitee an active member, visible in their session, who can then open the workspace', async () => {
    const tenant = await makeTenant(app.ctx, { name: 'Summit Advisory' });
    const user = await makeUser(app.ctx, { email: `mixed.case-${hex()}@example.test` });
    // Invited with the address in another case: still the same person.
    const { token: invitation } = await invite({
      email: user.email.toUpperCase(),
      role: 'member',
      tenant_id: tenant.id,
    });
    const { token } = await signIn(app, user.email);
    expect((await app.request('GET', '/tenant-config', { token, tenantId: tenant.id })).status).toBe(403);

    const res = await app.request('POST', '/public/invitations/accept', { token, body: { token: invitation } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ membership: { tenant_id: tenant.id, role: 'role2', status: 'active' } });

    const me = await app.request('GET', '/auth/user', { token });
    expect(me.body.memberships).toEqual([
      expect.objectContaining({
        tenant_id: tenant.id,
        tenant_name: 'Summit Advisory',
        tenant_slug: tenant.slug,
        role: 'role2',
        role_label: 'Client',
        role_kind: 'client',
        status: 'active',
      }),
    ]);
    const config = await app.request('GET', '/tenant-config', { token, tenantId: tenant.id });
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ id: tenant.id, name: 'Summit Advisory' });

    const stored = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id } });
    expect(stored?.accepted_by).toBe(user.id);
    expect(stored?.accepted_at).toBeInstanceOf(Date);
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'invitation.accepted' } });
    expect(audit).toMatchObject({ actor_user_id: user.id, entity_type: 'membership' });
  });

  it('names the impersonating super admin beside the invitee in the audit row when an impersonation accepts', async () => {
    const { tenant, user, invitation } = await invitedUser();
    const started = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: user.id, reason: 'Support request' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);

    const res = await app.request('POST', '/public/invitations/accept', {
      token: started.body.session.access_token,
      body: { token: invitation },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'invitation.accepted' } });
    expect(audit).toMatchObject({
      actor_user_id: user.id,
      ip: '127.0.0.1',
      details: { impersonator_user_id: root.user.id },
    });
  });

  it('refuses to use an invitation twice with 409', async () => {
    const { tenant, user, invitation, session } = await invitedUser();
    expect(
      (await app.request('POST', '/public/invitations/accept', { token: session, body: { token: invitation } })).status,
    ).toBe(200);
    const again = await app.request('POST', '/public/invitations/accept', {
      token: session,
      body: { token: invitation },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This invitation has already been used.', code: 'invitation_used' });
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id, user_id: user.id } })).toBe(1);
  });

  it('accepts an invitation once when it is accepted twice at the same moment', async () => {
    const { tenant, invitation, session } = await invitedUser();
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        app.request('POST', '/public/invitations/accept', { token: session, body: { token: invitation } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id } })).toBe(1);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'invitation.accepted' } })).toBe(1);
  });

  it('reads the time from the context: past its expiry by the clock, the invitation is refused', async () => {
    const { tenant, user, invitation } = await invitedUser();
    const stored = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id, email: user.email } });
    const later = { ...app.ctx, clock: { now: () => new Date(stored!.expires_at.getTime() + 1000) } };
    const actor = { userId: user.id };
    await expect(acceptInvitation(later, { user, token: invitation, actor })).rejects.toThrow(
      'This invitation has expired. Ask for a new one.',
    );
    const membership = await acceptInvitation(app.ctx, { user, token: invitation, actor });
    expect(membership.tenant_id).toBe(tenant.id);
  });

  it('refuses an expired invitation with 400 and creates no membership', async () => {
    const { tenant, user, invitation, session } = await invitedUser();
    const stored = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id, email: user.email } });
    await app.ctx.db.Invitation.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { id: stored!.id, tenant_id: tenant.id } },
    );
    const res = await app.request('POST', '/public/invitations/accept', {
      token: session,
      body: { token: invitation },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'This invitation has expired. Ask for a new one.', code: 'invitation_expired' });
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id } })).toBe(0);
    expect((await app.request('GET', `/public/invitations/${invitation}`)).body.invitation).toMatchObject({
      accepted: false,
    });
  });

  it('makes the invitee of a new tenant its owner, with the admin dashboard open to them', async () => {
    const user = await makeUser(app.ctx);
    const { token: invitation, tenantId } = await invite({
      tenant: { name: `Owner Flow ${hex()}`, tier: 'pro' },
      admin: { email: user.email },
    });
    const { token } = await signIn(app, user.email);
    expect((await app.request('GET', '/dashboard/admin-stats', { token, tenantId })).status).toBe(403);

    const res = await app.request('POST', '/public/invitations/accept', { token, body: { token: invitation } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ membership: { tenant_id: tenantId, role: 'owner', status: 'active' } });
    const me = await app.request('GET', '/auth/user', { token });
    expect(me.body.memberships).toEqual([
      expect.objectContaining({
        tenant_id: tenantId,
        role: 'owner',
        role_label: 'Owner',
        role_kind: 'admin',
        status: 'active',
      }),
    ]);
    const stats = await app.request('GET', '/dashboard/admin-stats', { token, tenantId });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total_clients: 0, active_clients: 0, files_uploaded: 0, forms_total: 0 });
    expect(
      (await app.request('PATCH', '/tenant-config', { token, tenantId, body: { name: 'Owned And Renamed' } })).status,
    ).toBe(200);
  });

  it('an admin invitation gives the admin role', async () => {
    const { tenant, session, invitation } = await invitedUser('admin');
    const res = await app.request('POST', '/public/invitations/accept', {
      token: session,
      body: { token: invitation },
    });
    expect(res.body).toEqual({ membership: { tenant_id: tenant.id, role: 'admin', status: 'active' } });
    expect((await app.request('GET', '/users/recent', { token: session, tenantId: tenant.id })).status).toBe(200);
  });

  it('refuses a replaced invitation with 400; the newest one works', async () => {
    const { tenant, user, invitation: first, session } = await invitedUser();
    const { token: second } = await invite({ email: user.email, role: 'admin', tenant_id: tenant.id });
    const res = await app.request('POST', '/public/invitations/accept', { token: session, body: { token: first } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'This invitation was withdrawn. Use the link in the newest invitation you received, or ask for a new one.',
      code: 'invitation_revoked',
    });
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id } })).toBe(0);
    const newest = await app.request('POST', '/public/invitations/accept', { token: session, body: { token: second } });
    expect(newest.body).toEqual({ membership: { tenant_id: tenant.id, role: 'admin', status: 'active' } });
  });

  it('never lifts a suspension: a suspended member is refused with 403 and nothing changes', async () => {
    const tenant = await makeTenant(app.ctx, { name: 'Paused Partners' });
    const user = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, user, 'role2', 'suspended');
    const invitation = await leftoverInvitation(tenant, user.email, 'admin');
    const { token } = await signIn(app, user.email);
    const res = await app.request('POST', '/public/invitations/accept', { token, body: { token: invitation } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error:
        'Your membership of Paused Partners is suspended, and an invitation cannot lift that. Ask a workspace admin to reactivate you.',
      code: 'membership_suspended',
    });
    expect(await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: user.id } })).toMatchObject({
      role: 'role2',
      status: 'suspended',
    });
    expect((await app.request('GET', '/tenant-config', { token, tenantId: tenant.id })).status).toBe(403);
    expect((await app.request('GET', `/public/invitations/${invitation}`)).body.invitation).toMatchObject({
      accepted: false,
    });
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'invitation.accepted' } })).toBe(0);
  });

  it('keeps the role of someone who is already an active member; the invitation is used up', async () => {
    const tenant = await makeTenant(app.ctx);
    const user = await makeUser(app.ctx);
    const membership = await addMember(app.ctx, tenant, user, 'role3');
    const invitation = await leftoverInvitation(tenant, user.email, 'admin');
    const { token } = await signIn(app, user.email);
    const res = await app.request('POST', '/public/invitations/accept', { token, body: { token: invitation } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ membership: { tenant_id: tenant.id, role: 'role3', status: 'active' } });
    expect(await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: user.id } })).toMatchObject({
      id: membership.id,
      role: 'role3',
      status: 'active',
    });
    expect((await app.request('GET', `/public/invitations/${invitation}`)).body.invitation).toMatchObject({
      accepted: true,
    });
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'invitation.accepted' } });
    expect(audit!.details).toMatchObject({ role: 'role3', already_member: true, invited_role: 'admin' });
  });
});
