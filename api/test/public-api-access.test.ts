import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createKey, INVALID_KEY, PLAN_REQUIRED, SESSION_EXPIRED, v1 } from './public-api-support';

/** Small, so the limit is reached in a few calls; every test here uses its own keys. */
const LIMIT = 5;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
});
afterAll(() => app.close());

describe('an API key opens the public API and nothing else', () => {
  it('is refused 401 like a bad session on session routes, workspace routes, super routes and key management', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { key } = await createKey(app, tenant, admin);
    const calls: [string, string, boolean][] = [
      ['GET', '/auth/user', false],
      ['GET', '/profile', false],
      ['GET', '/tenant-config', true],
      ['GET', '/users', true],
      ['GET', '/files', true],
      ['GET', '/forms', true],
      ['POST', '/invite', true],
      ['GET', '/super/tenants', false],
      ['GET', '/integrations/api-keys', true],
      ['POST', '/integrations/api-keys', true],
      ['GET', '/integrations/webhooks', true],
    ];
    for (const [method, path, workspace] of calls) {
      const res = await app.request(method, path, {
        token: key,
        tenantId: workspace ? tenant.id : undefined,
        body: method === 'POST' ? { label: 'x', email: 'a@example.test', role: 'role2' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: SESSION_EXPIRED, code: 'invalid_token' });
    }
  });

  it('is only a key even when a super admin created it', async () => {
    const { tenant } = await makeWorkspace(app);
    const root = await makeSuperAdmin(app);
    const res = await app.request('POST', '/integrations/api-keys', {
      token: root.token,
      tenantId: tenant.id,
      body: { label: 'root' },
    });
    const key = res.body.key.key as string;
    expect((await app.request('GET', '/super/tenants', { token: key })).status).toBe(401);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
  });

  it('refuses sessions, missing, malformed, unknown and other-scheme credentials on /api/v1 with 401 Invalid API key.', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { key } = await createKey(app, tenant, admin);
    const root = await makeSuperAdmin(app);
    for (const token of [
      admin.token,
      root.token,
      undefined,
      'ptk_short',
      `ptk_${'A'.repeat(43)}`,
      `${key}x`,
      key.slice(0, -1),
    ]) {
      const res = await v1(app, token, 'GET', '/members', { tenantId: tenant.id });
      expect(res.status, String(token)).toBe(401);
      expect(res.body).toEqual({ error: INVALID_KEY, code: 'invalid_api_key' });
      expect(res.headers.get('ratelimit-limit')).toBeNull();
    }
    const basic = await app.request('GET', '/v1/members', {
      headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
    });
    expect(basic.status).toBe(401);
    // Unknown paths under /api/v1 are not reachable without a key either.
    expect((await v1(app, admin.token, 'GET', '/nothing-here')).status).toBe(401);
    const unknown = await v1(app, key, 'GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no GET /api/v1/nothing-here endpoint.');
  });

  it('ignores x-tenant-id: a key always acts in its own workspace', async () => {
    const a = await makeWorkspace(app);
    const b = await makeWorkspace(app);
    const { key } = await createKey(app, a.tenant, a.admin);
    const res = await v1(app, key, 'GET', '/members', { tenantId: b.tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: string }) => m.id).sort()).toEqual([a.admin.user.id, a.member.user.id].sort());
  });

  it('fails at once when revoked', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { id, key } = await createKey(app, tenant, admin);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    expect(
      (await app.request('DELETE', `/integrations/api-keys/${id}`, { token: admin.token, tenantId: tenant.id })).status,
    ).toBe(204);
    const res = await v1(app, key, 'GET', '/members');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(INVALID_KEY);
  });

  it('refuses a key once its workspace is on the starter plan, or suspended; it works again when that ends', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { key } = await createKey(app, tenant, admin);
    await app.ctx.db.Tenant.update({ tier: 'starter' }, { where: { id: tenant.id } });
    const starter = await v1(app, key, 'GET', '/members');
    expect(starter.status).toBe(403);
    expect(starter.body).toEqual({ error: PLAN_REQUIRED, code: 'plan_required' });
    await app.ctx.db.Tenant.update({ tier: 'advanced', status: 'suspended' }, { where: { id: tenant.id } });
    const suspended = await v1(app, key, 'GET', '/members');
    expect(suspended.status).toBe(403);
    expect(suspended.body.code).toBe('tenant_suspended');
    expect(suspended.body.error).toBe(`${tenant.name} is suspended. Contact the platform administrator.`);
    await app.ctx.db.Tenant.update({ status: 'active' }, { where: { id: tenant.id } });
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
  });
});

describe('rate limit per key', () => {
  it(`allows ${LIMIT} calls a minute with RateLimit headers on every answer, then 429 with Retry-After`, async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { key } = await createKey(app, tenant, admin);
    const other = await createKey(app, tenant, admin, 'Other');
    // Errors count and carry the headers too.
    const paths = ['/members', '/members?limit=0', `/members/00000000-0000-4000-8000-000000000000`, '/files', '/forms'];
    for (const [i, path] of paths.entries()) {
      const res = await v1(app, key, 'GET', path);
      expect(res.status, path).toBe([200, 400, 404, 200, 200][i]);
      expect(res.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(res.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1 - i));
      const reset = Number(res.headers.get('ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(1);
      expect(reset).toBeLessThanOrEqual(60);
      expect(res.headers.get('retry-after')).toBeNull();
    }
    const refused = await v1(app, key, 'GET', '/members');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.body.error).toMatch(
      new RegExp(`^This API key has made more than ${LIMIT} calls this minute\\. Try again in \\d+ seconds?\\.$`),
    );
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    // Each key has its own budget.
    const fresh = await v1(app, other.key, 'GET', '/members');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1));
  });

  it('counts in Redis, so a limit survives across requests on any connection', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { id, key } = await createKey(app, tenant, admin);
    await Promise.all(Array.from({ length: LIMIT }, () => v1(app, key, 'GET', '/members')));
    expect((await v1(app, key, 'GET', '/members')).status).toBe(429);
    expect(await app.ctx.redis.exists(`${app.config.redisPrefix}:api-rate:${id}`)).toBe(1);
  });
});
