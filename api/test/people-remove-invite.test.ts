import { randomBytes } from 'node:crypto';
import type { Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeTenant, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  MANAGE_REFUSAL,
  NOT_A_MEMBER,
  ROLES_SENTENCE,
  accept,
  leftoverInvitation,
  quickMember,
  revokedLink,
  roleOf,
} from './people-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
    const shared = await quickMember(app, tenant, 'role2');
    await addMember(app.ctx, elsewhere, shared, 'role1');
    const root = await quickMember(app, tenant, 'role1');
    await app.ctx.db.UserGlobalRole.create({ user_id: root.id, role: 'super_admin' });

    expect((await remove(admin, tenant, shared.id)).body).toMatchObject({ ok: true, account_deleted: false });
    expect(await roleOf(app, tenant, shared.id)).toBeNull();
    expect(await roleOf(app, elsewhere, shared.id)).toBe('role1');
    expect((await remove(admin, tenant, root.id, '?deleteFiles=false')).body).toMatchObject({ account_deleted: false });
    expect(await app.ctx.db.User.findByPk(root.id)).not.toBeNull();
  });

  it('withdraws the pending invitation of the person it removes, so accepting it cannot bring them back', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    await addMember(app.ctx, await makeTenant(app.ctx), member.user, 'role2');
    const leftover = await leftoverInvitation(app, tenant, member.user.email);
    expect((await remove(admin, tenant, member.user.id)).body).toMatchObject({ ok: true, account_deleted: false });
    expect(await revokedLink(app, leftover)).toBe(true);
    const res = await accept(app, member, leftover);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invitation_revoked');
    expect(await roleOf(app, tenant, member.user.id)).toBeNull();
    expect((await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id })).status).toBe(403);
  });

  it("deletes the member's files in this workspace only when asked", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const elsewhere = await makeTenant(app.ctx);
    const keen = await quickMember(app, tenant, 'role2');
    const keeper = await quickMember(app, tenant, 'role2');
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
    expect(await roleOf(app, other.tenant, other.member.user.id)).toBe('role2');
    const flag = await remove(admin, tenant, member.user.id, '?deleteFiles=maybe');
    expect(flag.status).toBe(400);
    expect(flag.body.error).toBe('deleteFiles must be true or false.');
    expect(await roleOf(app, tenant, member.user.id)).toBe('role2');
  });

  it("refuses members, other tenants' admins and strangers", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    expect((await remove(member, tenant, admin.user.id)).body.error).toBe(MANAGE_REFUSAL);
    expect((await remove(other.admin, tenant, member.user.id)).status).toBe(403);
    expect((await remove(null, tenant, member.user.id)).status).toBe(401);
    expect(await roleOf(app, tenant, member.user.id)).toBe('role2');
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
    for (let i = 0; i < 28; i++) await quickMember(app, tenant, i % 2 === 0 ? 'role2' : 'jobseeker');
    await quickMember(app, tenant, 'role2', 'suspended');
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
