import type { BillingSubscription, Tenant } from '@portico/core/db';
import type { BillingStatus } from '@portico/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeTenant, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  await app.close();
});

const DAY = 86_400_000;
const now = Date.now();
const inDays = (days: number) => new Date(now + days * DAY);

async function workspace(name: string, billing_status: BillingStatus, grace_ends_at: Date | null = null) {
  const tenant = await makeTenant(app.ctx, { name });
  await app.ctx.db.Tenant.update({ billing_status, grace_ends_at }, { where: { id: tenant.id } });
  return tenant;
}

type Seed = Partial<BillingSubscription> & Pick<BillingSubscription, 'stripe_subscription_id'>;

/** A stored subscription; its cycle amount is unit × quantity, as Stripe's one-item subscriptions charge. */
function subscription(tenant: Tenant, seed: Seed) {
  const unit = seed.unit_amount_cents ?? null;
  return app.ctx.db.BillingSubscription.create({
    cycle_amount_cents: unit === null ? null : unit * (seed.quantity ?? 1),
    tenant_id: tenant.id,
    purpose: 'plan',
    plan: 'pro',
    status: 'active',
    quantity: 1,
    cycle: 'monthly',
    currency: 'usd',
    current_period_end: inDays(10),
    cancel_at_period_end: false,
    started_at: inDays(-20),
    ...seed,
  });
}

function invoice(tenant: Tenant, id: string, status: string, amount_cents: number, issued_at: Date) {
  return app.ctx.db.BillingInvoice.create({
    tenant_id: tenant.id,
    stripe_invoice_id: id,
    amount_cents,
    currency: 'usd',
    status,
    hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
    issued_at,
  });
}

describe('GET /api/super/billing', () => {
  it('adds up MRR by currency, counts workspaces by billing status, and lists renewals and failed payments', async () => {
    const monthly = await workspace('Monthly Co', 'active');
    await subscription(monthly, { stripe_subscription_id: 'sub_a_plan', unit_amount_cents: 9900 });
    await subscription(monthly, {
      stripe_subscription_id: 'sub_a_seats',
      purpose: 'team_seats',
      plan: null,
      unit_amount_cents: 3900,
      quantity: 2,
    });
    const yearly = await workspace('Yearly Co', 'active');
    await subscription(yearly, {
      stripe_subscription_id: 'sub_b_plan',
      plan: 'advanced',
      cycle: 'yearly',
      unit_amount_cents: 199_200,
      current_period_end: inDays(200),
    });
    // 35000 a year is 2916.67 a month: the sum is rounded once, not each row.
    await subscription(yearly, {
      stripe_subscription_id: 'sub_b_admins',
      purpose: 'admin_seats',
      plan: null,
      cycle: 'yearly',
      unit_amount_cents: 35_000,
      current_period_end: inDays(200),
    });
    const trial = await workspace('Trial Co', 'trialing');
    await subscription(trial, {
      stripe_subscription_id: 'sub_c',
      status: 'trialing',
      unit_amount_cents: 9900,
      current_period_end: inDays(5),
    });
    const late = await workspace('Late Co', 'past_due', inDays(12));
    await subscription(late, {
      stripe_subscription_id: 'sub_d',
      status: 'past_due',
      unit_amount_cents: 9900,
      current_period_end: inDays(20),
      cancel_at_period_end: true,
    });
    await invoice(late, 'in_late', 'open', 9900, inDays(-2));
    await invoice(late, 'in_paid', 'paid', 9900, inDays(-32));
    const gone = await workspace('Gone Co', 'canceled');
    await subscription(gone, { stripe_subscription_id: 'sub_e', status: 'canceled', unit_amount_cents: 9900 });
    await invoice(gone, 'in_old', 'uncollectible', 9900, inDays(-40));
    const euro = await workspace('Euro GmbH', 'active');
    // Stored before cycles were: monthly.
    await subscription(euro, {
      stripe_subscription_id: 'sub_f',
      cycle: null,
      currency: 'EUR',
      unit_amount_cents: 8900,
      current_period_end: inDays(25),
    });
    const unpriced = await workspace('Unpriced Co', 'active');
    await subscription(unpriced, { stripe_subscription_id: 'sub_g', currency: null, current_period_end: inDays(15) });
    // Its period already ended (Stripe's renewal event is late): not upcoming.
    await subscription(unpriced, {
      stripe_subscription_id: 'sub_g_seats',
      purpose: 'team_seats',
      plan: null,
      unit_amount_cents: 3900,
      current_period_end: inDays(-1),
    });
    const unpaid = await workspace('Unpaid Co', 'unpaid', inDays(-1));
    await invoice(unpaid, 'in_unpaid', 'uncollectible', 19_900, inDays(-10));
    const free = await makeTenant(app.ctx);

    const res = await app.request('GET', '/super/billing', { token: root.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { revenue } = res.body;
    // 9900 + 2 × 3900 + 199200 / 12 + 35000 / 12 + 9900 (past due) + 3900 (seats whose renewal is late)
    expect(revenue).toMatchObject({
      mrr_cents: 9900 + 7800 + 16_600 + 2917 + 9900 + 3900,
      currency: 'usd',
      trial_mrr_cents: 9900,
      by_currency: [
        { currency: 'usd', mrr_cents: 51_017, trial_mrr_cents: 9900 },
        { currency: 'eur', mrr_cents: 8900, trial_mrr_cents: 0 },
      ],
      unpriced_subscriptions: 1,
      counts: { active: 4, trialing: 1, past_due: 1, unpaid: 1, canceled: 1 },
    });
    expect(revenue.counts.none).toBe(await app.ctx.db.Tenant.count({ where: { billing_status: 'none' } }));
    expect(revenue.counts.none).toBeGreaterThanOrEqual(1);
    expect(free.billing_status).toBe('none');

    expect(revenue.renewals.map((r: { subscription_id: string }) => r.subscription_id)).toEqual([
      'sub_c',
      'sub_a_plan',
      'sub_a_seats',
      'sub_g',
      'sub_f',
    ]);
    expect(revenue.renewals[2]).toEqual({
      subscription_id: 'sub_a_seats',
      tenant_id: monthly.id,
      tenant_name: 'Monthly Co',
      purpose: 'team_seats',
      plan: null,
      cycle: 'monthly',
      status: 'active',
      quantity: 2,
      amount_cents: 7800,
      currency: 'usd',
      renews_at: inDays(10).toISOString(),
    });
    expect(revenue.renewals[3]).toMatchObject({ subscription_id: 'sub_g', amount_cents: null, currency: null });
    expect(revenue.renewals[4]).toMatchObject({ cycle: 'monthly', amount_cents: 8900, currency: 'eur' });

    expect(revenue.failed_payments).toEqual([
      {
        invoice_id: 'in_late',
        tenant_id: late.id,
        tenant_name: 'Late Co',
        billing_status: 'past_due',
        grace_ends_at: inDays(12).toISOString(),
        amount_cents: 9900,
        currency: 'usd',
        status: 'open',
        issued_at: inDays(-2).toISOString(),
        hosted_invoice_url: 'https://invoice.stripe.test/i/in_late',
      },
      expect.objectContaining({ invoice_id: 'in_unpaid', billing_status: 'unpaid', amount_cents: 19_900 }),
    ]);
  });

  it('is refused to workspace admins and to callers without a session', async () => {
    const w = await makeWorkspace(app);
    const asAdmin = await app.request('GET', '/super/billing', { token: w.admin.token });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.revenue).toBeUndefined();
    expect((await app.request('GET', '/super/billing', {})).status).toBe(401);
  });
});
