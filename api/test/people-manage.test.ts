import { randomBytes } from 'node:crypto';
import type { Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  addMember,
  makeSuperAdmin,
  makeTenant,
  makeWorkspace,
  signIn,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  MANAGE_REFUSAL,
  NOT_A_MEMBER,
  ROLES_SENTENCE,
  accept,
  leftoverInvitation,
  patchUser,
  quickMember,
  revokedLink,
  roleOf,
} from './people-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('PATCH /api/users/:id', () => {
  it('changes the role, names and email, answers the list shape and audits the change', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await patchUser(app, admin, tenant, member.user.id, {
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
    expect(await roleOf(app, tenant, member.user.id)).toBe('role1');
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
    const res = await patchUser(app, admin, tenant, member.user.id, { role: 'superhero' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(ROLES_SENTENCE);
    expect(await roleOf(app, tenant, member.user.id)).toBe('role2');
  });

  it('suspends a member, who can then no longer use the workspace, and reactivates them', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const suspended = await patchUser(app, admin, tenant, member.user.id, { status: 'suspended' });
    expect(suspended.status).toBe(200);
    expect(suspended.body.user.status).toBe('suspended');
    const refused = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('membership_suspended');

    const listed = await app.request('GET', '/users?status=suspended', { token: admin.token, tenantId: tenant.id });
    expect(listed.body.users.map((u: { id: string }) => u.id)).toEqual([member.user.id]);

    expect((await patchUser(app, admin, tenant, member.user.id, { status: 'active' })).body.user.status).toBe('active');
    expect((await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id })).status).toBe(200);
  });

  it('withdraws the pending invitation of a member it suspends, so accepting it cannot undo the suspension', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const leftover = await leftoverInvitation(app, tenant, member.user.email);
    expect((await patchUser(app, admin, tenant, member.user.id, { status: 'suspended' })).status).toBe(200);
    expect(await revokedLink(app, leftover)).toBe(true);
    const res = await accept(app, member, leftover);
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
    const self = await patchUser(app, admin, tenant, admin.user.id, { status: 'suspended' });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot suspend yourself.');
    const demote = await patchUser(app, admin, tenant, admin.user.id, { role: 'role2' });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toBe(
      'A workspace needs at least one active owner or admin. Make someone else an admin first.',
    );
    expect(await roleOf(app, tenant, admin.user.id)).toBe('admin');

    // With a second admin, the first may step down.
    await quickMember(app, tenant, 'owner');
    expect((await patchUser(app, admin, tenant, admin.user.id, { role: 'role1' })).status).toBe(200);
  });

  it('refuses an email already in use (409) and bad field values (400)', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const taken = await patchUser(app, admin, tenant, member.user.id, { email: admin.user.email.toUpperCase() });
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
      const res = await patchUser(app, admin, tenant, member.user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect((await app.ctx.db.User.findByPk(member.user.id))!.email).toBe(member.user.email);
  });

  it('sets a new password and signs that user out everywhere', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await patchUser(app, admin, tenant, member.user.id, { password: 'brand-new-pass-1' });
    expect(res.status).toBe(200);
    expect((await app.request('GET', '/auth/user', { token: member.token })).status).toBe(401);
    await expect(signIn(app, member.user.email, 'brand-new-pass-1')).resolves.toHaveProperty('token');
    await expect(signIn(app, member.user.email, DEFAULT_PASSWORD)).rejects.toThrow(/401/);
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'member.updated' } });
    expect(audit!.details).toEqual({ password: 'set' });
  });

  it("refuses to change a super admin's name or sign-in details", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const root = await quickMember(app, tenant, 'role1');
    await app.ctx.db.UserGlobalRole.create({ user_id: root.id, role: 'super_admin' });
    for (const body of [{ password: 'take-over-attempt' }, { first_name: 'Renamed' }]) {
      const res = await patchUser(app, admin, tenant, root.id, body);
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
    const shared = await quickMember(app, tenant, 'role2');
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
      const res = await patchUser(app, admin, tenant, shared.id, body);
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
    expect(await roleOf(app, tenant, shared.id)).toBe('role2');

    // Role and status are the workspace's; sending the names unchanged (as the edit form does) is not a change.
    const role = await patchUser(app, admin, tenant, shared.id, {
      role: 'role1',
      status: 'suspended',
      first_name: 'Quick',
      last_name: 'Member',
    });
    expect(role.status).toBe(200);
    expect(role.body.user).toMatchObject({ role: 'role1', status: 'suspended', profile_lock: 'shared_account' });

    const root = await makeSuperAdmin(app);
    const bySuper = await patchUser(app, root, tenant, shared.id, {
      email: 'shared-new@example.test',
      first_name: 'Sharon',
    });
    expect(bySuper.body.user).toMatchObject({
      email: 'shared-new@example.test',
      first_name: 'Sharon',
      profile_lock: null,
    });
  });

  it("answers 404 for someone outside the workspace and refuses other tenants' admins, members and strangers", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const outside = await patchUser(app, admin, tenant, other.member.user.id, { role: 'role1' });
    expect(outside.status).toBe(404);
    expect(outside.body.error).toBe(NOT_A_MEMBER);
    expect((await patchUser(app, admin, tenant, 'not-a-uuid', { role: 'role1' })).status).toBe(404);
    expect(await roleOf(app, other.tenant, other.member.user.id)).toBe('role2');

    const asOtherAdmin = await patchUser(app, other.admin, tenant, member.user.id, { role: 'role1' });
    expect(asOtherAdmin.status).toBe(403);
    const asMember = await patchUser(app, member, tenant, member.user.id, { role: 'admin' });
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe(MANAGE_REFUSAL);
    expect((await patchUser(app, null, tenant, member.user.id, { role: 'role1' })).status).toBe(401);
    expect(await roleOf(app, tenant, member.user.id)).toBe('role2');
  });
});

describe('POST /api/users/bulk-role', () => {
  const bulk = (as: Person | null, tenant: Tenant, body: unknown) =>
    app.request('POST', '/users/bulk-role', { token: as?.token, tenantId: tenant.id, body });

  it('gives several members one role in one go, audited', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const a = await quickMember(app, tenant, 'role2');
    const b = await quickMember(app, tenant, 'role3');
    const res = await bulk(admin, tenant, { user_ids: [a.id, b.id, a.id], role: 'role1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    expect([await roleOf(app, tenant, a.id), await roleOf(app, tenant, b.id)]).toEqual(['role1', 'role1']);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'member.role_bulk_updated' } }),
    ).toBe(1);
  });

  it('changes nothing when one id is not a member of this workspace', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const a = await quickMember(app, tenant, 'role2');
    const res = await bulk(admin, tenant, { user_ids: [a.id, other.member.user.id], role: 'role3' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Some of these users are not members of this workspace. Nothing was changed.');
    expect(await roleOf(app, tenant, a.id)).toBe('role2');
    expect(await roleOf(app, other.tenant, other.member.user.id)).toBe('role2');
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
    expect(await roleOf(app, tenant, member.user.id)).toBe('role2');
  });

  it("refuses members, other tenants' admins and strangers", async () => {
    const { tenant, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const body = { user_ids: [member.user.id], role: 'admin' };
    expect((await bulk(member, tenant, body)).body.error).toBe(MANAGE_REFUSAL);
    expect((await bulk(other.admin, tenant, body)).status).toBe(403);
    expect((await bulk(null, tenant, body)).status).toBe(401);
    expect(await roleOf(app, tenant, member.user.id)).toBe('role2');
  });
});

describe('changes that add clients stay within the plan’s client cap', () => {
  const overCap = (total: number) =>
    `This change would make ${total} clients (members and open invitations), but your Starter plan allows up to 30. Upgrade your plan or remove clients first.`;

  /** A Starter workspace with 30 clients: 28 quick members, its member and one open invitation to a client role. */
  async function fullStarter() {
    const ws = await makeWorkspace(app, { tier: 'starter' });
    for (let i = 0; i < 28; i++) await quickMember(app, ws.tenant, 'role2');
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
    const guest = await quickMember(app, tenant, 'role3');
    const other = await quickMember(app, tenant, 'role3');
    const one = await patchUser(app, admin, tenant, guest.id, { role: 'role2' });
    expect(one.status).toBe(409);
    expect(one.body).toEqual({ error: overCap(31), code: 'client_cap_reached' });
    const bulk = await app.request('POST', '/users/bulk-role', {
      token: admin.token,
      tenantId: tenant.id,
      body: { user_ids: [guest.id, other.id], role: 'role2' },
    });
    expect(bulk.status).toBe(409);
    expect(bulk.body).toEqual({ error: overCap(32), code: 'client_cap_reached' });
    expect([await roleOf(app, tenant, guest.id), await roleOf(app, tenant, other.id)]).toEqual(['role3', 'role3']);
    // A role that is not a client's adds nobody.
    expect((await patchUser(app, admin, tenant, guest.id, { role: 'role1' })).status).toBe(200);
  });

  it('refuses reactivating a suspended client, until a place is free', async () => {
    const { tenant, admin, member } = await fullStarter();
    const paused = await quickMember(app, tenant, 'role2', 'suspended');
    const res = await patchUser(app, admin, tenant, paused.id, { status: 'active' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: overCap(31), code: 'client_cap_reached' });
    expect(await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: paused.id } })).toMatchObject({
      status: 'suspended',
    });

    expect((await patchUser(app, admin, tenant, member.user.id, { role: 'role3' })).status).toBe(200);
    expect((await patchUser(app, admin, tenant, paused.id, { status: 'active' })).status).toBe(200);
  });

  it('lets a workspace already over its cap make changes that add no client', async () => {
    const { tenant, admin } = await fullStarter();
    // Over the cap, as after a downgrade.
    await quickMember(app, tenant, 'role2');
    const guest = await quickMember(app, tenant, 'role3');
    expect((await patchUser(app, admin, tenant, guest.id, { role: 'role1' })).status).toBe(200);
    expect((await patchUser(app, admin, tenant, guest.id, { role: 'role2' })).body).toEqual({
      error: overCap(32),
      code: 'client_cap_reached',
    });
    // A suspended member is not counted, so giving them a client role adds nobody until they are reactivated.
    expect((await patchUser(app, admin, tenant, guest.id, { role: 'role2', status: 'suspended' })).status).toBe(200);
  });
});
