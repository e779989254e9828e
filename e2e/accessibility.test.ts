import type { BrowserContext, Page } from 'playwright-core';
import type { Tenant } from '@portico/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser, signIn as apiSignIn } from '../testing/factories';
import {
  notSee,
  openBrowser,
  openTab,
  see,
  signIn,
  superAdminOf,
  tenantRow,
  unique,
  waitForPlace,
  type Where,
} from './support';

let e2e: E2E;
let superEmail: string;
let superPassword: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ email: superEmail, password: superPassword } = await superAdminOf(e2e));
});

afterAll(async () => {
  await e2e?.close();
});

/*
 * Time: each person signs in through the form once, into a browser kept for the whole file, and
 * each of their tests opens a tab of it; a visitor's test a fresh browser. Every test closes what it
 * opened when it ends, so no finished test's app keeps running (and polling) beside the next.
 */
const toClose: (BrowserContext | Page)[] = [];
afterEach(async () => {
  await Promise.all(toClose.splice(0).map((opened) => opened.close()));
});

/** Waits for every loading placeholder (role=status named 'Loading …') to be gone. */
async function settled(page: Page): Promise<void> {
  await notSee(page.getByRole('status', { name: /^Loading/ }).first());
  await notSee(page.locator('[data-skeleton]').first());
}

type ColorScheme = 'light' | 'dark';

/**
 * A page whose system setting is `scheme`, which the app's theme follows by default: a tab of
 * `person`'s browser, or a fresh browser's.
 */
async function openBrowserIn(scheme: ColorScheme, person?: BrowserContext): Promise<Page> {
  const page = person ? await openTab(person) : await openBrowser(e2e);
  toClose.push(person ? page : page.context());
  await page.emulateMedia({ colorScheme: scheme });
  return page;
}

/** What `make` answers for `key`, made the first time `key` is asked for. */
function once<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) cache.set(key, (value = make()));
  return value;
}

/** Once per person (`email`): their browser, signed in through the form, landed at `landing`. */
const browsers = new Map<string, Promise<BrowserContext>>();
const browserOf = (email: string, password: string, landing: Where) =>
  once(browsers, email, async () => {
    const page = await openBrowser(e2e);
    await signIn(page, email, password);
    await waitForPlace(page, landing);
    await page.close();
    return page.context();
  });

interface Workspace {
  tenant: Tenant;
  /** The browser of its admin, Ada Admin, signed in. */
  admin: BrowserContext;
}

/**
 * A workspace with its admin (Ada Admin) signed in and a client (Cleo Client), made once per `key`:
 * each theme has its own (its Messages test starts the first conversation), the brand colours one each.
 */
const workspaces = new Map<string, Promise<Workspace>>();
const workspace = (key: string, brand?: string) =>
  once(workspaces, key, async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Axe Agency ${unique()}` });
    if (brand) await tenant.update({ primary_color: brand });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    await addMember(e2e.app.ctx, tenant, client, 'role2');
    const landing = { path: '/dashboard/admin', query: { tenant_id: tenant.id } };
    return { tenant, admin: await browserOf(admin.email, DEFAULT_PASSWORD, landing) };
  });

/** The admin's tab in `scheme`, opened at `path` of their workspace. */
async function adminAt(scheme: ColorScheme, workspace: Workspace, path: string): Promise<Page> {
  const page = await openBrowserIn(scheme, workspace.admin);
  await page.goto(`${path}?tenant_id=${workspace.tenant.id}`);
  return page;
}

/** Brand colours that fail AA as text in one theme each: navy on the dark theme, pale yellow on the light one. */
const DARK_BRAND = '#1e1b4b';
const LIGHT_BRAND = '#fde047';

describe.each(['light', 'dark'] as const)(
  'accessibility in the %s theme (axe: no serious or critical violations)',
  (scheme) => {
    it('follows the system setting', async () => {
      const page = await openBrowserIn(scheme);
      await page.goto('/login');
      await see(page.getByLabel('Email', { exact: true }));

      expect(await page.locator('html').getAttribute('data-theme')).toBe(scheme);
    });

    it('/login', async () => {
      const page = await openBrowserIn(scheme);
      await page.goto('/login');
      await see(page.getByLabel('Email', { exact: true }));

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('the forgot-password dialog', async () => {
      const page = await openBrowserIn(scheme);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot Password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset your password' });
      await see(dialog.getByLabel('Email', { exact: true }));

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('/signup?invite=…', async () => {
      const { token } = await apiSignIn(e2e.app, superEmail, superPassword);
      const created = await e2e.app.request('POST', '/super/invitations', {
        token,
        body: {
          tenant: { name: `Invited Co ${unique()}`, tier: 'starter' },
          admin: { email: `axe-${unique()}@example.test` },
        },
      });
      expect(created.status).toBe(201);
      const page = await openBrowserIn(scheme);
      await page.goto(created.body.signup_url);
      await see(page.getByLabel('Work email'));

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('/super', async () => {
      const tenant = await makeTenant(e2e.app.ctx, { name: `Listed Co ${unique()}` });
      const page = await openBrowserIn(scheme, await browserOf(superEmail, superPassword, { path: '/super' }));
      await page.goto('/super');
      await see(tenantRow(page, tenant.name));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('the admin dashboard', async () => {
      const page = await adminAt(scheme, await workspace(scheme), '/dashboard/admin');
      await see(page.getByText('Total clients', { exact: true }));
      await see(page.getByRole('region', { name: 'Recent users' }).getByText('Cleo Client', { exact: true }));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('Messages: a conversation and the New conversation dialog', async () => {
      const page = await adminAt(scheme, await workspace(scheme), '/messages');
      await see(page.getByText('No conversations yet. Start one with a client.'));
      await page.getByRole('button', { name: 'New conversation' }).click();
      const dialog = page.getByRole('dialog', { name: 'New conversation' });
      await dialog.getByRole('checkbox').first().check();
      await settled(page);
      expect(await accessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Start conversation' }).click();
      await notSee(dialog);
      await page.getByLabel('Message', { exact: true }).fill('The **brief** is at https://example.test/brief');
      await page.getByLabel('Message', { exact: true }).press('Enter');
      await see(page.getByRole('link', { name: 'https://example.test/brief', exact: true }));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('the admin dashboard while its figures and lists are still loading', async () => {
      const { tenant, admin } = await workspace(scheme);
      const page = await openBrowserIn(scheme, admin);
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/(dashboard\/admin-stats|users\/recent)/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`/dashboard/admin?tenant_id=${tenant.id}`);
      await see(page.getByRole('status', { name: 'Loading users' }));
      await see(page.getByRole('status', { name: 'Loading statistics' }));

      expect(await accessibilityViolations(page)).toEqual([]);
      release();
      await see(page.getByText('Total clients', { exact: true }));
    });

    it('the admin settings', async () => {
      const page = await adminAt(scheme, await workspace(scheme), '/dashboard/admin/settings');
      await see(page.getByLabel('Workspace name'));
      await see(page.getByLabel('Role label, row 1'));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it.each([
      ['dark', DARK_BRAND],
      ['light', LIGHT_BRAND],
    ])('the admin dashboard of a workspace with a %s brand colour (%s)', async (_kind, brand) => {
      const page = await adminAt(scheme, await workspace(brand, brand), '/dashboard/admin');
      await see(page.getByText('Total clients', { exact: true }));
      await see(page.getByRole('region', { name: 'Recent users' }).getByText('Cleo Client', { exact: true }));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });
  },
);
