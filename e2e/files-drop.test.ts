import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { addMember, DEFAULT_PASSWORD, makeTenant, makeUser } from '../testing/factories';
import { notSee, openBrowser, see, signIn, unique, waitForPlace } from './support';

/*
 * Many files at once (issue 33): an admin drops a folder of files on the Files page, watches each one
 * upload into the folders it named, moves one, uploads a new version of another, deletes one and
 * brings it back.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };

/**
 * Drops a folder named `folder` holding text files at `paths` (`2026/minutes.txt` in a subfolder), as
 * a desktop's file manager would. A page cannot build a dropped folder's entries (a DataTransfer
 * made in script holds only files), so the drop carries entries shaped as Chromium's: a directory
 * whose reader hands out its children in one batch, then none.
 */
async function dropFolder(page: Page, folder: string, paths: readonly string[]) {
  await page.evaluate(`(() => {
    const directory = (name) => {
      const children = [];
      return {
        name, isFile: false, isDirectory: true, children,
        createReader: () => {
          let read = false;
          return { readEntries: (done) => { done(read ? [] : children); read = true; } };
        },
      };
    };
    const root = directory(${JSON.stringify(folder)});
    for (const path of ${JSON.stringify(paths)}) {
      const parts = path.split('/');
      const name = parts.pop();
      let at = root;
      for (const part of parts) {
        let next = at.children.find((child) => child.name === part);
        if (!next) at.children.push((next = directory(part)));
        at = next;
      }
      const file = new File(['Contents of ' + name], name, { type: 'text/plain' });
      at.children.push({ name, isFile: true, isDirectory: false, file: (done) => done(file) });
    }
    const data = {
      types: ['Files'],
      files: [],
      items: [{ kind: 'file', webkitGetAsEntry: () => root, getAsFile: () => null }],
    };
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: data });
    document.querySelector('main').dispatchEvent(drop);
  })()`);
}

const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const folderLink = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Folders' }).getByRole('link', { name, exact: true });

describe('dropping a folder of files on the Files page', () => {
  for (const phone of [false, true])
    it(`an admin drops a folder, moves a file, uploads a new version, deletes one and undoes it${phone ? ' (phone)' : ''}`, async () => {
      const ctx = e2e.app.ctx;
      const tenant = await makeTenant(ctx, { name: `Drop Co ${unique()}` });
      const admin = await makeUser(ctx, { fullName: 'Ada Admin' });
      const client = await makeUser(ctx, { fullName: 'Cleo Client' });
      await addMember(ctx, tenant, admin, 'admin');
      await addMember(ctx, tenant, client, 'role2');
      const page = await openBrowser(e2e);
      if (phone) await page.setViewportSize(PHONE);
      await signIn(page, admin.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
      await waitForPlace(page, { path: '/dashboard/admin' });
      await page.goto(`/admin/files?tenant_id=${tenant.id}`);
      await see(page.getByText('No recent files.'));

      const paths = ['brief.txt', 'invoice.txt', '2026/minutes.txt'];
      await dropFolder(page, 'Contracts', paths);
      const chosen = page.getByRole('list', { name: 'Files to upload' });
      for (const path of paths) await see(chosen.getByText(`Contracts/${path}`, { exact: true }));
      await page.getByRole('checkbox', { name: 'Client' }).check();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();

      const uploads = page.getByRole('region', { name: 'Uploads' });
      await see(page.getByText('3 files uploaded'));
      for (const path of paths)
        await see(
          uploads
            .getByRole('listitem')
            .filter({ hasText: `Contracts/${path}` })
            .getByText('Uploaded', { exact: true }),
        );

      // The folders the drop named were made, and each file sits in its own.
      await folderLink(page, 'Contracts').click();
      await see(breadcrumb(page).getByText('Contracts'));
      const inFolder = page.getByRole('region', { name: 'Files in this folder' });
      for (const name of ['brief.txt', 'invoice.txt']) await see(inFolder.getByRole('button', { name, exact: true }));
      await see(folderLink(page, '2026'));
      expect(await accessibilityViolations(page)).toEqual([]);

      await inFolder.getByRole('button', { name: 'Actions for invoice.txt' }).click();
      await page.getByRole('menuitem', { name: 'Move' }).click();
      const picker = page.getByRole('dialog', { name: 'Move “invoice.txt”' });
      await picker.getByRole('button', { name: '2026' }).click();
      await picker.getByRole('button', { name: 'Move to 2026' }).click();
      await see(page.getByText('Moved “invoice.txt” to 2026'));
      await notSee(inFolder.getByRole('button', { name: 'invoice.txt', exact: true }));

      await inFolder.getByRole('button', { name: 'Actions for brief.txt' }).click();
      await page.getByRole('menuitem', { name: 'Upload new version' }).click();
      const version = page.getByRole('dialog', { name: 'Upload new version' });
      await version
        .getByLabel('New version')
        .setInputFiles({ name: 'brief-v2.txt', mimeType: 'text/plain', buffer: Buffer.from('the second brief') });
      await version.getByRole('button', { name: 'Upload version' }).click();
      await see(page.getByText('Uploaded version 2 of “brief.txt”'));
      await notSee(version);

      await inFolder.getByRole('button', { name: 'Actions for brief.txt' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete file' });
      await confirm.getByRole('button', { name: 'Delete file' }).click();
      await see(page.getByText('“brief.txt” deleted'));
      await notSee(inFolder.getByRole('button', { name: 'brief.txt', exact: true }));
      await page.getByRole('button', { name: 'Undo' }).click();
      await see(page.getByText('“brief.txt” restored'));
      await see(inFolder.getByRole('button', { name: 'brief.txt', exact: true }));

      await folderLink(page, '2026').click();
      await see(breadcrumb(page).getByText('2026'));
      for (const name of ['invoice.txt', 'minutes.txt']) await see(inFolder.getByRole('button', { name, exact: true }));
      expect(await accessibilityViolations(page)).toEqual([]);
      const sideways = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(sideways).toBe(0);
    });
});
