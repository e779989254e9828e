import { createHmac, timingSafeEqual } from 'node:crypto';
import { encryptSecret, generateWebhookSecret, type AppContext, type Tenant } from '@portico/core';
import type { WebhookDelivery } from '@portico/core/db';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import type { Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../testing/webhook-receiver';
import { upload } from '../../api/test/files-support';
import { createWebhookWorker, RESPONSE_EXCERPT_BYTES, type WebhookWorkerOptions } from '../src/webhook-worker';

let app: TestApp;
let receiver: WebhookReceiver;
let worker: Worker | null = null;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({
    // The receivers of this file are on loopback; the delivery-time guard is tested with it off below.
    OUTBOUND_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_TIMEOUT_MS: '500',
  });
});
afterEach(async () => {
  await worker?.close();
  worker = null;
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

function startWorker(ctx: AppContext = app.ctx, options: WebhookWorkerOptions = {}) {
  worker = createWebhookWorker(ctx, options);
  return worker;
}

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

/** A webhook made through the API, with its secret (shown once). */
async function createHook(w: Workspace, path: string, events = 'all'): Promise<{ id: string; secret: string }> {
  const res = await app.request('POST', '/integrations/webhooks', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { url: `${receiver.url}${path}`, events },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhook;
}

async function ping(w: Workspace, webhookId: string): Promise<string> {
  const res = await app.request('POST', `/integrations/webhooks/${webhookId}/test`, {
    token: w.admin.token,
    tenantId: w.tenant.id,
  });
  expect(res.status).toBe(202);
  return res.body.delivery.id;
}

async function settled(tenant: Tenant, deliveryId: string, timeoutMs = 15_000): Promise<WebhookDelivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await app.ctx.db.WebhookDelivery.findOne({ where: { tenant_id: tenant.id, id: deliveryId } });
    if (row && row.status !== 'pending') return row;
    if (Date.now() > deadline)
      throw new Error(`delivery ${deliveryId} is still ${row?.status} after ${row?.attempts} attempts`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function attemptsOf(tenant: Tenant, deliveryId: string) {
  return app.ctx.db.WebhookAttempt.findAll({
    where: { tenant_id: tenant.id, delivery_id: deliveryId },
    order: [['attempt', 'ASC']],
  });
}

/** The receiver's check of x-portico-signature, with node:crypto only, as docs/api.md describes it. */
function porticoSignatureValid(secret: string, request: ReceivedWebhook): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = `sha256=${createHmac('sha256', key).update(`${request.headers['webhook-timestamp']}.${request.body}`).digest('hex')}`;
  const given = Buffer.from(String(request.headers['x-portico-signature']));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}

describe('delivery', () => {
  it('sends a signed ping that standardwebhooks and a node:crypto receiver both verify, and logs the attempt', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/signed');
    receiver.script('/signed', [{ status: 200, body: '{"received":true}' }]);
    startWorker();
    const deliveryId = await ping(w, hook.id);
    const [request] = await receiver.waitFor(1, '/signed');
    const delivery = await settled(w.tenant, deliveryId);

    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['webhook-id']).toBe(delivery.message_id);
    expect(Math.abs(Number(request!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new StandardWebhook(hook.secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(verified).toMatchObject({
      id: delivery.message_id,
      type: 'ping',
      tenant_id: w.tenant.id,
      data: { webhook: { id: hook.id } },
    });
    expect(Object.keys(JSON.parse(request!.body))).toEqual(['id', 'type', 'tenant_id', 'timestamp', 'data']);
    expect(porticoSignatureValid(hook.secret, request!)).toBe(true);
    // A receiver with another secret, or a changed body, refuses it.
    expect(porticoSignatureValid(generateWebhookSecret(), request!)).toBe(false);
    expect(porticoSignatureValid(hook.secret, { ...request!, body: request!.body.replace('ping', 'pong') })).toBe(
      false,
    );
    expect(() =>
      new StandardWebhook(generateWebhookSecret()).verify(request!.body, request!.headers as Record<string, string>),
    ).toThrow();

    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, last_error: null });
    expect(delivery.completed_at).not.toBeNull();
    const [attempt] = await attemptsOf(w.tenant, deliveryId);
    expect(attempt).toMatchObject({ attempt: 1, status_code: 200, response_excerpt: '{"received":true}', error: null });
    expect(attempt!.duration_ms).toBeGreaterThanOrEqual(0);
    const list = await app.request('GET', `/integrations/webhooks/${hook.id}/deliveries`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(list.body.deliveries[0]).toMatchObject({
      id: deliveryId,
      status: 'succeeded',
      attempt_log: [expect.objectContaining({ attempt: 1, status_code: 200 })],
    });
  });

  it('delivers a real event end to end: a file uploaded through the API reaches a files webhook', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/files-events', 'files');
    await createHook(w, '/forms-events', 'forms');
    startWorker();
    const uploaded = await upload(app, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      name: 'notes.txt',
      fields: { user_id: w.member.user.id },
    });
    expect(uploaded.status).toBe(201);
    const [request] = await receiver.waitFor(1, '/files-events');
    const body = new StandardWebhook(hook.secret).verify(
      request!.body,
      request!.headers as Record<string, string>,
    ) as Record<string, any>;
    expect(body).toMatchObject({
      type: 'file.uploaded',
      tenant_id: w.tenant.id,
      data: { file: { id: uploaded.body.id, original_name: 'notes.txt' } },
    });
    expect(request!.headers['webhook-id']).toBe(body.id);
    expect(receiver.at('/forms-events')).toEqual([]);
  });

  it('retries 500 and 429 (honouring Retry-After), then records exactly one success with every attempt logged', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/flaky');
    receiver.script('/flaky', [
      { status: 500, body: 'boom' },
      { status: 429, headers: { 'retry-after': '1' }, body: 'slow down' },
      { status: 200, body: 'fine' },
    ]);
    const counted = async () => {
      const { values } = await app.ctx.metrics.webhookDeliveries.get();
      return Object.fromEntries(values.map((v) => [v.labels.outcome, v.value]));
    };
    const before = await counted();
    startWorker();
    const deliveryId = await ping(w, hook.id);
    const delivery = await settled(w.tenant, deliveryId);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200 });
    const after = await counted();
    expect([after.retried ?? 0, after.succeeded ?? 0]).toEqual([
      (before.retried ?? 0) + 2,
      (before.succeeded ?? 0) + 1,
    ]);
    const attempts = await attemptsOf(w.tenant, deliveryId);
    expect(attempts.map((a) => [a.attempt, a.status_code, a.response_excerpt, a.error])).toEqual([
      [1, 500, 'boom', 'The endpoint answered HTTP 500.'],
      [2, 429, 'slow down', 'The endpoint answered HTTP 429.'],
      [3, 200, 'fine', null],
    ]);
    const requests = receiver.at('/flaky');
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Retry-After: 1 held the third attempt back a second; the first retry used the 20 ms base.
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(950);
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id, status: 'succeeded' } })).toBe(1);
    expect(
      (await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: hook.id } }))!.consecutive_failures,
    ).toBe(0);
  });

  it('retries a timeout and a refused connection', async () => {
    const w = await makeWorkspace(app);
    const slow = await createHook(w, '/slow-once');
    receiver.script('/slow-once', [{ status: 200, delayMs: 1500 }]);
    const closedPort = await app.request('POST', '/integrations/webhooks', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url: 'http://127.0.0.1:1/nobody' },
    });
    startWorker();
    const slowId = await ping(w, slow.id);
    const refusedId = await ping(w, closedPort.body.webhook.id);
    expect(await settled(w.tenant, slowId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    const [first] = await attemptsOf(w.tenant, slowId);
    expect(first).toMatchObject({ status_code: null, error: 'The address did not answer within 0.5 s.' });
    const refused = await settled(w.tenant, refusedId);
    expect(refused).toMatchObject({ status: 'failed', attempts: 8, last_status_code: null });
    expect(refused.last_error).toMatch(/^The address could not be reached/);
  });

  it('fails at once on another 4xx and on a redirect, without retrying', async () => {
    const w = await makeWorkspace(app);
    const gone = await createHook(w, '/gone');
    const moved = await createHook(w, '/moved');
    receiver.script('/gone', [{ status: 410, body: 'no such hook' }]);
    receiver.script('/moved', [{ status: 301, headers: { location: '/elsewhere' } }]);
    startWorker();
    const goneDelivery = await settled(w.tenant, await ping(w, gone.id));
    const movedDelivery = await settled(w.tenant, await ping(w, moved.id));
    await new Promise((r) => setTimeout(r, 300));
    expect(goneDelivery).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_status_code: 410,
      last_error: 'The endpoint answered HTTP 410.',
    });
    expect(movedDelivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 301 });
    expect(movedDelivery.last_error).toMatch(/do not follow redirects/);
    expect(receiver.at('/gone')).toHaveLength(1);
    expect(receiver.at('/moved')).toHaveLength(1);
    expect(receiver.at('/elsewhere')).toHaveLength(0);
    expect(
      (await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: gone.id } }))!.consecutive_failures,
    ).toBe(1);
  });

  it('marks the delivery failed after the last attempt', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/down');
    receiver.script(
      '/down',
      Array.from({ length: 8 }, () => ({ status: 503, body: 'down' })),
    );
    startWorker();
    const delivery = await settled(w.tenant, await ping(w, hook.id), 30_000);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 8, last_status_code: 503 });
    expect(await attemptsOf(w.tenant, delivery.id)).toHaveLength(8);
    expect(receiver.at('/down')).toHaveLength(8);
  });

  it('logs attempts that finish together, for several tenants, each once and in its own tenant', async () => {
    const workspaces = [await makeWorkspace(app), await makeWorkspace(app)];
    const queued: { tenant: Tenant; deliveryId: string }[] = [];
    for (const [n, w] of workspaces.entries()) {
      const hook = await createHook(w, `/together-${n}`);
      for (let i = 0; i < 6; i++) queued.push({ tenant: w.tenant, deliveryId: await ping(w, hook.id) });
    }
    // Queued before the worker starts, so it takes them up at once and they finish together.
    startWorker();
    for (const { tenant, deliveryId } of queued) {
      const delivery = await settled(tenant, deliveryId);
      expect(delivery).toMatchObject({ status: 'succeeded', last_status_code: 200 });
      // On a loaded machine an attempt can pass this file's 500 ms timeout and be retried; each is still logged once.
      const attempts = await attemptsOf(tenant, deliveryId);
      expect(attempts.map((a) => a.attempt)).toEqual(Array.from({ length: delivery.attempts }, (_, i) => i + 1));
      expect(attempts.at(-1)?.status_code).toBe(200);
    }
  });

  it('keeps only the first 1 KB of an answer', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/chatty');
    receiver.script('/chatty', [{ status: 200, body: 'x'.repeat(5000) }]);
    startWorker();
    const delivery = await settled(w.tenant, await ping(w, hook.id));
    expect(delivery.status).toBe('succeeded');
    const [attempt] = await attemptsOf(w.tenant, delivery.id);
    expect(attempt!.response_excerpt).toHaveLength(RESPONSE_EXCERPT_BYTES);
  });

  it('does not send a delivery that already succeeded again, and closes event deliveries of a webhook a person disabled', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/once');
    startWorker();
    const deliveryId = await ping(w, hook.id);
    await settled(w.tenant, deliveryId);
    // The same delivery queued again (a duplicate or retried job).
    await app.ctx.queues.webhooks.add('deliver', { kind: 'deliver', deliveryId }, { jobId: `${deliveryId}-again` });
    for (let i = 0; i < 100 && (await app.ctx.queues.webhooks.getJobState(`${deliveryId}-again`)) !== 'completed'; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(await app.ctx.queues.webhooks.getJobState(`${deliveryId}-again`)).toBe('completed');
    expect(receiver.at('/once')).toHaveLength(1);

    // An event delivery left queued for a webhook the admin has since switched off is closed unsent.
    await app.request('PATCH', `/integrations/webhooks/${hook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { enabled: false },
    });
    const queued = await app.ctx.db.WebhookDelivery.create({
      tenant_id: w.tenant.id,
      webhook_id: hook.id,
      event_id: null,
      message_id: 'evt-1',
      event_type: 'file.uploaded',
      payload: {
        id: 'evt-1',
        type: 'file.uploaded',
        tenant_id: w.tenant.id,
        timestamp: new Date().toISOString(),
        data: {},
      },
    });
    await app.ctx.queues.webhooks.add('deliver', { kind: 'deliver', deliveryId: queued.id }, { jobId: queued.id });
    const closed = await settled(w.tenant, queued.id);
    expect(closed).toMatchObject({
      status: 'failed',
      attempts: 0,
      last_error: 'The webhook was disabled before this delivery was sent.',
    });
    expect(receiver.at('/once')).toHaveLength(1);
  });
});

describe('automatic disabling', () => {
  it('disables a webhook after WEBHOOK_DISABLE_AFTER failed deliveries in a row and emails the admins once', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/broken');
    receiver.script(
      '/broken',
      Array.from({ length: 6 }, () => ({ status: 400, body: 'bad' })),
    );
    startWorker();
    for (let i = 1; i <= 5; i++) {
      const delivery = await settled(w.tenant, await ping(w, hook.id));
      expect(delivery.status).toBe('failed');
      const row = await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: hook.id } });
      expect(row!.consecutive_failures).toBe(i);
      expect(row!.enabled).toBe(i < 5);
    }
    const disabled = await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: hook.id } });
    expect(disabled!.disabled_reason).toBe(
      'Disabled automatically after 5 failed deliveries in a row. Last error: The endpoint answered HTTP 400.',
    );
    const emails = await app.ctx.db.EmailOutbox.findAll({
      where: { tenant_id: w.tenant.id, template: 'webhook-disabled' },
    });
    expect(emails.map((e) => e.to_address)).toEqual([w.admin.user.email]);
    expect(emails[0]!.subject).toBe(`A webhook of ${w.tenant.name} was disabled`);
    expect(emails[0]!.text_body).toContain(`${receiver.url}/broken`);

    // A further failing test ping counts but does not email again.
    await settled(w.tenant, await ping(w, hook.id));
    expect(
      await app.ctx.db.EmailOutbox.count({ where: { tenant_id: w.tenant.id, template: 'webhook-disabled' } }),
    ).toBe(1);

    const list = await app.request('GET', '/integrations/webhooks', { token: w.admin.token, tenantId: w.tenant.id });
    expect(list.body.webhooks[0]).toMatchObject({
      enabled: false,
      consecutive_failures: 6,
      disabled_reason: disabled!.disabled_reason,
      last_delivery: { status: 'failed', status_code: 400 },
    });
    const enabled = await app.request('PATCH', `/integrations/webhooks/${hook.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { enabled: true },
    });
    expect(enabled.body.webhook).toMatchObject({ enabled: true, consecutive_failures: 0, disabled_reason: null });
    const ok = await settled(w.tenant, await ping(w, hook.id));
    expect(ok.status).toBe('succeeded');
  });

  it('a success resets the count', async () => {
    const w = await makeWorkspace(app);
    const hook = await createHook(w, '/sometimes');
    receiver.script('/sometimes', [{ status: 404 }, { status: 404 }, { status: 204 }]);
    startWorker();
    for (let i = 0; i < 2; i++) await settled(w.tenant, await ping(w, hook.id));
    expect(
      (await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: hook.id } }))!.consecutive_failures,
    ).toBe(2);
    await settled(w.tenant, await ping(w, hook.id));
    expect(await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: hook.id } })).toMatchObject({
      consecutive_failures: 0,
      enabled: true,
    });
  });
});

describe('the outbound guard at delivery', () => {
  /** The worker as production runs it: OUTBOUND_ALLOW_PRIVATE off, although these URLs were saved with it on. */
  const strict = (): AppContext => ({ ...app.ctx, config: { ...app.ctx.config, outboundAllowPrivate: false } });

  it.each([
    ['loopback', () => `http://127.0.0.1:${receiver.port}/guarded`],
    ['IPv6 loopback', () => `http://[::1]:${receiver.port}/guarded`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${receiver.port}/guarded`],
    ['a name resolving to loopback', () => `http://localhost:${receiver.port}/guarded`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses %s without sending anything', async (_label, url) => {
    const w = await makeWorkspace(app);
    const res = await app.request('POST', '/integrations/webhooks', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { url: url() },
    });
    expect(res.status).toBe(201);
    startWorker(strict());
    const delivery = await settled(w.tenant, await ping(w, res.body.webhook.id));
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_status_code: null });
    expect(delivery.last_error).toMatch(/points to a private or reserved network/);
    expect(receiver.at('/guarded')).toEqual([]);
  });

  it('refuses a name that resolved to a public address when saved and to loopback when delivered (DNS rebinding)', async () => {
    const w = await makeWorkspace(app);
    // Saved while rebind.test pointed at a public address (as the save-time check saw it).
    const webhook = await app.ctx.db.Webhook.create({
      tenant_id: w.tenant.id,
      url: `http://rebind.test:${receiver.port}/guarded`,
      events: 'all',
      secret_encrypted: encryptSecret(generateWebhookSecret(), app.config.secretsKey),
      created_by: null,
    });
    const lookups: string[] = [];
    startWorker(strict(), {
      resolver: async (hostname) => {
        lookups.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    const delivery = await settled(w.tenant, await ping(w, webhook.id));
    expect(lookups).toEqual(['rebind.test']);
    expect(delivery.status).toBe('failed');
    expect(delivery.last_error).toBe('The address rebind.test points to a private or reserved network (127.0.0.1).');
    expect(receiver.at('/guarded')).toEqual([]);
  });
});
