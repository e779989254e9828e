import { randomBytes } from 'node:crypto';
import { roleTypesOf, type Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  makeTenant,
  makeUser,
  makeWorkspace,
  signIn,
  type Person,
  UNUSABLE_PASSWORD_HASH,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const DEFAULT_ROLES = [
  { role_key: 'admin', role_label: 'Admin', role_color: 'blue', kind: 'admin' },
  { role_key: 'role1', role_label: 'Team Member', role_color: 'purple', kind: 'team' },
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
  { role_key: 'role3', role_label: 'Guest', role_color: 'gray', kind: 'guest' },
];
const NOT_A_MEMBER = 'You are not a member of this workspace.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A person signed in through the API, holding `role` in `tenant`. */
async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** A member who never signs in (no password hashing). */
async function quickMember(tenant: Tenant, role: string) {
  const user = await app.ctx.db.User.create({
    email: `member-${randomBytes(4).toString('hex')}@example.test`,
    password_hash: UNUSABLE_PASSWORD_HASH,
  });
  await addMember(app.ctx, tenant, user, role);
  return user;
}

/** The role types stored for a tenant, read straight from the database. */
async function storedRoles(tenant: Tenant) {
  return roleTypesOf(app.ctx, tenant.id);
}

/** The tenant's role types as one of its members sees them. */
async function rolesOf(tenant: Tenant, token: string) {
  const res = await app.request('GET', '/tenant-roles', { token, tenantId: tenant.id });
  expect(res.status).toBe(200);
  return res.body.roles;
}

describe('GET /api/tenant-roles', () => {
  it('lists the four default role types, in order, with their kinds, to a member', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await signedIn(tenant, 'role3');
    const res = await app.request('GET', '/tenant-roles', { token: member.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ roles: DEFAULT_ROLES });
  });

  it("refuses another tenant's admin with 403", async () => {
    const mine = await makeTenant(app.ctx);
    const theirAdmin = await signedIn(await makeTenant(app.ctx), 'admin');
    const res = await app.request('GET', '/tenant-roles', { token: theirAdmin.token, tenantId: mine.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', '/tenant-roles', { tenantId: tenant.id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });
});

describe('PUT /api/tenant-roles', () => {
  it('renames a label and adds a custom role, which every reader then sees; the change is audited', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const roles = [
      DEFAULT_ROLES[0]!,
      DEFAULT_ROLES[1]!,
      { ...DEFAULT_ROLES[2]!, role_label: 'Customer' },
      DEFAULT_ROLES[3]!,
      { role_key: 'vip', role_label: 'VIP', role_color: 'orange', kind: 'client' },
    ];
    const res = await app.request('PUT', '/tenant-roles', { token: admin.token, tenantId: tenant.id, body: { roles } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ roles });

    expect(await rolesOf(tenant, member.token)).toEqual(roles);
    const config = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(config.body.role_labels).toEqual({
      admin: 'Admin',
      role1: 'Team Member',
      role2: 'Customer',
      role3: 'Guest',
      vip: 'VIP',
    });
    expect(config.body.role_colors).toMatchObject({ vip: 'orange', role2: 'green' });
    const me = await app.request('GET', '/auth/user', { token: member.token });
    expect(me.body.memberships).toEqual([
      expect.objectContaining({ tenant_id: tenant.id, role: 'role2', role_label: 'Customer', role_kind: 'client' }),
    ]);

    const audit = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: tenant.id, action: 'tenant.roles_updated' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.user.id, entity_type: 'tenant', entity_id: tenant.id });
  });

  it('keeps the order given, keeps the kind of known keys when left out, and makes new keys clients by default', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin');
    const res = await app.request('PUT', '/tenant-roles', {
      token: admin.token,
      tenantId: tenant.id,
      body: {
        roles: [
          { role_key: 'role3', role_label: 'Guest', role_color: 'gray' },
          { role_key: 'partner', role_label: 'Partner', role_color: 'red' },
          { role_key: 'admin', role_label: 'Administrator', role_color: 'blue' },
          { role_key: 'role1', role_label: 'Staff', role_color: 'purple' },
          { role_key: 'role2', role_label: 'Client', role_color: 'green' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.roles).toEqual([
      { role_key: 'role3', role_label: 'Guest', role_color: 'gray', kind: 'guest' },
      { role_key: 'partner', role_label: 'Partner', role_color: 'red', kind: 'client' },
      { role_key: 'admin', role_label: 'Administrator', role_color: 'blue', kind: 'admin' },
      { role_key: 'role1', role_label: 'Staff', role_color: 'purple', kind: 'team' },
      { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
    ]);
    expect(await rolesOf(tenant, admin.token)).toEqual(res.body.roles);
  });

  describe('refuses bad input with 400 and changes nothing', () => {
    // These cases are all refused, so they share one workspace (created on first use).
    let shared: Promise<{ tenant: Tenant; admin: Person }> | undefined;
    const workspace = () =>
      (shared ??= makeTenant(app.ctx).then(async (tenant) => ({ tenant, admin: await signedIn(tenant, 'admin') })));
    const withExtra = (extra: object) => [...DEFAULT_ROLES, extra];

    it.each([
      [
        'a colour outside the palette',
        { roles: replacing('role2', { role_color: 'pink' }) },
        'Role colours must be one of blue, purple, green, gray, orange, red.',
      ],
      [
        'a missing colour',
        { roles: withExtra({ role_key: 'vip', role_label: 'VIP' }) },
        'Role colours must be one of blue, purple, green, gray, orange, red.',
      ],
      [
        'a key in upper case',
        { roles: withExtra({ role_key: 'VIP', role_label: 'VIP', role_color: 'orange' }) },
        'Role keys may contain only lowercase letters a-z, digits 0-9, _ and -.',
      ],
      [
        'a key with a space',
        { roles: withExtra({ role_key: 'vip club', role_label: 'VIP', role_color: 'orange' }) },
        'Role keys may contain only lowercase letters a-z, digits 0-9, _ and -.',
      ],
      [
        'a key with punctuation',
        { roles: withExtra({ role_key: 'vip!', role_label: 'VIP', role_color: 'orange' }) },
        'Role keys may contain only lowercase letters a-z, digits 0-9, _ and -.',
      ],
      [
        'an empty key',
        { roles: withExtra({ role_key: '', role_label: 'VIP', role_color: 'orange' }) },
        'Each role needs a key.',
      ],
      ['a missing key', { roles: withExtra({ role_label: 'VIP', role_color: 'orange' }) }, 'Each role needs a key.'],
      [
        'a key of 65 characters',
        { roles: withExtra({ role_key: 'k'.repeat(65), role_label: 'VIP', role_color: 'orange' }) },
        'Role keys must be at most 64 characters.',
      ],
      ['an empty label', { roles: replacing('role1', { role_label: '' }) }, 'Each role needs a label.'],
      ['a blank label', { roles: replacing('role1', { role_label: '   ' }) }, 'Each role needs a label.'],
      [
        'a label of 65 characters',
        { roles: replacing('role1', { role_label: 'L'.repeat(65) }) },
        'Role labels must be at most 64 characters.',
      ],
      [
        'an unknown kind',
        { roles: withExtra({ role_key: 'vip', role_label: 'VIP', role_color: 'orange', kind: 'boss' }) },
        'Role kinds must be one of admin, team, client, guest.',
      ],
      [
        'a duplicate key',
        { roles: withExtra({ role_key: 'role1', role_label: 'Second Team', role_color: 'red' }) },
        'The role key "role1" appears more than once.',
      ],
      ['no admin role', { roles: DEFAULT_ROLES.slice(1) }, 'The admin role type cannot be removed.'],
      [
        'an "owner" key',
        { roles: withExtra({ role_key: 'owner', role_label: 'Owner', role_color: 'red' }) },
        '"owner" is reserved for workspace owners and cannot be a role type.',
      ],
      [
        'kind admin on another key',
        { roles: withExtra({ role_key: 'vip', role_label: 'VIP', role_color: 'orange', kind: 'admin' }) },
        'Only the admin role can be of kind admin ("vip" is not).',
      ],
      ['an empty list', { roles: [] }, 'Keep at least one role type.'],
      [
        '51 role types',
        {
          roles: [
            ...DEFAULT_ROLES,
            ...Array.from({ length: 47 }, (_, i) => ({
              role_key: `extra${i}`,
              role_label: `Extra ${i}`,
              role_color: 'gray',
            })),
          ],
        },
        'A workspace can have at most 50 role types.',
      ],
      ['roles that are not a list', { roles: { admin: DEFAULT_ROLES[0] } }, 'roles must be a list of role types.'],
      ['roles given as text', { roles: 'admin' }, 'roles must be a list of role types.'],
      ['no roles at all', {}, 'roles must be a list of role types.'],
    ])('%s', async (_case, body, message) => {
      const { tenant, admin } = await workspace();
      const res = await app.request('PUT', '/tenant-roles', { token: admin.token, tenantId: tenant.id, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(await rolesOf(tenant, admin.token)).toEqual(DEFAULT_ROLES);
    });

    it('a list entry that is not an object, with a sentence', async () => {
      const { tenant, admin } = await workspace();
      const res = await app.request('PUT', '/tenant-roles', {
        token: admin.token,
        tenantId: tenant.id,
        body: { roles: ['admin', 'role1'] },
      });
      expect(res.status).toBe(400);
      // A person-readable sentence like the others, not a schema library's default text.
      expect(res.body.error).toMatch(/^[A-Z"].*\.$/);
      expect(res.body.error).not.toMatch(/Invalid input|expected/);
      expect(await rolesOf(tenant, admin.token)).toEqual(DEFAULT_ROLES);
    });
  });

  it('refuses to remove a key a member still holds with 409, and applies none of the change', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin');
    await quickMember(tenant, 'role2');
    const roles = [{ ...DEFAULT_ROLES[0]!, role_label: 'Boss' }, DEFAULT_ROLES[1]!, DEFAULT_ROLES[3]!];
    const res = await app.request('PUT', '/tenant-roles', { token: admin.token, tenantId: tenant.id, body: { roles } });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'Members still hold the role "role2". Move them to another role first.',
      code: 'role_in_use',
    });
    expect(await rolesOf(tenant, admin.token)).toEqual(DEFAULT_ROLES);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'tenant.roles_updated' } })).toBe(
      0,
    );
  });

  it('refuses to remove a key a pending invitation still offers with 409', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin');
    const invited = await app.request('POST', '/invite', {
      token: admin.token,
      tenantId: tenant.id,
      body: { email: `guest-${randomBytes(3).toString('hex')}@roles.test`, role: 'role3' },
    });
    expect(invited.status).toBe(201);
    const res = await app.request('PUT', '/tenant-roles', {
      token: admin.token,
      tenantId: tenant.id,
      body: { roles: DEFAULT_ROLES.filter((r) => r.role_key !== 'role3') },
    });
    expect({ status: res.status, body: res.body }).toEqual({
      status: 409,
      body: {
        error: 'Pending invitations still offer the role "role3". Revoke them under People first.',
        code: 'role_in_use',
      },
    });
    expect(await rolesOf(tenant, admin.token)).toEqual(DEFAULT_ROLES);
    const revoked = await app.request('DELETE', `/invitations/${invited.body.invitation.id}`, {
      token: admin.token,
      tenantId: tenant.id,
    });
    expect(revoked.status).toBe(204);
    expect(
      (
        await app.request('PUT', '/tenant-roles', {
          token: admin.token,
          tenantId: tenant.id,
          body: { roles: DEFAULT_ROLES.filter((r) => r.role_key !== 'role3') },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses turning a kind into client when it would take the clients over the plan’s cap, counting open invitations', async () => {
    // The sequence: a client role turned guest, more people invited with it, then turned back.
    const tenant = await makeTenant(app.ctx, { tier: 'starter' });
    const admin = await signedIn(tenant, 'admin');
    for (let i = 0; i < 28; i++) await quickMember(tenant, 'role2');
    const vip = { role_key: 'vip', role_label: 'VIP', role_color: 'orange', kind: 'client' };
    const put = (kind: string) =>
      app.request('PUT', '/tenant-roles', {
        token: admin.token,
        tenantId: tenant.id,
        body: { roles: [...DEFAULT_ROLES, { ...vip, kind }] },
      });
    expect((await put('client')).status).toBe(200);
    await quickMember(tenant, 'vip');
    expect((await put('guest')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const invited = await app.request('POST', '/invite', {
        token: admin.token,
        tenantId: tenant.id,
        body: { email: `vip${i}-${randomBytes(3).toString('hex')}@cap.test`, role: 'vip' },
      });
      expect(invited.status).toBe(201);
    }

    const res = await put('client');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error:
        'This change would make 32 clients (members and open invitations), but your Starter plan allows up to 30. Upgrade your plan or remove clients first.',
      code: 'client_cap_reached',
    });
    expect((await storedRoles(tenant)).find((r) => r.role_key === 'vip')?.kind).toBe('guest');
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'tenant.roles_updated' } })).toBe(
      2,
    );

    // Other edits of an over-full list still save, and so does the change on a plan with room.
    expect(
      (
        await app.request('PUT', '/tenant-roles', {
          token: admin.token,
          tenantId: tenant.id,
          body: { roles: [...replacing('role3', { role_label: 'Visitor' }), { ...vip, kind: 'guest' }] },
        })
      ).status,
    ).toBe(200);
    await tenant.update({ tier: 'pro' });
    expect((await put('client')).status).toBe(200);
  });

  it("removes a key that only another tenant's members hold", async () => {
    const mine = await makeTenant(app.ctx);
    const admin = await signedIn(mine, 'admin');
    await quickMember(mine, 'role2');
    const theirs = await makeTenant(app.ctx);
    await quickMember(theirs, 'role3');
    const res = await app.request('PUT', '/tenant-roles', {
      token: admin.token,
      tenantId: mine.id,
      body: { roles: DEFAULT_ROLES.slice(0, 3) },
    });
    expect(res.status).toBe(200);
    expect(await rolesOf(mine, admin.token)).toEqual(DEFAULT_ROLES.slice(0, 3));
    expect(await storedRoles(theirs)).toEqual(DEFAULT_ROLES);
  });

  it('refuses a member with 403 and changes nothing', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await signedIn(tenant, 'role1');
    const res = await app.request('PUT', '/tenant-roles', {
      token: member.token,
      tenantId: tenant.id,
      body: { roles: replacing('role1', { role_label: 'Boss', kind: 'team' }) },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Only workspace admins can change role types.' });
    expect(await rolesOf(tenant, member.token)).toEqual(DEFAULT_ROLES);
  });

  it("refuses another tenant's admin with 403; their PUT changes nothing in either tenant", async () => {
    const mine = await makeTenant(app.ctx);
    const theirs = await makeTenant(app.ctx);
    const theirAdmin = await signedIn(theirs, 'admin');
    const hostile = [
      ...DEFAULT_ROLES.map((r) => ({ ...r, role_label: 'Pwned' })),
      { role_key: 'intruder', role_label: 'Intruder', role_color: 'red' },
    ];
    const res = await app.request('PUT', '/tenant-roles', {
      token: theirAdmin.token,
      tenantId: mine.id,
      body: { roles: hostile },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
    expect(await storedRoles(mine)).toEqual(DEFAULT_ROLES);
    expect(await rolesOf(theirs, theirAdmin.token)).toEqual(DEFAULT_ROLES);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: mine.id } })).toBe(0);
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('PUT', '/tenant-roles', {
      tenantId: tenant.id,
      body: { roles: DEFAULT_ROLES.slice(0, 1) },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
    expect(await storedRoles(tenant)).toEqual(DEFAULT_ROLES);
  });
});

/** The default roles with one of them changed. */
function replacing(key: string, change: object) {
  return DEFAULT_ROLES.map((r) => (r.role_key === key ? { ...r, ...change } : r));
}
