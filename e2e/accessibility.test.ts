import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser, signIn as apiSignIn } from '../testing/factories';
import { notSee, openBrowser, see, signIn, superAdminOf, tenantRow, unique, waitForPlace } from './support';

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

/** Waits for every loading placeholder (role=status named 'Loading …') to be gone. */
async function settled(page: Page): Promise<void> {
  await notSee(page.getByRole('status', { name: /^Loading/ }).first());
  await notSee(page.locator('[data-skeleton]').first());
}

type ColorScheme = 'light' | 'dark';

/** A browser whose system setting is `scheme`, which the app's theme follows by default. */
async function openBrowserIn(scheme: ColorScheme): Promise<Page> {
  const page = await openBrowser(e2e);
  await page.emulateMedia({ colorScheme: scheme });
  return page;
}

async function adminSignedIn(scheme: ColorScheme, brand?: string) {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Axe Agency ${unique()}` });
  if (brand) await tenant.update({ primary_color: brand });
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  await addMember(e2e.app.ctx, tenant, client, 'role2');
  const page = await openBrowserIn(scheme);
  await signIn(page, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  return { tenant, page };
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
      const page = await openBrowserIn(scheme);
      await signIn(page, superEmail, superPassword);
      await waitForPlace(page, { path: '/super' });
      await see(tenantRow(page, tenant.name));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('the admin dashboard', async () => {
      const { page } = await adminSignedIn(scheme);
      await see(page.getByText('Total clients', { exact: true }));
      await see(page.getByRole('region', { name: 'Recent users' }).getByText('Cleo Client', { exact: true }));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it('Messages: a conversation and the New conversation dialog', async () => {
      const { tenant, page } = await adminSignedIn(scheme);
      await page.goto(`/messages?tenant_id=${tenant.id}`);
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
      const { tenant, page } = await adminSignedIn(scheme);
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
      const { tenant, page } = await adminSignedIn(scheme);
      await page.goto(`/dashboard/admin/settings?tenant_id=${tenant.id}`);
      await see(page.getByLabel('Workspace name'));
      await see(page.getByLabel('Role label, row 1'));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });

    it.each([
      ['dark', DARK_BRAND],
      ['light', LIGHT_BRAND],
    ])('the admin dashboard of a workspace with a %s brand colour (%s)', async (_kind, brand) => {
      const { page } = await adminSignedIn(scheme, brand);
      await see(page.getByText('Total clients', { exact: true }));
      await see(page.getByRole('region', { name: 'Recent users' }).getByText('Cleo Client', { exact: true }));
      await settled(page);

      expect(await accessibilityViolations(page)).toEqual([]);
    });
  },
);
