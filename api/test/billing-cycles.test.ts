import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stripeInvoice, stripeSubscription } from '../../packages/core/src/billing/stripe-objects';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startFakeStripe, STRIPE_TEST_KEY, type FakeStripe, stripeEnv } from '../../testing/stripe';

/* Issue 28: every plan paid, yearly billing, cycle switches, trials, promotion codes and tax, and Stripe's objects read robustly. */

const BY_OPERATOR =
  'Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats.';
const CYCLE_MESSAGE = 'Choose how often to pay: cycle must be monthly or yearly.';

let app: TestApp;
let stripe: FakeStripe;
let root: Person;
beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await startTestApp({
    ...stripeEnv(stripe),
  });
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;
const tenantNow = (id: string) => app.ctx.db.Tenant.findByPk(id).then((t) => t!);
const summaryOf = async (w: Workspace) =>
  (await app.request('GET', '/billing/summary', { token: w.admin.token, tenantId: w.tenant.id })).body;
const saveBilling = (values: Record<string, unknown>) =>
  app.request('PUT', '/settings', {
    token: root.token,
    body: {
      billing: {
        trialDays: 0,
        trialNeedsCard: true,
        graceDays: 14,
        promotionCodes: false,
        automaticTax: false,
        ...values,
      },
    },
  });

async function post(event: { body: string; signature: string }) {
  const res = await fetch(`${app.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The Checkout session a request starts: its form as Stripe received it. */
async function checkout(w: Workspace, body: Record<string, unknown>) {
  const res = await app.request('POST', '/billing/checkout', { token: w.admin.token, tenantId: w.tenant.id, body });
  expect(res.status).toBe(200);
  return stripe.sessions.get(res.body.url.split('/').pop())!;
}

/** A workspace that went through Checkout for `body`: answers the subscription Stripe made. */
async function checkedOut(w: Workspace, body: Record<string, unknown>) {
  const session = await checkout(w, body);
  const subscription = stripe.completeCheckout(session.id);
  expect((await post(stripe.event('checkout.session.completed', { ...session }))).status).toBe(200);
  return subscription;
}

/** The stored row of a subscription (scoped by its workspace, as every query of a tenant's table is). */
const rowOf = (w: Workspace, id: string) =>
  app.ctx.db.BillingSubscription.findOne({ where: { tenant_id: w.tenant.id, stripe_subscription_id: id } });
const priceOf = (form: Record<string, string>, line = 0) => stripe.prices.get(form[`line_items[${line}][price]`]!)!;
const itemOf = (subscription: { id: string }) =>
  (stripe.subscriptions.get(subscription.id)!.items as { data: Record<string, any>[] }).data[0]!;

describe('every plan is paid', () => {
  it('sells Starter to a workspace without a plan subscription, and not once it has one', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const session = await checkout(w, { purpose: 'upgrade_plan', plan: 'starter' });
    expect(priceOf(session.form)).toMatchObject({
      lookup_key: 'starter-monthly',
      unit_amount: 3900,
      recurring: { interval: 'month' },
    });
    stripe.completeCheckout(session.id);
    await post(stripe.event('checkout.session.completed', { ...session }));
    expect(await tenantNow(w.tenant.id)).toMatchObject({ tier: 'starter', billing_status: 'active' });
    expect(await app.ctx.db.BillingSubscription.findOne({ where: { tenant_id: w.tenant.id } })).toMatchObject({
      plan: 'starter',
      cycle: 'monthly',
      unit_amount_cents: 3900,
      currency: 'usd',
    });
    const again = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'upgrade_plan', plan: 'starter' },
    });
    expect(again).toMatchObject({ status: 409, body: { error: 'This workspace is already on the Starter plan.' } });
  });

  it('finds each price by its lookup key once, creating it only when Stripe has none', async () => {
    const first = await makeWorkspace(app, { tier: 'starter' });
    const second = await makeWorkspace(app, { tier: 'starter' });
    const a = await checkout(first, { purpose: 'upgrade_plan', plan: 'advanced', cycle: 'yearly' });
    const b = await checkout(second, { purpose: 'upgrade_plan', plan: 'advanced', cycle: 'yearly' });
    expect(a.form['line_items[0][price]']).toBe(b.form['line_items[0][price]']);
    expect([...stripe.prices.values()].filter((p) => p.lookup_key === 'advanced-yearly')).toHaveLength(1);
    // 166 a month billed yearly.
    expect(priceOf(a.form)).toMatchObject({ unit_amount: 199_200, recurring: { interval: 'year' } });
  });
});

describe('yearly billing', () => {
  it('buys a yearly plan, then seats on the same cycle, and shows the cycle and next charge', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const plan = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro', cycle: 'yearly' });
    expect(stripe.sessions.get([...stripe.sessions.keys()].pop()!)!.form).toMatchObject({
      'subscription_data[metadata][cycle]': 'yearly',
    });
    const periodEnd = itemOf(plan).current_period_end as number;
    expect(await summaryOf(w)).toMatchObject({
      tenant: { tier: 'pro' },
      cycle: 'yearly',
      status: 'active',
      trial_ends_at: null,
      next_charge: { at: new Date(periodEnd * 1000).toISOString(), amount_cents: 99_600, currency: 'usd' },
    });

    const seats = await checkout(w, { purpose: 'add_seats', seats: 2 });
    // A yearly seat is ten months of the monthly seat price.
    expect(priceOf(seats.form)).toMatchObject({
      lookup_key: 'pro-team-seat-yearly',
      unit_amount: 39_000,
      recurring: { interval: 'year' },
    });
    stripe.completeCheckout(seats.id);
    await post(stripe.event('checkout.session.completed', { ...seats }));
    const summary = await summaryOf(w);
    expect(summary.tenant.seats_purchased).toBe(5);
    expect(summary.next_charge.amount_cents).toBe(99_600 + 2 * 39_000);
  });

  it('switches monthly to yearly through Stripe, prorated, the seats with the plan', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const plan = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const seats = await checkedOut(w, { purpose: 'add_seats', seats: 1, seat_kind: 'admin' });
    const createdEarlier = stripe.event('customer.subscription.created', { ...plan });
    const res = await app.request('POST', '/billing/cycle', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { cycle: 'yearly' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ cycle: 'yearly', next_charge: { amount_cents: 99_600 + 39_000 } });
    const update = stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${plan.id}`);
    expect(update).toHaveLength(1);
    expect(update[0]!.form).toMatchObject({
      'items[0][id]': itemOf(plan).id,
      'items[0][price]': [...stripe.prices.values()].find((p) => p.lookup_key === 'pro-yearly')!.id,
      proration_behavior: 'create_prorations',
    });
    expect(itemOf(seats).price.lookup_key).toBe('pro-admin-seat-yearly');
    expect(await rowOf(w, plan.id)).toMatchObject({ cycle: 'yearly', unit_amount_cents: 99_600 });
    expect(
      await app.ctx.db.AuditLog.findOne({ where: { tenant_id: w.tenant.id, action: 'billing.cycle_changed' } }),
    ).toMatchObject({ actor_user_id: w.admin.user.id, details: { from: 'monthly', to: 'yearly' } });
    // A late event from before the switch reads Stripe as it is now: still yearly.
    expect((await post(createdEarlier)).status).toBe(200);
    expect((await summaryOf(w)).cycle).toBe('yearly');

    const same = await app.request('POST', '/billing/cycle', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { cycle: 'yearly' },
    });
    expect(same).toMatchObject({ status: 409, body: { error: 'This workspace is already billed yearly.' } });
  });

  it('refuses a switch without a plan subscription, bad input, other roles and workspaces, and no session', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const other = await makeWorkspace(app);
    const as = (token: string | undefined, body: unknown, tenantId = w.tenant.id) =>
      app.request('POST', '/billing/cycle', { token, tenantId, body });
    expect(await as(w.admin.token, { cycle: 'yearly' })).toMatchObject({
      status: 409,
      body: { error: 'This workspace has no plan subscription to switch. Choose a plan first.' },
    });
    for (const body of [{}, { cycle: 'weekly' }, { cycle: 12 }])
      expect(await as(w.admin.token, body)).toMatchObject({ status: 400, body: { error: CYCLE_MESSAGE } });
    expect(await as(w.member.token, { cycle: 'yearly' })).toMatchObject({
      status: 403,
      body: { error: 'Admins only.' },
    });
    const stranger = await as(other.admin.token, { cycle: 'yearly' });
    expect(stranger.status).toBe(403);
    expect(JSON.stringify(stranger.body)).not.toContain(w.tenant.name);
    expect((await as(undefined, { cycle: 'yearly' })).status).toBe(401);
    await app.ctx.db.Tenant.update({ bypass_billing: true }, { where: { id: w.tenant.id } });
    expect(await as(w.admin.token, { cycle: 'yearly' })).toMatchObject({ status: 409, body: { error: BY_OPERATOR } });
  });
});

describe('Super Settings’ billing section in Checkout', () => {
  afterEach(async () => {
    expect((await saveBilling({})).status).toBe(200);
  });

  it('offers promotion codes and Stripe Tax only when the operator turns them on', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const plain = await checkout(w, { purpose: 'upgrade_plan', plan: 'pro' });
    for (const key of ['allow_promotion_codes', 'automatic_tax[enabled]', 'subscription_data[trial_period_days]'])
      expect(plain.form).not.toHaveProperty([key]);
    expect((await saveBilling({ promotionCodes: true, automaticTax: true })).status).toBe(200);
    const session = await checkout(w, { purpose: 'upgrade_plan', plan: 'pro' });
    expect(session.form).toMatchObject({
      allow_promotion_codes: 'true',
      'automatic_tax[enabled]': 'true',
      'customer_update[address]': 'auto',
    });
  });

  it('starts a trial that converts: status trial with its end, then active when Stripe charges', async () => {
    expect((await saveBilling({ trialDays: 14 })).status).toBe(200);
    const w = await makeWorkspace(app, { tier: 'starter' });
    const session = await checkout(w, { purpose: 'upgrade_plan', plan: 'pro' });
    expect(session.form).toMatchObject({ 'subscription_data[trial_period_days]': '14' });
    expect(session.form).not.toHaveProperty(['payment_method_collection']);
    const sub = stripe.completeCheckout(session.id);
    await post(stripe.event('checkout.session.completed', { ...session }));
    const trialEnd = new Date((sub.trial_end as number) * 1000);
    expect(await tenantNow(w.tenant.id)).toMatchObject({
      tier: 'pro',
      status: 'trial',
      billing_status: 'trialing',
      trial_ends_at: trialEnd,
    });
    expect(await summaryOf(w)).toMatchObject({ status: 'trial', trial_ends_at: trialEnd.toISOString() });

    stripe.updateSubscription(sub.id, { status: 'active' });
    await post(stripe.event('customer.subscription.updated', sub));
    expect(await tenantNow(w.tenant.id)).toMatchObject({
      tier: 'pro',
      status: 'active',
      billing_status: 'active',
      trial_ends_at: null,
    });
    // A later plan change is no new trial.
    const upgrade = await checkout(w, { purpose: 'upgrade_plan', plan: 'advanced' });
    expect(upgrade.form).not.toHaveProperty(['subscription_data[trial_period_days]']);
  });

  it('starts a trial without a card that Stripe pauses at its end: the workspace keeps its plan, unpaid', async () => {
    expect((await saveBilling({ trialDays: 7, trialNeedsCard: false })).status).toBe(200);
    const w = await makeWorkspace(app, { tier: 'starter' });
    const session = await checkout(w, { purpose: 'upgrade_plan', plan: 'pro' });
    expect(session.form).toMatchObject({
      payment_method_collection: 'if_required',
      'subscription_data[trial_period_days]': '7',
      'subscription_data[trial_settings][end_behavior][missing_payment_method]': 'pause',
    });
    const sub = stripe.completeCheckout(session.id);
    await post(stripe.event('checkout.session.completed', { ...session }));
    expect((await tenantNow(w.tenant.id)).billing_status).toBe('trialing');
    stripe.updateSubscription(sub.id, { status: 'paused' });
    await post(stripe.event('customer.subscription.paused', sub));
    await post(stripe.event('customer.subscription.updated', sub));
    expect(await tenantNow(w.tenant.id)).toMatchObject({
      tier: 'pro',
      status: 'active',
      billing_status: 'unpaid',
      trial_ends_at: null,
    });
    expect(await summaryOf(w)).toMatchObject({ status: 'unpaid', next_charge: null });
  });
});

describe('Stripe objects that are not as documented', () => {
  it('applies a subscription without start_date or items, with fallbacks', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const held = stripe.subscriptions.get(sub.id)!;
    const periodEnd = itemOf(sub).current_period_end as number;
    delete held.start_date;
    Object.assign(held, { current_period_end: periodEnd });
    delete held.items;
    const event = stripe.event('customer.subscription.updated', held);
    expect(await post(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await rowOf(w, sub.id)).toMatchObject({
      started_at: null,
      quantity: 1,
      cycle: null,
      stripe_item_id: null,
      current_period_end: new Date(periodEnd * 1000),
    });
    expect(await app.ctx.db.BillingEvent.findByPk(event.id)).toMatchObject({
      tenant_id: w.tenant.id,
      unapplied_reason: null,
    });
    expect((await tenantNow(w.tenant.id)).tier).toBe('pro');
  });

  it('reads the cycle from the lookup key when a price has no recurring', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro', cycle: 'yearly' });
    itemOf(sub).price = { ...itemOf(sub).price, recurring: null };
    await post(stripe.event('customer.subscription.updated', sub));
    expect(await rowOf(w, sub.id)).toMatchObject({ cycle: 'yearly', unit_amount_cents: 99_600 });
  });

  it.each([
    ['an unknown status', (s: Record<string, any>) => (s.status = 'frozen'), 'status'],
    ['no customer', (s: Record<string, any>) => delete s.customer, 'customer'],
    ['a start_date that is text', (s: Record<string, any>) => (s.start_date = 'yesterday'), 'start_date'],
    ['an item without an id', (s: Record<string, any>) => delete s.items.data[0].id, 'items.data.0.id'],
  ])('stores a subscription with %s unapplied, with the reason, and answers 200', async (_, change, field) => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const held = stripe.subscriptions.get(sub.id)!;
    held.status = 'canceled';
    change(held);
    const event = stripe.event('customer.subscription.deleted', held);
    expect(await post(event)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const stored = await app.ctx.db.BillingEvent.findByPk(event.id);
    expect(stored!.unapplied_reason).toContain(`Stripe's subscription could not be read: ${field} is missing`);
    expect(await tenantNow(w.tenant.id)).toMatchObject({ tier: 'pro', billing_status: 'active' });
    // Stripe sending it again changes nothing more.
    expect((await post(event)).body).toEqual({ received: true, duplicate: true });
  });

  it('stores an invoice without its amounts unapplied', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const invoice = stripe.putInvoice({ subscription: sub.id, status: 'open', amount_cents: 9900 });
    delete stripe.invoices.get(invoice.id)!.amount_due;
    const event = stripe.event('invoice.payment_failed', invoice);
    expect((await post(event)).status).toBe(200);
    expect((await app.ctx.db.BillingEvent.findByPk(event.id))!.unapplied_reason).toContain('amount_due');
    expect((await tenantNow(w.tenant.id)).billing_status).toBe('active');
  });
});

describe('the fake Stripe answers as Stripe’s current API', () => {
  it('its subscriptions and invoices parse with the schemas Portico reads Stripe with', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'advanced', cycle: 'yearly' });
    const parsed = stripeSubscription.parse(stripe.subscriptions.get(sub.id));
    expect(parsed.items[0]).toMatchObject({
      current_period_start: expect.any(Number),
      current_period_end: expect.any(Number),
      price: { lookup_key: 'advanced-yearly', unit_amount: 199_200, currency: 'usd', recurring: { interval: 'year' } },
    });
    expect(parsed.start_date).toEqual(expect.any(Number));
    expect(() =>
      stripeInvoice.parse(stripe.putInvoice({ subscription: sub.id, status: 'paid', amount_cents: 1 })),
    ).not.toThrow();
  });
});

describe('App Health’s Stripe check', () => {
  it('asks the configured STRIPE_API_URL, not api.stripe.com', async () => {
    const before = stripe.requests.length;
    const res = await app.request('GET', '/metrics/dependencies', { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body.dependencies.find((d: { provider: string }) => d.provider === 'stripe')).toMatchObject({
      status: 'ok',
    });
    const asked = stripe.requests.slice(before).filter((r) => r.path === '/v1/balance');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.authorization).toBe(`Bearer ${STRIPE_TEST_KEY}`);
  });
});
