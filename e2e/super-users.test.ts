import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { makeTenant, makeWorkspace, signIn as signInByApi } from '../testing/factories';
import { linkIn, notSee, openBrowser, see, signIn, superAdminOf, unique, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** The tenant list's button opening the tenant's people. */
const tenantButton = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Tenants' }).getByRole('button', { name, exact: true });

async function openUserManagement(): Promise<Page> {
  const root = await superAdminOf(e2e);
  const page = await openBrowser(e2e);
  await signIn(page, root.email, root.password);
  await waitForPlace(page, { path: '/super' });
  await page.getByRole('link', { name: 'User Management' }).click();
  await waitForPlace(page, { path: '/superadmin/user-management' });
  await see(page.getByRole('heading', { name: 'User Management', level: 1 }));
  return page;
}

describe('Super User Management', () => {
  it('a super admin finds a tenant, sees its people, revokes a session, sends a reset link and goes back', async () => {
    const tag = unique();
    const workspace = await makeWorkspace(e2e.app, { tier: 'pro' });
    await workspace.tenant.update({ name: `Heron ${tag}` });
    const other = await makeWorkspace(e2e.app, { tier: 'starter' });
    await other.tenant.update({ name: `Plover ${tag}` });
    // Max has a second session on another device: the one to revoke.
    const stolen = await signInByApi(e2e.app, workspace.member.user.email);
    const family = await e2e.app.ctx.db.RefreshTokenFamily.findOne({
      where: { user_id: workspace.member.user.id },
      order: [['created_at', 'DESC']],
    });

    const page = await openUserManagement();
    await page.getByLabel('Search tenants').fill(tag);
    await see(tenantButton(page, `Heron ${tag}`));
    await see(tenantButton(page, `Plover ${tag}`));
    await page.getByLabel('Filter by tier').selectOption('starter');
    await notSee(tenantButton(page, `Heron ${tag}`));
    await page.getByLabel('Filter by status').selectOption('suspended');
    await see(page.getByText('No tenants found.'));
    await page.getByLabel('Filter by tier').selectOption('');
    await page.getByLabel('Filter by status').selectOption('');

    // The tenant's people.
    await tenantButton(page, `Heron ${tag}`).click();
    await waitForPlace(page, { path: '/superadmin/user-management', query: { tenant: workspace.tenant.id } });
    const people = page.getByRole('region', { name: `Users of Heron ${tag}` });
    await see(people.getByRole('row').filter({ hasText: workspace.admin.user.email }));
    const maxRow = people.getByRole('row').filter({ hasText: workspace.member.user.email });
    await see(maxRow.getByRole('cell', { name: 'member', exact: true }));
    await see(maxRow.getByRole('cell', { name: 'active', exact: true }));
    expect(await accessibilityViolations(page)).toEqual([]);

    // The tenant's details drawer.
    await page.getByRole('button', { name: 'Tenant details' }).click();
    const tenantDrawer = page.getByRole('dialog', { name: `Heron ${tag}` });
    await see(tenantDrawer.getByText(workspace.tenant.slug));
    await see(tenantDrawer.getByLabel('Usage').getByText(/^\d+ of 3$/));
    await page.keyboard.press('Escape');
    await notSee(tenantDrawer);

    // Max's drawer: the workspace, the sessions; revoke the other device's.
    await people.getByRole('button', { name: 'Open Max Member' }).click();
    const drawer = page.getByRole('dialog', { name: 'Max Member' });
    await see(drawer.getByRole('table', { name: 'Workspaces' }).getByRole('cell', { name: `Heron ${tag}` }));
    const sessions = drawer.getByRole('listitem', { name: /^Session started/ });
    await see(sessions.nth(1));
    expect(await sessions.count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await sessions.first().getByRole('button', { name: 'Revoke' }).click();
    await drawer.getByRole('button', { name: 'Confirm' }).click();
    await see(toast(page, 'Session revoked'));
    await see(drawer.getByRole('button', { name: 'Revoke' }));
    expect(await drawer.getByRole('button', { name: 'Revoke' }).count()).toBe(1);
    expect((await e2e.app.request('GET', '/auth/user', { token: stolen.token })).status).toBe(401);
    expect((await e2e.app.ctx.db.RefreshTokenFamily.findByPk(family!.id))!.revoked_at).not.toBeNull();

    // The reset link goes out by email.
    await drawer.getByRole('button', { name: 'Send password reset link' }).click();
    await see(toast(page, `A password reset link was sent to ${workspace.member.user.email}.`));
    const mail = await e2e.smtp.waitFor(workspace.member.user.email);
    expect(linkIn(mail.text, `${e2e.app.url}/reset-password?`)).toContain('token=');
    await page.keyboard.press('Escape');
    await notSee(drawer);

    // Back to the tenants with the breadcrumb.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('button', { name: 'Tenants' }).click();
    await waitForPlace(page, { path: '/superadmin/user-management' });
    await see(tenantButton(page, `Heron ${tag}`));
  });

  it('shows No users yet. for an empty tenant, and the Invite User dialog on either tab; Escape closes it', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Empty ${unique()}` });
    const page = await openUserManagement();
    await page.getByLabel('Search tenants').fill(tenant.name);
    await tenantButton(page, tenant.name).click();
    await see(page.getByText('No users yet.'));

    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await see(dialog.getByRole('tab', { name: 'Existing Tenant', selected: true }));
    await page.keyboard.press('Escape');
    await notSee(dialog);
    await page.getByRole('button', { name: 'New Tenant' }).click();
    await see(dialog.getByRole('tab', { name: 'New Tenant', selected: true }));
    await page.keyboard.press('Escape');
    await notSee(dialog);
  });
});
