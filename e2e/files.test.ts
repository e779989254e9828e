import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { addMember, DEFAULT_PASSWORD, makeTenant, makeUser } from '../testing/factories';

import { adminOfNewTenant, notSee, openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

/** A 2×2 red PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAeBgIBvZmHAAAAAElFTkSuQmCC',
  'base64',
);

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('files', () => {
  it('an admin pages through more files than a page holds, and turns the order around', async () => {
    const { tenant, page } = await adminOfNewTenant(e2e);
    await e2e.app.ctx.db.FileRecord.bulkCreate(
      Array.from({ length: 105 }, (_, i) => ({
        tenant_id: tenant.id,
        title: `Paged ${String(i).padStart(3, '0')}`,
        original_name: `paged-${i}.txt`,
        content_type: 'text/plain',
        kind: 'document' as const,
        size_bytes: 1,
        storage_key: `${tenant.id}/x/paged-${i}.txt`,
        user_id: null,
        assigned_roles: ['role2'],
        uploaded_by: null,
        created_at: new Date(Date.UTC(2021, 0, 1, 0, 0, i)),
      })),
    );
    await page.goto(`/admin/files?tenant_id=${tenant.id}`);
    const files = page.getByRole('region', { name: 'Recent files' });
    await see(files.getByRole('button', { name: 'Paged 104', exact: true }));
    await see(page.getByText('Showing 100 of 105'));
    await notSee(files.getByRole('button', { name: 'Paged 000', exact: true }));
    await page.getByRole('button', { name: 'Load more files' }).click();
    await see(files.getByRole('button', { name: 'Paged 000', exact: true }));
    await notSee(page.getByRole('button', { name: 'Load more files' }));

    await page.getByLabel('Order').selectOption('oldest');
    await waitForPlace(page, { path: '/admin/files', query: { order: 'oldest' } });
    await see(page.getByText('Showing 100 of 105'));
    await see(files.getByRole('button', { name: 'Paged 000', exact: true }));
    await notSee(files.getByRole('button', { name: 'Paged 104', exact: true }));
  });

  it('an admin uploads a file to a role; a member of that role previews it; the admin sees the view in Activity', async () => {
    const ctx = e2e.app.ctx;
    const tenant = await makeTenant(ctx, { name: `Files Co ${unique()}` });
    const adminUser = await makeUser(ctx, { fullName: 'Ada Admin' });
    const memberUser = await makeUser(ctx, { fullName: 'Cleo Client' });
    await addMember(ctx, tenant, adminUser, 'admin');
    await addMember(ctx, tenant, memberUser, 'role2');
    const title = `Brand board ${unique()}`;

    // --- The admin uploads for the Client role on /admin/files.
    const admin = await openBrowser(e2e);
    await signIn(admin, adminUser.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    await waitForPlace(admin, { path: '/dashboard/admin' });
    await sidebar(admin).getByRole('link', { name: 'File Upload' }).click();
    await waitForPlace(admin, { path: '/files', query: { tenant_id: tenant.id } });
    await admin.getByRole('link', { name: 'Open file manager' }).click();
    await waitForPlace(admin, { path: '/admin/files' });
    await see(admin.getByText('No recent files.'));

    const upload = admin.getByRole('button', { name: 'Upload', exact: true });
    expect(await upload.isDisabled()).toBe(true);
    await admin
      .getByLabel('File', { exact: true })
      .setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: PNG });
    await admin.getByLabel('Title (optional)').fill(title);
    await upload.click();
    await see(admin.getByText('Select a user or roles'));
    await admin.getByRole('checkbox', { name: 'Client' }).check();
    await upload.click();
    await see(admin.getByText('File uploaded for 1 users with Client role'));
    const table = admin.getByRole('region', { name: 'Recent files' });
    await see(table.getByRole('button', { name: title, exact: true }));
    expect(await accessibilityViolations(admin)).toEqual([]);

    // --- The member sees it on /files and previews it.
    const member = await openBrowser(e2e);
    await signIn(member, memberUser.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    await waitForPlace(member, { path: /^\/dashboard\// });
    await sidebar(member).getByRole('link', { name: 'Files' }).click();
    await waitForPlace(member, { path: '/files' });
    await member.getByRole('button', { name: title, exact: true }).click();
    const drawer = member.getByRole('dialog', { name: title });
    await see(drawer);
    const image = drawer.getByRole('img', { name: `Preview of ${title}` });
    await see(image);
    await expect
      .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBe(2);
    await member.keyboard.press('Escape');
    await notSee(drawer);
    await see(member.getByRole('region', { name: 'Your files' }).getByText('Viewed', { exact: true }));

    // --- The admin sees the member's view in the Activity tab; Escape closes the drawer.
    await admin.reload();
    await table.getByRole('button', { name: title, exact: true }).click();
    const adminDrawer = admin.getByRole('dialog', { name: title });
    await see(adminDrawer);
    await adminDrawer.getByRole('tab', { name: 'Activity' }).click();
    // The admin's own look at the Preview tab is listed too; the member's view is there.
    await see(adminDrawer.getByRole('listitem').filter({ hasText: `${memberUser.email} viewed` }));
    expect(await accessibilityViolations(admin)).toEqual([]);
    await admin.keyboard.press('Escape');
    await notSee(adminDrawer);
    await see(table.getByText('Viewed', { exact: true }));
  });

  it('an admin deletes a file after confirming, and Undo in the toast brings it back', async () => {
    const { tenant, page } = await adminOfNewTenant(e2e);
    const title = `Old contract ${unique()}`;
    await e2e.app.ctx.db.FileRecord.create({
      tenant_id: tenant.id,
      title,
      original_name: 'contract.txt',
      content_type: 'text/plain',
      kind: 'document',
      size_bytes: 8,
      storage_key: `${tenant.id}/x/contract.txt`,
      user_id: null,
      assigned_roles: ['role2'],
      uploaded_by: null,
    });
    await page.goto(`/admin/files?tenant_id=${tenant.id}`);
    const files = page.getByRole('region', { name: 'Recent files' });
    await see(files.getByRole('button', { name: title, exact: true }));

    await files.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete file' });
    await see(dialog.getByText('You can undo this for 30 days.'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete file' }).click();
    await notSee(dialog);
    await see(page.getByText(`“${title}” deleted`));
    await see(files.getByText('No recent files.'));
    const row = await e2e.app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id } });
    expect(row?.deleted_at).toBeInstanceOf(Date);

    await page.getByRole('button', { name: 'Undo' }).click();
    await see(page.getByText(`“${title}” restored`));
    await see(files.getByRole('button', { name: title, exact: true }));
    await files.getByRole('button', { name: title, exact: true }).click();
    const drawer = page.getByRole('dialog', { name: title });
    await drawer.getByRole('tab', { name: 'Activity' }).click();
    await see(drawer.getByRole('listitem').filter({ hasText: 'restored' }));
    await see(drawer.getByRole('listitem').filter({ hasText: 'deleted' }));
  });
});
