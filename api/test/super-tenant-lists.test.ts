import { randomUUID } from 'node:crypto';
import type { Tenant } from '@portico/core/db';
import { Op } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeTenant, type Person, UNUSABLE_PASSWORD_HASH } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { hex, SUPER_ONLY, tenantAdmin, tenantCount } from './super-support';

/** The platform's lists of tenants and of one tenant's people. */

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

/** A member who never signs in through the API (no password hashing). */
async function quickMember(
  tenant: Tenant,
  role: string,
  options: { first?: string; last?: string; signedInAt?: Date; status?: 'active' | 'suspended' } = {},
) {
  const user = await app.ctx.db.User.create({
    email: `member-${hex()}@example.test`,
    password_hash: UNUSABLE_PASSWORD_HASH,
    last_sign_in_at: options.signedInAt ?? null,
  });
  await app.ctx.db.Profile.create({ id: user.id, first_name: options.first ?? null, last_name: options.last ?? null });
  await addMember(app.ctx, tenant, user, role, options.status ?? 'active');
  return user;
}

describe('GET /api/super/tenants', () => {
  it('lists each tenant with its summary and the team seats in use', async () => {
    const tenant = await makeTenant(app.ctx, { name: `Seat Counting ${hex()}`, tier: 'starter' });
    await quickMember(tenant, 'owner'); // admins: admin seats, not team seats
    await quickMember(tenant, 'admin');
    await quickMember(tenant, 'role1');
    await quickMember(tenant, 'role1', { status: 'suspended' }); // suspended: no seat
    await quickMember(tenant, 'role2'); // client: no seat
    await quickMember(tenant, 'role3'); // guest: no seat
    const res = await app.request('GET', `/super/tenants?q=${encodeURIComponent(tenant.name)}`, { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: tenant.id,
        name: tenant.name,
        slug: tenant.slug,
        tier: 'starter',
        status: 'active',
        seats_used: 1,
        seats_total: 3,
        domain: null,
        created_at: tenant.created_at.toISOString(),
        usage: {
          members: 6,
          custom_domains: 0,
          storage_bytes: 0,
          api_calls: 0,
          webhooks: 0,
          webhook_deliveries: 0,
          messages: 0,
        },
        billing: {
          billing_status: 'none',
          state: 'ok',
          read_only_reason: null,
          trial_ends_at: null,
          grace_ends_at: null,
          billing_starts_at: null,
        },
      },
    ]);
  });

  it('lists every tenant without a query, newest first', async () => {
    const older = await makeTenant(app.ctx);
    const newer = await makeTenant(app.ctx);
    // Pin the creation times so the order does not depend on the clock's resolution.
    await app.ctx.sequelize.query("UPDATE tenants SET created_at = now() - interval '1 hour' WHERE id = :id", {
      replacements: { id: older.id },
    });
    const res = await app.request('GET', '/super/tenants', { token: root.token });
    expect(res.status).toBe(200);
    const ids = res.body.items.map((t: { id: string }) => t.id);
    expect(ids).toHaveLength(await tenantCount(app));
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });

  it('matches q against the name and the slug, case-insensitively', async () => {
    const marker = hex();
    const byName = await makeTenant(app.ctx, { name: `Zephyr Consulting ${marker}` });
    const bySlug = await app.ctx.db.Tenant.create({ name: 'Plain Name', slug: `quasar-${marker}` });
    const unrelated = await makeTenant(app.ctx, { name: 'Unrelated Ltd' });

    const names = async (q: string) => {
      const res = await app.request('GET', `/super/tenants?q=${encodeURIComponent(q)}`, { token: root.token });
      expect(res.status).toBe(200);
      return res.body.items.map((t: { id: string }) => t.id).sort();
    };
    expect(await names(`ZEPHYR CONSULTING ${marker.toUpperCase()}`)).toEqual([byName.id]);
    expect(await names(`zephyr consulting ${marker}`)).toEqual([byName.id]);
    expect(await names(`QUASAR-${marker.toUpperCase()}`)).toEqual([bySlug.id]);
    expect(await names(marker)).toEqual([byName.id, bySlug.id].sort());
    expect(await names(marker)).not.toContain(unrelated.id);
    expect(await names(`no-such-tenant-${marker}`)).toEqual([]);
  });

  it('treats % and _ in q as plain characters', async () => {
    const marker = hex();
    const percent = await makeTenant(app.ctx, { name: `100% Pure ${marker}` });
    await makeTenant(app.ctx, { name: `1000 Pure ${marker}` });
    const res = await app.request('GET', `/super/tenants?q=${encodeURIComponent('100%')}`, { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((t: { id: string }) => t.id)).toEqual([percent.id]);
    const underscore = await app.request('GET', `/super/tenants?q=${encodeURIComponent('_')}`, { token: root.token });
    for (const item of underscore.body.items) expect(`${item.name} ${item.slug} ${item.domain}`).toContain('_');
  });

  it('filters by tier and by status, and both at once', async () => {
    const marker = hex();
    const starter = await makeTenant(app.ctx, { name: `Filter ${marker} A`, tier: 'starter' });
    const advanced = await makeTenant(app.ctx, { name: `Filter ${marker} B`, tier: 'advanced' });
    const suspended = await makeTenant(app.ctx, { name: `Filter ${marker} C`, tier: 'advanced' });
    await suspended.update({ status: 'suspended' });
    const trial = await makeTenant(app.ctx, { name: `Filter ${marker} D`, tier: 'pro' });
    await trial.update({ status: 'trial' });

    const ids = async (query: string) => {
      const res = await app.request('GET', `/super/tenants?q=${marker}&${query}`, { token: root.token });
      expect(res.status).toBe(200);
      return res.body.items.map((t: { id: string }) => t.id).sort();
    };
    expect(await ids('tier=advanced')).toEqual([advanced.id, suspended.id].sort());
    expect(await ids('tier=starter')).toEqual([starter.id]);
    expect(await ids('status=suspended')).toEqual([suspended.id]);
    expect(await ids('status=trial')).toEqual([trial.id]);
    expect(await ids('status=active')).toEqual([starter.id, advanced.id].sort());
    expect(await ids('tier=advanced&status=active')).toEqual([advanced.id]);
    expect(await ids('tier=&status=')).toEqual([starter.id, advanced.id, suspended.id, trial.id].sort());

    const all = await app.request('GET', '/super/tenants?tier=advanced', { token: root.token });
    for (const item of all.body.items) expect(item.tier).toBe('advanced');
  });

  it.each([
    ['tier=gold', 'Tier must be one of starter, pro, advanced.'],
    ['tier=PRO', 'Tier must be one of starter, pro, advanced.'],
    ['status=deleted', 'Status must be one of active, suspended, trial.'],
  ])('refuses %s with 400 and a sentence', async (query, message) => {
    const res = await app.request('GET', `/super/tenants?${query}`, { token: root.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers 400 with a sentence when a filter is given twice', async () => {
    for (const query of ['q=a&q=b', 'tier=pro&tier=starter']) {
      const res = await app.request('GET', `/super/tenants?${query}`, { token: root.token });
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatch(/^[A-Z].*\.$/);
      expect(res.body.error, query).not.toMatch(/Invalid input|expected/);
    }
  });

  it('refuses a search text over 100 characters', async () => {
    const res = await app.request('GET', `/super/tenants?q=${'a'.repeat(101)}`, { token: root.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Search text must be at most 100 characters.');
  });

  it('refuses a tenant admin with 403', async () => {
    const { admin } = await tenantAdmin(app);
    const res = await app.request('GET', '/super/tenants', { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: SUPER_ONLY });
  });

  it('needs a session', async () => {
    const res = await app.request('GET', '/super/tenants');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });
});

describe('GET /api/super/tenant-users', () => {
  it('lists the members with name, email, generic role, status and last sign-in, then the pending invitations', async () => {
    const tenant = await makeTenant(app.ctx);
    const signedIn = new Date(Date.now() - 3_600_000);
    const owner = await quickMember(tenant, 'owner', { first: 'Olga', last: 'Owner', signedInAt: signedIn });
    const admin = await quickMember(tenant, 'admin', { first: 'Adam' });
    const team = await quickMember(tenant, 'role1', { first: 'Tess', last: 'Team' });
    const client = await quickMember(tenant, 'role2', { status: 'suspended' });
    // Someone of another tenant must not appear.
    const other = await makeTenant(app.ctx);
    const outsider = await quickMember(other, 'role2', { first: 'Out', last: 'Sider' });

    const invited = `pending-${hex()}@example.test`;
    const sent = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: invited, role: 'member', tenant_id: tenant.id },
    });
    expect(sent.status).toBe(201);
    // An expired and an accepted invitation are not pending.
    const expired = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: `expired-${hex()}@example.test`, role: 'member', tenant_id: tenant.id },
    });
    await app.ctx.db.Invitation.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { tenant_id: tenant.id, email: { [Op.like]: 'expired-%' } } },
    );
    expect(expired.status).toBe(201);
    await app.ctx.db.Invitation.create({
      tenant_id: tenant.id,
      email: 'done@example.test',
      role: 'role2',
      token_hash: 'a'.repeat(64),
      invited_by: null,
      expires_at: new Date(Date.now() + 86_400_000),
      accepted_at: new Date(),
    });
    await app.ctx.db.Invitation.create({
      tenant_id: other.id,
      email: 'elsewhere@example.test',
      role: 'role2',
      token_hash: 'b'.repeat(64),
      invited_by: null,
      expires_at: new Date(Date.now() + 86_400_000),
    });

    const res = await app.request('GET', `/super/tenant-users?id=${tenant.id}`, { token: root.token });
    expect(res.status).toBe(200);
    const pendingId = (await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id, email: invited } }))!.id;
    // Members (in the order they joined, which this test does not pin) and then the pending invitation.
    expect(res.body.items).toHaveLength(5);
    expect(res.body.items[4]).toEqual({
      id: pendingId,
      name: null,
      email: invited,
      role: 'member',
      role_key: 'role2',
      status: 'pending',
      last_login_at: null,
    });
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        {
          id: owner.id,
          name: 'Olga Owner',
          email: owner.email,
          role: 'owner',
          role_key: 'owner',
          status: 'active',
          last_login_at: signedIn.toISOString(),
        },
        {
          id: admin.id,
          name: 'Adam',
          email: admin.email,
          role: 'admin',
          role_key: 'admin',
          status: 'active',
          last_login_at: null,
        },
        {
          id: team.id,
          name: 'Tess Team',
          email: team.email,
          role: 'member',
          role_key: 'role1',
          status: 'active',
          last_login_at: null,
        },
        {
          id: client.id,
          name: null,
          email: client.email,
          role: 'member',
          role_key: 'role2',
          status: 'suspended',
          last_login_at: null,
        },
      ]),
    );
    expect(JSON.stringify(res.body)).not.toContain(outsider.email);
    expect(JSON.stringify(res.body)).not.toContain('elsewhere@example.test');
  });

  it('answers an empty list for a tenant with nobody yet', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', `/super/tenant-users?id=${tenant.id}`, { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it.each([
    ['', 'no id'],
    ['?id=', 'an empty id'],
    ['?id=not-a-uuid', 'a malformed id'],
    ['?id=1&id=2', 'two ids'],
  ])('answers 400 for %j (%s)', async (query) => {
    const res = await app.request('GET', `/super/tenant-users${query}`, { token: root.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Pass the tenant id as ?id=.');
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const res = await app.request('GET', `/super/tenant-users?id=${randomUUID()}`, { token: root.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'This workspace does not exist.' });
  });

  it("refuses a tenant admin with 403, even for their own tenant's users", async () => {
    const { tenant, admin } = await tenantAdmin(app);
    const member = await quickMember(tenant, 'role2');
    const res = await app.request('GET', `/super/tenant-users?id=${tenant.id}`, { token: admin.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: SUPER_ONLY });
    expect(JSON.stringify(res.body)).not.toContain(member.email);
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', `/super/tenant-users?id=${tenant.id}`);
    expect(res.status).toBe(401);
  });
});
