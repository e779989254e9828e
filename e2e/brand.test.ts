import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The brand colour the tenant surface is painted with. */
const brandPrimary = (page: Page) =>
  page.evaluate<string | null>(`(() => {
    const scope = document.querySelector('.brand-scope');
    return scope ? getComputedStyle(scope).getPropertyValue('--brand-primary').trim() : null;
  })()`);

it('brand colours an admin saves change what a member sees', async () => {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Brand Co ${unique()}` });
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  const member = await makeUser(e2e.app.ctx, { fullName: 'Max Member' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  await addMember(e2e.app.ctx, tenant, member, 'role2');

  const memberPage = await openBrowser(e2e);
  await signIn(memberPage, member.email, DEFAULT_PASSWORD);
  await waitForPlace(memberPage, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
  await see(sidebar(memberPage).getByText(tenant.name, { exact: true }));
  expect(await brandPrimary(memberPage)).toBe('#2563eb');

  const adminPage = await openBrowser(e2e);
  await signIn(adminPage, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(adminPage, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  await sidebar(adminPage).getByRole('link', { name: 'Settings' }).click();
  const brand = adminPage.getByRole('region', { name: 'Brand & Legal' });
  await see(brand.getByLabel('Primary colour', { exact: true }));
  await brand.getByLabel('Primary colour', { exact: true }).fill('#BE185D');
  await brand.getByLabel('Support email').fill('help@brand.example');
  await brand.getByRole('button', { name: 'Save' }).click();
  await see(adminPage.getByText('Brand settings saved', { exact: true }));
  expect(await brandPrimary(adminPage)).toBe('#BE185D');

  await memberPage.reload();
  await see(sidebar(memberPage).getByText(tenant.name, { exact: true }));
  await expect.poll(() => brandPrimary(memberPage)).toBe('#BE185D');
});

// A 1×1 transparent PNG.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

it('a logo uploaded in settings shows in the sidebar for members and as the favicon', async () => {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Logo Co ${unique()}` });
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  const member = await makeUser(e2e.app.ctx, { fullName: 'Max Member' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  await addMember(e2e.app.ctx, tenant, member, 'role2');

  const adminPage = await openBrowser(e2e);
  await signIn(adminPage, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(adminPage, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  await sidebar(adminPage).getByRole('link', { name: 'Settings' }).click();
  const brand = adminPage.getByRole('region', { name: 'Brand & Legal' });
  await brand
    .getByLabel('Logo', { exact: true })
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await see(brand.getByRole('img', { name: 'Current logo' }));
  await brand
    .getByLabel('Favicon', { exact: true })
    .setInputFiles({ name: 'favicon.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await see(brand.getByRole('img', { name: 'Current favicon' }));

  const memberPage = await openBrowser(e2e);
  await signIn(memberPage, member.email, DEFAULT_PASSWORD);
  await waitForPlace(memberPage, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
  const logo = sidebar(memberPage).getByRole('img', { name: tenant.name });
  await see(logo);
  expect(await logo.getAttribute('src')).toMatch(new RegExp(`^/api/public/brand/${tenant.id}/logo-`));
  expect(await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
  await expect
    .poll(() =>
      memberPage.evaluate<string | null>(`document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? null`),
    )
    .toMatch(/favicon-/);
});
