import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { addMember, DEFAULT_PASSWORD, makeTenant, makeUser } from '../testing/factories';
import { openBrowser, see, signIn, unique, waitForPlace } from './support';

/* Many files at once (issue 33): an admin drops files on the Files page and watches each one upload. */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };

/** Drags text files named `names` over the page and drops them, as a desktop's file manager would. */
async function dropFiles(page: Page, names: readonly string[]) {
  // Built in the page (the test's own code has no DOM): a DataTransfer holding the files, as a drop hands over.
  const dataTransfer = await page.evaluateHandle(`(() => {
    const data = new DataTransfer();
    for (const name of ${JSON.stringify(names)})
      data.items.add(new File(['Contents of ' + name], name, { type: 'text/plain' }));
    return data;
  })()`);
  const main = page.locator('main');
  await main.dispatchEvent('dragenter', { dataTransfer });
  await see(page.getByText('Drop the files or a folder to add them.'));
  await main.dispatchEvent('drop', { dataTransfer });
}

describe('dropping files on the Files page', () => {
  for (const phone of [false, true])
    it(`an admin drops three files, shares them with a role, and sees each upload complete${phone ? ' (phone)' : ''}`, async () => {
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

      const names = ['brief.txt', 'invoice.txt', 'minutes.txt'];
      await dropFiles(page, names);
      const chosen = page.getByRole('list', { name: 'Files to upload' });
      for (const name of names) await see(chosen.getByText(name, { exact: true }));
      await page.getByRole('checkbox', { name: 'Client' }).check();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();

      const uploads = page.getByRole('region', { name: 'Uploads' });
      await see(page.getByText('3 files uploaded'));
      for (const name of names)
        await see(uploads.getByRole('listitem').filter({ hasText: name }).getByText('Uploaded', { exact: true }));
      const table = page.getByRole('region', { name: 'Recent files' });
      for (const name of names) await see(table.getByRole('button', { name, exact: true }));
      expect(await accessibilityViolations(page)).toEqual([]);
      const sideways = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(sideways).toBe(0);
    });
});
