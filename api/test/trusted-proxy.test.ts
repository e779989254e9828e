import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/* With TRUST_PROXY naming the proxy (here: loopback, where the test connects from), its X-Forwarded-For names the client. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({
    TRUST_PROXY: 'loopback',
    LOGIN_MAX_FAILURES_PER_EMAIL: '10',
    LOGIN_MAX_FAILURES_PER_IP: '2',
  });
});
afterAll(() => app.close());

it('records the forwarded client in audit rows, and the connection when what is forwarded is no address', async () => {
  const { tenant, admin } = await makeWorkspace(app);
  for (const forwarded of ['203.0.113.9', 'x'.repeat(500), `fe80::1%${'z'.repeat(100)}`]) {
    const res = await app.request('PATCH', '/tenant-config', {
      token: admin.token,
      tenantId: tenant.id,
      body: { name: 'Harbour' },
      headers: { 'x-forwarded-for': forwarded },
    });
    expect(res.status).toBe(200);
  }
  const audited = await app.ctx.db.AuditLog.findAll({
    where: { tenant_id: tenant.id, action: 'tenant.config_updated' },
    order: [['created_at', 'ASC']],
  });
  expect(audited.map((row) => row.ip).sort()).toEqual(['127.0.0.1', '127.0.0.1', '203.0.113.9']);
});

it('throttles sign-in per forwarded client', async () => {
  const attempt = (forwarded: string) =>
    app.request('POST', '/auth/login', {
      body: { email: 'nobody@example.test', password: 'guessing-1' },
      headers: { 'x-forwarded-for': forwarded },
    });
  expect((await attempt('198.51.100.1')).status).toBe(401);
  expect((await attempt('198.51.100.1')).status).toBe(401);
  expect((await attempt('198.51.100.1')).status).toBe(429);
  expect((await attempt('198.51.100.2')).status).toBe(401);
});
