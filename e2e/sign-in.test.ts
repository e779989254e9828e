import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeTenant, makeUser } from '../testing/factories';
import {
  here,
  notSee,
  openBrowser,
  see,
  signIn,
  storedValue,
  superAdminOf,
  unique,
  viewAsTenant,
  waitForPlace,
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

describe('signing in', () => {
  it('takes the super admin to /super, where the tenant list shows', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Acme Agency ${unique()}` });
    const page = await openBrowser(e2e);

    await signIn(page, superEmail, superPassword);

    await waitForPlace(page, { path: '/super' });
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));
    const tenants = page.getByRole('region', { name: 'Tenants' });
    await see(tenants.getByRole('cell', { name: tenant.name, exact: true }));
    await see(tenants.getByRole('cell', { name: tenant.slug, exact: true }));
    await see(viewAsTenant(page, tenant.name));
  });

  it('tells someone signed in without a workspace how to get one (on /onboarding), and lets them sign out', async () => {
    const user = await makeUser(e2e.app.ctx);
    const page = await openBrowser(e2e);

    await signIn(page, user.email, DEFAULT_PASSWORD);

    await waitForPlace(page, { path: '/onboarding' });
    await see(page.getByRole('link', { name: 'create a workspace' }));
    await see(
      page.getByText(`You are signed in as ${user.email}, but you do not belong to a workspace yet.`, { exact: false }),
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await notSee(page.getByText('you do not belong to a workspace yet', { exact: false }));
    expect(await storedValue(page, 'portico.auth.session')).toBeNull();
  });

  it('refuses a wrong password with "Invalid login credentials" and stays on /login', async () => {
    const page = await openBrowser(e2e);

    await signIn(page, superEmail, 'not-the-password');

    await see(page.getByRole('alert').filter({ hasText: 'Invalid login credentials' }));
    expect(here(page).pathname).toBe('/login');
    await see(page.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('not-the-password');
  });

  it('sends an unknown path to /login', async () => {
    const page = await openBrowser(e2e);

    await page.goto('/nowhere');

    await waitForPlace(page, { path: '/login' });
    await see(page.getByRole('heading', { name: 'Sign in', level: 1 }));
  });

  it('sends a signed-out visitor of /dashboard/admin to /login', async () => {
    const page = await openBrowser(e2e);

    await page.goto('/dashboard/admin');

    await waitForPlace(page, { path: '/login' });
    await see(page.getByLabel('Email', { exact: true }));
    await see(page.getByRole('button', { name: 'Sign In', exact: true }));
  });

  it('shows the account-created banner for ?message=account_created', async () => {
    const page = await openBrowser(e2e);

    await page.goto('/login?message=account_created');

    await see(page.getByRole('status').filter({ hasText: 'Your account was created. Sign in to continue.' }));
    expect(here(page).pathname).toBe('/login');
  });
});
