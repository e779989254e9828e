import { randomBytes } from 'node:crypto';
import { closeContext, createContext, loadConfig, type AppContext } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, DEFAULT_PASSWORD, makeTenant, makeUser } from '../../testing/factories';
import { createTestDatabase } from '../../testing/harness';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../testing/processes';

/*
 * Two API processes on one database and one Redis prefix, each with its own session cache: a change
 * made through one (or by any other process) must refuse the very next request on the other.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ctx: AppContext;
const processes: RunningProcess[] = [];
let one: string;
let other: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_PREFIX: `s${randomBytes(5).toString('hex')}`,
    JWT_SECRET: 'session-test-secret-session-test-secret',
    SECRETS_KEY: 'session-test-key-session-test-key-12345',
    LOG_LEVEL: 'warn',
  };
  ctx = await createContext(loadConfig(env), 'test');
  const ports = [await freePort(), await freePort()];
  for (const port of ports) processes.push(startProcess('api/src/main.ts', { ...env, PORT: String(port) }));
  [one, other] = ports.map((port) => `http://127.0.0.1:${port}/api`) as [string, string];
  await Promise.all([one, other].map((base) => waitForHttp(`${base}/health/live`, 45_000)));
}, 60_000);

afterAll(async () => {
  for (const p of processes) p.child.kill('SIGTERM');
  await Promise.all(processes.map((p) => p.exit));
  const keys = await ctx.redis.keys(`${ctx.config.redisPrefix}:*`);
  if (keys.length > 0) await ctx.redis.del(...keys);
  await closeContext(ctx);
  await db.drop();
});

async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; tenantId?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.tenantId) headers['x-tenant-id'] = options.tenantId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function signIn(
  base: string,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<{ token: string; refreshToken: string }> {
  const res = await call(base, 'POST', '/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return { token: res.body.access_token, refreshToken: res.body.refresh_token };
}

/** A workspace with a signed-in admin and member, the member's session already cached by `other`. */
async function workspace() {
  const tenant = await makeTenant(ctx, { name: 'Before' });
  const admin = await makeUser(ctx);
  const member = await makeUser(ctx);
  await addMember(ctx, tenant, admin, 'admin');
  await addMember(ctx, tenant, member, 'role2');
  const adminSession = await signIn(one, admin.email);
  const memberSession = await signIn(one, member.email);
  const read = () => call(other, 'GET', '/tenant-config', { token: memberSession.token, tenantId: tenant.id });
  expect((await read()).status).toBe(200);
  // Proof that `other` answers from its cache: a change made behind the cache's back (raw SQL,
  // announced to no one) is not seen…
  await ctx.sequelize.query("UPDATE tenants SET name = 'Renamed unannounced' WHERE id = :id", {
    replacements: { id: tenant.id },
  });
  expect((await read()).body.name).toBe('Before');
  // …whereas every change made through the models below is seen by the very next request.
  return { tenant, admin, member, adminSession, memberSession, read };
}

describe('a change on one process is seen by the very next request on another', () => {
  it('logging out', async () => {
    const { memberSession, read } = await workspace();
    expect(
      (
        await call(one, 'POST', '/auth/logout', {
          token: memberSession.token,
          body: { refresh_token: memberSession.refreshToken },
        })
      ).status,
    ).toBe(204);
    expect(await read()).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
  });

  it('reusing a rotated refresh token', async () => {
    const { memberSession, read } = await workspace();
    expect(
      (await call(one, 'POST', '/auth/refresh', { body: { refresh_token: memberSession.refreshToken } })).status,
    ).toBe(200);
    expect(
      (await call(one, 'POST', '/auth/refresh', { body: { refresh_token: memberSession.refreshToken } })).status,
    ).toBe(401);
    expect(await read()).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
  });

  it('changing the password signs out the other sessions', async () => {
    const { member, read } = await workspace();
    const current = await signIn(one, member.email);
    const res = await call(one, 'PUT', '/auth/password', {
      token: current.token,
      body: { current_password: DEFAULT_PASSWORD, new_password: 'another-password-2' },
    });
    expect(res.status).toBe(200);
    expect(await read()).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
    expect((await call(other, 'GET', '/auth/user', { token: current.token })).status).toBe(200);
  });

  it('an admin setting the password', async () => {
    const { tenant, member, adminSession, read } = await workspace();
    const res = await call(one, 'POST', '/admin-reset-password', {
      token: adminSession.token,
      tenantId: tenant.id,
      body: { user_id: member.id, new_password: 'set-by-admin-3' },
    });
    expect(res.status).toBe(200);
    expect(await read()).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
  });

  it('suspending the member', async () => {
    const { tenant, member, adminSession, read } = await workspace();
    expect(
      (
        await call(one, 'PATCH', `/users/${member.id}`, {
          token: adminSession.token,
          tenantId: tenant.id,
          body: { status: 'suspended' },
        })
      ).status,
    ).toBe(200);
    expect(await read()).toMatchObject({ status: 403, body: { code: 'membership_suspended' } });
  });

  it('removing the member', async () => {
    const { tenant, member, adminSession, read } = await workspace();
    // A member elsewhere too keeps the account (otherwise removal deletes it, and the session with it).
    await addMember(ctx, await makeTenant(ctx), member, 'role2');
    expect((await read()).status).toBe(200);
    expect(
      (await call(one, 'DELETE', `/users/${member.id}`, { token: adminSession.token, tenantId: tenant.id })).status,
    ).toBe(200);
    expect(await read()).toMatchObject({ status: 403, body: { code: 'not_a_member' } });
  });

  it('removing the member’s last membership deletes the account and ends the session', async () => {
    const { tenant, member, adminSession, read } = await workspace();
    expect(
      (await call(one, 'DELETE', `/users/${member.id}`, { token: adminSession.token, tenantId: tenant.id })).body,
    ).toMatchObject({ account_deleted: true });
    expect(await read()).toMatchObject({ status: 401, body: { code: 'session_revoked' } });
  });

  it('changing the member’s role', async () => {
    const { tenant, member, adminSession, memberSession } = await workspace();
    const roleOf = async () =>
      (await call(other, 'GET', '/auth/user', { token: memberSession.token })).body.memberships.find(
        (m: { tenant_id: string }) => m.tenant_id === tenant.id,
      ).role;
    expect(await roleOf()).toBe('role2');
    expect(
      (
        await call(one, 'PATCH', `/users/${member.id}`, {
          token: adminSession.token,
          tenantId: tenant.id,
          body: { role: 'role1' },
        })
      ).status,
    ).toBe(200);
    expect(await roleOf()).toBe('role1');
  });

  it('changing the workspace’s settings', async () => {
    const { tenant, adminSession, read } = await workspace();
    expect(
      (
        await call(one, 'PATCH', '/tenant-config', {
          token: adminSession.token,
          tenantId: tenant.id,
          body: { name: 'After' },
        })
      ).status,
    ).toBe(200);
    expect((await read()).body.name).toBe('After');
  });

  it('a payment restoring a read-only workspace, from a third process (the Stripe webhook’s)', async () => {
    const { tenant, adminSession, read } = await workspace();
    await ctx.db.Tenant.update({ billing_status: 'unpaid' }, { where: { id: tenant.id } });
    const rename = () =>
      call(other, 'PATCH', '/tenant-config', {
        token: adminSession.token,
        tenantId: tenant.id,
        body: { name: 'Paid' },
      });
    // `other` now holds the session with the workspace read-only…
    expect(await rename()).toMatchObject({ status: 402, body: { code: 'billing_read_only' } });
    expect((await read()).status).toBe(200);
    // …and the webhook's save (as receiveStripeEvent does it) reaches it at once.
    const paid = (await ctx.db.Tenant.findByPk(tenant.id))!;
    paid.billing_status = 'active';
    await paid.save();
    expect((await rename()).status).toBe(200);
  });

  it('suspending the tenant, from a third process (the platform console, a script)', async () => {
    const { tenant, read } = await workspace();
    await ctx.db.Tenant.update({ status: 'suspended' }, { where: { id: tenant.id } });
    expect(await read()).toMatchObject({ status: 403, body: { code: 'tenant_suspended' } });
  });
});
