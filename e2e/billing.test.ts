import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { startFakeDns, type FakeDns } from '../testing/dns';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { startFakeStripe, type FakeStripe, stripeEnv } from '../testing/stripe';
import { SLOW_WAIT_MS, WAIT_MS, notSee, see, sidebar, signIn, submitSignIn, unique, waitForPlace } from './support';

const BASE = 'portico.test';

let e2e: E2E;
let stripe: FakeStripe;
let dns: FakeDns;

beforeAll(async () => {
  stripe = await startFakeStripe();
  dns = await startFakeDns();
  e2e = await startE2E({
    env: {
      ...stripeEnv(stripe),
      BASE_DOMAIN: BASE,
      DNS_SERVERS: dns.server,
    },
    // Workspace hosts ({slug}.portico.test) reach the test server, as DNS would send them to the proxy.
    browserArgs: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
});

afterAll(async () => {
  await e2e?.close();
  await stripe?.close();
  await dns?.close();
});

async function postEvent(event: { body: string; signature: string }): Promise<void> {
  const res = await fetch(`${e2e.app.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    body: event.body,
  });
  expect(res.status).toBe(200);
}

async function adminOf(tier: 'starter' | 'pro'): Promise<{ page: Page; tenantId: string; name: string; slug: string }> {
  const name = `Billing Co ${unique()}`;
  const tenant = await makeTenant(e2e.app.ctx, { name, tier });
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  const { page } = await e2e.newPage();
  page.setDefaultTimeout(WAIT_MS);
  page.setDefaultNavigationTimeout(SLOW_WAIT_MS);
  await signIn(page, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  return { page, tenantId: tenant.id, name, slug: tenant.slug };
}

describe('billing', () => {
  it('an admin upgrades through Stripe Checkout, comes back to the new plan, and is told when a payment fails', async () => {
    const { page, tenantId, name } = await adminOf('starter');
    // Stripe's hosted page, as the browser would reach it.
    await page.route('https://checkout.stripe.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Pay Portico</h1>' }),
    );
    await sidebar(page).getByRole('link', { name: 'Billing' }).click();
    await waitForPlace(page, { path: '/dashboard/admin/billing', query: { tenant_id: tenantId } });
    await see(page.getByText(`${name} is on the Starter plan.`));
    const current = page.getByRole('region', { name: 'Current Plan' });
    await see(
      current.getByRole('listitem').filter({ hasText: 'Current plan' }).getByRole('heading', { name: 'Starter' }),
    );
    const seats = page.getByRole('region', { name: 'Seats & Upgrades' });
    await see(seats.getByText('Seats can be bought on the Pro and Advanced plans', { exact: false }));
    await see(page.getByRole('region', { name: 'Billing History & Payment' }).getByText('No invoices yet.'));
    expect(await accessibilityViolations(page)).toEqual([]);

    await current.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/checkout\.stripe\.test/);
    await see(page.getByRole('heading', { name: 'Pay Portico' }));

    // Stripe's side: the payment succeeded, the subscription exists, the event arrives.
    const session = [...stripe.sessions.values()].find((s) => s.client_reference_id === tenantId)!;
    stripe.completeCheckout(session.id);
    await postEvent(stripe.event('checkout.session.completed', { ...stripe.sessions.get(session.id)! }));
    await page.goto(session.success_url as string);
    await see(page.locator('[data-sonner-toast]').filter({ hasText: 'Payment received' }));
    await see(page.getByText(`${name} is on the Pro plan.`));
    await see(current.getByRole('listitem').filter({ hasText: 'Current plan' }).getByRole('heading', { name: 'Pro' }));
    expect(new URL(page.url()).searchParams.get('checkout')).toBeNull();

    // Seats: the form checks the number, then goes to Checkout for them.
    await seats.getByLabel('Seats to add').fill('0');
    await seats.getByRole('button', { name: /Buy seats/ }).click();
    await see(seats.getByText('Seats must be a whole number of at least 1.'));
    await seats.getByLabel('Seats to add').fill('2');
    await seats.getByRole('button', { name: /Buy seats/ }).click();
    await page.waitForURL(/checkout\.stripe\.test/);
    const seatSession = [...stripe.sessions.values()].find(
      (s) => s.client_reference_id === tenantId && s.form['subscription_data[metadata][purpose]'] === 'team_seats',
    )!;
    expect(seatSession.form['line_items[0][quantity]']).toBe('2');

    // A failed renewal: every admin page says so, with the way to Billing.
    const subscription = [...stripe.subscriptions.values()].find((s) => s.customer === session.customer)!;
    const invoice = stripe.putInvoice({ subscription: subscription.id, status: 'open', amount_cents: 9900 });
    await postEvent(stripe.event('invoice.payment_failed', invoice));
    await page.goto(`/dashboard/admin?tenant_id=${tenantId}`);
    const banner = page.getByRole('alert').filter({ hasText: 'The last payment for this workspace failed.' });
    await see(banner);
    await banner.getByRole('link', { name: 'Go to Billing' }).click();
    await waitForPlace(page, { path: '/dashboard/admin/billing', query: { tenant_id: tenantId } });
    const history = page.getByRole('region', { name: 'Billing History & Payment' });
    await see(history.getByRole('cell', { name: '$99.00' }));
    await see(history.getByRole('link', { name: 'View invoice' }));
  });

  it('custom domains: add, a failed then successful verify, and remove', async () => {
    const { page, tenantId, slug } = await adminOf('pro');
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await waitForPlace(page, { path: '/dashboard/admin/settings', query: { tenant_id: tenantId } });
    const domains = page.getByRole('region', { name: 'Domains' });
    await see(domains.getByText(`${slug}.${BASE}`));
    await see(domains.getByText('No custom domains yet.'));
    const add = domains.getByRole('button', { name: 'Add domain' });
    expect(await add.isDisabled()).toBe(true);
    const domain = `portal-${unique()}.acme-example.com`;
    await domains.getByLabel('Add a domain').fill(domain);
    await add.click();
    const row = domains.getByRole('listitem').filter({ hasText: domain });
    await see(row.getByText('Not verified'));
    const record = await row.locator('dd').allInnerTexts();
    expect(record[0]).toBe(`_portico-verify.${domain}`);

    await row.getByRole('button', { name: 'Verify' }).click();
    await see(row.getByRole('alert').filter({ hasText: `No TXT record was found at _portico-verify.${domain}` }));
    dns.txt.set(record[0]!, [record[1]!]);
    await row.getByRole('button', { name: 'Verify' }).click();
    await see(page.locator('[data-sonner-toast]').filter({ hasText: 'Domain verified' }));
    await see(row.getByText('SSL pending'));
    expect(await accessibilityViolations(page)).toEqual([]);

    await row.getByRole('button', { name: 'Remove' }).click();
    await row.getByRole('button', { name: 'Confirm' }).click();
    await notSee(row);
    await see(domains.getByText('No custom domains yet.'));
  });

  it('a workspace’s own address shows its brand on the sign-in page and opens that workspace', async () => {
    const name = `Harbor Legal ${unique()}`;
    const tenant = await makeTenant(e2e.app.ctx, { name, tier: 'pro' });
    await tenant.update({ primary_color: '#0F766E' });
    const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
    await addMember(e2e.app.ctx, tenant, client, 'role2');
    const { page } = await e2e.newPage();
    const origin = `http://${tenant.slug}.${BASE}:${new URL(e2e.app.url).port}`;
    await page.goto(`${origin}/login`);
    await see(page.getByText(`Welcome back. Sign in to ${name}.`));
    await see(page.getByRole('main').getByText(name, { exact: true }));
    const color = await page
      .getByRole('main')
      .evaluate((el) =>
        (globalThis as unknown as { getComputedStyle: (e: unknown) => { getPropertyValue: (p: string) => string } })
          .getComputedStyle(el)
          .getPropertyValue('--brand-primary'),
      );
    expect(color.trim().toLowerCase()).toBe('#0f766e');
    await notSee(page.getByRole('link', { name: 'See plans and sign up' }));
    await submitSignIn(page, client.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/dashboard/client', query: { tenant_id: tenant.id } });
    expect(new URL(page.url()).origin).toBe(origin);
    await see(sidebar(page).getByText(name));
  });
});
