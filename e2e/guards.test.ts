import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { adminOfNewTenant, openBrowser, see, sidebar, signIn, waitForPlace } from './support';

/** The dashboards of non-admin members (their home depends on their role's kind). */
const MEMBER_DASHBOARD = /^\/dashboard\/(recruitpro|jobseeker|client)$/;
/** Home of a member whose role is of kind client (role2, 'Client'). */
const CLIENT_HOME = '/dashboard/jobseeker';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

describe('route guards', () => {
  it('signs a member in to their own dashboard and sends them back there from the admin dashboard', async () => {
    const tenant = await makeTenant(e2e.app.ctx);
    const member = await makeUser(e2e.app.ctx, { fullName: 'Max Member' });
    await addMember(e2e.app.ctx, tenant, member, 'role2');
    const page = await openBrowser(e2e);

    await signIn(page, member.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: MEMBER_DASHBOARD, query: { tenant_id: tenant.id } });
    await see(page.getByRole('heading', { name: 'Welcome, Max Member' }));
    await see(sidebar(page).getByText(tenant.name, { exact: true }));

    await page.goto(`/dashboard/admin?tenant_id=${tenant.id}`);
    await waitForPlace(page, { path: CLIENT_HOME, query: { tenant_id: tenant.id } });
    await see(page.getByRole('heading', { name: 'Client Dashboard', level: 1 }));
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
    expect(await page.getByText('Total clients').count()).toBe(0);
  });

  it('sends a member without a last name to /complete-profile, then on to their home', async () => {
    const tenant = await makeTenant(e2e.app.ctx);
    const member = await makeUser(e2e.app.ctx, { fullName: 'Mia' });
    await addMember(e2e.app.ctx, tenant, member, 'role2');
    const page = await openBrowser(e2e);

    await signIn(page, member.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/complete-profile' });
    await see(page.getByRole('heading', { name: 'Complete Your Profile', level: 1 }));
    expect(await page.getByLabel('First name').inputValue()).toBe('Mia');
    const save = page.getByRole('button', { name: 'Save and Continue' });
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Last name').fill('Member');
    await save.click();

    await waitForPlace(page, { path: CLIENT_HOME, query: { tenant_id: tenant.id } });
    await see(page.getByRole('heading', { name: 'Welcome, Mia Member' }));

    // Completed once, the profile no longer stops them.
    await page.reload();
    await see(page.getByRole('heading', { name: 'Welcome, Mia Member' }));
    expect(new URL(page.url()).pathname).toBe(CLIENT_HOME);
  });

  it('sends a member who opens /super to their home', async () => {
    const tenant = await makeTenant(e2e.app.ctx);
    const member = await makeUser(e2e.app.ctx, { fullName: 'Nora Nosy' });
    await addMember(e2e.app.ctx, tenant, member, 'role2');
    const page = await openBrowser(e2e);
    await signIn(page, member.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: MEMBER_DASHBOARD, query: { tenant_id: tenant.id } });

    await page.goto('/super');

    await waitForPlace(page, { path: CLIENT_HOME, query: { tenant_id: tenant.id } });
    await see(page.getByRole('heading', { name: 'Welcome, Nora Nosy' }));
    expect(await page.getByRole('heading', { name: 'Mission Control' }).count()).toBe(0);
  });

  it('sends a tenant admin who opens /super to the admin dashboard', async () => {
    const { tenant, page } = await adminOfNewTenant(e2e);

    await page.goto('/super');

    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
    await see(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }));
    expect(await page.getByRole('heading', { name: 'Mission Control' }).count()).toBe(0);
    // Not a super admin: no scope bar and no Super Admin link.
    expect(await page.getByRole('region', { name: 'Scope' }).count()).toBe(0);
    expect(await sidebar(page).getByRole('link', { name: 'Super Admin' }).count()).toBe(0);
  });

  it("shows a reload prompt inside the shell when a page's code cannot be fetched, and reloading brings the page", async () => {
    const { tenant, page } = await adminOfNewTenant(e2e);

    // As after a release that replaced the files of the version this tab runs.
    await page.route('**/assets/SettingsPage-*.js', (route) => route.abort());
    await page.route('**/assets/AdminSettingsPage-*.js', (route) => route.abort());
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    const failure = page.getByRole('alert');
    await see(failure.getByText('This page failed to load. Reload to try again.'));
    await see(sidebar(page).getByText(tenant.name, { exact: true }));

    await page.unrouteAll();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await see(page.getByRole('heading', { name: 'Settings', level: 1 }));
    expect(await page.getByText('This page failed to load. Reload to try again.').count()).toBe(0);
  });
});
