import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/*
 * Models are bound per connection (`ctx.db`), not per module: two apps in one process each read and
 * write their own database, with their own hooks (the caches each builds from its models).
 */
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  [first, second] = await Promise.all([startTestApp(), startTestApp()]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const emailsOf = (body: { users: Array<{ email: string }> }) => body.users.map((u) => u.email).sort();

describe('two apps in one process', () => {
  it('gives each its own models, bound to its own database', async () => {
    expect(first.ctx.db.Tenant).not.toBe(second.ctx.db.Tenant);
    expect(first.ctx.db.Tenant.sequelize).toBe(first.ctx.sequelize);
    expect(second.ctx.db.Tenant.sequelize).toBe(second.ctx.sequelize);

    const a = await makeWorkspace(first);
    const b = await makeWorkspace(second);
    expect(await first.ctx.db.Tenant.findByPk(a.tenant.id)).not.toBeNull();
    expect(await first.ctx.db.Tenant.findByPk(b.tenant.id)).toBeNull();
    expect(await second.ctx.db.Tenant.findByPk(b.tenant.id)).not.toBeNull();
    expect(await second.ctx.db.Tenant.findByPk(a.tenant.id)).toBeNull();
  });

  it('serves each workspace from its own app, side by side, and neither knows the other’s people', async () => {
    const a = await makeWorkspace(first);
    const b = await makeWorkspace(second);
    const [listA, listB] = await Promise.all([
      first.request('GET', '/users', { token: a.admin.token, tenantId: a.tenant.id }),
      second.request('GET', '/users', { token: b.admin.token, tenantId: b.tenant.id }),
    ]);
    expect(listA.status).toBe(200);
    expect(emailsOf(listA.body)).toEqual([a.admin.user.email, a.member.user.email].sort());
    expect(listB.status).toBe(200);
    expect(emailsOf(listB.body)).toEqual([b.admin.user.email, b.member.user.email].sort());

    // B's session means nothing to the first app: its database holds no such person.
    const crossed = await first.request('GET', '/users', { token: b.admin.token, tenantId: a.tenant.id });
    expect(crossed.status).toBe(401);
  });

  it('runs each app’s hooks on its own writes: a role change shows at once in that app only', async () => {
    const a = await makeWorkspace(first);
    const b = await makeWorkspace(second);
    const before = await second.request('GET', '/users', { token: b.member.token, tenantId: b.tenant.id });
    expect(before.status).toBe(403);

    // Written through the second app's models, whose hooks tell its session cache; the cached session goes.
    await second.ctx.db.Membership.update(
      { role: 'admin' },
      { where: { tenant_id: b.tenant.id, user_id: b.member.user.id } },
    );
    const after = await second.request('GET', '/users', { token: b.member.token, tenantId: b.tenant.id });
    expect(after.status).toBe(200);

    const untouched = await first.request('GET', '/users', { token: a.member.token, tenantId: a.tenant.id });
    expect(untouched.status).toBe(403);
  });
});
