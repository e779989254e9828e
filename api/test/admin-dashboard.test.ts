import { randomBytes } from 'node:crypto';
import { type Tenant } from '@portico/core';
import type { User } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeTenant, makeUser, signIn, type Person, UNUSABLE_PASSWORD_HASH } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const NOT_A_MEMBER = 'You are not a member of this workspace.';
const ADMINS_ONLY = 'Only workspace admins can see the member list.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/**
 * A member who never signs in through the API: no password hashing, so many are cheap.
 * `signedInAt` stands for an earlier sign-in.
 */
async function quickMember(
  tenant: Tenant,
  role: string,
  options: { first?: string; last?: string; signedInAt?: Date; status?: 'active' | 'suspended' } = {},
) {
  const user = await app.ctx.db.User.create({
    email: `member-${randomBytes(4).toString('hex')}@example.test`,
    password_hash: UNUSABLE_PASSWORD_HASH,
    last_sign_in_at: options.signedInAt ?? null,
  });
  await app.ctx.db.Profile.create({
    id: user.id,
    first_name: options.first ?? 'Quick',
    last_name: options.last ?? 'Member',
  });
  await addMember(app.ctx, tenant, user, role, options.status ?? 'active');
  return user;
}

/** A person signed in through the API, holding `role` in `tenant`. */
async function signedIn(tenant: Tenant, role: string, fullName?: string): Promise<Person> {
  const user = await makeUser(app.ctx, { fullName });
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** Pins when a membership was created, so "newest" does not depend on timing. */
async function joinedAt(tenant: Tenant, user: User, at: Date) {
  await app.ctx.sequelize.query(
    'UPDATE memberships SET created_at = :at WHERE tenant_id = :tenantId AND user_id = :userId',
    {
      replacements: { at, tenantId: tenant.id, userId: user.id },
    },
  );
}

describe('GET /api/dashboard/admin-stats', () => {
  it('counts the non-admin members of this tenant; active ones have signed in and are not suspended', async () => {
    const tenant = await makeTenant(app.ctx);
    const other = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin');
    // A client here who signed in through the API, and who is an admin of another tenant.
    const client = await signedIn(other, 'admin');
    await addMember(app.ctx, tenant, client.user, 'role2');
    const earlier = new Date(Date.now() - 86_400_000);
    await quickMember(tenant, 'owner', { signedInAt: earlier }); // an administrator: not counted
    await quickMember(tenant, 'role1'); // team member who never signed in: counted, not active
    await quickMember(tenant, 'role3', { signedInAt: earlier, status: 'suspended' }); // suspended: counted, not active
    await quickMember(tenant, 'role2', { signedInAt: earlier }); // active client
    await quickMember(tenant, 'role2'); // client who never signed in
    // Members of the other tenant are not counted here.
    await quickMember(other, 'role2', { signedInAt: earlier });
    await quickMember(other, 'role1', { signedInAt: earlier });
    await quickMember(other, 'role3');
    // Two uploads here, one of them shared twice (same stored object); one upload in the other tenant.
    const upload = (tenantId: string, key: string) =>
      app.ctx.db.FileRecord.create({
        tenant_id: tenantId,
        title: key,
        original_name: `${key}.pdf`,
        content_type: 'application/pdf',
        kind: 'pdf',
        size_bytes: 1,
        storage_key: `${tenantId}/${key}`,
        user_id: null,
        assigned_roles: ['role2'],
        uploaded_by: admin.user.id,
      });
    await upload(tenant.id, 'a');
    await upload(tenant.id, 'a');
    await upload(tenant.id, 'b');
    await upload(other.id, 'c');

    const res = await app.request('GET', '/dashboard/admin-stats', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_clients: 5, active_clients: 2, files_uploaded: 2, forms_total: 0 });

    const theirs = await app.request('GET', '/dashboard/admin-stats', { token: client.token, tenantId: other.id });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ total_clients: 3, active_clients: 2, files_uploaded: 1, forms_total: 0 });
  });

  it('answers zeros for a tenant with only administrators', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin');
    await quickMember(tenant, 'owner', { signedInAt: new Date() });
    await quickMember(tenant, 'admin');
    const res = await app.request('GET', '/dashboard/admin-stats', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_clients: 0, active_clients: 0, files_uploaded: 0, forms_total: 0 });
  });

  it('refuses a member with 403', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await signedIn(tenant, 'role1');
    const res = await app.request('GET', '/dashboard/admin-stats', { token: member.token, tenantId: tenant.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ADMINS_ONLY });
  });

  it("refuses another tenant's admin with 403", async () => {
    const mine = await makeTenant(app.ctx);
    const theirAdmin = await signedIn(await makeTenant(app.ctx), 'admin');
    const res = await app.request('GET', '/dashboard/admin-stats', { token: theirAdmin.token, tenantId: mine.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', '/dashboard/admin-stats', { tenantId: tenant.id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });
});

describe('GET /api/users/recent', () => {
  it('lists the five newest members of this tenant, newest first, with names and last sign-in', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin', 'Ada Admin');
    const base = Date.now() - 10 * 86_400_000;
    const day = (n: number) => new Date(base + n * 86_400_000);
    await joinedAt(tenant, admin.user, day(0));
    const joined: User[] = [];
    for (let i = 1; i <= 5; i++) {
      const role = ['role2', 'role3', 'role1', 'role3', 'role1'][i - 1]!;
      const user = await quickMember(tenant, role, {
        first: `Person${i}`,
        last: `Joined${i}`,
        signedInAt: i === 4 ? day(6) : undefined,
      });
      await joinedAt(tenant, user, day(i));
      joined.push(user);
    }
    // A newer membership in another tenant must not appear.
    const other = await makeTenant(app.ctx);
    const outsider = await quickMember(other, 'role2', { first: 'Out', last: 'Sider' });
    await joinedAt(other, outsider, day(9));

    const res = await app.request('GET', '/users/recent', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    const ids = res.body.users.map((u: { id: string }) => u.id);
    expect(ids).toEqual([...joined].reverse().map((u) => u.id));
    expect(ids).not.toContain(admin.user.id);
    expect(ids).not.toContain(outsider.id);

    const [fifth, fourth, third, , first] = res.body.users;
    expect(fifth).toMatchObject({
      id: joined[4]!.id,
      email: joined[4]!.email,
      role: 'role1',
      first_name: 'Person5',
      last_name: 'Joined5',
      last_sign_in_at: null,
    });
    expect(fourth).toMatchObject({
      id: joined[3]!.id,
      role: 'role3',
      first_name: 'Person4',
      last_name: 'Joined4',
      last_sign_in_at: day(6).toISOString(),
    });
    expect(third).toMatchObject({ id: joined[2]!.id, role: 'role1', first_name: 'Person3' });
    expect(first).toMatchObject({
      id: joined[0]!.id,
      email: joined[0]!.email,
      role: 'role2',
      first_name: 'Person1',
      last_name: 'Joined1',
    });
    for (const user of res.body.users) {
      expect(Object.keys(user)).toEqual(
        expect.arrayContaining(['id', 'email', 'role', 'first_name', 'last_name', 'created_at', 'last_sign_in_at']),
      );
      expect(JSON.stringify(user)).not.toContain('password');
    }
  });

  it('lists fewer when the tenant has fewer members, with the sign-in time the API recorded', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin', 'Ada Admin');
    const res = await app.request('GET', '/users/recent', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([
      expect.objectContaining({
        id: admin.user.id,
        email: admin.user.email,
        role: 'admin',
        first_name: 'Ada',
        last_name: 'Admin',
      }),
    ]);
    expect(Date.now() - new Date(res.body.users[0].last_sign_in_at).getTime()).toBeLessThan(60_000);
  });

  it('refuses a member with 403', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await signedIn(tenant, 'role2');
    const res = await app.request('GET', '/users/recent', { token: member.token, tenantId: tenant.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ADMINS_ONLY });
  });

  it("refuses another tenant's admin with 403 and lists nobody", async () => {
    const mine = await makeTenant(app.ctx);
    const mineMember = await quickMember(mine, 'role2');
    const theirAdmin = await signedIn(await makeTenant(app.ctx), 'admin');
    const res = await app.request('GET', '/users/recent', { token: theirAdmin.token, tenantId: mine.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
    expect(JSON.stringify(res.body)).not.toContain(mineMember.email);
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', '/users/recent', { tenantId: tenant.id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });
});
