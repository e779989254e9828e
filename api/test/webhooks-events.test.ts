import {
  encryptSecret,
  fanoutEvent,
  inTransaction,
  recordEvent,
  sweepEvents,
  type Tenant,
  type WebhookEvents,
} from '@portico/core';
import type { TenantEvent } from '@portico/core/db';
import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, makeWorkspace, signIn } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';

/** Never contacted: no worker runs in this file. */
const PUBLIC_URL = 'https://93.184.215.14/hooks';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function eventsOf(tenant: Tenant, type?: string) {
  return app.ctx.db.TenantEvent.findAll({
    where: { tenant_id: tenant.id, ...(type ? { type } : {}) },
    order: [['created_at', 'ASC']],
  });
}

/** The committed event's fan-out job is in the queue under the event's id. */
async function expectFanoutQueued(event: TenantEvent) {
  const job = await app.ctx.queues.webhooks.getJob(event.id);
  expect(job?.name).toBe('fanout');
  expect(job?.data).toEqual({ kind: 'fanout', eventId: event.id });
}

async function addWebhook(tenant: Tenant, events: WebhookEvents, enabled = true) {
  return app.ctx.db.Webhook.create({
    tenant_id: tenant.id,
    url: `${PUBLIC_URL}/${events}`,
    events,
    enabled,
    secret_encrypted: encryptSecret('whsec_AAAA', app.config.secretsKey),
    created_by: null,
  });
}

describe('events recorded with the change that caused them', () => {
  it('file.uploaded, file.assigned and file.deleted from the files calls', async () => {
    const w = await makeWorkspace(app);
    const uploaded = await upload(app, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      name: 'brief.pdf',
      type: 'application/pdf',
      content: '%PDF-1.4 hi',
      fields: { title: 'Brief', user_id: w.member.user.id },
    });
    expect(uploaded.status).toBe(201);
    const [upEvent] = await eventsOf(w.tenant, 'file.uploaded');
    expect(upEvent!.data).toEqual({
      file: {
        id: uploaded.body.id,
        title: 'Brief',
        original_name: 'brief.pdf',
        content_type: 'application/pdf',
        kind: 'pdf',
        size_bytes: 11,
        user_id: w.member.user.id,
        assigned_roles: [],
        uploaded_by: w.admin.user.id,
      },
    });
    await expectFanoutQueued(upEvent!);

    const shared = await app.request('POST', '/files', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { file_id: uploaded.body.id, assigned_roles: ['role2'] },
    });
    expect(shared.status).toBe(201);
    const [assigned] = await eventsOf(w.tenant, 'file.assigned');
    expect(assigned!.data).toMatchObject({
      source_file_id: uploaded.body.id,
      file: { id: shared.body.id, assigned_roles: ['role2'], user_id: null },
    });
    await expectFanoutQueued(assigned!);

    expect(
      (await app.request('DELETE', `/files/${shared.body.id}`, { token: w.admin.token, tenantId: w.tenant.id })).status,
    ).toBe(204);
    const [deleted] = await eventsOf(w.tenant, 'file.deleted');
    expect(deleted!.data).toMatchObject({ file: { id: shared.body.id, title: 'Brief' } });
    await expectFanoutQueued(deleted!);
  });

  it('member.removed (with file.deleted for the files removed with them) from the people call', async () => {
    const w = await makeWorkspace(app);
    const file = await upload(app, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      fields: { user_id: w.member.user.id },
    });
    const res = await app.request('DELETE', `/users/${w.member.user.id}?deleteFiles=true`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(res.status).toBe(200);
    const types = (await eventsOf(w.tenant)).map((e) => e.type);
    expect(types).toEqual(['file.uploaded', 'file.deleted', 'member.removed']);
    const [removed] = await eventsOf(w.tenant, 'member.removed');
    expect(removed!.data).toEqual({
      member: { id: w.member.user.id, email: w.member.user.email, role: 'role2' },
      files_deleted: 1,
      account_deleted: true,
    });
    const [deleted] = await eventsOf(w.tenant, 'file.deleted');
    expect(deleted!.data).toMatchObject({ file: { id: file.body.id } });
    await expectFanoutQueued(removed!);
  });

  it('member.joined when an invitation is accepted', async () => {
    const w = await makeWorkspace(app);
    const invitee = await makeUser(app.ctx);
    const invited = await app.request('POST', '/invite', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { email: invitee.email, role: 'role2' },
    });
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.signup_url).searchParams.get('invite')!;
    const session = (await signIn(app, invitee.email)).token;
    expect((await app.request('POST', '/public/invitations/accept', { token: session, body: { token } })).status).toBe(
      200,
    );
    const [joined] = await eventsOf(w.tenant, 'member.joined');
    expect(joined!.data).toEqual({
      member: { id: invitee.id, email: invitee.email, role: 'role2' },
      invitation_id: invited.body.invitation.id,
    });
    await expectFanoutQueued(joined!);
  });

  it('nothing when the change is refused or rolled back', async () => {
    const w = await makeWorkspace(app);
    expect(
      (
        await upload(app, {
          token: w.admin.token,
          tenantId: w.tenant.id,
          fields: { user_id: '00000000-0000-4000-8000-000000000000' },
        })
      ).status,
    ).toBe(400);
    let recorded: TenantEvent | undefined;
    await expect(
      inTransaction(app.ctx, async (transaction) => {
        recorded = await recordEvent(app.ctx, w.tenant.id, 'form.published', { form: { id: 'x' } }, transaction);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(w.tenant)).toEqual([]);
    // The fan-out is queued only after a commit.
    expect(await app.ctx.queues.webhooks.getJob(recorded!.id)).toBeUndefined();
  });
});

describe('fanoutEvent', () => {
  async function record(tenant: Tenant, type: Parameters<typeof recordEvent>[2]) {
    return inTransaction(app.ctx, (transaction) =>
      recordEvent(app.ctx, tenant.id, type, { hello: 'world' }, transaction),
    );
  }

  it('creates one delivery per enabled, subscribed webhook of the tenant, once, and queues each', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const all = await addWebhook(w.tenant, 'all');
    const files = await addWebhook(w.tenant, 'files');
    await addWebhook(w.tenant, 'forms');
    await addWebhook(w.tenant, 'all', false);
    await addWebhook(other.tenant, 'all');

    const event = await record(w.tenant, 'file.uploaded');
    expect(await fanoutEvent(app.ctx, event.id)).toBe(2);
    const deliveries = await app.ctx.db.WebhookDelivery.findAll({
      where: { tenant_id: w.tenant.id, event_id: event.id },
    });
    expect(deliveries.map((d) => d.webhook_id).sort()).toEqual([all.id, files.id].sort());
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({
        message_id: event.id,
        event_type: 'file.uploaded',
        status: 'pending',
        attempts: 0,
      });
      expect(delivery.payload).toEqual({
        id: event.id,
        type: 'file.uploaded',
        tenant_id: w.tenant.id,
        timestamp: event.created_at.toISOString(),
        data: { hello: 'world' },
      });
      expect((await app.ctx.queues.webhooks.getJob(delivery.id))?.data).toEqual({
        kind: 'deliver',
        deliveryId: delivery.id,
      });
    }
    expect(
      (await app.ctx.db.TenantEvent.findOne({ where: { tenant_id: w.tenant.id, id: event.id } }))!.dispatched_at,
    ).not.toBeNull();
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: other.tenant.id } })).toBe(0);

    // Again (a retried job, or the sweep): nothing new, the pending deliveries are queued again.
    await app.ctx.queues.webhooks.remove(deliveries[0]!.id);
    expect(await fanoutEvent(app.ctx, event.id)).toBe(2);
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id, event_id: event.id } })).toBe(2);
    expect(await app.ctx.queues.webhooks.getJob(deliveries[0]!.id)).toBeDefined();
  });

  it('sends forms events to forms and all, member events to all only', async () => {
    const w = await makeWorkspace(app);
    const all = await addWebhook(w.tenant, 'all');
    const forms = await addWebhook(w.tenant, 'forms');
    await addWebhook(w.tenant, 'files');
    const submitted = await record(w.tenant, 'form.submitted');
    const joined = await record(w.tenant, 'member.joined');
    await fanoutEvent(app.ctx, submitted.id);
    await fanoutEvent(app.ctx, joined.id);
    const to = async (eventId: string) =>
      (await app.ctx.db.WebhookDelivery.findAll({ where: { tenant_id: w.tenant.id, event_id: eventId } }))
        .map((d) => d.webhook_id)
        .sort();
    expect(await to(submitted.id)).toEqual([all.id, forms.id].sort());
    expect(await to(joined.id)).toEqual([all.id]);
  });

  it('delivers nothing for a tenant whose plan has no integrations, and still marks the event dispatched', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    await addWebhook(w.tenant, 'all');
    const event = await record(w.tenant, 'file.deleted');
    expect(await fanoutEvent(app.ctx, event.id)).toBe(0);
    expect(
      (await app.ctx.db.TenantEvent.findOne({ where: { tenant_id: w.tenant.id, id: event.id } }))!.dispatched_at,
    ).not.toBeNull();
  });
});

describe('sweepEvents', () => {
  it('fans out events whose job was lost, and re-queues pending deliveries without a live job', async () => {
    const queue = app.ctx.queues.webhooks;
    await queue.obliterate({ force: true });
    const w = await makeWorkspace(app);
    const webhook = await addWebhook(w.tenant, 'all');
    const make = (messageId: string) =>
      app.ctx.db.WebhookDelivery.create({
        tenant_id: w.tenant.id,
        webhook_id: webhook.id,
        event_id: null,
        message_id: messageId,
        event_type: 'ping',
        payload: {},
        created_at: new Date(Date.now() - 60_000),
      });
    const orphan = await make('orphan');
    const waiting = await make('waiting');
    const stalledOut = await make('stalled-out');
    const finished = await make('finished');
    await app.ctx.db.WebhookDelivery.update(
      { status: 'succeeded' },
      { where: { tenant_id: w.tenant.id, id: finished.id } },
    );

    // A job that ended failed while its delivery is still pending (as when it stalls out while workers are killed).
    await queue.add('deliver', { kind: 'deliver', deliveryId: stalledOut.id }, { jobId: stalledOut.id, attempts: 1 });
    const failing = new Worker(
      'webhooks',
      async () => {
        throw new UnrecoverableError('stalled out');
      },
      { connection: app.ctx.redis.duplicate(), prefix: app.config.redisPrefix },
    );
    for (let i = 0; i < 200 && (await queue.getJobState(stalledOut.id)) !== 'failed'; i++)
      await new Promise((r) => setTimeout(r, 25));
    await failing.close();
    expect(await queue.getJobState(stalledOut.id)).toBe('failed');
    await queue.add('deliver', { kind: 'deliver', deliveryId: waiting.id }, { jobId: waiting.id, delay: 60_000 });

    const [lost, queued, fresh] = await inTransaction(app.ctx, async (transaction) => [
      await recordEvent(app.ctx, w.tenant.id, 'file.uploaded', {}, transaction),
      await recordEvent(app.ctx, w.tenant.id, 'file.uploaded', {}, transaction),
      await recordEvent(app.ctx, w.tenant.id, 'file.uploaded', {}, transaction),
    ]);
    await app.ctx.sequelize.query(
      "UPDATE tenant_events SET created_at = now() - interval '1 minute' WHERE tenant_id = :tenantId AND id IN (:ids)",
      { replacements: { tenantId: w.tenant.id, ids: [lost!.id, queued!.id] } },
    );
    // The enqueue after commit of `lost` never reached Redis.
    await queue.remove(lost!.id);
    expect(await queue.getJobState(lost!.id)).toBe('unknown');

    const result = await sweepEvents(app.ctx);
    expect((await queue.getJob(lost!.id))?.data).toEqual({ kind: 'fanout', eventId: lost!.id });
    expect(await queue.getJobState(queued!.id)).toBe('waiting');
    expect(await queue.getJobState(fresh!.id)).toBe('waiting');
    expect((await queue.getJob(orphan.id))?.data).toEqual({ kind: 'deliver', deliveryId: orphan.id });
    expect(await queue.getJobState(waiting.id)).toBe('delayed');
    expect(await queue.getJobState(stalledOut.id)).toBe('waiting');
    expect(await queue.getJobState(finished.id)).toBe('unknown');
    // Earlier tests of this file may have left older work for the sweep too.
    expect(result.events).toBeGreaterThanOrEqual(1);
    expect(result.deliveries).toBeGreaterThanOrEqual(2);
    const again = await sweepEvents(app.ctx);
    expect(again).toEqual({ events: 0, deliveries: 0 });
  });
});
