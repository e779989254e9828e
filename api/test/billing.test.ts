import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { requestOnHost } from '../../testing/on-host';
import { startFakeStripe, type FakeStripe, stripeEnv } from '../../testing/stripe';

const ADMINS_ONLY = 'Admins only.';
const BY_OPERATOR =
  'Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats.';
const BAD_SIGNATURE = 'The Stripe-Signature header does not match this payload.';

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

async function post(event: { body: string; signature: string }, signature = event.signature) {
  const res = await fetch(`${app.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: event.body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A workspace that went through Checkout for `body`: answers the subscription Stripe made. */
async function checkedOut(w: Awaited<ReturnType<typeof makeWorkspace>>, body: Record<string, unknown>) {
  const res = await app.request('POST', '/billing/checkout', { token: w.admin.token, tenantId: w.tenant.id, body });
  expect(res.status).toBe(200);
  const sessionId = res.body.url.split('/').pop();
  const subscription = stripe.completeCheckout(sessionId);
  const completed = stripe.event('checkout.session.completed', { ...stripe.sessions.get(sessionId)! });
  expect((await post(completed)).status).toBe(200);
  return subscription;
}

const tenantNow = (id: string) => app.ctx.db.Tenant.findByPk(id).then((t) => t!);
/** The Stripe price a Checkout session sells on its first line. */
const priceOfSession = (form: Record<string, string>) => stripe.prices.get(form['line_items[0][price]']!);

describe('GET /api/billing/summary', () => {
  it('shows the plan, each cap in use and the invoices, to admins', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const team = await makeUser(app.ctx);
    await addMember(app.ctx, w.tenant, team, 'role1');
    const res = await app.request('GET', '/billing/summary', { token: w.admin.token, tenantId: w.tenant.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tenant: {
        id: w.tenant.id,
        name: w.tenant.name,
        tier: 'pro',
        plan: 'pro',
        status: 'active',
        billing_status: 'none',
        plan_ends_at: null,
        period_ends_at: null,
        seats_purchased: 3,
        admin_seats_extra: 0,
      },
      managed_by: 'stripe',
      message: null,
      usage: { clients_count: 1, clients_cap: 500, team_count: 1, team_seats: 3, admin_count: 1, admin_seats: 1 },
      invoices: [],
      cycle: null,
      status: 'none',
      trial_ends_at: null,
      next_charge: null,
    });
  });

  it('is refused to members, other workspaces’ admins and callers without a session', async () => {
    const w = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const asMember = await app.request('GET', '/billing/summary', { token: w.member.token, tenantId: w.tenant.id });
    expect(asMember).toMatchObject({ status: 403, body: { error: ADMINS_ONLY } });
    const asOther = await app.request('GET', '/billing/summary', { token: other.admin.token, tenantId: w.tenant.id });
    expect(asOther.status).toBe(403);
    expect(JSON.stringify(asOther.body)).not.toContain(w.tenant.name);
    const anonymous = await app.request('GET', '/billing/summary', { tenantId: w.tenant.id });
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/billing/checkout', () => {
  it('creates the Stripe customer once and a subscription Checkout at the plan table’s price', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const first = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'upgrade_plan', plan: 'pro' },
    });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const session = stripe.sessions.get(first.body.url.split('/').pop())!;
    expect(session.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][tenant_id]': w.tenant.id,
      'subscription_data[metadata][purpose]': 'plan',
      'subscription_data[metadata][plan]': 'pro',
      success_url: `${app.url}/dashboard/admin/billing?checkout=success`,
      cancel_url: `${app.url}/dashboard/admin/billing?checkout=cancelled`,
    });
    expect(priceOfSession(session.form)).toMatchObject({
      lookup_key: 'pro-monthly',
      unit_amount: 9900,
      currency: 'usd',
      recurring: { interval: 'month' },
    });
    const customer = (await tenantNow(w.tenant.id)).stripe_customer_id;
    expect(session.customer).toBe(customer);
    expect(stripe.customers.get(customer!)?.metadata).toEqual({ tenant_id: w.tenant.id });

    const again = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'upgrade_plan', plan: 'advanced' },
    });
    expect(again.status).toBe(200);
    expect(stripe.sessions.get(again.body.url.split('/').pop())!.customer).toBe(customer);
    expect(
      [...stripe.customers.values()].filter((c) => c.metadata && (c.metadata as any).tenant_id === w.tenant.id),
    ).toHaveLength(1);
    // Nothing changes until Stripe says it was paid.
    expect((await tenantNow(w.tenant.id)).tier).toBe('starter');
  });

  it('sells team seats at the plan’s seat price, and admin seats up to the plan’s limit', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const seats = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'add_seats', seats: 4 },
    });
    expect(seats.status).toBe(200);
    const form = stripe.sessions.get(seats.body.url.split('/').pop())!.form;
    expect(form).toMatchObject({
      'line_items[0][quantity]': '4',
      'subscription_data[metadata][purpose]': 'team_seats',
    });
    expect(priceOfSession(form)).toMatchObject({ lookup_key: 'pro-team-seat-monthly', unit_amount: 3900 });
    const tooMany = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'add_seats', seats: 4, seat_kind: 'admin' },
    });
    expect(tooMany).toMatchObject({
      status: 409,
      body: { error: 'The Pro plan allows up to 3 extra admin seats; this workspace has 0.' },
    });
  });

  it('refuses what the plan cannot buy and the plan the workspace is on', async () => {
    const starter = await makeWorkspace(app, { tier: 'starter' });
    const seats = await app.request('POST', '/billing/checkout', {
      token: starter.admin.token,
      tenantId: starter.tenant.id,
      body: { purpose: 'add_seats', seats: 1 },
    });
    expect(seats).toMatchObject({
      status: 409,
      body: { error: 'Team seats can be bought on the Pro and Advanced plans. Upgrade from Starter first.' },
    });
    const pro = await makeWorkspace(app, { tier: 'pro' });
    const same = await app.request('POST', '/billing/checkout', {
      token: pro.admin.token,
      tenantId: pro.tenant.id,
      body: { purpose: 'upgrade_plan', plan: 'pro' },
    });
    expect(same).toMatchObject({ status: 409, body: { error: 'This workspace is already on the Pro plan.' } });
  });

  it.each([
    [{}, 'Choose what to buy: purpose must be upgrade_plan or add_seats.'],
    [{ purpose: 'refund' }, 'Choose what to buy: purpose must be upgrade_plan or add_seats.'],
    [{ purpose: 'upgrade_plan' }, 'Choose a plan: starter, pro or advanced.'],
    [{ purpose: 'upgrade_plan', plan: 'enterprise' }, 'Choose a plan: starter, pro or advanced.'],
    [
      { purpose: 'upgrade_plan', plan: 'pro', cycle: 'weekly' },
      'Choose how often to pay: cycle must be monthly or yearly.',
    ],
    [{ purpose: 'add_seats' }, 'Seats must be a whole number of at least 1.'],
    [{ purpose: 'add_seats', seats: 0 }, 'Seats must be a whole number of at least 1.'],
    [{ purpose: 'add_seats', seats: 1.5 }, 'Seats must be a whole number of at least 1.'],
    [{ purpose: 'add_seats', seats: 1001 }, 'Seats must be at most 1000 at a time.'],
    [{ purpose: 'add_seats', seats: 1, seat_kind: 'guest' }, 'seat_kind must be team or admin.'],
  ])('refuses %j with its sentence', async (body, message) => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const before = stripe.requests.length;
    const res = await app.request('POST', '/billing/checkout', { token: w.admin.token, tenantId: w.tenant.id, body });
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(stripe.requests.length).toBe(before);
  });

  it('is refused to members, other workspaces, no session, and bypass_billing workspaces', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const other = await makeWorkspace(app);
    const body = { purpose: 'upgrade_plan', plan: 'pro' };
    expect(
      await app.request('POST', '/billing/checkout', { token: w.member.token, tenantId: w.tenant.id, body }),
    ).toMatchObject({ status: 403, body: { error: ADMINS_ONLY } });
    expect(
      (await app.request('POST', '/billing/checkout', { token: other.admin.token, tenantId: w.tenant.id, body }))
        .status,
    ).toBe(403);
    expect((await app.request('POST', '/billing/checkout', { tenantId: w.tenant.id, body })).status).toBe(401);
    await app.ctx.db.Tenant.update({ bypass_billing: true }, { where: { id: w.tenant.id } });
    expect(
      await app.request('POST', '/billing/checkout', { token: w.admin.token, tenantId: w.tenant.id, body }),
    ).toMatchObject({ status: 409, body: { error: BY_OPERATOR } });
  });
});

describe('GET /api/billing/portal', () => {
  it('answers a portal page for the workspace’s customer, back to the Billing page', async () => {
    const w = await makeWorkspace(app);
    const res = await app.request('GET', '/billing/portal', { token: w.admin.token, tenantId: w.tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!;
    expect(call.form).toEqual({
      customer: (await tenantNow(w.tenant.id)).stripe_customer_id,
      return_url: `${app.url}/dashboard/admin/billing`,
    });
    expect(await app.request('GET', '/billing/portal', { token: w.member.token, tenantId: w.tenant.id })).toMatchObject(
      {
        status: 403,
        body: { error: ADMINS_ONLY },
      },
    );
    expect((await app.request('GET', '/billing/portal', { tenantId: w.tenant.id })).status).toBe(401);
  });
});

describe('where Stripe sends the browser back', () => {
  it('is an address of the workspace: the one the admin came from, never a forged Host header', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const auth = { token: w.admin.token, tenantId: w.tenant.id };
    const checkoutOn = (host: string) =>
      requestOnHost(app, host, '/billing/checkout', {
        ...auth,
        method: 'POST',
        body: { purpose: 'upgrade_plan', plan: 'pro' },
      });
    const sessionForm = (res: { body: { url: string } }) => stripe.sessions.get(res.body.url.split('/').pop()!)!.form;
    const portalReturn = async (host: string) => {
      expect((await requestOnHost(app, host, '/billing/portal', auth)).status).toBe(200);
      return stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').pop()!.form.return_url;
    };

    const forged = await checkoutOn('evil.example');
    expect(forged.status).toBe(200);
    expect(sessionForm(forged)).toMatchObject({
      success_url: `${app.url}/dashboard/admin/billing?checkout=success`,
      cancel_url: `${app.url}/dashboard/admin/billing?checkout=cancelled`,
    });
    expect(await portalReturn('evil.example:443')).toBe(`${app.url}/dashboard/admin/billing`);
    expect(JSON.stringify(stripe.requests)).not.toContain('evil.example');

    // On its own subdomain, the admin comes back there.
    const subdomain = `http://${w.tenant.slug}.localhost:${new URL(app.url).port}`;
    const own = await checkoutOn(new URL(subdomain).host);
    expect(sessionForm(own).success_url).toBe(`${subdomain}/dashboard/admin/billing?checkout=success`);
    expect(await portalReturn(new URL(subdomain).host)).toBe(`${subdomain}/dashboard/admin/billing`);
    // And on one of its verified domains, there (served over HTTPS by the proxy).
    const domain = `billing-${w.tenant.slug}.example.com`;
    await app.ctx.db.TenantDomain.create({
      tenant_id: w.tenant.id,
      domain,
      verification_token: 'verified',
      created_by: null,
      verified_at: new Date(),
    });
    expect(await portalReturn(domain)).toBe(`https://${domain}/dashboard/admin/billing`);
  });
});

describe('POST /api/billing/webhook', () => {
  it('refuses a wrong or missing signature and applies nothing', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    stripe.updateSubscription(sub.id, { status: 'canceled' });
    const event = stripe.event('customer.subscription.deleted', sub);
    const forged = await post(event, event.signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`));
    expect(forged).toEqual({ status: 400, body: { error: BAD_SIGNATURE, code: 'bad_signature' } });
    const tampered = await fetch(`${app.url}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body.replace('customer.subscription.deleted', 'customer.subscription.updated'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(`${app.url}/api/billing/webhook`, { method: 'POST', body: event.body });
    expect(unsigned.status).toBe(400);
    expect(await app.ctx.db.BillingEvent.findByPk(event.id)).toBeNull();
    expect((await tenantNow(w.tenant.id)).tier).toBe('pro');
  });

  it.each([
    ['no id', (e: any) => delete e.id, 'id'],
    ['a number as id', (e: any) => (e.id = 42), 'id'],
    ['an object as id', (e: any) => (e.id = { id: 'evt_1' }), 'id'],
    ['an empty id', (e: any) => (e.id = ''), 'id'],
    ['no type', (e: any) => delete e.type, 'type'],
    ['no data', (e: any) => delete e.data, 'data'],
    ['a subscription without its id', (e: any) => delete e.data.object.id, 'data.object.id'],
    ['a subscription id that is a number', (e: any) => (e.data.object.id = 7), 'data.object.id'],
  ])('answers 400 to a signed event with %s, applying nothing', async (_, change, field) => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    stripe.updateSubscription(sub.id, { status: 'canceled' });
    const event = JSON.parse(stripe.event('customer.subscription.deleted', sub).body);
    change(event);
    expect(await post(stripe.sign(JSON.stringify(event)))).toEqual({
      status: 400,
      body: { error: `This Stripe event has no valid ${field}; it was not applied.`, code: 'bad_event' },
    });
    expect((await tenantNow(w.tenant.id)).tier).toBe('pro');
  });

  it('moves the workspace to the plan paid for, once however often Stripe sends the event', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    expect(await tenantNow(w.tenant.id)).toMatchObject({ tier: 'pro', billing_status: 'active', plan_ends_at: null });
    const created = stripe.event('customer.subscription.created', sub);
    expect(await post(created)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await post(created)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: w.tenant.id, action: 'billing.plan_changed' },
    });
    expect(audits.map((a) => a.details)).toEqual([
      expect.objectContaining({ from: 'starter', to: 'pro', subscription: sub.id }),
    ]);
    const config = await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id });
    expect(config.body).toMatchObject({ tier: 'pro', plan: 'pro', billing_status: 'active' });
  });

  it('keeps what Stripe has now when events arrive out of order', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'advanced' });
    const createdEarlier = stripe.event('customer.subscription.created', { ...sub, status: 'active' });
    stripe.updateSubscription(sub.id, { status: 'canceled' });
    expect((await post(stripe.event('customer.subscription.deleted', sub))).status).toBe(200);
    expect(await tenantNow(w.tenant.id)).toMatchObject({ tier: 'starter', billing_status: 'canceled' });
    // The older event, delivered late, does not bring the cancelled plan back.
    expect((await post(createdEarlier)).body).toEqual({ received: true, duplicate: false });
    expect(await tenantNow(w.tenant.id)).toMatchObject({ tier: 'starter', billing_status: 'canceled' });
  });

  it('adds bought team seats, and takes them away when that subscription ends', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const sub = await checkedOut(w, { purpose: 'add_seats', seats: 2 });
    expect((await tenantNow(w.tenant.id)).seats_total).toBe(5);
    stripe.updateSubscription(sub.id, { quantity: 4 });
    await post(stripe.event('customer.subscription.updated', sub));
    expect((await tenantNow(w.tenant.id)).seats_total).toBe(7);
    // The same state again changes nothing.
    await post(stripe.event('customer.subscription.updated', sub));
    expect((await tenantNow(w.tenant.id)).seats_total).toBe(7);
    stripe.updateSubscription(sub.id, { status: 'canceled' });
    await post(stripe.event('customer.subscription.deleted', sub));
    expect(await tenantNow(w.tenant.id)).toMatchObject({ seats_total: 3, tier: 'pro' });
    const changes = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: w.tenant.id, action: 'billing.seats_changed' },
      order: [['created_at', 'ASC']],
    });
    expect(changes.map((c) => [c.details.from, c.details.to])).toEqual([
      [3, 5],
      [5, 7],
      [7, 3],
    ]);
  });

  it('replaces the old plan subscription with a new one, and returns to starter when the plan ends', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const pro = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const advanced = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'advanced' });
    expect((await tenantNow(w.tenant.id)).tier).toBe('advanced');
    expect(stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${pro.id}`)).toBe(true);
    await post(stripe.event('customer.subscription.deleted', pro));
    expect((await tenantNow(w.tenant.id)).tier).toBe('advanced');

    stripe.updateSubscription(advanced.id, { cancel_at_period_end: true });
    await post(stripe.event('customer.subscription.updated', advanced));
    const ending = await tenantNow(w.tenant.id);
    expect(ending.tier).toBe('advanced');
    expect(ending.plan_ends_at?.getTime()).toBe(((advanced.items as any).data[0].current_period_end as number) * 1000);
    stripe.updateSubscription(advanced.id, { status: 'canceled' });
    await post(stripe.event('customer.subscription.deleted', advanced));
    expect(await tenantNow(w.tenant.id)).toMatchObject({ tier: 'starter', plan_ends_at: null });
  });

  it('marks a failed payment for the admins’ banner, and a paid invoice clears it', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const failed = stripe.putInvoice({ subscription: sub.id, status: 'open', amount_cents: 9900 });
    await post(stripe.event('invoice.payment_failed', failed));
    expect((await tenantNow(w.tenant.id)).billing_status).toBe('past_due');
    const summary = await app.request('GET', '/billing/summary', { token: w.admin.token, tenantId: w.tenant.id });
    expect(summary.body.tenant.billing_status).toBe('past_due');
    expect(summary.body.invoices).toEqual([
      {
        id: expect.any(String),
        created_at: expect.any(String),
        amount_cents: 9900,
        currency: 'usd',
        status: 'open',
        hosted_invoice_url: `https://invoice.stripe.test/i/${sub.id}`,
      },
    ]);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'billing.payment_failed' } }),
    ).toBe(1);
    const inbox = await app.request('GET', '/inbox', { token: w.admin.token, tenantId: w.tenant.id });
    expect(inbox.body.items).toMatchObject([
      { kind: 'billing.payment_failed', link: `/dashboard/admin/billing?tenant_id=${w.tenant.id}` },
    ]);

    Object.assign(stripe.invoices.get(failed.id)!, { status: 'paid', amount_paid: 9900 });
    await post(stripe.event('invoice.paid', failed));
    expect((await tenantNow(w.tenant.id)).billing_status).toBe('active');
    // A late "failed" for the invoice now paid changes nothing.
    await post(stripe.event('invoice.payment_failed', failed));
    expect((await tenantNow(w.tenant.id)).billing_status).toBe('active');
    const after = await app.request('GET', '/billing/summary', { token: w.admin.token, tenantId: w.tenant.id });
    expect(after.body.invoices).toMatchObject([{ status: 'paid', amount_cents: 9900 }]);
  });

  it('ignores objects of customers that are no workspace’s, recording the event', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const sub = await checkedOut(w, { purpose: 'upgrade_plan', plan: 'pro' });
    const stranger = { ...stripe.subscriptions.get(sub.id)!, id: 'sub_stranger', customer: 'cus_stranger' };
    stripe.subscriptions.set('sub_stranger', { ...stranger, status: 'canceled' });
    const event = stripe.event('customer.subscription.deleted', stranger);
    expect((await post(event)).status).toBe(200);
    expect(await app.ctx.db.BillingEvent.findByPk(event.id)).toMatchObject({ tenant_id: null });
    expect(await app.ctx.db.BillingSubscription.count({ where: { tenant_id: w.tenant.id } })).toBe(1);
    expect((await tenantNow(w.tenant.id)).tier).toBe('pro');
  });
});

describe('PATCH /api/super/tenants/{id} with Stripe', () => {
  it('lets the operator set a Stripe workspace’s plan, audited with the reason', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const res = await app.request('PATCH', `/super/tenants/${w.tenant.id}`, {
      token: root.token,
      body: { tier: 'advanced', reason: 'Partner deal' },
    });
    expect(res.status).toBe(200);
    expect(res.body.tenant).toMatchObject({ id: w.tenant.id, tier: 'advanced' });
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'tenant.plan_updated' },
    });
    expect(audit).toMatchObject({ actor_user_id: root.user.id, reason: 'Partner deal' });
    expect(audit!.details).toEqual({ before: { tier: 'starter' }, after: { tier: 'advanced' } });
  });
});
