import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const CA_FILE = 'testing/fixtures/localhost-tls.crt';
const cert = readFileSync(new URL('../../testing/fixtures/localhost-tls.crt', import.meta.url), 'utf8');
const key = readFileSync(new URL('../../testing/fixtures/localhost-tls.key', import.meta.url), 'utf8');

let app: TestApp;
let target: Server;
let base = '';
const methods: string[] = [];

beforeAll(async () => {
  // This app may reach this machine (tests only) and trusts the local test certificate.
  app = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', OUTBOUND_CA_FILE: CA_FILE });
  target = createServer({ cert, key }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    methods.push(`${req.method} ${url.pathname}`);
    switch (url.pathname) {
      case '/deny':
        res.setHeader('x-frame-options', 'DENY');
        break;
      case '/sameorigin':
        res.setHeader('x-frame-options', 'SAMEORIGIN');
        break;
      case '/csp-none':
        res.setHeader('content-security-policy', "default-src 'self'; frame-ancestors 'none'");
        break;
      case '/csp-portal':
        res.setHeader('content-security-policy', `frame-ancestors 'self' ${app.url}`);
        res.setHeader('x-frame-options', 'DENY');
        break;
      case '/get-only':
        if (req.method === 'HEAD') res.statusCode = 405;
        else res.setHeader('x-frame-options', 'DENY');
        break;
      case '/redirect':
        res.writeHead(302, { location: '/deny' });
        break;
      case '/open':
        break;
      default:
        res.statusCode = 404;
    }
    res.end();
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  base = `https://localhost:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  target.closeAllConnections();
  await new Promise((r) => target.close(r));
  await app.close();
});

describe('framing check on create', () => {
  it.each([
    ['/deny', true],
    ['/sameorigin', true],
    ['/csp-none', true],
    ['/csp-portal', false],
    ['/open', false],
    ['/redirect', true],
  ])('stores frame_blocked for %s = %s', async (path, blocked) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { title: 'Tool', provider: 'custom', url: `${base}${path}`, embed_type: 'role', role: 'all' },
    });
    expect(res.status).toBe(201);
    expect(res.body.embed.frame_blocked).toBe(blocked);
    expect(res.body.embed.frame_checked_at).not.toBeNull();
    const row = await app.ctx.db.Embed.findOne({ where: { tenant_id: tenant.id, id: res.body.embed.id } });
    expect(row?.frame_blocked).toBe(blocked);
  });

  it('falls back to GET when HEAD is refused', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    methods.length = 0;
    const res = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { title: 'Tool', provider: 'custom', url: `${base}/get-only`, embed_type: 'role', role: 'all' },
    });
    expect(res.body.embed.frame_blocked).toBe(true);
    expect(methods).toEqual(['HEAD /get-only', 'GET /get-only']);
  });

  it('leaves frame_blocked unknown when the target cannot be asked, and still saves', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const closed = createServer({ cert, key });
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const res = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { title: 'Gone', provider: 'custom', url: `https://localhost:${port}/`, embed_type: 'role', role: 'all' },
    });
    expect(res.status).toBe(201);
    expect(res.body.embed.frame_blocked).toBeNull();
  });
});

describe('framing check on URL change', () => {
  it('checks again when the URL changes, not otherwise', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const created = await app.request('POST', '/embeds', {
      token: admin.token,
      tenantId: tenant.id,
      body: { title: 'Tool', provider: 'custom', url: `${base}/open`, embed_type: 'role', role: 'all' },
    });
    expect(created.body.embed.frame_blocked).toBe(false);
    const id = created.body.embed.id;
    methods.length = 0;
    const renamed = await app.request('PATCH', `/embeds?id=${id}`, {
      token: admin.token,
      tenantId: tenant.id,
      body: { title: 'Renamed' },
    });
    expect(renamed.body.embed.frame_blocked).toBe(false);
    expect(methods).toEqual([]);
    const moved = await app.request('PATCH', `/embeds?id=${id}`, {
      token: admin.token,
      tenantId: tenant.id,
      body: { url: `${base}/deny` },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.embed.frame_blocked).toBe(true);
    expect(methods).toEqual(['HEAD /deny']);
  });
});
