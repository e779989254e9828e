import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import {
  here,
  openBrowser,
  scopeBar,
  see,
  sidebar,
  signIn,
  storedValue,
  unique,
  viewAsTenant,
  waitForPlace,
} from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

/** A super admin who is also the admin of two tenants. */
async function superAdminOfTwoTenants() {
  const first = await makeTenant(e2e.app.ctx, { name: `Alpha Studio ${unique()}` });
  const second = await makeTenant(e2e.app.ctx, { name: `Bravo Partners ${unique()}` });
  const user = await makeUser(e2e.app.ctx, { fullName: 'Sam Super', superAdmin: true });
  await addMember(e2e.app.ctx, first, user, 'admin');
  await addMember(e2e.app.ctx, second, user, 'admin');
  return { user, first, second };
}

describe('super admin scope', () => {
  it('views a tenant, switches tenants with the picker, keeps the scope across reloads and returns to the global view', async () => {
    const { user, first, second } = await superAdminOfTwoTenants();
    const page = await openBrowser(e2e);
    await signIn(page, user.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });

    // View as Tenant → that tenant's admin dashboard.
    await viewAsTenant(page, first.name).click();
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: first.id } });
    const bar = scopeBar(page);
    await see(bar.getByText(`Viewing ${first.name}`, { exact: true }));
    await see(sidebar(page).getByText(first.name, { exact: true }));
    await see(page.getByText('Total clients', { exact: true }));

    // The picker lists both memberships as 'name (role)' and switches to the other one.
    const picker = bar.getByLabel('Switch tenant');
    await see(picker);
    expect(await picker.locator('option').allTextContents()).toEqual(
      expect.arrayContaining([`${first.name} (admin)`, `${second.name} (admin)`]),
    );
    expect(await picker.inputValue()).toBe(first.id);
    await picker.selectOption({ label: `${second.name} (admin)` });
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: second.id } });
    await see(bar.getByText(`Viewing ${second.name}`, { exact: true }));
    await see(sidebar(page).getByText(second.name, { exact: true }));
    expect(await sidebar(page).getByText(first.name, { exact: true }).count()).toBe(0);

    // The choice is kept in local storage (per user: scope and tenant; and the tenant for request headers)…
    const keys = {
      scope: `portico:${user.id}:scope`,
      tenant: `portico:${user.id}:activeTenantId`,
      header: 'portico.activeTenantId',
    };
    expect(await storedValue(page, keys.scope)).toBe('tenant');
    expect(await storedValue(page, keys.tenant)).toBe(second.id);
    expect(await storedValue(page, keys.header)).toBe(second.id);
    // …and a reload keeps the tenant.
    await page.reload();
    await see(scopeBar(page).getByText(`Viewing ${second.name}`, { exact: true }));
    await see(sidebar(page).getByText(second.name, { exact: true }));
    await see(page.getByText('Total clients', { exact: true }));
    expect(here(page).searchParams.get('tenant_id')).toBe(second.id);
    expect(await storedValue(page, keys.tenant)).toBe(second.id);

    // 'Super Admin' goes back to /super and to the global scope, clearing the stored tenant.
    await scopeBar(page).getByRole('button', { name: 'Super Admin' }).click();
    await waitForPlace(page, { path: '/super', query: { tenant_id: null } });
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));
    expect(await storedValue(page, keys.scope)).toBe('super');
    expect(await storedValue(page, keys.tenant)).toBeNull();
    expect(await storedValue(page, keys.header)).toBeNull();
    // /super has no scope bar of its own (the spec puts it in the admin shell): the admin pages now show the global view.
    await page.goto('/dashboard/admin');
    await see(scopeBar(page).getByText('Global view across all tenants', { exact: true }));
    await see(page.getByText('Choose a tenant to see its dashboard.'));
    await see(sidebar(page).getByText('All tenants', { exact: true }));
    await page.reload();
    await see(scopeBar(page).getByText('Global view across all tenants', { exact: true }));
    expect(here(page).searchParams.get('tenant_id')).toBeNull();
  });

  it('enters one of its own tenants from the global view with "My Tenant"', async () => {
    const { user, first, second } = await superAdminOfTwoTenants();
    const page = await openBrowser(e2e);
    await signIn(page, user.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });

    await page.goto('/dashboard/admin');
    const bar = scopeBar(page);
    await see(bar.getByText('Global view across all tenants', { exact: true }));
    const mine = bar.getByRole('button', { name: /^My Tenant/ });
    await see(mine.first());
    expect(await mine.count()).toBe(2);

    await mine.filter({ hasText: second.name }).click();
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: second.id } });
    await see(bar.getByText(`Viewing ${second.name}`, { exact: true }));
    expect(await bar.getByLabel('Switch tenant').inputValue()).toBe(second.id);
    expect(await bar.getByText(`Viewing ${first.name}`).count()).toBe(0);
  });

  it('offers the picker with no tenant chosen while viewing a tenant it is not a member of', async () => {
    const { user, first } = await superAdminOfTwoTenants();
    const stranger = await makeTenant(e2e.app.ctx, { name: `Charlie Clinic ${unique()}` });
    const page = await openBrowser(e2e);
    await signIn(page, user.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });

    await viewAsTenant(page, stranger.name).click();
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: stranger.id } });
    const bar = scopeBar(page);
    await see(bar.getByText(`Viewing ${stranger.name}`, { exact: true }));
    const picker = bar.getByLabel('Switch tenant');
    expect(await picker.inputValue()).toBe('');
    expect(await picker.locator('option:checked').textContent()).toBe('Switch to one of your tenants');

    await picker.selectOption({ label: `${first.name} (admin)` });
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: first.id } });
    await see(bar.getByText(`Viewing ${first.name}`, { exact: true }));
  });
});
