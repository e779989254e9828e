import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { adminOfNewTenant, notSee, see, unique, waitForPlace } from './support';

/*
 * Folders (issue 33): an admin makes folders, uploads a file into one, moves it into another with
 * the folder picker, and walks the folders by their breadcrumbs and the browser's back button.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const folderLink = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Folders' }).getByRole('link', { name, exact: true });

async function newFolder(page: Page, name: string) {
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await see(page.getByText(`Folder “${name}” created`));
  await notSee(dialog);
}

describe('folders', () => {
  for (const phone of [false, true])
    it(`an admin makes folders, uploads into one, moves the file to another and walks back by the breadcrumbs${phone ? ' (phone)' : ''}`, async () => {
      const { tenant, page } = await adminOfNewTenant(e2e);
      if (phone) await page.setViewportSize(PHONE);
      await page.goto(`/admin/files?tenant_id=${tenant.id}`);
      await see(breadcrumb(page).getByText('All files'));
      await newFolder(page, 'Contracts');
      await newFolder(page, 'Archive');

      await folderLink(page, 'Contracts').click();
      const contracts = await waitForPlace(page, { path: '/admin/files' });
      const contractsId = contracts.searchParams.get('folder');
      expect(contractsId).toMatch(/^[0-9a-f-]{36}$/);
      await see(breadcrumb(page).getByText('Contracts'));
      await see(page.getByText('This folder is empty'));

      // In a folder, a file with nobody chosen is shared as the folder is.
      const title = `Lease ${unique()}`;
      await page
        .getByLabel('File', { exact: true })
        .setInputFiles({ name: 'lease.txt', mimeType: 'text/plain', buffer: Buffer.from('lease') });
      await page.getByLabel('Title (optional)').fill(title);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await see(page.locator('[data-sonner-toast]').getByText('Uploaded', { exact: true }));
      const inFolder = page.getByRole('region', { name: 'Files in this folder' });
      await see(inFolder.getByRole('button', { name: title, exact: true }));
      expect(await accessibilityViolations(page)).toEqual([]);

      await inFolder.getByRole('button', { name: `Actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Move' }).click();
      const picker = page.getByRole('dialog', { name: `Move “${title}”` });
      await picker.getByRole('button', { name: 'Top level' }).click();
      await picker.getByRole('button', { name: 'Archive' }).click();
      await picker.getByRole('button', { name: 'Move to Archive' }).click();
      await see(page.getByText(`Moved “${title}” to Archive`));
      await see(page.getByText('This folder is empty'));

      await breadcrumb(page).getByRole('link', { name: 'All files' }).click();
      await waitForPlace(page, { path: '/admin/files', query: { folder: null } });
      await folderLink(page, 'Archive').click();
      await see(breadcrumb(page).getByText('Archive'));
      await see(inFolder.getByRole('button', { name: title, exact: true }));
      expect(await accessibilityViolations(page)).toEqual([]);
      if (phone)
        expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);

      // Back and forward walk the folders the address named.
      await page.goBack();
      await waitForPlace(page, { path: '/admin/files', query: { folder: null } });
      await see(folderLink(page, 'Archive'));
      await page.goBack();
      await waitForPlace(page, { path: '/admin/files', query: { folder: contractsId } });
      await see(page.getByText('This folder is empty'));
      await page.goForward();
      await waitForPlace(page, { path: '/admin/files', query: { folder: null } });
    });
});
