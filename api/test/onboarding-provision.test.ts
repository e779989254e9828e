import { provisionWorkspace, SUBDOMAIN_TAKEN_MEANWHILE } from '@portico/core';

import type { Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProvisioningWorker } from '../../worker/src/provisioning-worker';
import { makeSuperAdmin, makeTenant } from '../../testing/factories';
import { startTestApp, withoutTable, type TestApp } from '../../testing/harness';
import { startFakeStripe, type FakeStripe, stripeEnv } from '../../testing/stripe';

/** Paid plans through Stripe Checkout, and provisioning by the real worker: what it makes, once, and after a failure. */

const BASE = 'portico.test';
let app: TestApp;
let stripe: FakeStripe;
let worker: Worker | null = null;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({
    ...stripeEnv(stripe),
    BASE_DOMAIN: BASE,
  });
});
afterEach(async () => {
  await worker?.close();
  worker = null;
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

let n = 0;
const unique = () => `firm-${++n}-${Math.random().toString(36).slice(2, 7)}`;
const post = (token: string, path: string, body?: unknown) => app.request('POST', path, { token, body });
const status = async (token: string) => (await app.request('GET', '/onboarding-status', { token })).body.onboarding;

async function start(companyName = 'Harbor Legal') {
  const email = `owner-${unique()}@harbor.test`;
  const res = await app.request('POST', '/onboarding-start', {
    body: {
      name: 'Hana Harbor',
      email,
      password: 'correct-horse-battery',
      companyName,
      source: 'Referral',
      title: 'Admin',
    },
  });
  expect(res.status).toBe(201);
  return { token: res.body.session.access_token as string, email };
}

/** The owner pays for the plan chosen on Stripe's Checkout page and comes back: answers the subscription. */
async function pay(token: string, plan: string, cycle = 'monthly') {
  const checkout = await post(token, '/checkout', { plan, cycle });
  expect(checkout.status).toBe(200);
  const sessionId = checkout.body.url.split('/').pop();
  const subscription = stripe.completeCheckout(sessionId);
  const verified = await app.request('GET', `/checkout-verify?session_id=${sessionId}`, { token });
  expect(verified.body.onboarding).toMatchObject({ paid: true, checkoutRequired: false });
  return subscription;
}

/** An owner through every step but provisioning, the plan paid through Checkout (every plan is paid). */
async function atReview(plan = 'starter', branding: Record<string, unknown> = {}) {
  const owner = await start();
  const subdomain = unique();
  expect((await post(owner.token, '/onboarding-plan', { plan })).body.onboarding).toMatchObject({
    step: 'plan',
    checkoutRequired: true,
  });
  await pay(owner.token, plan);
  expect(
    (await post(owner.token, '/onboarding-branding', { subdomain, brandColor: '#0F766E', ...branding })).status,
  ).toBe(200);
  const capabilities = {
    useEmbeds: true,
    useForms: false,
    useFiles: true,
    emailFromName: 'Harbor',
    emailFromAddress: 'hi@harbor.test',
  };
  expect((await post(owner.token, '/onboarding-capabilities', capabilities)).body.onboarding.step).toBe('review');
  const state = (await app.ctx.db.OnboardingState.findOne({ where: { subdomain } }))!;
  return { ...owner, subdomain, state };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a paid plan through Stripe Checkout', () => {
  it('goes to Checkout at the plan table’s prices, is verified on return, and the workspace is on it', async () => {
    const owner = await start();
    const plan = await post(owner.token, '/onboarding-plan', { plan: 'pro', adminSeats: 2 });
    expect(plan.body.onboarding).toMatchObject({ step: 'plan', plan: 'pro', checkoutRequired: true, paid: false });
    expect((await post(owner.token, '/onboarding-branding', { subdomain: unique() })).body.error).toBe(
      'Choose a plan first.',
    );
    expect((await post(owner.token, '/checkout', { plan: 'advanced' })).body.error).toBe(
      'Choose the Advanced plan on the plan step first.',
    );

    const checkout = await post(owner.token, '/checkout', { price_id: 'pro-monthly', plan: 'pro' });
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.url.split('/').pop();
    const session = stripe.sessions.get(sessionId)!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'line_items[1][quantity]': '1',
      'subscription_data[metadata][purpose]': 'plan',
      'subscription_data[metadata][plan]': 'pro',
      success_url: `${app.url}/signup?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect(stripe.prices.get(session.form['line_items[0][price]']!)).toMatchObject({
      lookup_key: 'pro-monthly',
      unit_amount: 9900,
    });
    expect(stripe.prices.get(session.form['line_items[1][price]']!)).toMatchObject({
      lookup_key: 'pro-admin-seat-monthly',
      unit_amount: 3900,
    });
    expect(stripe.customers.get(session.customer as string)).toMatchObject({
      email: owner.email,
      name: 'Harbor Legal',
    });

    const early = await app.request('GET', `/checkout-verify?session_id=${sessionId}`, { token: owner.token });
    expect(early).toMatchObject({
      status: 400,
      body: { error: 'The payment is not complete. Choose your plan again to pay.' },
    });
    const unknown = await app.request('GET', '/checkout-verify?session_id=cs_test_nope', { token: owner.token });
    expect(unknown).toMatchObject({ status: 400, body: { error: 'This checkout session does not exist.' } });
    const other = await start();
    const stranger = await app.request('GET', `/checkout-verify?session_id=${sessionId}`, { token: other.token });
    expect(stranger).toMatchObject({ status: 403, body: { error: 'This checkout belongs to another signup.' } });
    expect((await app.request('GET', '/checkout-verify')).status).toBe(401);

    const subscription = stripe.completeCheckout(sessionId);
    // Paid, but the page closed before verifying: asking to pay again leads to verification, not a second checkout.
    const sessionsBefore = stripe.sessions.size;
    expect(await post(owner.token, '/checkout', { price_id: 'pro-monthly', plan: 'pro' })).toMatchObject({
      status: 200,
      body: { url: `${app.url}/signup?session_id=${sessionId}` },
    });
    expect(stripe.sessions.size).toBe(sessionsBefore);
    const verified = await app.request('GET', `/checkout-verify?session_id=${sessionId}`, { token: owner.token });
    expect(verified.status).toBe(200);
    expect(verified.body.onboarding).toMatchObject({
      step: 'branding',
      paid: true,
      plan: 'pro',
      checkoutRequired: false,
    });
    // Coming back to the same page again changes nothing.
    expect((await app.request('GET', `/checkout-verify?session_id=${sessionId}`, { token: owner.token })).status).toBe(
      200,
    );
    expect((await post(owner.token, '/onboarding-plan', { plan: 'advanced' })).status).toBe(409);

    const subdomain = unique();
    const domain = `portal.${subdomain}.example.com`;
    await post(owner.token, '/onboarding-branding', { subdomain, customDomain: domain });
    await post(owner.token, '/onboarding-capabilities', { useEmbeds: true, useForms: true, useFiles: true });
    worker = createProvisioningWorker(app.ctx);
    const queued = await post(owner.token, '/onboarding-provision');
    expect(queued.status).toBe(202);
    const ready = await until(
      () => status(owner.token),
      (s) => s.ready,
    );
    const tenant = (await app.ctx.db.Tenant.findByPk(ready.tenantId))!;
    expect(tenant).toMatchObject({
      tier: 'pro',
      admin_seats_extra: 1,
      stripe_customer_id: session.customer,
      billing_status: 'active',
    });
    const row = await app.ctx.db.BillingSubscription.findOne({ where: { tenant_id: tenant.id } });
    expect(row).toMatchObject({
      stripe_subscription_id: subscription.id,
      plan: 'pro',
      purpose: 'plan',
      status: 'active',
      // Pro at $99 and the extra admin seat at $39, both items of the one subscription.
      unit_amount_cents: 9900,
      cycle_amount_cents: 13_800,
    });
    const summary = await app.request('GET', '/billing/summary', { token: owner.token, tenantId: tenant.id });
    expect(summary.body.next_charge).toMatchObject({ amount_cents: 13_800, currency: 'usd' });
    const domains = await app.ctx.db.TenantDomain.findAll({ where: { tenant_id: tenant.id } });
    expect(domains.map((d) => [d.domain, d.verified_at])).toEqual([[domain, null]]);
    const actions = (
      await app.ctx.db.OnboardingEvent.findAll({ where: { tenant_id: null }, order: [['created_at', 'ASC']] })
    )
      .filter((e) => e.context.session === sessionId)
      .map((e) => e.action);
    expect(actions).toEqual(['checkout', 'verify']);
  });
});

describe('a yearly plan with a trial', () => {
  it('pays Starter yearly in the wizard, and the workspace starts trialing with its cycle stored', async () => {
    const root = await makeSuperAdmin(app);
    const billing = { trialDays: 10, trialNeedsCard: true, graceDays: 14, promotionCodes: false, automaticTax: false };
    const save = (values: typeof billing) =>
      app.request('PUT', '/settings', { token: root.token, body: { billing: values } });
    expect((await save(billing)).status).toBe(200);
    try {
      const owner = await start();
      await post(owner.token, '/onboarding-plan', { plan: 'starter' });
      expect((await post(owner.token, '/checkout', { plan: 'starter', cycle: 'weekly' })).body.error).toBe(
        'Choose how often to pay: cycle must be monthly or yearly.',
      );
      const subscription = await pay(owner.token, 'starter', 'yearly');
      const session = [...stripe.sessions.values()].find((s) => s.subscription === subscription.id)!;
      expect(session.form).toMatchObject({
        'subscription_data[trial_period_days]': '10',
        'subscription_data[metadata][cycle]': 'yearly',
        cancel_url: `${app.url}/onboarding?checkout=cancelled&cycle=yearly`,
      });
      expect(stripe.prices.get(session.form['line_items[0][price]']!)).toMatchObject({
        lookup_key: 'starter-yearly',
        unit_amount: 39_600,
      });
      const subdomain = unique();
      await post(owner.token, '/onboarding-branding', { subdomain });
      await post(owner.token, '/onboarding-capabilities', { useEmbeds: true, useForms: true, useFiles: true });
      worker = createProvisioningWorker(app.ctx);
      expect((await post(owner.token, '/onboarding-provision')).status).toBe(202);
      const ready = await until(
        () => status(owner.token),
        (s) => s.ready,
      );
      const trialEnd = new Date((subscription.trial_end as number) * 1000);
      expect(await app.ctx.db.Tenant.findByPk(ready.tenantId)).toMatchObject({
        tier: 'starter',
        status: 'trial',
        billing_status: 'trialing',
        trial_ends_at: trialEnd,
      });
      expect(
        await app.ctx.db.BillingSubscription.findOne({
          where: { tenant_id: ready.tenantId, stripe_subscription_id: subscription.id },
        }),
      ).toMatchObject({
        status: 'trialing',
        cycle: 'yearly',
        unit_amount_cents: 39_600,
        currency: 'usd',
        trial_end: trialEnd,
      });
    } finally {
      await save({ ...billing, trialDays: 0 });
    }
  });
});

describe('provisioning', () => {
  it('makes exactly the workspace: tenant, role types, the owner as admin, brand, features, plan and seats, welcome email', async () => {
    const root = await makeSuperAdmin(app);
    const { token, email, subdomain, state } = await atReview('starter');
    worker = createProvisioningWorker(app.ctx);
    const queued = await post(token, '/onboarding-provision');
    expect(queued.body).toMatchObject({ ready: false, onboarding: { step: 'provisioning', status: 'provisioning' } });
    const ready = await until(
      () => status(token),
      (s) => s.ready,
    );
    expect(ready).toMatchObject({
      step: 'ready',
      status: 'ready',
      error: null,
      tenantId: state.workspace_id,
      loginUrl: `http://${subdomain}.${BASE}:${new URL(app.url).port}/login`,
    });

    const tenants = await app.ctx.db.Tenant.findAll({ where: { slug: subdomain } });
    expect(tenants).toHaveLength(1);
    expect(tenants[0]).toMatchObject({
      id: state.workspace_id,
      name: 'Harbor Legal',
      tier: 'starter',
      status: 'active',
      primary_color: '#0f766e',
      admin_seats_extra: 0,
      features: { embeds: true, forms: false, files: true },
      email_from_name: 'Harbor',
      email_from_address: 'hi@harbor.test',
      // Starter is paid too: its subscription came through Checkout.
      billing_status: 'active',
      // The owner has not confirmed their address: mail to clients waits for it (issue 31).
      client_mail_held_for: state.user_id,
    });
    const roles = await app.ctx.db.TenantRoleType.findAll({ where: { tenant_id: state.workspace_id } });
    expect(roles.map((r) => r.role_key).sort()).toEqual(['admin', 'role1', 'role2', 'role3']);
    const members = await app.ctx.db.Membership.findAll({ where: { tenant_id: state.workspace_id } });
    expect(members.map((m) => [m.user_id, m.role, m.status])).toEqual([[state.user_id, 'admin', 'active']]);
    const welcome = await app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: state.workspace_id } });
    // The owner's own mail is not held.
    expect(welcome.map((m) => [m.template, m.to_address, m.status])).toEqual([['welcome', email, 'queued']]);
    expect(welcome[0]!.text_body).toContain(ready.loginUrl);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: state.workspace_id, action: 'tenant.created' } }),
    ).toBe(1);
    const consoleInbox = await app.request('GET', '/super/inbox', { token: root.token });
    expect(consoleInbox.body.items).toContainEqual(
      expect.objectContaining({ kind: 'workspace.created', entity: { type: 'tenant', id: state.workspace_id } }),
    );
    const events = await app.ctx.db.OnboardingEvent.findAll({
      where: { user_id: state.user_id },
      order: [['created_at', 'ASC']],
    });
    expect(events.map((e) => e.action)).toEqual([
      'start',
      'plan',
      'checkout',
      'verify',
      'branding',
      'capabilities',
      'provision_queued',
      'provisioned',
    ]);
    expect(events.at(-1)!.tenant_id).toBe(state.workspace_id);

    // The owner now belongs to the workspace (the browser test signs in on its host).
    const me = await app.request('GET', '/auth/user', { token });
    expect(me.body.memberships).toMatchObject([{ tenant_id: state.workspace_id, role: 'admin' }]);
    // Nothing changes once it is made.
    expect((await post(token, '/onboarding-branding', { subdomain: unique() })).status).toBe(409);
    expect((await post(token, '/onboarding-provision')).body.ready).toBe(true);
  });

  it('running it twice at once makes one workspace', async () => {
    const { token, subdomain, state } = await atReview('starter');
    // Queued with no worker running; two runs race for it.
    await post(token, '/onboarding-provision');
    const runs = await Promise.all([
      provisionWorkspace(app.ctx, { onboardingId: state.id, lastAttempt: false }),
      provisionWorkspace(app.ctx, { onboardingId: state.id, lastAttempt: false }),
    ]);
    expect(runs.map((r) => r.created).sort()).toEqual([false, true]);
    expect(runs.map((r) => r.tenantId)).toEqual([state.workspace_id, state.workspace_id]);
    expect(await app.ctx.db.Tenant.count({ where: { slug: subdomain } })).toBe(1);
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: state.workspace_id } })).toBe(1);
    // The job still queued finds it made.
    worker = createProvisioningWorker(app.ctx);
    const done = new Promise<unknown>((resolve) => worker!.on('completed', (_job, result) => resolve(result)));
    expect(await done).toBe('already provisioned');
    expect(await app.ctx.db.Tenant.count({ where: { slug: subdomain } })).toBe(1);
  });

  it('a failed run rolls back, tells the owner, and is retried until it succeeds', async () => {
    const { token, subdomain, state } = await atReview('starter');
    await withoutTable(app.ctx, 'tenant_role_types', async () => {
      worker = createProvisioningWorker(app.ctx);
      await post(token, '/onboarding-provision');
      const failing = await until(
        () => status(token),
        (s) => s.error !== null,
      );
      expect(failing).toMatchObject({
        step: 'provisioning',
        status: 'provisioning',
        ready: false,
        error: 'Something went wrong while setting up your workspace. We are trying again.',
      });
      expect(await app.ctx.db.Tenant.count({ where: { slug: subdomain } })).toBe(0);
    });
    const ready = await until(
      () => status(token),
      (s) => s.ready,
    );
    expect(ready).toMatchObject({ error: null, tenantId: state.workspace_id });
    expect(await app.ctx.db.Tenant.count({ where: { slug: subdomain } })).toBe(1);
    const failed = await app.ctx.db.OnboardingEvent.findAll({ where: { user_id: state.user_id, action: 'failed' } });
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]!.error).toMatch(/tenant_role_types/);
  });

  it('after the last attempt the state is failed with a sentence, and the owner can try again', async () => {
    const { token, state } = await atReview('starter');
    await post(token, '/onboarding-provision');
    await withoutTable(app.ctx, 'tenant_role_types', () =>
      expect(provisionWorkspace(app.ctx, { onboardingId: state.id, lastAttempt: true })).rejects.toThrow(),
    );
    expect(await status(token)).toMatchObject({
      step: 'provisioning',
      status: 'failed',
      error: 'Something went wrong while setting up your workspace. Try again.',
    });
    worker = createProvisioningWorker(app.ctx);
    expect((await post(token, '/onboarding-provision')).body.onboarding).toMatchObject({
      status: 'provisioning',
      error: null,
    });
    expect(
      await until(
        () => status(token),
        (s) => s.ready,
      ),
    ).toMatchObject({ tenantId: state.workspace_id });
  });

  it('a subdomain a workspace took meanwhile sends the owner back to branding, with a sentence', async () => {
    const { token, subdomain, state } = await atReview('starter');
    await post(token, '/onboarding-provision');
    const squatter = await makeTenant(app.ctx);
    await squatter.update({ slug: subdomain });
    expect(await provisionWorkspace(app.ctx, { onboardingId: state.id, lastAttempt: false })).toEqual({
      tenantId: null,
      created: false,
    });
    expect(await status(token)).toMatchObject({
      step: 'branding',
      status: 'in_progress',
      error: SUBDOMAIN_TAKEN_MEANWHILE,
      branding: { subdomain: null },
    });
    const again = await post(token, '/onboarding-branding', { subdomain: unique() });
    expect(again.body.onboarding).toMatchObject({ step: 'review', error: null });
  });
});
