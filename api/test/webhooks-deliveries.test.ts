import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createWebhook, PUBLIC_URL } from './webhooks-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /api/integrations/webhooks/{id}/test', () => {
  it('queues a real ping delivery for the worker (202), also for a disabled webhook', async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w, { enabled: false });
    const res = await app.request('POST', `/integrations/webhooks/${webhook.id}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(res.status).toBe(202);
    const { delivery } = res.body;
    expect(delivery).toMatchObject({
      event_type: 'ping',
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      replay_of: null,
      completed_at: null,
      attempt_log: [],
    });
    const row = await app.ctx.db.WebhookDelivery.findOne({ where: { tenant_id: w.tenant.id, id: delivery.id } });
    expect(row!.payload).toMatchObject({
      id: delivery.message_id,
      type: 'ping',
      tenant_id: w.tenant.id,
      data: { webhook: { id: webhook.id, url: PUBLIC_URL } },
    });
    expect(row!.event_id).toBeNull();
    const job = await app.ctx.queues.webhooks.getJob(delivery.id);
    expect(job?.data).toEqual({ kind: 'deliver', deliveryId: delivery.id });
    expect(
      await app.ctx.db.AuditLog.count({
        where: { tenant_id: w.tenant.id, action: 'webhook.tested', entity_id: webhook.id },
      }),
    ).toBe(1);
  });
});

describe('GET /api/integrations/webhooks/{id}/deliveries', () => {
  it('lists the newest 50 deliveries of the webhook with their attempt log', async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const other = await createWebhook(app, w, { url: `${PUBLIC_URL}/other` });
    const base = Date.now() - 60 * 60 * 1000;
    const rows = await app.ctx.db.WebhookDelivery.bulkCreate(
      Array.from({ length: 55 }, (_, i) => ({
        tenant_id: w.tenant.id,
        webhook_id: webhook.id,
        event_id: null,
        message_id: `msg-${i}`,
        event_type: 'ping',
        payload: { n: i },
        created_at: new Date(base + i * 1000),
      })),
    );
    await app.ctx.db.WebhookDelivery.create({
      tenant_id: w.tenant.id,
      webhook_id: other.id,
      event_id: null,
      message_id: 'elsewhere',
      event_type: 'ping',
      payload: {},
    });
    const newest = rows[54]!;
    await app.ctx.db.WebhookDelivery.update(
      { status: 'succeeded', attempts: 2, last_status_code: 200, completed_at: new Date() },
      { where: { tenant_id: w.tenant.id, id: newest.id } },
    );
    await app.ctx.db.WebhookAttempt.bulkCreate([
      {
        tenant_id: w.tenant.id,
        delivery_id: newest.id,
        attempt: 2,
        status_code: 200,
        duration_ms: 12,
        response_excerpt: 'ok',
        error: null,
      },
      {
        tenant_id: w.tenant.id,
        delivery_id: newest.id,
        attempt: 1,
        status_code: 503,
        duration_ms: 40,
        response_excerpt: 'busy',
        error: 'The endpoint answered HTTP 503.',
      },
    ]);

    const res = await app.request('GET', `/integrations/webhooks/${webhook.id}/deliveries`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.deliveries).toHaveLength(50);
    expect(res.body.deliveries.map((d: { message_id: string }) => d.message_id)).toEqual(
      Array.from({ length: 50 }, (_, i) => `msg-${54 - i}`),
    );
    expect(res.body.deliveries[0]).toMatchObject({
      id: newest.id,
      status: 'succeeded',
      attempts: 2,
      last_status_code: 200,
    });
    expect(res.body.deliveries[0].payload).toBeUndefined();
    expect(res.body.deliveries[0].attempt_log).toEqual([
      expect.objectContaining({
        attempt: 1,
        status_code: 503,
        duration_ms: 40,
        response_excerpt: 'busy',
        error: 'The endpoint answered HTTP 503.',
      }),
      expect.objectContaining({ attempt: 2, status_code: 200, duration_ms: 12, response_excerpt: 'ok', error: null }),
    ]);
    expect(res.body.deliveries[1].attempt_log).toEqual([]);
  });
});

describe('POST /api/integrations/webhooks/{id}/deliveries/{deliveryId}/replay', () => {
  it('queues a new delivery of the same body and message id (202)', async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const tested = await app.request('POST', `/integrations/webhooks/${webhook.id}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    const original = tested.body.delivery;
    const res = await app.request('POST', `/integrations/webhooks/${webhook.id}/deliveries/${original.id}/replay`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(res.status).toBe(202);
    expect(res.body.delivery).toMatchObject({
      event_type: 'ping',
      message_id: original.message_id,
      replay_of: original.id,
      status: 'pending',
      attempts: 0,
    });
    expect(res.body.delivery.id).not.toBe(original.id);
    const [a, b] = await Promise.all(
      [original.id, res.body.delivery.id].map((id) =>
        app.ctx.db.WebhookDelivery.findOne({ where: { tenant_id: w.tenant.id, id } }),
      ),
    );
    expect(b!.payload).toEqual(a!.payload);
    expect((await app.ctx.queues.webhooks.getJob(res.body.delivery.id))?.data).toEqual({
      kind: 'deliver',
      deliveryId: res.body.delivery.id,
    });
    expect(
      await app.ctx.db.AuditLog.count({
        where: { tenant_id: w.tenant.id, action: 'webhook.delivery_replayed', entity_id: webhook.id },
      }),
    ).toBe(1);
  });

  it("answers 404 for an unknown delivery and for another webhook's delivery", async () => {
    const w = await makeWorkspace(app);
    const webhook = await createWebhook(app, w);
    const other = await createWebhook(app, w, { url: `${PUBLIC_URL}/other` });
    const tested = await app.request('POST', `/integrations/webhooks/${other.id}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    for (const deliveryId of [tested.body.delivery.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await app.request('POST', `/integrations/webhooks/${webhook.id}/deliveries/${deliveryId}/replay`, {
        token: w.admin.token,
        tenantId: w.tenant.id,
      });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('This delivery does not exist.');
    }
  });
});
