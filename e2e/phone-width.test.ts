import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { notSee, openBrowser, see, signIn, superAdminOf, unique, waitForPlace } from './support';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };
/** A title long enough to push a row's buttons past a phone's edge unless the row wraps. */
const LONG_TITLE = 'Quarterly interview preparation guide for senior candidates';

async function openPhone(): Promise<Page> {
  const page = await openBrowser(e2e);
  await page.setViewportSize(PHONE);
  return page;
}

/** How far the page scrolls sideways once it has loaded: 0 when it fits the window. */
async function sidewaysScroll(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await see(page.getByRole('heading', { level: 1 }));
  await notSee(page.getByRole('status', { name: /^Loading/ }).first());
  await notSee(page.locator('[data-skeleton]').first());
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

describe('at a phone’s width (390 px)', () => {
  it('every page of a workspace fits the window, for its admin and for a client', async () => {
    const tenant = await makeTenant(e2e.app.ctx, { name: `Phone Agency ${unique()}` });
    const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
    const client = await makeUser(e2e.app.ctx, { fullName: 'Cleo Client' });
    await addMember(e2e.app.ctx, tenant, admin, 'admin');
    await addMember(e2e.app.ctx, tenant, client, 'role2');

    const adminPage = await openPhone();
    await signIn(adminPage, admin.email, DEFAULT_PASSWORD);
    await waitForPlace(adminPage, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
    await adminPage
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'guide.txt', mimeType: 'text/plain', buffer: Buffer.from('Bring your portfolio.') });
    await adminPage.getByLabel('Title (optional)').fill(LONG_TITLE);
    await adminPage.getByRole('radio', { name: 'Role' }).check();
    await adminPage.getByRole('checkbox', { name: 'Client' }).check();
    await adminPage.getByRole('button', { name: 'Upload', exact: true }).click();
    await see(adminPage.getByText('File uploaded for 1 users with Client role'));

    const adminPaths = [
      '/dashboard/admin',
      '/crm/users',
      '/messages',
      '/admin/files',
      '/admin-embeds',
      '/forms',
      '/assign-roles',
      '/dashboard/admin/integrations',
      '/dashboard/admin/billing',
      '/dashboard/admin/settings',
    ];
    for (const path of adminPaths)
      expect({ path, overflow: await sidewaysScroll(adminPage, `${path}?tenant_id=${tenant.id}`) }).toEqual({
        path,
        overflow: 0,
      });

    const clientPage = await openPhone();
    await signIn(clientPage, client.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    const dashboard = await waitForPlace(clientPage, { path: /^\/dashboard\// });
    await see(clientPage.getByText(LONG_TITLE));
    for (const path of [dashboard.pathname, '/messages', '/files', '/settings'])
      expect({ path, overflow: await sidewaysScroll(clientPage, `${path}?tenant_id=${tenant.id}`) }).toEqual({
        path,
        overflow: 0,
      });

    // The sidebar is a drawer here: the top bar's button opens it.
    await clientPage.getByRole('button', { name: 'Open navigation' }).click();
    await see(clientPage.getByRole('link', { name: 'Files' }));
  });

  it('the console fits the window, its navigation a row that scrolls on its own', async () => {
    const { email, password } = await superAdminOf(e2e);
    const page = await openPhone();
    await signIn(page, email, password);
    await waitForPlace(page, { path: '/super' });
    for (const path of ['/super', '/super/tenants', '/super/health', '/super/audit', '/super/settings'])
      expect({ path, overflow: await sidewaysScroll(page, path) }).toEqual({ path, overflow: 0 });
    const link = page.getByRole('link', { name: 'Tenants and Domains' });
    const box = await link.boundingBox();
    // One line of text: a wrapped link would stand two or three lines tall.
    expect(box?.height).toBeLessThan(48);
  });
});
