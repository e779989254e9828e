import { createHash } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { signedIn } from './forms-support';
import { createKey, KEY_FORMAT, PLAN_REQUIRED, v1 } from './public-api-support';

const ADMINS_ONLY = 'Admins only.';
const NOT_FOUND = 'This API key does not exist.';
const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('POST /api/integrations/api-keys', () => {
  it('creates a key shown once, stores only its hash and audits it', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/api-keys', {
      token: admin.token,
      tenantId: tenant.id,
      body: { label: '  Zapier  ' },
    });
    expect(res.status).toBe(201);
    const { key } = res.body;
    expect(key).toEqual({
      id: expect.any(String),
      label: 'Zapier',
      key_prefix: key.key.slice(0, 12),
      created_at: expect.any(String),
      last_used_at: null,
      key: expect.stringMatching(KEY_FORMAT),
    });
    const row = await app.ctx.db.ApiKey.findOne({ where: { tenant_id: tenant.id, id: key.id } });
    expect(row).toMatchObject({
      key_hash: sha256(key.key),
      key_prefix: key.key.slice(0, 12),
      created_by: admin.user.id,
      revoked_at: null,
    });
    expect(JSON.stringify(row!.toJSON())).not.toContain(key.key);
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'api_key.created', entity_id: key.id },
    });
    expect(audit).toMatchObject({
      actor_user_id: admin.user.id,
      details: { label: 'Zapier', key_prefix: key.key_prefix },
    });

    // Never again: the list shows neither the key nor its hash.
    const list = await app.request('GET', '/integrations/api-keys', { token: admin.token, tenantId: tenant.id });
    expect(list.body.keys).toEqual([
      { id: key.id, label: 'Zapier', key_prefix: key.key_prefix, created_at: key.created_at, last_used_at: null },
    ]);
    expect(JSON.stringify(list.body)).not.toContain(key.key);
    expect(JSON.stringify(list.body)).not.toContain(sha256(key.key));
  });

  it('makes a different key every time', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const a = await createKey(app, tenant, admin, 'A');
    const b = await createKey(app, tenant, admin, 'A');
    expect(a.key).not.toBe(b.key);
    expect(a.id).not.toBe(b.id);
  });

  it.each([
    [{}, 'Give the key a label.'],
    [{ label: '' }, 'Give the key a label.'],
    [{ label: '   ' }, 'Give the key a label.'],
    [{ label: 42 }, 'Give the key a label.'],
    [{ label: 'x'.repeat(101) }, 'The label must be at most 100 characters.'],
  ])('refuses %j with its sentence and creates nothing', async (body, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/api-keys', { token: admin.token, tenantId: tenant.id, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await app.ctx.db.ApiKey.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('accepts a label of exactly 100 characters', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/api-keys', {
      token: admin.token,
      tenantId: tenant.id,
      body: { label: 'x'.repeat(100) },
    });
    expect(res.status).toBe(201);
  });
});

describe('who may manage keys', () => {
  it('refuses members and team members (403 Admins only.), strangers (403) and no session (401), on every call', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const team = await signedIn(app, tenant, 'role1');
    const stranger = await makeWorkspace(app);
    const { id } = await createKey(app, tenant, admin);
    const calls: [string, string, unknown?][] = [
      ['GET', '/integrations/api-keys'],
      ['POST', '/integrations/api-keys', { label: 'x' }],
      ['DELETE', `/integrations/api-keys/${id}`],
    ];
    for (const [method, path, body] of calls) {
      for (const person of [member, team]) {
        const res = await app.request(method, path, { token: person.token, tenantId: tenant.id, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error).toBe(ADMINS_ONLY);
      }
      const byStranger = await app.request(method, path, { token: stranger.admin.token, tenantId: tenant.id, body });
      expect(byStranger.status).toBe(403);
      expect(byStranger.body.code).toBe('not_a_member');
      expect((await app.request(method, path, { tenantId: tenant.id, body })).status).toBe(401);
    }
    expect(await app.ctx.db.ApiKey.count({ where: { tenant_id: tenant.id, revoked_at: null } })).toBe(1);
  });

  it('answers 403 plan_required to a starter workspace, on the list too', async () => {
    const { tenant, admin } = await makeWorkspace(app, { tier: 'starter' });
    for (const [method, path, body] of [
      ['GET', '/integrations/api-keys'],
      ['POST', '/integrations/api-keys', { label: 'x' }],
      ['DELETE', `/integrations/api-keys/${MISSING_ID}`],
    ] as [string, string, unknown?][]) {
      const res = await app.request(method, path, { token: admin.token, tenantId: tenant.id, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: PLAN_REQUIRED, code: 'plan_required' });
    }
    expect(await app.ctx.db.ApiKey.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it("lets a super admin manage any workspace's keys", async () => {
    const { tenant } = await makeWorkspace(app, { tier: 'advanced' });
    const root = await makeSuperAdmin(app);
    const res = await app.request('POST', '/integrations/api-keys', {
      token: root.token,
      tenantId: tenant.id,
      body: { label: 'Support' },
    });
    expect(res.status).toBe(201);
  });
});

describe('GET /api/integrations/api-keys', () => {
  it("lists this workspace's live keys newest first, never another workspace's", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const first = await createKey(app, tenant, admin, 'First');
    const second = await createKey(app, tenant, admin, 'Second');
    const revoked = await createKey(app, tenant, admin, 'Revoked');
    await createKey(app, other.tenant, other.admin, 'Theirs');
    expect(
      (await app.request('DELETE', `/integrations/api-keys/${revoked.id}`, { token: admin.token, tenantId: tenant.id }))
        .status,
    ).toBe(204);
    const res = await app.request('GET', '/integrations/api-keys', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.keys.map((k: { id: string }) => k.id)).toEqual([second.id, first.id]);
  });
});

describe('DELETE /api/integrations/api-keys/{id}', () => {
  it('revokes the key at once, audits it, and answers 404 the second time', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { id, key } = await createKey(app, tenant, admin);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    const res = await app.request('DELETE', `/integrations/api-keys/${id}`, {
      token: admin.token,
      tenantId: tenant.id,
    });
    expect(res.status).toBe(204);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(401);
    expect((await app.ctx.db.ApiKey.findOne({ where: { tenant_id: tenant.id, id } }))!.revoked_at).toBeInstanceOf(Date);
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'api_key.revoked', entity_id: id },
    });
    expect(audit?.actor_user_id).toBe(admin.user.id);
    const again = await app.request('DELETE', `/integrations/api-keys/${id}`, {
      token: admin.token,
      tenantId: tenant.id,
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(NOT_FOUND);
  });

  it("answers 404 for another workspace's key, which keeps working, and for unknown or malformed ids", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const theirs = await createKey(app, other.tenant, other.admin);
    for (const id of [theirs.id, MISSING_ID, 'not-a-uuid']) {
      const res = await app.request('DELETE', `/integrations/api-keys/${id}`, {
        token: admin.token,
        tenantId: tenant.id,
      });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe(NOT_FOUND);
    }
    expect((await v1(app, theirs.key, 'GET', '/members')).status).toBe(200);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: other.tenant.id, action: 'api_key.revoked' } })).toBe(
      0,
    );
  });
});

describe('last_used_at', () => {
  const runFlush = () => runMaintenanceTask(app.ctx, 'flush-api-key-usage');

  const usageHash = () => `${app.config.redisPrefix}:api-keys:last-used`;

  it('is kept in Redis on every call (no database write), shown by the list, and written to the database by the flush job', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const { id, key } = await createKey(app, tenant, admin);
    const unused = await createKey(app, tenant, admin, 'Unused');
    const theirs = await createKey(app, other.tenant, other.admin);

    const before = Date.now();
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    expect((await v1(app, theirs.key, 'GET', '/members')).status).toBe(200);
    const stored = () => app.ctx.db.ApiKey.findOne({ where: { tenant_id: tenant.id, id } });
    expect((await stored())!.last_used_at).toBeNull();
    expect(await app.ctx.redis.hget(usageHash(), `${tenant.id}:${id}`)).toBeTruthy();

    const listed = await app.request('GET', '/integrations/api-keys', { token: admin.token, tenantId: tenant.id });
    const shown = listed.body.keys.find((k: { id: string }) => k.id === id);
    expect(Date.parse(shown.last_used_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(listed.body.keys.find((k: { id: string }) => k.id === unused.id).last_used_at).toBeNull();

    // Earlier tests in this file used keys too: they are flushed along.
    expect(((await runFlush()) as { updated: number }).updated).toBeGreaterThanOrEqual(2);
    expect((await stored())!.last_used_at!.toISOString()).toBe(shown.last_used_at);
    expect(
      (await app.ctx.db.ApiKey.findOne({ where: { tenant_id: other.tenant.id, id: theirs.id } }))!.last_used_at,
    ).toBeInstanceOf(Date);
    expect(await app.ctx.redis.hlen(usageHash())).toBe(0);
    // Nothing left to write; the list now reads the database.
    expect(await runFlush()).toEqual({ updated: 0 });
    const after = await app.request('GET', '/integrations/api-keys', { token: admin.token, tenantId: tenant.id });
    expect(after.body.keys.find((k: { id: string }) => k.id === id).last_used_at).toBe(shown.last_used_at);

    // A later call is shown at once, before the next flush.
    await new Promise((r) => setTimeout(r, 5));
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    const later = await app.request('GET', '/integrations/api-keys', { token: admin.token, tenantId: tenant.id });
    expect(Date.parse(later.body.keys.find((k: { id: string }) => k.id === id).last_used_at)).toBeGreaterThan(
      Date.parse(shown.last_used_at),
    );
  });

  it('never moves a stored time backwards', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { id } = await createKey(app, tenant, admin);
    const recent = new Date();
    await app.ctx.db.ApiKey.update({ last_used_at: recent }, { where: { tenant_id: tenant.id, id } });
    await app.ctx.redis.hset(usageHash(), `${tenant.id}:${id}`, String(recent.getTime() - 60_000));
    await runFlush();
    expect((await app.ctx.db.ApiKey.findOne({ where: { tenant_id: tenant.id, id } }))!.last_used_at!.getTime()).toBe(
      recent.getTime(),
    );
  });

  it('records no use for a refused call', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const { id, key } = await createKey(app, tenant, admin);
    await app.request('DELETE', `/integrations/api-keys/${id}`, { token: admin.token, tenantId: tenant.id });
    expect((await v1(app, key, 'GET', '/members')).status).toBe(401);
    expect(await app.ctx.redis.hget(usageHash(), `${tenant.id}:${id}`)).toBeNull();
  });
});
