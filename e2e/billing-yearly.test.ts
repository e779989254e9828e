import type { Worker } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProvisioningWorker } from '../worker/src/provisioning-worker';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { startFakeStripe, type FakeStripe, stripeEnv } from '../testing/stripe';
import { SLOW_WAIT_MS, openBrowser, see, sidebar, submitSignIn, unique, waitForPlace } from './support';

/* Issue 28: a yearly plan bought from the landing page, through the wizard and Stripe Checkout, shown on Billing. */

const BASE = 'portico.test';

let e2e: E2E;
let stripe: FakeStripe;
let worker: Worker;
beforeAll(async () => {
  stripe = await startFakeStripe();
  e2e = await startE2E({
    env: {
      ...stripeEnv(stripe),
      BASE_DOMAIN: BASE,
    },
    // Workspace hosts ({slug}.portico.test) reach the test server, as DNS would send them to the proxy.
    browserArgs: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
  worker = createProvisioningWorker(e2e.app.ctx);
});
afterAll(async () => {
  await worker?.close();
  await e2e?.close();
  await stripe?.close();
});

it('a visitor picks Pro yearly on the landing page, pays yearly through the wizard, and Billing says so', async () => {
  const page = await openBrowser(e2e);
  const email = `owner-${unique()}@yearly.test`;
  const password = 'correct-horse-battery';
  const name = `Yearly Legal ${unique()}`;
  const subdomain = `yearly-${unique()}`;
  // Stripe's hosted page, as the browser would reach it.
  await page.route('https://checkout.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Pay Portico</h1>' }),
  );

  await page.goto('/');
  const pricing = page.getByRole('region', { name: 'Simple, per-workspace pricing' });
  await pricing.getByRole('radio', { name: /^Yearly/ }).check();
  await pricing
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Pro', exact: true }) })
    .getByRole('link', { name: 'Get started with Pro' })
    .click();
  await waitForPlace(page, { path: '/signup', query: { plan: 'pro', cycle: 'yearly' } });

  await page.getByLabel('Full name').fill('Yan Yearly');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Company name').fill(name);
  await page.getByLabel('How did you hear about us?').selectOption('Google');
  await page.getByLabel('Your title').selectOption('Owner/Founder');
  const create = page.getByRole('button', { name: 'Create Workspace' });
  await expect.poll(() => create.isEnabled()).toBe(true);
  await create.click();

  await waitForPlace(page, { path: '/onboarding', query: { cycle: 'yearly' } });
  await see(page.getByRole('heading', { name: 'Choose your plan' }));
  await expect.poll(() => page.getByRole('radio', { name: /^Yearly/ }).isChecked()).toBe(true);
  await page.getByRole('radio', { name: /^Pro/ }).check();
  await see(page.getByText('$83/month', { exact: false }));
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL(/checkout\.stripe\.test/, { timeout: SLOW_WAIT_MS });
  await see(page.getByRole('heading', { name: 'Pay Portico' }));
  const session = stripe.sessions.get(new URL(page.url()).pathname.split('/').pop()!)!;
  expect(stripe.prices.get(session.form['line_items[0][price]']!)).toMatchObject({
    lookup_key: 'pro-yearly',
    unit_amount: 99_600,
    recurring: { interval: 'year' },
  });
  // Stripe's side: the card is paid, and the browser comes back to the success address.
  stripe.completeCheckout(session.id);
  await page.goto(`/signup?session_id=${session.id}`);

  await see(page.getByRole('heading', { name: 'Make it yours' }), SLOW_WAIT_MS);
  await page.getByLabel('Subdomain', { exact: true }).fill(subdomain);
  await see(page.getByRole('status').getByText('Available'));
  await page.getByRole('button', { name: 'Continue' }).click();
  await see(page.getByRole('heading', { name: 'What will you use?' }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await see(page.getByRole('heading', { name: 'Review' }));
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  await see(page.getByRole('heading', { name: 'Workspace Ready' }), SLOW_WAIT_MS);
  await page.getByRole('link', { name: 'Go to your workspace login' }).click();

  await waitForPlace(page, { path: '/login' });
  await submitSignIn(page, email, password);
  await waitForPlace(page, { path: '/dashboard/admin' });
  await sidebar(page).getByRole('link', { name: 'Billing' }).click();
  await waitForPlace(page, { path: '/dashboard/admin/billing' });
  await see(page.getByText(`${name} is on the Pro plan.`));
  const period = page.getByRole('region', { name: 'Billing period' });
  await see(period.getByText('Billed yearly'));
  await see(period.getByText(/Next charge: \$996\.00 on/));
  expect(await accessibilityViolations(page)).toEqual([]);

  // Back to monthly, through Stripe, after a confirmation.
  await period.getByRole('button', { name: 'Switch to monthly billing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch to monthly billing?' });
  await see(dialog.getByText('Pro costs $99/month billed monthly', { exact: false }));
  await dialog.getByRole('button', { name: 'Switch to monthly' }).click();
  await see(page.getByText('Your plan is now billed monthly.'));
  await see(period.getByText('Billed monthly'));
  await see(period.getByText(/Next charge: \$99\.00 on/));
  await see(period.getByRole('button', { name: 'Switch to yearly billing' }));
});
