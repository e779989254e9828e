import type { Worker } from 'bullmq';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProvisioningWorker } from '../worker/src/provisioning-worker';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { SLOW_WAIT_MS, openBrowser, see, sidebar, submitSignIn, unique, waitForPlace } from './support';

const BASE = 'portico.test';

let e2e: E2E;
let worker: Worker;
beforeAll(async () => {
  e2e = await startE2E({
    env: { BASE_DOMAIN: BASE },
    // Workspace hosts ({slug}.portico.test) reach the test server, as DNS would send them to the proxy.
    browserArgs: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
  // The worker process's provisioning queue, which makes the workspace.
  worker = createProvisioningWorker(e2e.app.ctx);
});
afterAll(async () => {
  await worker?.close();
  await e2e?.close();
});

const brandPrimary = (page: Page) =>
  page.evaluate<string | null>(`(() => {
    const scope = document.querySelector('.brand-scope');
    return scope ? getComputedStyle(scope).getPropertyValue('--brand-primary').trim() : null;
  })()`);

it('a visitor signs up as an owner, goes through every step to Workspace Ready and signs in on the new subdomain', async () => {
  const page = await openBrowser(e2e);
  const email = `owner-${unique()}@harbor.test`;
  const password = 'correct-horse-battery';
  const name = `Harbor Legal ${unique()}`;
  const subdomain = `harbor-${unique()}`;

  // The landing page's pricing buttons link here with their plan.
  await page.goto('/signup?plan=starter');
  await see(page.getByRole('heading', { name: 'Create your workspace' }));
  const submit = page.getByRole('button', { name: 'Create Workspace' });
  await page.getByLabel('Full name').fill('Hana Harbor');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await see(page.getByText('Password must be at least 8 characters.'));
  await page.getByLabel('Company name').fill(name);
  expect(await submit.isDisabled()).toBe(true);
  await page.getByLabel('How did you hear about us?').selectOption('Google');
  await page.getByLabel('Your title').selectOption('Owner/Founder');
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();

  await waitForPlace(page, { path: '/onboarding' });
  await see(page.getByRole('heading', { name: 'Choose your plan' }));
  await expect.poll(() => page.getByRole('radio', { name: /Starter/ }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();

  await see(page.getByRole('heading', { name: 'Make it yours' }));
  await page.getByLabel('Brand colour', { exact: true }).fill('#0f766e');
  await page.getByLabel('Subdomain', { exact: true }).fill('www');
  await see(page.getByText('This subdomain is reserved. Choose another.'));
  expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
  await page.getByLabel('Subdomain', { exact: true }).fill(subdomain.toUpperCase());
  await see(page.getByRole('status').getByText('Available'));
  await page.getByRole('button', { name: 'Continue' }).click();

  await see(page.getByRole('heading', { name: 'What will you use?' }));
  // Resuming: a reload comes back to the step the server decided.
  await page.reload();
  await see(page.getByRole('heading', { name: 'What will you use?' }));
  await page.getByRole('button', { name: 'Continue' }).click();

  await see(page.getByRole('heading', { name: 'Review' }));
  await see(page.getByText(subdomain, { exact: true }));
  await page.getByRole('button', { name: 'Create Workspace' }).click();

  await see(page.getByRole('heading', { name: 'Workspace Ready' }), SLOW_WAIT_MS);
  const origin = `http://${subdomain}.${BASE}:${new URL(e2e.app.url).port}`;
  const link = page.getByRole('link', { name: 'Go to your workspace login' });
  expect(await link.getAttribute('href')).toBe(`${origin}/login`);
  await link.click();

  await waitForPlace(page, { path: '/login' });
  expect(new URL(page.url()).origin).toBe(origin);
  await see(page.getByText(`Welcome back. Sign in to ${name}.`));
  await submitSignIn(page, email, password);
  await waitForPlace(page, { path: '/dashboard/admin' });
  expect(new URL(page.url()).origin).toBe(origin);
  await see(sidebar(page).getByText(name));
  await expect.poll(() => brandPrimary(page)).toBe('#0f766e');

  // The owner has not confirmed their address: mail to their clients waits, and the link can be sent again.
  await see(page.getByText('Confirm your email address: mail to your clients waits until you do.'));
  await page.setViewportSize({ width: 390, height: 844 });
  expect(
    await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
  ).toBe(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Resend the link' }).click();
  await see(page.getByText(`We sent a new link to ${email}.`));
});
