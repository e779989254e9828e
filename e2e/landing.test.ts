import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@portico/common';
import { saveSettingsSection } from '@portico/core';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { makeTenant, makeUser } from '../testing/factories';
import { adminOfNewTenant, notSee, openBrowser, see, unique, waitForPlace } from './support';

const BASE = 'portico.test';
const ASSETS = path.join(import.meta.dirname, '..', 'frontend', 'dist', 'assets');

let e2e: E2E;
let plans: Plan[];

beforeAll(async () => {
  e2e = await startE2E({
    env: { BASE_DOMAIN: BASE },
    // Workspace hosts ({slug}.portico.test) reach the test server, as DNS would send them to the proxy.
    browserArgs: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
  const res = await e2e.app.request('GET', '/public/plans');
  expect(res.status).toBe(200);
  plans = res.body.plans;
});

afterAll(async () => {
  await e2e?.close();
});

const pricing = (page: Page) => page.getByRole('region', { name: 'Simple, per-workspace pricing' });
const planCard = (page: Page, name: string) =>
  pricing(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const carousel = (page: Page) => page.getByRole('region', { name: 'A look inside' });
/** The dot of the slide on show, e.g. 'Slide 2: Forms you build in minutes'. */
const currentSlide = (carouselRegion: Locator) =>
  carouselRegion.locator('[aria-current="true"]').getAttribute('aria-label');

/**
 * Opens the landing page with its clock under the test's hand: from then on its timers run only as
 * far as the test moves the clock (`runFor`), so nothing waits in real time.
 */
async function openLandingOnTestClock(page: Page): Promise<void> {
  await page.clock.install();
  await openLanding(page);
  // A moment ahead of the page's own clock, which may run ahead of this process's.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** The number of the slide on show. */
async function slideNumber(carouselRegion: Locator): Promise<number> {
  return Number(/^Slide (\d):/.exec((await currentSlide(carouselRegion)) ?? '')?.[1]);
}

/** Moves the clock 100 ms at a time until the carousel moves on (at most 4.5 s): the moment its next wait starts. */
async function untilItAdvances(page: Page, carouselRegion: Locator): Promise<number> {
  const from = await slideNumber(carouselRegion);
  for (let waited = 0; waited <= 4600; waited += 100) {
    await page.clock.runFor(100);
    const now = await slideNumber(carouselRegion);
    if (now !== from) return now;
  }
  throw new Error(`The carousel stayed on slide ${from} for 4.6 s.`);
}

async function openLanding(page: Page): Promise<void> {
  await page.goto('/');
  await see(page.getByRole('heading', { level: 1 }));
}

describe('the landing page', () => {
  it('prices the plans from the plan table, monthly and yearly, and each plan leads to its signup', async () => {
    expect(plans.map((p) => [p.key, p.price_monthly, p.price_yearly])).toEqual([
      ['starter', 39, 33],
      ['pro', 99, 83],
      ['advanced', 199, 166],
    ]);
    const page = await openBrowser(e2e);
    await openLanding(page);

    const monthly = pricing(page).getByRole('radio', { name: 'Monthly' });
    const yearly = pricing(page).getByRole('radio', { name: /^Yearly/ });
    expect(await monthly.isChecked()).toBe(true);
    await see(pricing(page).getByText('2 months free'));
    for (const plan of plans) {
      const card = planCard(page, plan.name);
      await see(card.getByText(`$${plan.price_monthly}`, { exact: true }));
      await see(card.getByText('Billed monthly'));
    }

    await yearly.check();
    for (const plan of plans) {
      const card = planCard(page, plan.name);
      await see(card.getByText(`$${plan.price_yearly}`, { exact: true }));
      await see(card.getByText(`Billed yearly ($${(plan.price_yearly * 12).toLocaleString('en-US')} a year)`));
    }
    await see(planCard(page, 'Starter').getByText('Up to 30 clients'));
    await see(planCard(page, 'Advanced').getByText('Unlimited clients'));

    await planCard(page, 'Pro').getByRole('link', { name: 'Get started with Pro' }).click();
    // The cycle chosen goes on to signup, the wizard and Checkout.
    await waitForPlace(page, { path: '/signup', query: { plan: 'pro', cycle: 'yearly' } });
  });

  it('loads none of the signed-in app’s code', async () => {
    const page = await openBrowser(e2e);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(path.basename(new URL(request.url()).pathname));
    });
    await openLanding(page);
    await see(planCard(page, 'Pro').getByText('$99', { exact: true }));
    await page.waitForLoadState('networkidle');

    // Every page and shell chunk of the build, the landing page's own excepted, and the charts.
    const appChunks = readdirSync(ASSETS).filter(
      (file) => /^(\w+(Page|Shell)|charts)-[\w-]+\.js$/.test(file) && !file.startsWith('LandingPage-'),
    );
    expect(appChunks.length).toBeGreaterThan(20);
    expect(scripts.some((file) => file.startsWith('LandingPage-'))).toBe(true);
    expect(scripts.filter((file) => appChunks.includes(file))).toEqual([]);
  });

  it('advances the carousel every 4.5 s, holds it while hovered, and wraps backwards', async () => {
    const page = await openBrowser(e2e);
    await openLandingOnTestClock(page);
    const tour = carousel(page);
    await see(tour.getByRole('img', { name: /file list/ }));

    const advanced = await untilItAdvances(page, tour);
    await page.clock.runFor(4400);
    expect(await slideNumber(tour)).toBe(advanced);
    await page.clock.runFor(200);
    await expect.poll(() => slideNumber(tour)).toBe((advanced % 4) + 1);

    await tour.hover();
    const held = await slideNumber(tour);
    await page.clock.runFor(6000);
    expect(await slideNumber(tour)).toBe(held);

    await page.mouse.move(1, 1);
    await page.clock.runFor(4600);
    await expect.poll(() => slideNumber(tour)).toBe((held % 4) + 1);

    await tour.getByRole('button', { name: 'Slide 1: Files, shared the right way' }).click();
    await tour.getByRole('button', { name: 'Previous slide' }).click();
    expect(await currentSlide(tour)).toBe('Slide 4: Your brand from the first screen');
    await tour.getByRole('button', { name: 'Next slide' }).click();
    expect(await currentSlide(tour)).toMatch(/^Slide 1:/);
  });

  it('holds the carousel while keyboard focus is in it, and for visitors who prefer reduced motion', async () => {
    const page = await openBrowser(e2e);
    await openLandingOnTestClock(page);
    const tour = carousel(page);
    await tour.getByRole('button', { name: 'Next slide' }).focus();
    await page.keyboard.press('Enter');
    const focused = await slideNumber(tour);
    await page.clock.runFor(6000);
    expect(await slideNumber(tour)).toBe(focused);

    const still = await openBrowser(e2e);
    await still.emulateMedia({ reducedMotion: 'reduce' });
    await openLandingOnTestClock(still);
    await see(carousel(still).getByRole('img', { name: /file list/ }));
    const first = await slideNumber(carousel(still));
    await still.clock.runFor(6000);
    expect(await slideNumber(carousel(still))).toBe(first);
  });

  it('opens at the pricing from the sign-in page’s link', async () => {
    const page = await openBrowser(e2e);
    await page.goto('/login');
    await page.getByRole('link', { name: 'See plans and sign up' }).click();
    await waitForPlace(page, { path: '/' });
    await see(planCard(page, 'Starter').getByText('$39', { exact: true }));
    await expect
      .poll(() => page.evaluate(`document.getElementById('pricing').getBoundingClientRect().top`), { timeout: 5000 })
      .toBeLessThan(200);
  });

  it('has no serious accessibility issue and no sideways scrolling on a phone', async () => {
    const page = await openBrowser(e2e);
    await openLanding(page);
    await see(planCard(page, 'Pro').getByText('$99', { exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    await see(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get started' }));
    const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    expect(overflow).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows the platform’s name and legal links from Super Settings, leaving out empty ones', async () => {
    const root = await makeUser(e2e.app.ctx, { superAdmin: true });
    const appName = `Harbour ${unique()}`;
    await saveSettingsSection(
      e2e.app.ctx,
      { userId: root.id },
      {
        section: 'brand',
        values: {
          appName,
          supportEmail: 'help@harbour.example',
          logoUrl: '',
          faviconUrl: '',
          privacyUrl: 'https://harbour.example/privacy',
          termsUrl: '',
        },
      },
    );
    const page = await openBrowser(e2e);
    await openLanding(page);
    await see(page.getByRole('banner').getByText(appName, { exact: true }));
    const footer = page.getByRole('contentinfo');
    await see(footer.getByRole('link', { name: 'Privacy policy' }));
    expect(await footer.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      'https://harbour.example/privacy',
    );
    expect(await footer.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:help@harbour.example',
    );
    expect(await footer.getByRole('link', { name: 'Terms of service' }).count()).toBe(0);
  });

  it('sends / on a workspace’s own host to that workspace’s sign-in', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Host Co ${unique()}` });
    const page = await openBrowser(e2e);
    await page.goto(`http://${tenant.slug}.${BASE}:${new URL(e2e.app.url).port}/`);
    await waitForPlace(page, { path: '/login' });
    await see(page.getByText(`Welcome back. Sign in to ${tenant.name}.`));
    await notSee(page.getByRole('heading', { level: 1, name: /one calm place/ }));
  });

  it('offers a signed-in visitor their workspace instead of sign-in and signup', async () => {
    const { tenant, page } = await adminOfNewTenant(e2e);
    await openLanding(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await see(nav.getByRole('link', { name: 'Go to your workspace' }));
    expect(await nav.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Get started' }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Go to your workspace' }).click();
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  });
});
