import { audit, systemScope } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { startFakeStripe, type FakeStripe, stripeEnv } from '../testing/stripe';
import { openBrowser, see, signIn, SLOW_WAIT_MS, superAdminOf, unique, waitForPlace } from './support';

let e2e: E2E;
let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
  e2e = await startE2E({
    env: {
      ...stripeEnv(stripe),
    },
  });
});
afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
});

const DAY_S = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

/** A pro workspace paying monthly through Stripe: its subscription at the fake Stripe and as stored from its events. */
async function payingWorkspace(name: string, unitAmountCents: number) {
  const tenant = await makeTenant(e2e.app.ctx, { name, tier: 'pro' });
  await e2e.app.ctx.db.Tenant.update({ billing_status: 'active' }, { where: { id: tenant.id } });
  const id = `sub_${unique()}`;
  const start = nowS() - 5 * DAY_S;
  const periodEnd = start + 30 * DAY_S;
  stripe.subscriptions.set(id, {
    id,
    object: 'subscription',
    customer: `cus_${unique()}`,
    status: 'active',
    start_date: start,
    cancel_at_period_end: false,
    metadata: { purpose: 'plan', plan: 'pro' },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${unique()}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: start,
          current_period_end: periodEnd,
          price: {
            id: `price_${unique()}`,
            object: 'price',
            lookup_key: 'pro-monthly',
            unit_amount: unitAmountCents,
            currency: 'usd',
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
    },
  });
  await e2e.app.ctx.db.BillingSubscription.create({
    stripe_subscription_id: id,
    tenant_id: tenant.id,
    purpose: 'plan',
    plan: 'pro',
    status: 'active',
    quantity: 1,
    cycle: 'monthly',
    unit_amount_cents: unitAmountCents,
    cycle_amount_cents: unitAmountCents,
    currency: 'usd',
    current_period_start: new Date(start * 1000),
    current_period_end: new Date(periodEnd * 1000),
    cancel_at_period_end: false,
    started_at: new Date(start * 1000),
  });
  return { tenant, subscriptionId: id, periodEnd: new Date(periodEnd * 1000) };
}

describe('billing in the console and on the Billing page', () => {
  it('Mission Control’s Revenue card and the console’s Billing page show the stored MRR and renewals, live', async () => {
    const first = await payingWorkspace(`Revenue Co ${unique()}`, 9900);
    const { email, password } = await superAdminOf(e2e);
    const page = await openBrowser(e2e);
    await signIn(page, email, password);
    await waitForPlace(page, { path: '/super' });
    const card = page.getByRole('region', { name: 'Revenue' });
    await see(card.getByTestId('stat-mrr').filter({ hasText: '$99.00' }), SLOW_WAIT_MS);

    await card.getByRole('link', { name: 'Open Billing' }).click();
    await waitForPlace(page, { path: '/super/billing' });
    await see(page.getByRole('heading', { name: 'Billing', level: 1 }));
    const renewals = page.getByRole('region', { name: 'Upcoming renewals (30 days)' });
    await see(renewals.getByRole('row').filter({ hasText: first.tenant.name }).filter({ hasText: '$99.00' }));
    await see(
      page
        .getByRole('region', { name: 'Failed payments (30 days)' })
        .getByText('No payment failed in the last 30 days.'),
    );
    await see(page.getByText('Updating live'), SLOW_WAIT_MS);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Stripe reports another plan: its audit row reaches the page, which reads the revenue again.
    const second = await payingWorkspace(`Second Co ${unique()}`, 19_900);
    await audit(e2e.app.ctx, systemScope, {
      action: 'billing.plan_changed',
      entity: { type: 'tenant', id: second.tenant.id },
      tenantId: second.tenant.id,
      details: { from: 'starter', to: 'pro' },
    });
    await see(page.getByTestId('stat-mrr').filter({ hasText: '$298.00' }));
    await see(renewals.getByRole('row').filter({ hasText: second.tenant.name }));
  });

  it('an admin cancels the plan at the period’s end, told the date, and resumes it', async () => {
    const { tenant, subscriptionId, periodEnd } = await payingWorkspace(`Ending Co ${unique()}`, 9900);
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    const page = await openBrowser(e2e);
    await signIn(page, admin.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
    await page.goto(`/dashboard/admin/billing?tenant_id=${tenant.id}`);
    const date = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' }).format(
      periodEnd,
    );

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the Pro plan?' });
    await see(dialog.getByText(`You keep them until ${date}`));
    expect(await accessibilityViolations(page)).toEqual([]);
    // Keep plan closes it and changes nothing.
    await dialog.getByRole('button', { name: 'Keep plan' }).click();
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await see(page.getByText(`Your Pro plan ends on ${date}; the workspace returns to Starter then.`));
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(true);

    await page.getByRole('button', { name: 'Resume plan' }).click();
    await see(page.getByRole('button', { name: 'Cancel plan' }));
    expect(stripe.subscriptions.get(subscriptionId)!.cancel_at_period_end).toBe(false);
  });
});
