import { afterAll, beforeAll, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, addMember, makeTenant, makeUser } from '../testing/factories';
import { notSee, openBrowser, see, signIn, unique, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

it('the header search finds people and files by keyboard and opens them', async () => {
  const tenant = await makeTenant(e2e.app.ctx, { name: `Search Co ${unique()}` });
  const admin = await makeUser(e2e.app.ctx, { fullName: 'Ada Admin' });
  const grace = await makeUser(e2e.app.ctx, { fullName: 'Grace Hopper' });
  await addMember(e2e.app.ctx, tenant, admin, 'admin');
  await addMember(e2e.app.ctx, tenant, grace, 'role2');
  const report = await e2e.app.ctx.db.FileRecord.create({
    tenant_id: tenant.id,
    title: 'Quarterly report',
    original_name: 'q3-report.pdf',
    content_type: 'application/pdf',
    kind: 'pdf',
    size_bytes: 10,
    storage_key: `${tenant.id}/missing/q3-report.pdf`,
    user_id: null,
    assigned_roles: ['role2'],
    uploaded_by: admin.id,
  });

  const page = await openBrowser(e2e);
  await signIn(page, admin.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.keyboard.press('/');
  const box = page.getByRole('combobox', { name: 'Search this workspace' });
  await expect
    .poll(() =>
      page.evaluate<boolean>(`document.activeElement?.getAttribute('aria-label') === 'Search this workspace'`),
    )
    .toBe(true);
  await box.fill('grace hop');
  const options = page.getByRole('listbox').getByRole('option');
  await see(options.filter({ hasText: 'Grace Hopper' }));
  await see(page.getByText('People', { exact: true }));
  await page.keyboard.press('Enter');
  await waitForPlace(page, { path: '/crm/users', query: { tenant_id: tenant.id, query: grace.email } });
  await see(page.getByRole('region', { name: 'Users' }).getByRole('row').filter({ hasText: grace.email }));

  await box.fill('quarter');
  await see(options.filter({ hasText: 'Quarterly report' }));
  await page.keyboard.press('Enter');
  await waitForPlace(page, { path: '/admin/files', query: { tenant_id: tenant.id, file: report.id } });
  await see(page.getByRole('dialog').getByText('Quarterly report').first());
  await page.keyboard.press('Escape');
  await notSee(page.getByRole('dialog'));

  await box.fill('zzzz-nothing');
  await see(page.getByText('No matches for “zzzz-nothing”.'));
  await page.keyboard.press('Escape');
  await notSee(page.getByText('No matches for “zzzz-nothing”.'));
});
