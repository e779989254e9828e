import { encryptSecret, fanoutEvent, inTransaction, recordEvent, sweepEvents } from '@portico/core';
import type { TenantEvent } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant } from '../../testing/factories';
import { startTestContext, type TestContext } from '../../testing/harness';

/** A fan-out batch smaller than every set of jobs below, so each is queued over several Redis calls. */
let t: TestContext;
beforeAll(async () => {
  t = await startTestContext({ WEBHOOK_FANOUT_BATCH: '2' });
});
afterAll(() => t.close());

async function addWebhooks(tenantId: string, count: number) {
  for (let i = 0; i < count; i++)
    await t.ctx.db.Webhook.create({
      tenant_id: tenantId,
      url: `https://93.184.215.14/hooks/${i}`,
      events: 'all',
      secret_encrypted: encryptSecret('whsec_AAAA', t.config.secretsKey),
      created_by: null,
    });
}

describe('WEBHOOK_FANOUT_BATCH', () => {
  it('queues every event of a transaction and every delivery of an event, in batches', async () => {
    const tenant = await makeTenant(t.ctx);
    await addWebhooks(tenant.id, 5);
    const events = await inTransaction(t.ctx, async (transaction) => {
      const recorded: TenantEvent[] = [];
      for (let i = 0; i < 5; i++)
        recorded.push(await recordEvent(t.ctx, tenant.id, 'file.deleted', { n: i }, transaction));
      return recorded;
    });
    for (const event of events)
      expect((await t.ctx.queues.webhooks.getJob(event.id))?.data).toEqual({ kind: 'fanout', eventId: event.id });

    expect(await fanoutEvent(t.ctx, events[0]!.id)).toBe(5);
    const deliveries = await t.ctx.db.WebhookDelivery.findAll({
      where: { tenant_id: tenant.id, event_id: events[0]!.id },
    });
    expect(deliveries).toHaveLength(5);
    for (const delivery of deliveries)
      expect((await t.ctx.queues.webhooks.getJob(delivery.id))?.data).toEqual({
        kind: 'deliver',
        deliveryId: delivery.id,
      });
  });

  it('sweeps page by page: every stale event and delivery without a job is queued again, once', async () => {
    const queue = t.ctx.queues.webhooks;
    await queue.obliterate({ force: true });
    const tenant = await makeTenant(t.ctx);
    await addWebhooks(tenant.id, 1);
    const [webhook] = await t.ctx.db.Webhook.findAll({ where: { tenant_id: tenant.id } });
    const minuteAgo = new Date(Date.now() - 60_000);
    const events = await t.ctx.db.TenantEvent.bulkCreate(
      Array.from({ length: 3 }, (_, i) => ({
        tenant_id: tenant.id,
        type: 'file.uploaded',
        data: { n: i },
        created_at: minuteAgo,
      })),
    );
    const deliveries = await t.ctx.db.WebhookDelivery.bulkCreate(
      Array.from({ length: 5 }, (_, i) => ({
        tenant_id: tenant.id,
        webhook_id: webhook!.id,
        event_id: null,
        message_id: `stale-${i}`,
        event_type: 'ping',
        payload: {},
        created_at: minuteAgo,
      })),
    );
    // Earlier tests of this file left their own rows, too recent for the sweep.
    expect(await sweepEvents(t.ctx)).toEqual({ events: 3, deliveries: 5 });
    for (const event of events) expect(await queue.getJobState(event.id)).toBe('waiting');
    for (const delivery of deliveries) expect(await queue.getJobState(delivery.id)).toBe('waiting');
    expect(await sweepEvents(t.ctx)).toEqual({ events: 0, deliveries: 0 });
  });
});
