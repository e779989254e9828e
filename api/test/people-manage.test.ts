import { randomBytes } from 'node:crypto';
import { sha256, type Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  addMember,
  makeSuperAdmin,
  makeTenant,
  makeWorkspace,
  signIn,
  type Person,
  UNUSABLE_PASSWORD_HASH,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ROLES_SENTENCE = 'Invalid role. Valid roles: admin, role1, role2, role3, owner';
const MANAGE_REFUSAL = 'Only workspace admins can manage users.';
const NOT_A_MEMBER = 'This user is not a member of this workspace.';

/** A member who never signs in (no password hashing). */
async function quickMember(tenant: Tenant, role = 'role2', status: 'active' | 'suspended' = 'active') {
  const user = await app.ctx.db.User.create({
    email: `q-${randomBytes(4).toString('hex')}@example.test`,
    password_hash: UNUSABLE_PASSWORD_HASH,
  });
  await app.ctx.db.Profile.create({ id: user.id, first_name: 'Quick', last_name: 'Member' });
  await app.ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role, status });
  return user;
}

/** An open invitation written straight to the database, as one left over from before the person joined; answers its token. */
async function leftoverInvitation(tenant: Tenant, email: string, role = 'admin') {
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

const accept = (as: Person, token: string) =>
  app.request('POST', '/public/invitations/accept', { token: as.token, body: { token } });
const revokedLink = async (token: string) =>
  (await app.request('GET', `/public/invitations/${token}`)).body.invitation.revoked;

async function roleOf(tenant: Tenant, userId: string) {
  return (await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: userId } }))?.role ?? null;
}

const patch = (as: Person | null, tenant: Tenant, userId: string, body: unknown) =>
  app.request('PATCH', `/users/${userId}`, { token: as?.token, tenantId: tenant.id, body });

describe('PATCH /api/users/:id', () => {
  it('changes the role, names and email, answers the list shape and audits the change', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await patch(admin, tenant, member.user.id, {
      role: 'role1',
      first_name: 'Maxine',
      last_name: 'Moore',
      email: 'Maxine@New.test',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: member.user.id,
      email: 'maxine@new.test',
      role: 'role1',
      role_label: 'Team Member',
      status: 'active',
      first_name: 'Maxine',
      last_name: 'Moore',
    });
    expect(Object.keys(res.body.user).sort()).toEqual([
      'created_at',
      'email',
      'first_name',
      'id',
      'last_name',
      'last_sign_in_at',
      'linkedin',
      'phone',
      'profile_lock',
      'role',
      'role_label',
      'status',
    ]);
    expect(res.body.user.profile_lock).toBeNull();
    expect(await roleOf(tenant, member.user.id)).toBe('role1');
    const audit = await app.ctx.db.AuditLog.findAll({ where: { tenant_id: tenant.id, action: 'member.updated' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.user.id, entity_id: member.user.id });
    expect(audit[0]!.details).toMatchObject({
      role: { from: 'role2', to: 'role1' },
      email: { from: member.user.email, to: 'maxine@new.test' },
    });
  });

  it('refuses a role that is not a key of this tenant, listing the valid keys', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await patch(admin, tenant, member.user.id, { role: 'superhero' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ROLES_SENTENCE);
    expect(await roleOf(tenant, member.user.id)).toBe('role2');
  });

  it('suspends a member, who can then no longer use the workspace, and reactivates them', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const suspended = await patch(admin, tenant, member.user.id, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.user.status).toBe('suspended');
    const refused = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('membership_suspended');

    const listed = await app.request('GET', '/users?status=suspended', { token: admin.token, tenantId: tenant.id });
    expect(listed.body.users.map((u: { id: string }) => u.id)).toEqual([member.user.id]);

    expect((await patch(admin, tenant, member.user.id, { status: 'active' })).body.user.status).toBe('active');
    expect((await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id })).status).toBe(200);
  });

  it('withdraws the pending invitation of a member it suspends, so accepting it cannot undo the suspension', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const leftover = await leftoverInvitation(tenant, member.user.email);
    expect((await patch(admin, tenant, member.user.id, { status: 'suspended' })).status).toBe(200);
    expect(await revokedLink(leftover)).toBe(true);
    const res = await accept(member, leftover);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invitation_revoked');
    expect(
      await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: member.user.id } }),
    ).toMatchObject({
      role: 'role2',
      status: 'suspended',
    });
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'invitation.revoked' } });
    expect(audit).toMatchObject({ actor_user_id: admin.user.id });
    expect(audit!.details).toMatchObject({ email: member.user.email, reason: 'member_suspended' });
  });

  it('refuses suspending yourself and leaving the workspace without an admin', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const self = await patch(admin, tenant, admin.user.id, { status: 'suspended' });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot suspend yourself.');
    const demote = await patch(admin, tenant, admin.user.id, { role: 'role2' });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe(
      'A workspace needs at least one active owner or admin. Make someone else an admin first.',
    );
    expect(await roleOf(tenant, admin.user.id)).toBe('admin');

    // With a second admin, the first may step down.
    await quickMember(tenant, 'owner');
    expect((await patch(admin, tenant, admin.user.id, { role: 'role1' })).status).toBe(200);
  });

  it('refuses an email already in use (409) and bad field values (400)', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const taken = await patch(admin, tenant, member.user.id, { email: admin.user.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('An account with this email already exists.');
    const cases: Array<[unknown, string]> = [
      [{ email: 'not-an-email' }, 'Enter a valid email address.'],
      [{ status: 'paused' }, 'Status must be one of active, suspended.'],
      [{ password: 'short' }, 'New password must be at least 8 characters.'],
      [{ first_name: 'x'.repeat(101) }, 'First name must be at most 100 characters.'],
      [{ role: '' }, 'Role is required.'],
      [{}, 'Nothing to change: send role, status, email, first_name, last_name or password.'],
    ];
    for (const [body, error] of cases) {
      const res = await patch(admin, tenant, member.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await app.ctx.db.User.findByPk(member.user.id))!.email).toBe(member.user.email);
  });

  it('sets a new password and signs that user out everywhere', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await patch(admin, tenant, member.user.id, { password: 'brand-new-pass-1' });
    expect(res.status).toBe(200);
    expect((await app.request('GET', '/auth/user', { token: member.token })).status).toBe(401);
    await expect(signIn(app, member.user.email, 'brand-new-pass-1')).resolves.toHaveProperty('token');
    await expect(signIn(app, member.user.email, DEFAULT_PASSWORD)).rejects.toThrow(/401/);
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'member.updated' } });
    expect(audit!.details).toEqual({ password: 'set' });
  });

  it("refuses to change a super admin's name or sign-in details", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const root = await quickMember(tenant, 'role1');
    await app.ctx.db.UserGlobalRole.create({ user_id: root.id, role: 'super_admin' });
    for (const body of [{ password: 'take-over-attempt' }, { first_name: 'Renamed' }]) {
      const res = await patch(admin, tenant, root.id, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: "Only platform super admins can change a super admin's name, email or password.",
        code: 'super_admin_target',
      });
    }
    expect((await app.ctx.db.Profile.findByPk(root.id))!.first_name).toBe('Quick');
  });

  it('refuses a tenant admin the name, email or password of an account shared with another workspace; its role and status stay theirs; a super admin may', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const elsewhere = await makeTenant(app.ctx);
    const shared = await quickMember(tenant, 'role2');
    await addMember(app.ctx, elsewhere, shared, 'admin');
    const sentence =
      'This person also belongs to another workspace, so only they or a platform super admin can change their name, email or password. You can still change their role or status, or send them a password reset link.';
    for (const body of [
      { password: 'take-over-attempt' },
      { email: 'attacker@evil.test' },
      { first_name: 'Renamed' },
      { last_name: null },
      { role: 'role1', last_name: 'Renamed' },
    ]) {
      const res = await patch(admin, tenant, shared.id, body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body).toEqual({ error: sentence, code: 'shared_account' });
    }
    const setByAdmin = await app.request('POST', '/admin-reset-password', {
      token: admin.token,
      tenantId: tenant.id,
      body: { user_id: shared.id, new_password: 'take-over-attempt' },
    });
    expect(setByAdmin.body.code).toBe('shared_account');
    const link = await app.request('POST', '/admin-reset-password', {
      token: admin.token,
      tenantId: tenant.id,
      body: { user_id: shared.id },
    });
    expect(link.body).toEqual({ ok: true, mode: 'link' });
    expect((await app.ctx.db.User.findByPk(shared.id))!.email).toBe(shared.email);
    expect(await app.ctx.db.Profile.findByPk(shared.id)).toMatchObject({ first_name: 'Quick', last_name: 'Member' });
    expect(await roleOf(tenant, shared.id)).toBe('role2');

    // Role and status are the workspace's; sending the names unchanged (as the edit form does) is not a change.
    const role = await patch(admin, tenant, shared.id, {
      role: 'role1',
      status: 'suspended',
      first_name: 'Quick',
      last_name: 'Member',
    });
    expect(role.status).toBe(200);
    expect(role.body.user).toMatchObject({ role: 'role1', status: 'suspended', profile_lock: 'shared_account' });

    const root = await makeSuperAdmin(app);
    const bySuper = await patch(root, tenant, shared.id, { email: 'shared-new@example.test', first_name: 'Sharon' });
    expect(bySuper.body.user).toMatchObject({
      email: 'shared-new@example.test',
      first_name: 'Sharon',
      profile_lock: null,
    });
  });

  it("answers 404 for someone outside the workspace and refuses other tenants' admins, members and strangers", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const outside = await patch(admin, tenant, other.member.user.id, { role: 'role1' });
    expect(outside.status).toBe(404);
    expect(outside.body.error).toBe(NOT_A_MEMBER);
    expect((await patch(admin, tenant, 'not-a-uuid', { role: 'role1' })).status).toBe(404);
    expect(await roleOf(other.tenant, other.member.user.id)).toBe('role2');

    const asOtherAdmin = await patch(other.admin, tenant, member.user.id, { role: 'role1' });
    expect(asOtherAdmin.status).toBe(403);
    const asMember = await patch(member, tenant, member.user.id, { role: 'admin' });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe(MANAGE_REFUSAL);
    expect((await patch(null, tenant, member.user.id, { role: 'role1' })).status).toBe(401);
    expect(await roleOf(tenant, member.user.id)).toBe('role2');
  });
});

describe('POST /api/users/bulk-role', () => {
  const bulk = (as: Person | null, tenant: Tenant, body: unknown) =>
    app.request('POST', '/users/bulk-role', { token: as?.token, tenantId: tenant.id, body });

  it('gives several members one role in one go, audited', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const a = await quickMember(tenant, 'role2');
    const b = await quickMember(tenant, 'role3');
    const res = await bulk(admin, tenant, { user_ids: [a.id, b.id, a.id], role: 'role1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect([await roleOf(tenant, a.id), await roleOf(tenant, b.id)]).toEqual(['role1', 'role1']);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'member.role_bulk_updated' } }),
    ).toBe(1);
  });

  it('changes nothing when one id is not a member of this workspace', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const a = await quickMember(tenant, 'role2');
    const res = await bulk(admin, tenant, { user_ids: [a.id, other.member.user.id], role: 'role3' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Some of these users are not members of this workspace. Nothing was changed.');
    expect(await roleOf(tenant, a.id)).toBe('role2');
    expect(await roleOf(other.tenant, other.member.user.id)).toBe('role2');
  });

  it('validates the body and refuses demoting the last admin', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const cases: Array<[unknown, string]> = [
      [{ user_ids: [], role: 'role1' }, 'Choose at least one user.'],
      [{ user_ids: 'all', role: 'role1' }, 'user_ids must be a list of user ids.'],
      [{ user_ids: ['nope'], role: 'role1' }, 'Each user id must be a user id (a UUID).'],
      [{ user_ids: [member.user.id] }, 'Role is required.'],
      [{ user_ids: [member.user.id], role: 'boss' }, ROLES_SENTENCE],
    ];
    for (const [body, error] of cases) {
      const res = await bulk(admin, tenant, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const demote = await bulk(admin, tenant, { user_ids: [admin.user.id, member.user.id], role: 'role3' });
    expect(demote.status).toBe(409);
    expect(await roleOf(tenant, member.user.id)).toBe('role2');
  });

  it("refuses members, other tenants' admins and strangers", async () => {
    const { tenant, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const body = { user_ids: [member.user.id], role: 'admin' };
    expect((await bulk(member, tenant, body)).body.error).toBe(MANAGE_REFUSAL);
    expect((await bulk(other.admin, tenant, body)).status).toBe(403);
    expect((await bulk(null, tenant, body)).status).toBe(401);
    expect(await roleOf(tenant, member.user.id)).toBe('role2');
  });
});

describe('DELETE /api/users/:id', () => {
  const remove = (as: Person | null, tenant: Tenant, userId: string, query = '') =>
    app.request('DELETE', `/users/${userId}${query}`, { token: as?.token, tenantId: tenant.id });

  it('removes a member who belongs nowhere else together with their account, audited', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await remove(admin, tenant, member.user.id, '?deleteFiles=true');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, account_deleted: true });
    expect(await app.ctx.db.User.findByPk(member.user.id)).toBeNull();
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'member.removed' } });
    expect(audit).toMatchObject({ actor_user_id: admin.user.id, entity_id: member.user.id });
    expect(audit!.details).toMatchObject({ delete_files: true, account_deleted: true });
  });

  it('keeps the account of someone who belongs to another workspace or is a super admin', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const elsewhere = await makeTenant(app.ctx);
    const shared = await quickMember(tenant, 'role2');
    await addMember(app.ctx, elsewhere, shared, 'role1');
    const root = await quickMember(tenant, 'role1');
    await app.ctx.db.UserGlobalRole.create({ user_id: root.id, role: 'super_admin' });

    expect((await remove(admin, tenant, shared.id)).body).toMatchObject({ ok: true, account_deleted: false });
    expect(await roleOf(tenant, shared.id)).toBeNull();
    expect(await roleOf(elsewhere, shared.id)).toBe('role1');
    expect((await remove(admin, tenant, root.id, '?deleteFiles=false')).body).toMatchObject({ account_deleted: false });
    expect(await app.ctx.db.User.findByPk(root.id)).not.toBeNull();
  });

  it('withdraws the pending invitation of the person it removes, so accepting it cannot bring them back', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    await addMember(app.ctx, await makeTenant(app.ctx), member.user, 'role2');
    const leftover = await leftoverInvitation(tenant, member.user.email);
    expect((await remove(admin, tenant, member.user.id)).body).toMatchObject({ ok: true, account_deleted: false });
    expect(await revokedLink(leftover)).toBe(true);
    const res = await accept(member, leftover);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invitation_revoked');
    expect(await roleOf(tenant, member.user.id)).toBeNull();
    expect((await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id })).status).toBe(403);
  });

  it("deletes the member's files in this workspace only when asked", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const elsewhere = await makeTenant(app.ctx);
    const keen = await quickMember(tenant, 'role2');
    const keeper = await quickMember(tenant, 'role2');
    await addMember(app.ctx, elsewhere, keen, 'role2');
    const fileFor = (t: Tenant, userId: string) =>
      app.ctx.db.FileRecord.create({
        tenant_id: t.id,
        title: 'cv',
        original_name: 'cv.pdf',
        content_type: 'application/pdf',
        kind: 'pdf',
        size_bytes: 3,
        storage_key: `${t.id}/${randomBytes(4).toString('hex')}/cv.pdf`,
        user_id: userId,
        uploaded_by: userId,
      });
    const mine = await fileFor(tenant, keen.id);
    const theirs = await fileFor(elsewhere, keen.id);
    const kept = await fileFor(tenant, keeper.id);

    expect((await remove(admin, tenant, keen.id, '?deleteFiles=true')).body).toMatchObject({
      ok: true,
      files_deleted: 1,
      account_deleted: false,
    });
    expect(await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: mine.id } })).toBeNull();
    expect(await app.ctx.db.FileRecord.findOne({ where: { tenant_id: elsewhere.id, id: theirs.id } })).not.toBeNull();

    expect((await remove(admin, tenant, keeper.id, '?deleteFiles=false')).body).toMatchObject({
      ok: true,
      files_deleted: null,
      account_deleted: true,
    });
    expect(await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: kept.id } })).not.toBeNull();
  });

  it('refuses deleting yourself, someone outside, and a bad deleteFiles flag', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const self = await remove(admin, tenant, admin.user.id);
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot delete yourself.');
    const outside = await remove(admin, tenant, other.member.user.id);
    expect(outside.status).toBe(404);
    expect(outside.body.error).toBe(NOT_A_MEMBER);
    expect(await roleOf(other.tenant, other.member.user.id)).toBe('role2');
    const flag = await remove(admin, tenant, member.user.id, '?deleteFiles=maybe');
    expect(flag.status).toBe(400);
    expect(flag.body.error).toBe('deleteFiles must be true or false.');
    expect(await roleOf(tenant, member.user.id)).toBe('role2');
  });

  it("refuses members, other tenants' admins and strangers", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    expect((await remove(member, tenant, admin.user.id)).body.error).toBe(MANAGE_REFUSAL);
    expect((await remove(other.admin, tenant, member.user.id)).status).toBe(403);
    expect((await remove(null, tenant, member.user.id)).status).toBe(401);
    expect(await roleOf(tenant, member.user.id)).toBe('role2');
  });
});

describe('POST /api/invite', () => {
  const invite = (as: Person | null, tenant: Tenant, body: unknown) =>
    app.request('POST', '/invite', { token: as?.token, tenantId: tenant.id, body });

  it('invites someone to this workspace and emails the Join the Team link', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await invite(admin, tenant, { email: 'New.Person@Invite.test', role: 'role1' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      invitation: {
        id: expect.any(String),
        email: 'new.person@invite.test',
        role: 'role1',
        expires_at: expect.any(String),
      },
      emailSent: false,
      emailError: expect.stringContaining('SMTP_URL'),
    });
    expect(res.body.signup_url).toMatch(new RegExp(`^${app.url}/signup\\?invite=[^&]+&member=true$`));
    const row = await app.ctx.db.Invitation.findOne({
      where: { tenant_id: tenant.id, email: 'new.person@invite.test' },
    });
    expect(row).toMatchObject({ role: 'role1', invited_by: admin.user.id });
    const mail = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: tenant.id, to_address: 'new.person@invite.test' },
    });
    expect(mail!.text_body).toContain(res.body.signup_url);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'invitation.created' } })).toBe(1);
  });

  it('refuses a current member (409), an unknown role and a bad email (400)', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const again = await invite(admin, tenant, { email: member.user.email, role: 'role2' });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('This person is already a member of this workspace.');
    const role = await invite(admin, tenant, { email: 'x@invite.test', role: 'member' });
    expect(role.status).toBe(400);
    expect(role.body.error).toBe(ROLES_SENTENCE);
    const email = await invite(admin, tenant, { email: 'nope', role: 'role2' });
    expect(email.body.error).toBe('Enter a valid email address.');
    expect((await invite(admin, tenant, { email: 'x@invite.test' })).body.error).toBe('Role is required.');
    expect(await app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('enforces the Starter client cap of 30, counting open client invitations, but not for team roles', async () => {
    const { tenant, admin } = await makeWorkspace(app, { tier: 'starter' });
    // The workspace already has one client (its member); 28 more members and one open invitation make 30.
    for (let i = 0; i < 28; i++) await quickMember(tenant, i % 2 === 0 ? 'role2' : 'jobseeker');
    await quickMember(tenant, 'role2', 'suspended');
    expect((await invite(admin, tenant, { email: 'thirtieth@cap.test', role: 'role2' })).status).toBe(201);

    const capped = await invite(admin, tenant, { email: 'one-too-many@cap.test', role: 'role2' });
    expect(capped.status).toBe(409);
    expect(capped.body).toEqual({
      error: 'Your Starter plan allows up to 30 clients. Upgrade your plan to invite more.',
      code: 'client_cap_reached',
    });
    expect(await app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id, email: 'one-too-many@cap.test' } })).toBe(
      0,
    );

    expect((await invite(admin, tenant, { email: 'staff@cap.test', role: 'role1' })).status).toBe(201);
    expect((await invite(admin, tenant, { email: 'guest@cap.test', role: 'role3' })).status).toBe(201);

    // A Pro workspace with as many clients may invite more.
    await tenant.update({ tier: 'pro' });
    expect((await invite(admin, tenant, { email: 'one-too-many@cap.test', role: 'role2' })).status).toBe(201);
  });

  it("refuses members, other tenants' admins and strangers", async () => {
    const { tenant, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const body = { email: 'x@invite.test', role: 'role2' };
    expect((await invite(member, tenant, body)).body.error).toBe(MANAGE_REFUSAL);
    expect((await invite(other.admin, tenant, body)).status).toBe(403);
    expect((await invite(null, tenant, body)).status).toBe(401);
    expect(await app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });
});

describe('POST /api/admin-reset-password', () => {
  const reset = (as: Person | null, tenant: Tenant, body: unknown) =>
    app.request('POST', '/admin-reset-password', { token: as?.token, tenantId: tenant.id, body });

  it('sets the password the admin typed and signs the member out', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await reset(admin, tenant, { user_id: member.user.id, new_password: 'typed-by-admin-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, mode: 'set' });
    expect((await app.request('GET', '/auth/user', { token: member.token })).status).toBe(401);
    await expect(signIn(app, member.user.email, 'typed-by-admin-1')).resolves.toHaveProperty('token');
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'member.password_set' } })).toBe(1);
  });

  it('without a password, emails a single-use reset link', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await reset(admin, tenant, { user_id: member.user.id });
    expect(res.body).toEqual({ ok: true, mode: 'link' });
    const mail = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: tenant.id, to_address: member.user.email, template: 'password-reset' },
    });
    expect(mail!.text_body).toContain(`${app.url}/reset-password?token=`);
    // The member's password is unchanged until they use the link.
    await expect(signIn(app, member.user.email)).resolves.toHaveProperty('token');
  });

  it('validates the body and refuses people outside the workspace', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    expect((await reset(admin, tenant, { user_id: 'x' })).body.error).toBe('user_id must be a user id (a UUID).');
    expect((await reset(admin, tenant, { user_id: member.user.id, new_password: 'short' })).body.error).toBe(
      'New password must be at least 8 characters.',
    );
    const outside = await reset(admin, tenant, { user_id: other.member.user.id, new_password: 'hijack-attempt-1' });
    expect(outside.status).toBe(404);
    await expect(signIn(app, other.member.user.email)).resolves.toHaveProperty('token');
  });

  it("refuses members, other tenants' admins and strangers", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const body = { user_id: admin.user.id, new_password: 'not-allowed-1' };
    expect((await reset(member, tenant, body)).body.error).toBe(MANAGE_REFUSAL);
    expect((await reset(other.admin, tenant, body)).status).toBe(403);
    expect((await reset(null, tenant, body)).status).toBe(401);
    await expect(signIn(app, admin.user.email)).resolves.toHaveProperty('token');
  });
});

describe('changes that add clients stay within the plan’s client cap', () => {
  const overCap = (total: number) =>
    `This change would make ${total} clients (members and open invitations), but your Starter plan allows up to 30. Upgrade your plan or remove clients first.`;

  /** A Starter workspace with 30 clients: 28 quick members, its member and one open invitation to a client role. */
  async function fullStarter() {
    const ws = await makeWorkspace(app, { tier: 'starter' });
    for (let i = 0; i < 28; i++) await quickMember(ws.tenant, 'role2');
    const invited = await app.request('POST', '/invite', {
      token: ws.admin.token,
      tenantId: ws.tenant.id,
      body: { email: `open-${randomBytes(3).toString('hex')}@cap.test`, role: 'role2' },
    });
    expect(invited.status).toBe(201);
    return ws;
  }

  it('refuses giving a member a client role, one by one or in bulk, counting open invitations', async () => {
    const { tenant, admin } = await fullStarter();
    const guest = await quickMember(tenant, 'role3');
    const other = await quickMember(tenant, 'role3');
    const one = await patch(admin, tenant, guest.id, { role: 'role2' });
    expect(one.status).toBe(409);
    expect(one.body).toEqual({ error: overCap(31), code: 'client_cap_reached' });
    const bulk = await app.request('POST', '/users/bulk-role', {
      token: admin.token,
      tenantId: tenant.id,
      body: { user_ids: [guest.id, other.id], role: 'role2' },
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body).toEqual({ error: overCap(32), code: 'client_cap_reached' });
    expect([await roleOf(tenant, guest.id), await roleOf(tenant, other.id)]).toEqual(['role3', 'role3']);
    // A role that is not a client's adds nobody.
    expect((await patch(admin, tenant, guest.id, { role: 'role1' })).status).toBe(200);
  });

  it('refuses reactivating a suspended client, until a place is free', async () => {
    const { tenant, admin, member } = await fullStarter();
    const paused = await quickMember(tenant, 'role2', 'suspended');
    const res = await patch(admin, tenant, paused.id, { status: 'active' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: overCap(31), code: 'client_cap_reached' });
    expect(await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: paused.id } })).toMatchObject({
      status: 'suspended',
    });

    expect((await patch(admin, tenant, member.user.id, { role: 'role3' })).status).toBe(200);
    expect((await patch(admin, tenant, paused.id, { status: 'active' })).status).toBe(200);
  });

  it('lets a workspace already over its cap make changes that add no client', async () => {
    const { tenant, admin } = await fullStarter();
    // Over the cap, as after a downgrade.
    await quickMember(tenant, 'role2');
    const guest = await quickMember(tenant, 'role3');
    expect((await patch(admin, tenant, guest.id, { role: 'role1' })).status).toBe(200);
    expect((await patch(admin, tenant, guest.id, { role: 'role2' })).body).toEqual({
      error: overCap(32),
      code: 'client_cap_reached',
    });
    // A suspended member is not counted, so giving them a client role adds nobody until they are reactivated.
    expect((await patch(admin, tenant, guest.id, { role: 'role2', status: 'suspended' })).status).toBe(200);
  });
});
