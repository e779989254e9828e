import { randomBytes } from 'node:crypto';
import { type Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  makeSuperAdmin,
  makeTenant,
  makeWorkspace,
  type Person,
  UNUSABLE_PASSWORD_HASH,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface QuickMember {
  email?: string;
  first?: string | null;
  last?: string | null;
  role?: string;
  status?: 'active' | 'suspended';
  joined?: string;
  lastSignIn?: string | null;
}

/** A member created straight in the database (no password hashing, chosen join date). */
async function quickMember(tenant: Tenant, options: QuickMember = {}) {
  const user = await app.ctx.db.User.create({
    email: options.email ?? `m-${randomBytes(4).toString('hex')}@example.test`,
    password_hash: UNUSABLE_PASSWORD_HASH,
    last_sign_in_at: options.lastSignIn ? new Date(options.lastSignIn) : null,
  });
  await app.ctx.db.Profile.create({ id: user.id, first_name: options.first ?? null, last_name: options.last ?? null });
  const membership = await app.ctx.db.Membership.create({
    tenant_id: tenant.id,
    user_id: user.id,
    role: options.role ?? 'role2',
    status: options.status ?? 'active',
  });
  if (options.joined) {
    await app.ctx.sequelize.query('UPDATE memberships SET created_at = :joined WHERE id = :id', {
      replacements: { joined: options.joined, id: membership.id },
    });
  }
  return user;
}

/** The workspace's admin and member joined long ago, so the quick members sort before them. */
async function workspace() {
  const ws = await makeWorkspace(app);
  await app.ctx.sequelize.query(
    "UPDATE memberships SET created_at = '2000-01-01T00:00:00Z' WHERE tenant_id = :tenantId",
    { replacements: { tenantId: ws.tenant.id } },
  );
  return ws;
}

async function list(admin: Person, tenant: Tenant, query = '') {
  return app.request('GET', `/users${query}`, { token: admin.token, tenantId: tenant.id });
}

const emails = (body: { users: Array<{ email: string }> }) => body.users.map((u) => u.email);

describe('GET /api/users', () => {
  it('answers the members, newest first, 25 a page, in the list shape', async () => {
    const { tenant, admin, member } = await workspace();
    const carla = await quickMember(tenant, {
      email: 'carla@people.test',
      first: 'Carla',
      last: 'Cruz',
      role: 'role1',
      joined: '2026-03-01T10:00:00Z',
      lastSignIn: '2026-04-01T09:00:00Z',
    });
    await app.ctx.db.Profile.update(
      { phone: '+1 555 0100', linkedin: 'https://linkedin.com/in/carla' },
      { where: { id: carla.id } },
    );
    await quickMember(tenant, {
      email: 'bruno@people.test',
      first: 'Bruno',
      last: 'Berg',
      joined: '2026-02-01T10:00:00Z',
    });

    const res = await list(admin, tenant);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.page).toBe(1);
    expect(res.body.page_size).toBe(25);
    expect(emails(res.body).slice(0, 2)).toEqual(['carla@people.test', 'bruno@people.test']);
    expect(emails(res.body).slice(2).sort()).toEqual([admin.user.email, member.user.email].sort());
    expect(res.body.users[0]).toEqual({
      id: carla.id,
      email: 'carla@people.test',
      role: 'role1',
      role_label: 'Team Member',
      status: 'active',
      first_name: 'Carla',
      last_name: 'Cruz',
      phone: '+1 555 0100',
      linkedin: 'https://linkedin.com/in/carla',
      created_at: '2026-03-01T10:00:00.000Z',
      last_sign_in_at: '2026-04-01T09:00:00.000Z',
      profile_lock: null,
    });
  });

  it('tells the admin whose name, email and password they may not change, and a super admin that they may', async () => {
    const { tenant, admin, member } = await workspace();
    const shared = await quickMember(tenant, { email: 'shared@lock.test' });
    await addMember(app.ctx, await makeTenant(app.ctx), shared, 'role2');
    const root = await quickMember(tenant, { email: 'root@lock.test', role: 'role1' });
    await app.ctx.db.UserGlobalRole.create({ user_id: root.id, role: 'super_admin' });
    const locks = (body: { users: Array<{ email: string; profile_lock: string | null }> }) =>
      Object.fromEntries(body.users.map((u) => [u.email, u.profile_lock]));

    expect(locks((await list(admin, tenant)).body)).toEqual({
      'shared@lock.test': 'shared_account',
      'root@lock.test': 'super_admin_target',
      [admin.user.email]: null,
      [member.user.email]: null,
    });
    const superAdmin = await makeSuperAdmin(app);
    expect(Object.values(locks((await list(superAdmin, tenant)).body))).toEqual([null, null, null, null]);
  });

  it('pages in the database: page 2 of 10 holds the 11th to 20th newest', async () => {
    const { tenant, admin } = await workspace();
    for (let i = 1; i <= 30; i++) {
      await quickMember(tenant, {
        email: `p${String(i).padStart(2, '0')}@paging.test`,
        joined: `2026-01-${String(i).padStart(2, '0')}T00:00:00Z`,
      });
    }
    const res = await list(admin, tenant, '?page=2&page_size=10');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(32);
    expect(res.body.page_size).toBe(10);
    expect(emails(res.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${String(20 - i).padStart(2, '0')}@paging.test`),
    );

    const last = await list(admin, tenant, '?page=4&page_size=10');
    expect(last.body.users).toHaveLength(2);
    const beyond = await list(admin, tenant, '?page=9&page_size=10');
    expect(beyond.body).toMatchObject({ users: [], total: 32, page: 9 });
  });

  it('sorts by email, name, role, status and last sign-in in either order', async () => {
    const { tenant, admin } = await workspace();
    await quickMember(tenant, {
      email: 'zed@sort.test',
      first: 'Anna',
      last: 'Zed',
      role: 'role3',
      status: 'suspended',
      lastSignIn: '2026-05-01T00:00:00Z',
    });
    await quickMember(tenant, {
      email: 'amy@sort.test',
      first: 'Zoe',
      last: 'Amy',
      role: 'role1',
      lastSignIn: '2026-06-01T00:00:00Z',
    });
    await quickMember(tenant, { email: 'max@sort.test', first: 'Max', last: 'Mid', role: 'role2' });
    const filter = '&query=sort.test';

    expect(emails((await list(admin, tenant, `?sort=email&order=asc${filter}`)).body)).toEqual([
      'amy@sort.test',
      'max@sort.test',
      'zed@sort.test',
    ]);
    expect(emails((await list(admin, tenant, `?sort=email${filter}`)).body)).toEqual([
      'zed@sort.test',
      'max@sort.test',
      'amy@sort.test',
    ]);
    expect(emails((await list(admin, tenant, `?sort=name&order=asc${filter}`)).body)).toEqual([
      'zed@sort.test',
      'max@sort.test',
      'amy@sort.test',
    ]);
    expect(emails((await list(admin, tenant, `?sort=role&order=asc${filter}`)).body)).toEqual([
      'amy@sort.test',
      'max@sort.test',
      'zed@sort.test',
    ]);
    expect(emails((await list(admin, tenant, `?sort=status&order=desc${filter}`)).body)).toEqual([
      'zed@sort.test',
      'amy@sort.test',
      'max@sort.test',
    ]);
    // Never signed in sorts last when newest first.
    expect(emails((await list(admin, tenant, `?sort=last_sign_in_at&order=desc${filter}`)).body)).toEqual([
      'amy@sort.test',
      'zed@sort.test',
      'max@sort.test',
    ]);
  });

  it('searches email, first and last name case-insensitively, and filters by role and status', async () => {
    const { tenant, admin } = await workspace();
    await quickMember(tenant, { email: 'olivia@find.test', first: 'Olivia', last: 'Stone', role: 'role1' });
    await quickMember(tenant, {
      email: 'liam@find.test',
      first: 'Liam',
      last: 'OLIVER',
      role: 'role2',
      status: 'suspended',
    });
    await quickMember(tenant, { email: 'noah@find.test', first: 'Noah', last: 'Reed', role: 'role2' });
    await quickMember(tenant, { email: '100%sure@find.test', first: 'Per', last: 'Cent', role: 'role3' });

    const sorted = async (q: string) => emails((await list(admin, tenant, `?sort=email&order=asc&${q}`)).body);
    expect(await sorted('query=OLIV')).toEqual(['liam@find.test', 'olivia@find.test']);
    expect(await sorted('query=reed')).toEqual(['noah@find.test']);
    expect(await sorted('query=noah%40find')).toEqual(['noah@find.test']);
    expect(await sorted('query=olivia%20stone')).toEqual(['olivia@find.test']);
    expect(await sorted('query=%25')).toEqual(['100%sure@find.test']);
    expect(await sorted('query=find.test&role=role2')).toEqual(['liam@find.test', 'noah@find.test']);
    expect(await sorted('query=find.test&status=suspended')).toEqual(['liam@find.test']);
    expect(await sorted('query=find.test&status=active&role=role2')).toEqual(['noah@find.test']);
    const res = await list(admin, tenant, '?query=find.test&status=active');
    expect(res.body.total).toBe(3);
    expect(await sorted('query=nobody-matches')).toEqual([]);
  });

  it.each([
    ['?page=0', 'Page must be a whole number of at least 1.'],
    ['?page=abc', 'Page must be a whole number of at least 1.'],
    ['?page=1.5', 'Page must be a whole number of at least 1.'],
    ['?page_size=20', 'Page size must be one of 10, 25, 50, 100.'],
    ['?page_size=ten', 'Page size must be one of 10, 25, 50, 100.'],
    ['?sort=password_hash', 'Sort must be one of created_at, email, name, role, last_sign_in_at, status.'],
    ['?order=up', 'Order must be asc or desc.'],
    ['?status=gone', 'Status must be one of active, suspended.'],
    ['?role=boss', 'Invalid role. Valid roles: admin, role1, role2, role3, owner'],
    ['?query=a&query=b', 'Search text must be given once.'],
    [`?query=${'x'.repeat(101)}`, 'Search text must be at most 100 characters.'],
  ])('refuses %s with a sentence', async (query, error) => {
    const { tenant, admin } = await workspace();
    const res = await list(admin, tenant, query);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
  });

  it('serves the simple search shape: ?query= answers id, email and role', async () => {
    const { tenant, admin, member } = await workspace();
    const res = await list(admin, tenant, `?query=${encodeURIComponent(member.user.email)}`);
    expect(res.body.users).toEqual([
      expect.objectContaining({ id: member.user.id, email: member.user.email, role: 'role2' }),
    ]);
  });

  it('refuses a member, another tenant’s admin and a caller without a session', async () => {
    const { tenant, member } = await workspace();
    const other = await workspace();
    const asMember = await list(member, tenant);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe('Only workspace admins can see the member list.');
    const asOther = await list(other.admin, tenant);
    expect(asOther.status).toBe(403);
    expect(asOther.body).toEqual({ error: 'You are not a member of this workspace.', code: 'not_a_member' });
    expect((await app.request('GET', '/users', { tenantId: tenant.id })).status).toBe(401);
  });
});

describe('GET /api/users/export.csv', () => {
  it('downloads every filtered row (no paging) as CSV, sorted, with formula cells defused', async () => {
    const { tenant, admin } = await workspace();
    await quickMember(tenant, {
      email: 'ann@csv.test',
      first: 'Ann',
      last: 'Archer, Jr.',
      role: 'role2',
      joined: '2026-01-02T03:04:05Z',
    });
    await quickMember(tenant, {
      email: 'bob@csv.test',
      first: '=HYPERLINK("http://evil")',
      last: '@Bob',
      role: 'role2',
      joined: '2026-01-03T00:00:00Z',
      lastSignIn: '2026-02-01T00:00:00Z',
    });
    await quickMember(tenant, { email: 'cid@csv.test', first: 'Cid', last: '-1+2', role: 'role1' });
    await quickMember(tenant, {
      email: 'dee@csv.test',
      first: 'Dee',
      last: 'Suspended',
      role: 'role2',
      status: 'suspended',
    });

    const res = await fetch(
      `${app.url}/api/users/export.csv?query=csv.test&role=role2&status=active&sort=email&order=asc`,
      {
        headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=users-${tenant.slug}.csv`);
    const ann = (await app.ctx.db.User.findOne({ where: { email: 'ann@csv.test' } }))!;
    const bob = (await app.ctx.db.User.findOne({ where: { email: 'bob@csv.test' } }))!;
    expect(await res.text()).toBe(
      [
        'id,email,first_name,last_name,role,role_label,status,phone,linkedin,created_at,last_sign_in_at',
        `${ann.id},ann@csv.test,Ann,"Archer, Jr.",role2,Client,active,,,2026-01-02T03:04:05.000Z,`,
        `${bob.id},bob@csv.test,"'=HYPERLINK(""http://evil"")",'@Bob,role2,Client,active,,,2026-01-03T00:00:00.000Z,2026-02-01T00:00:00.000Z`,
        '',
      ].join('\n'),
    );
  });

  it('writes every row of an export larger than the pages it is read in, each once, in order', async () => {
    const { tenant, admin } = await workspace();
    const count = 1_234;
    // Bulk rows: the export reads 500 at a time, so this spans three reads.
    await app.ctx.sequelize.query(
      `WITH made AS (
         INSERT INTO users (id, email, password_hash, created_at, updated_at)
         SELECT gen_random_uuid(), 'bulk-' || lpad(n::text, 5, '0') || '@bulk.test', :hash, now(), now() FROM generate_series(1, :count) AS n
         RETURNING id)
       INSERT INTO memberships (id, tenant_id, user_id, role, status, created_at, updated_at)
       SELECT gen_random_uuid(), :tenantId, id, 'role2', 'active', now(), now() FROM made`,
      { replacements: { hash: UNUSABLE_PASSWORD_HASH, count, tenantId: tenant.id } },
    );
    const res = await fetch(`${app.url}/api/users/export.csv?query=bulk.test&sort=email&order=asc`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id },
    });
    expect(res.status).toBe(200);
    const emails = (await res.text())
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[1]);
    expect(emails).toHaveLength(count);
    expect(emails[0]).toBe('bulk-00001@bulk.test');
    expect(emails.at(-1)).toBe(`bulk-0${count}@bulk.test`);
    expect(new Set(emails).size).toBe(count);
  });

  it('validates the filters like the list and refuses members', async () => {
    const { tenant, admin, member } = await workspace();
    const bad = await app.request('GET', '/users/export.csv?status=paused', {
      token: admin.token,
      tenantId: tenant.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Status must be one of active, suspended.');
    const asMember = await app.request('GET', '/users/export.csv', { token: member.token, tenantId: tenant.id });
    expect(asMember.status).toBe(403);
    expect((await app.request('GET', '/users/export.csv', { tenantId: tenant.id })).status).toBe(401);
  });
});

describe('GET /api/public/plans', () => {
  it('serves the plan table without a session', async () => {
    const res = await app.request('GET', '/public/plans');
    expect(res.status).toBe(200);
    expect(
      res.body.plans.map(
        (p: {
          key: string;
          price_monthly: number;
          price_yearly: number;
          client_cap: number | null;
          team_seats: boolean;
        }) => [p.key, p.price_monthly, p.price_yearly, p.client_cap, p.team_seats],
      ),
    ).toEqual([
      ['starter', 39, 33, 30, false],
      ['pro', 99, 83, 500, true],
      ['advanced', 199, 166, null, true],
    ]);
    expect(res.body.plans[1].admin_seats).toEqual({ included: 1, extra_price_monthly: 39, max_extra: 3 });
    expect(res.body.plans[2].admin_seats).toEqual({ included: 3, extra_price_monthly: 29, max_extra: null });
  });
});
