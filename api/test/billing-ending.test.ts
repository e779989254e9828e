import { cancelSubscriptionsAtStripe, deleteTenant, type AppContext } from '@portico/core';

import type { Worker } from 'bullmq';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { startFakeStripe, STRIPE_TEST_KEY, type FakeStripe, stripeEnv } from '../../testing/stripe';
import { createProvisioningWorker } from '../../worker/src/provisioning-worker';

const ADMINS_ONLY = 'Admins only.';
const BY_OPERATOR =
  'Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats.';
const NO_PLAN_TO_CANCEL = 'This workspace has no paid plan to cancel.';
const ALREADY_CANCELLING = 'The plan is already set to end when its billing period closes.';
const NO_PLAN_TO_RESUME = 'This workspace has no paid plan to resume: it has already ended.';
const NOT_CANCELLING = 'The plan is not set to end, so there is nothing to resume.';

let app: TestApp;
let stripe: FakeStripe;
let root: Person;
const workers: Worker[] = [];
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({
    ...stripeEnv(stripe),
  });
  root = await makeSuperAdmin(app);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.close()));
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

async function post(event: { body: string; signature: string }) {
  const res = await fetch(`${app.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  expect(res.status).toBe(200);
}

/** A workspace that went through Checkout for `body`: answers the subscription Stripe made. */
async function checkedOut(w: Workspace, body: Record<string, unknown>) {
  const res = await app.request('POST', '/billing/checkout', { token: w.admin.token, tenantId: w.tenant.id, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = res.body.url.split('/').pop();
  const subscription = stripe.completeCheckout(sessionId);
  await post(stripe.event('checkout.session.completed', { ...stripe.sessions.get(sessionId)! }));
  return subscription;
}

/** A pro workspace paying for its plan and two extra team seats through Stripe. */
async function payingWorkspace() {
  const w = await makeWorkspace(app, { tier: 'starter' });
  const plan = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
  const seats = await checkedOut(w, { purpose: 'add_seats', seats: 2 });
  expect(await app.ctx.db.Tenant.findByPk(w.tenant.id)).toMatchObject({ tier: 'pro', billing_status: 'active' });
  return { w, plan, seats };
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const statusAtStripe = (id: string) => stripe.subscriptions.get(id)!.status;
const deleteAsRoot = (w: Workspace) =>
  app.request('DELETE', `/super/tenants/${w.tenant.id}`, {
    token: root.token,
    body: { slug: w.tenant.slug, reason: 'Closed' },
  });

describe('deleting a workspace', () => {
  it('cancels its live plan and seat subscriptions at Stripe through a provisioning job', async () => {
    const { w, plan, seats } = await payingWorkspace();
    // One that already ended is not asked again.
    const ended = await checkedOut(w, { purpose: 'add_seats', seat_kind: 'admin', seats: 1 });
    stripe.updateSubscription(ended.id, { status: 'canceled' });
    await post(stripe.event('customer.subscription.deleted', ended));

    expect((await deleteAsRoot(w)).status).toBe(204);
    const job = await app.ctx.queues.provisioning.getJob(`cancel-subscriptions-${w.tenant.id}`);
    expect(job?.data).toEqual({
      kind: 'cancel-subscriptions',
      tenantId: w.tenant.id,
      subscriptionIds: [plan.id, seats.id].sort(),
    });
    // Both reached the queue: the outbox keeps nothing.
    await eventually(
      async () =>
        (await app.ctx.db.JobOutbox.count({ where: { job_id: [job!.id!, `remove-storage-${w.tenant.id}`] } })) === 0,
      'the outbox emptied',
    );
    expect(statusAtStripe(plan.id)).toBe('active');

    workers.push(createProvisioningWorker(app.ctx));
    await eventually(async () => (await job!.getState()) === 'completed', 'the job completed');
    expect([statusAtStripe(plan.id), statusAtStripe(seats.id)]).toEqual(['canceled', 'canceled']);
    const deletes = stripe.requests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual(expect.arrayContaining([`/v1/subscriptions/${plan.id}`, `/v1/subscriptions/${seats.id}`]));
    expect(deletes).not.toContain(`/v1/subscriptions/${ended.id}`);
  });

  it('queues no cancellation for a workspace that pays nothing', async () => {
    const w = await makeWorkspace(app);
    expect((await deleteAsRoot(w)).status).toBe(204);
    expect(await app.ctx.queues.provisioning.getJob(`remove-storage-${w.tenant.id}`)).toBeTruthy();
    expect(await app.ctx.queues.provisioning.getJob(`cancel-subscriptions-${w.tenant.id}`)).toBeUndefined();
  });

  it('keeps its follow-up jobs in the outbox when Redis does not take them, and the sweep queues them', async () => {
    const { w, plan, seats } = await payingWorkspace();
    const redisDown = {
      ...app.ctx,
      queues: {
        ...app.ctx.queues,
        provisioning: { add: () => Promise.reject(new Error('Connection is closed.')) },
      },
    } as unknown as AppContext;
    await deleteTenant(redisDown, { userId: root.user.id, ip: null }, w.tenant.id, {
      slug: w.tenant.slug,
      reason: 'Closed',
    });
    expect(await app.ctx.db.Tenant.findByPk(w.tenant.id)).toBeNull();
    const ids = [`cancel-subscriptions-${w.tenant.id}`, `remove-storage-${w.tenant.id}`];
    // The after-commit enqueue failed in the background; the rows stay.
    await eventually(
      async () => (await app.ctx.db.JobOutbox.count({ where: { job_id: ids } })) === 2,
      'both rows kept',
    );
    expect(await app.ctx.queues.provisioning.getJob(ids[0]!)).toBeUndefined();

    // Too fresh to be called lost: the sweep leaves them.
    expect(await runMaintenanceTask(app.ctx, 'sweep-outbox')).toMatchObject({ requeuedJobs: 0 });
    await app.ctx.db.JobOutbox.update({ created_at: new Date(Date.now() - 10 * 60_000) }, { where: { job_id: ids } });
    expect(await runMaintenanceTask(app.ctx, 'sweep-outbox')).toMatchObject({ requeuedJobs: 2 });
    expect(await app.ctx.db.JobOutbox.count({ where: { job_id: ids } })).toBe(0);
    const job = await app.ctx.queues.provisioning.getJob(ids[0]!);
    expect(job?.data).toMatchObject({ kind: 'cancel-subscriptions', subscriptionIds: [plan.id, seats.id].sort() });

    workers.push(createProvisioningWorker(app.ctx));
    await eventually(async () => (await job!.getState()) === 'completed', 'the job completed');
    expect([statusAtStripe(plan.id), statusAtStripe(seats.id)]).toEqual(['canceled', 'canceled']);
  });

  it('retries the cancellation while Stripe does not answer', async () => {
    const { w, plan } = await payingWorkspace();
    // Nothing listens on port 9: every call fails at once.
    const stripeDown = {
      ...app.ctx,
      stripe: new Stripe(STRIPE_TEST_KEY, { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 }),
    };
    workers.push(createProvisioningWorker(stripeDown));
    expect((await deleteAsRoot(w)).status).toBe(204);
    const job = (await app.ctx.queues.provisioning.getJob(`cancel-subscriptions-${w.tenant.id}`))!;
    await eventually(async () => (await job.getState()) === 'delayed', 'the failed attempt waits for its retry');
    expect(statusAtStripe(plan.id)).toBe('active');
    await Promise.all(workers.splice(0).map((worker) => worker.close()));

    workers.push(createProvisioningWorker(app.ctx));
    await job.promote();
    await eventually(async () => (await job.getState()) === 'completed', 'the retry completed');
    expect(statusAtStripe(plan.id)).toBe('canceled');
  });

  it('counts a subscription Stripe no longer has as cancelled, so the job can run again', async () => {
    const { plan } = await payingWorkspace();
    const input = { tenantId: 'gone', subscriptionIds: ['sub_unknown_to_stripe', plan.id] };
    expect(await cancelSubscriptionsAtStripe(app.ctx, input)).toBe(1);
    expect(statusAtStripe(plan.id)).toBe('canceled');
  });
});

describe('POST /api/billing/cancel and /api/billing/resume', () => {
  const asAdmin = (w: Workspace, path: string) =>
    app.request('POST', path, { token: w.admin.token, tenantId: w.tenant.id });

  it('ends the plan and its seats at the period’s close, applied at once, and resumes them, audited', async () => {
    const { w, plan, seats } = await payingWorkspace();
    const periodEnd = new Date((plan.items as any).data[0].current_period_end * 1000).toISOString();

    const cancelled = await asAdmin(w, '/billing/cancel');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.tenant).toMatchObject({
      plan: 'pro',
      billing_status: 'active',
      plan_ends_at: periodEnd,
      period_ends_at: periodEnd,
    });
    expect(stripe.subscriptions.get(plan.id)!.cancel_at_period_end).toBe(true);
    expect(stripe.subscriptions.get(seats.id)!.cancel_at_period_end).toBe(true);
    const rows = await app.ctx.db.BillingSubscription.findAll({ where: { tenant_id: w.tenant.id } });
    expect(rows.map((r) => r.cancel_at_period_end)).toEqual([true, true]);
    expect(
      await app.ctx.db.AuditLog.findOne({ where: { tenant_id: w.tenant.id, action: 'billing.cancel_requested' } }),
    ).toMatchObject({
      actor_user_id: w.admin.user.id,
      details: { ends_at: periodEnd, subscriptions: [plan.id, seats.id] },
    });
    // Stripe's event for the same change, arriving later, changes nothing.
    await post(stripe.event('customer.subscription.updated', stripe.subscriptions.get(plan.id)!));
    expect((await app.ctx.db.Tenant.findByPk(w.tenant.id))!.plan_ends_at?.toISOString()).toBe(periodEnd);

    expect(await asAdmin(w, '/billing/cancel')).toMatchObject({
      status: 409,
      body: { code: 'already_cancelling', error: ALREADY_CANCELLING },
    });

    const resumed = await asAdmin(w, '/billing/resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.tenant).toMatchObject({ plan: 'pro', plan_ends_at: null });
    expect(stripe.subscriptions.get(plan.id)!.cancel_at_period_end).toBe(false);
    expect(stripe.subscriptions.get(seats.id)!.cancel_at_period_end).toBe(false);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'billing.cancel_withdrawn' } }),
    ).toBe(1);
    expect(await asAdmin(w, '/billing/resume')).toMatchObject({
      status: 409,
      body: { code: 'not_cancelling', error: NOT_CANCELLING },
    });
  });

  it('refuses a workspace with no live plan, and one whose billing the operator manages', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    expect(await asAdmin(w, '/billing/cancel')).toMatchObject({ status: 409, body: { error: NO_PLAN_TO_CANCEL } });
    expect(await asAdmin(w, '/billing/resume')).toMatchObject({ status: 409, body: { error: NO_PLAN_TO_RESUME } });
    await app.ctx.db.Tenant.update({ bypass_billing: true }, { where: { id: w.tenant.id } });
    expect(await asAdmin(w, '/billing/cancel')).toMatchObject({ status: 409, body: { error: BY_OPERATOR } });
  });

  it('is refused to members, other workspaces’ admins and callers without a session', async () => {
    const { w, plan } = await payingWorkspace();
    const other = await makeWorkspace(app);
    for (const path of ['/billing/cancel', '/billing/resume']) {
      const asMember = await app.request('POST', path, { token: w.member.token, tenantId: w.tenant.id });
      expect(asMember).toMatchObject({ status: 403, body: { error: ADMINS_ONLY } });
      const asOther = await app.request('POST', path, { token: other.admin.token, tenantId: w.tenant.id });
      expect(asOther.status).toBe(403);
      expect(JSON.stringify(asOther.body)).not.toContain(w.tenant.name);
      expect((await app.request('POST', path, { tenantId: w.tenant.id })).status).toBe(401);
    }
    expect(stripe.subscriptions.get(plan.id)!.cancel_at_period_end).toBe(false);
  });
});
