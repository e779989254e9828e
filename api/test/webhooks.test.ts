import { decryptSecret, INTEGRATIONS_PLAN_MESSAGE, type Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createWebhook, PUBLIC_URL, type Workspace } from './webhooks-support';

const ADMINS_ONLY = 'Admins only.';
const PRIVATE = 'This URL points to a private or local address; webhooks can only reach public addresses.';
const NOT_FOUND = 'This webhook does not exist.';

let app: TestApp;
beforeAll(async () => {
  // OUTBOUND_ALLOW_PRIVATE stays off: the guard must refuse every local address here.
  app = await startTestApp();
});
afterAll(() => app.close());

async function withPrivateAllowed<T>(run: () => Promise<T>): Promise<T> {
  app.ctx.config.outboundAllowPrivate = true;
  try {
    return await run();
  } finally {
    app.ctx.config.outboundAllowPrivate = false;
  }
}

async function teamMember(tenant: Tenant): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, 'role1');
  return { user, token: (await signIn(app, user.email)).token };
}

describe('POST /api/integrations/webhooks', () => {
  it('creates an enabled webhook for all events, shows the secret once and keeps it encrypted', async () => {
    const w = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/webhooks', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url: PUBLIC_URL },
    });
    expect(res.status).toBe(201);
    const { webhook } = res.body;
    expect(webhook).toMatchObject({
      url: PUBLIC_URL,
      events: 'all',
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      last_delivery: null,
    });
    // whsec_ and the base64 of 24 random bytes.
    expect(webhook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(webhook.secret.slice(6), 'base64')).toHaveLength(24);

    const row = await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: webhook.id } });
    expect(row!.secret_encrypted).not.toContain(webhook.secret.slice(6));
    expect(decryptSecret(row!.secret_encrypted, app.config.secretsKey)).toBe(webhook.secret);
    expect(row!.created_by).toBe(w.admin.user.id);

    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'webhook.created', entity_id: webhook.id },
    });
    expect(audit).toMatchObject({
      actor_user_id: w.admin.user.id,
      details: { url: PUBLIC_URL, events: 'all', enabled: true },
    });
    expect(JSON.stringify(audit!.details)).not.toContain('whsec_');

    const list = await app.request('GET', '/integrations/webhooks', { token: w.admin.token, tenantId: w.tenant.id });
    expect(list.body.webhooks).toHaveLength(1);
    expect(list.body.webhooks[0].secret).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain('whsec_');
  });

  it('takes events and enabled, and gives every webhook its own secret', async () => {
    const w = await makeWorkspace(app);
    const forms = await createWebhook(app, w, { events: 'forms', enabled: false });
    const files = await createWebhook(app, w, { url: 'http://93.184.215.14:8080/in', events: 'files' });
    expect(forms).toMatchObject({ events: 'forms', enabled: false });
    expect(files).toMatchObject({ events: 'files', enabled: true, url: 'http://93.184.215.14:8080/in' });
    expect(forms.secret).not.toBe(files.secret);
  });

  it.each(
    [
      [{ url: undefined }, 'Please enter a webhook URL.'],
      [{ url: '' }, 'Please enter a webhook URL.'],
      [{ url: '   ' }, 'Please enter a webhook URL.'],
      [{ url: 42 }, 'Please enter a webhook URL.'],
      [{ url: 'ftp://93.184.215.14/x' }, 'The webhook URL must start with http:// or https://.'],
      [{ url: 'javascript:alert(1)' }, 'The webhook URL must start with http:// or https://.'],
      [{ url: 'hooks.example.com/portico' }, 'The webhook URL must start with http:// or https://.'],
      [{ url: 'https://' }, 'Enter a full webhook URL, such as https://example.com/hooks/portico.'],
      [{ url: `https://93.184.215.14/${'a'.repeat(2000)}` }, 'The webhook URL must be at most 2000 characters.'],
      [{ url: 'https://user:secret@93.184.215.14/x' }, 'The webhook URL must not contain a user name or password.'],
      [
        { url: 'https://no-such-host.invalid/hook' },
        'The host no-such-host.invalid could not be found. Check the webhook URL.',
      ],
      [{ events: 'everything' }, 'events must be all, forms or files.'],
      [{ events: null }, 'events must be all, forms or files.'],
      [{ enabled: 'yes' }, 'enabled must be true or false.'],
    ].map(
      ([change, message]) =>
        [JSON.stringify(change).slice(0, 60), change as Record<string, unknown>, message as string] as const,
    ),
  )('refuses %s with its sentence and saves nothing', async (_label, change, message) => {
    const w = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/webhooks', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url: PUBLIC_URL, ...change },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await app.ctx.db.Webhook.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['loopback range', 'http://127.45.6.7/hook'],
    ['10/8', 'https://10.1.2.3/hook'],
    ['172.16/12', 'https://172.16.0.1/hook'],
    ['172.16/12 top', 'https://172.31.255.254/hook'],
    ['192.168/16', 'https://192.168.1.1/hook'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['link-local', 'http://169.254.1.1/hook'],
    ['CGNAT', 'https://100.64.0.1/hook'],
    ['0.0.0.0', 'http://0.0.0.0/hook'],
    ['IPv6 loopback', 'http://[::1]:8080/hook'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['IPv4-mapped loopback, hex', 'http://[::ffff:7f00:1]/hook'],
    ['IPv4-mapped private', 'http://[::ffff:10.0.0.1]/hook'],
    ['IPv6 unique local', 'http://[fd12:3456::1]/hook'],
    ['IPv6 link-local', 'http://[fe80::1]/hook'],
    ['a name resolving to loopback', 'http://localhost:8080/hook'],
  ])('refuses a %s address (%s), on create and on change', async (_label, url) => {
    const w = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/webhooks', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: PRIVATE, code: 'private_address' });
    const saved = await createWebhook(app, w);
    const patch = await app.request('PATCH', `/integrations/webhooks/${saved.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error).toBe(PRIVATE);
    expect((await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: saved.id } }))!.url).toBe(
      PUBLIC_URL,
    );
  });

  it('accepts a local receiver only when OUTBOUND_ALLOW_PRIVATE is on', async () => {
    const w = await makeWorkspace(app);
    const webhook = await withPrivateAllowed(() => createWebhook(app, w, { url: 'http://localhost:9/hook' }));
    expect(webhook.url).toBe('http://localhost:9/hook');
  });

  it('keeps at most 20 webhooks per workspace', async () => {
    const w = await makeWorkspace(app);
    for (let i = 0; i < 20; i++) await createWebhook(app, w, { url: `${PUBLIC_URL}/${i}` });
    const res = await app.request('POST', '/integrations/webhooks', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url: PUBLIC_URL },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A workspace can have at most 20 webhooks. Delete one you no longer use first.');
  });
});

describe('GET /api/integrations/webhooks', () => {
  it('lists only this workspace’s webhooks, oldest first, with their last delivery', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const first = await createWebhook(app, w, { url: `${PUBLIC_URL}/1` });
    const second = await createWebhook(app, w, { url: `${PUBLIC_URL}/2`, events: 'forms' });
    await createWebhook(app, other);
    const tested = await app.request('POST', `/integrations/webhooks/${second.id}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    await app.ctx.db.WebhookDelivery.update(
      { status: 'failed', last_status_code: 500, completed_at: new Date() },
      { where: { tenant_id: w.tenant.id, id: tested.body.delivery.id } },
    );

    const res = await app.request('GET', '/integrations/webhooks', { token: w.admin.token, tenantId: w.tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.webhooks.map((h: { id: string }) => h.id)).toEqual([first.id, second.id]);
    expect(res.body.webhooks[0].last_delivery).toBeNull();
    expect(res.body.webhooks[1].last_delivery).toMatchObject({ status: 'failed', status_code: 500 });
  });
});

describe('PATCH /api/integrations/webhooks/{id}', () => {
  it('changes url and events, and audits what changed', async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const res = await app.request('PATCH', `/integrations/webhooks/${webhook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url: `${PUBLIC_URL}/v2`, events: 'files' },
    });
    expect(res.status).toBe(200);
    expect(res.body.webhook).toMatchObject({ id: webhook.id, url: `${PUBLIC_URL}/v2`, events: 'files', enabled: true });
    expect(res.body.webhook.secret).toBeUndefined();
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'webhook.updated', entity_id: webhook.id },
    });
    expect(audit!.details).toEqual({ url: `${PUBLIC_URL}/v2`, events: 'files' });
  });

  it('disables, and enabling again clears the automatic reason and the failure count', async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const off = await app.request('PATCH', `/integrations/webhooks/${webhook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { enabled: false },
    });
    expect(off.body.webhook).toMatchObject({ enabled: false, disabled_reason: null });
    // As the worker leaves it after too many failures.
    await app.ctx.db.Webhook.update(
      { consecutive_failures: 5, disabled_reason: 'Disabled automatically after 5 failed deliveries in a row.' },
      { where: { tenant_id: w.tenant.id, id: webhook.id } },
    );
    const on = await app.request('PATCH', `/integrations/webhooks/${webhook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { enabled: true },
    });
    expect(on.status).toBe(200);
    expect(on.body.webhook).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });

  it.each([
    [{}, 'Nothing to change: send url, events or enabled.'],
    [{ url: '' }, 'Please enter a webhook URL.'],
    [{ url: 'mailto:a@b.c' }, 'The webhook URL must start with http:// or https://.'],
    [{ events: 'some' }, 'events must be all, forms or files.'],
    [{ enabled: 1 }, 'enabled must be true or false.'],
  ])('refuses %j with its sentence', async (body, message) => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const res = await app.request('PATCH', `/integrations/webhooks/${webhook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('DELETE /api/integrations/webhooks/{id}', () => {
  it('deletes the webhook with its deliveries and audits it', async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    await app.request('POST', `/integrations/webhooks/${webhook.id}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    const res = await app.request('DELETE', `/integrations/webhooks/${webhook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(res.status).toBe(204);
    expect(await app.ctx.db.Webhook.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
    expect(
      await app.ctx.db.AuditLog.count({
        where: { tenant_id: w.tenant.id, action: 'webhook.deleted', entity_id: webhook.id },
      }),
    ).toBe(1);
    const again = await app.request('DELETE', `/integrations/webhooks/${webhook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(NOT_FOUND);
  });
});

describe('who may call the webhook endpoints', () => {
  /** Every call, given a webhook id and one of its delivery ids. */
  const calls = (id: string, deliveryId: string): [string, string, unknown?][] => [
    ['GET', '/integrations/webhooks'],
    ['POST', '/integrations/webhooks', { url: PUBLIC_URL }],
    ['PATCH', `/integrations/webhooks/${id}`, { events: 'forms' }],
    ['DELETE', `/integrations/webhooks/${id}`],
    ['POST', `/integrations/webhooks/${id}/test`],
    ['GET', `/integrations/webhooks/${id}/deliveries`],
    ['POST', `/integrations/webhooks/${id}/deliveries/${deliveryId}/replay`],
  ];

  async function fixture() {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const tested = await app.request('POST', `/integrations/webhooks/${webhook.id}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    return { w, webhook, deliveryId: tested.body.delivery.id as string };
  }

  async function unchanged(w: Workspace, webhookId: string) {
    expect(await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: webhookId } })).toMatchObject({
      url: PUBLIC_URL,
      events: 'all',
    });
    expect(await app.ctx.db.Webhook.count({ where: { tenant_id: w.tenant.id } })).toBe(1);
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id } })).toBe(1);
  }

  it('refuses members and team members: 403 Admins only.', async () => {
    const { w, webhook, deliveryId } = await fixture();
    const team = await teamMember(w.tenant);
    for (const person of [w.member, team]) {
      for (const [method, path, body] of calls(webhook.id, deliveryId)) {
        const res = await app.request(method, path, { token: person.token, tenantId: w.tenant.id, body });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error).toBe(ADMINS_ONLY);
      }
    }
    await unchanged(w, webhook.id);
  });

  it('refuses without a session (401) and an admin of another workspace (403 for its header, 404 for its ids)', async () => {
    const { w, webhook, deliveryId } = await fixture();
    const stranger = await makeWorkspace(app);
    for (const [method, path, body] of calls(webhook.id, deliveryId)) {
      expect((await app.request(method, path, { tenantId: w.tenant.id, body })).status, `${method} ${path}`).toBe(401);
      const crossHeader = await app.request(method, path, { token: stranger.admin.token, tenantId: w.tenant.id, body });
      expect(crossHeader.status, `${method} ${path}`).toBe(403);
      expect(crossHeader.body.error).toBe('You are not a member of this workspace.');
    }
    // With their own workspace, another tenant's ids simply do not exist.
    for (const [method, path, body] of calls(webhook.id, deliveryId).filter(([, path]) => path.includes(webhook.id))) {
      const res = await app.request(method, path, { token: stranger.admin.token, tenantId: stranger.tenant.id, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe(NOT_FOUND);
    }
    const list = await app.request('GET', '/integrations/webhooks', {
      token: stranger.admin.token,
      tenantId: stranger.tenant.id,
    });
    expect(list.body.webhooks).toEqual([]);
    await unchanged(w, webhook.id);
  });

  it('answers 404 for an id that is not a webhook of the workspace', async () => {
    const w = await makeWorkspace(app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const [method, path, body] of calls(id, '00000000-0000-4000-8000-000000000000').filter(([, path]) =>
        path.includes(id),
      )) {
        const res = await app.request(method, path, { token: w.admin.token, tenantId: w.tenant.id, body });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toBe(NOT_FOUND);
      }
    }
  });

  it('refuses every call on the starter plan with plan_required', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    // A webhook kept from when the workspace was on pro.
    const webhook = await app.ctx.db.Webhook.create({
      tenant_id: w.tenant.id,
      url: PUBLIC_URL,
      events: 'all',
      secret_encrypted: 'v1.x.y.z',
      created_by: null,
    });
    const delivery = await app.ctx.db.WebhookDelivery.create({
      tenant_id: w.tenant.id,
      webhook_id: webhook.id,
      event_id: null,
      message_id: 'm',
      event_type: 'ping',
      payload: {},
    });
    for (const [method, path, body] of calls(webhook.id, delivery.id)) {
      const res = await app.request(method, path, { token: w.admin.token, tenantId: w.tenant.id, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ error: INTEGRATIONS_PLAN_MESSAGE, code: 'plan_required' });
    }
    await unchanged(w, webhook.id);
  });

  it('lets advanced-plan admins and super admins through', async () => {
    const w = await makeWorkspace(app, { tier: 'advanced' });
    await createWebhook(app, w);
    const root = await makeSuperAdmin(app);
    for (const person of [w.admin, root]) {
      const list = await app.request('GET', '/integrations/webhooks', { token: person.token, tenantId: w.tenant.id });
      expect(list.status).toBe(200);
      expect(list.body.webhooks).toHaveLength(1);
    }
  });
});
