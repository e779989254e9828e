import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { adminOfNewTenant, notSee, openBrowser, see, unique } from './support';

/*
 * Expiring share links (issue 33): an admin makes a link to a file, someone signed out opens it in
 * their own browser and downloads the file, the admin revokes it and the page says so.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };
const CONTENT = 'the signed engagement letter';

/** A file of the admin's workspace, with its stored object. */
async function storedFile(tenantId: string, title: string): Promise<void> {
  const ctx = e2e.app.ctx;
  const key = `${tenantId}/e2e-${unique()}/letter.txt`;
  await ctx.storage.put(key, Readable.from([Buffer.from(CONTENT)]), { contentType: 'text/plain', maxBytes: 1024 });
  await ctx.db.FileRecord.create({
    tenant_id: tenantId,
    title,
    original_name: 'letter.txt',
    content_type: 'text/plain',
    kind: 'document',
    size_bytes: CONTENT.length,
    storage_key: key,
    user_id: null,
    assigned_roles: ['role2'],
    uploaded_by: null,
  });
}

describe('share links', () => {
  for (const phone of [false, true])
    it(`an admin shares a file with someone outside, who downloads it signed out, until the admin revokes it${phone ? ' (phone)' : ''}`, async () => {
      const { tenant, page: admin } = await adminOfNewTenant(e2e);
      const title = `Engagement letter ${unique()}`;
      await storedFile(tenant.id, title);
      if (phone) await admin.setViewportSize(PHONE);
      await admin.goto(`/admin/files?tenant_id=${tenant.id}`);
      const files = admin.getByRole('region', { name: 'Recent files' });
      await see(files.getByRole('button', { name: title, exact: true }));

      // --- The admin makes a link expiring in 7 days, for at most 2 downloads.
      await files.getByRole('button', { name: `Actions for ${title}` }).click();
      await admin.getByRole('menuitem', { name: 'Share link' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Share link' });
      await see(dialog.getByText('No share links yet.'));
      await dialog.getByLabel('Download limit (optional)').fill('2');
      await dialog.getByRole('button', { name: 'Create link' }).click();
      await see(dialog.getByText('Link created. Copy it now: it is not shown again.'));
      const url = await dialog.getByLabel('Link to send').inputValue();
      expect(url).toMatch(new RegExp(`^${e2e.app.url}/s/[A-Za-z0-9_-]{43}$`));
      await see(dialog.getByRole('list', { name: 'Share links' }).getByText('0 downloads of 2'));
      expect(await accessibilityViolations(admin)).toEqual([]);

      // --- Someone signed out opens it in their own browser and downloads the file.
      const outsider = await openBrowser(e2e);
      if (phone) await outsider.setViewportSize(PHONE);
      await outsider.goto(url);
      await see(outsider.getByRole('heading', { name: `${tenant.name} shared a file with you` }));
      await see(outsider.getByText('letter.txt'));
      await see(outsider.getByText(/2 downloads left/));
      expect(await accessibilityViolations(outsider)).toEqual([]);
      if (phone)
        expect(await outsider.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
      const [download] = await Promise.all([
        outsider.waitForEvent('download'),
        outsider.getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('letter.txt');
      expect(await readFile((await download.path())!, 'utf8')).toBe(CONTENT);
      await see(outsider.getByText(/1 download left/));

      // --- The admin sees the download, revokes the link after confirming, and the page says so.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await notSee(dialog);
      await files.getByRole('button', { name: `Actions for ${title}` }).click();
      await admin.getByRole('menuitem', { name: 'Share link' }).click();
      const links = dialog.getByRole('list', { name: 'Share links' });
      await see(links.getByText('1 download of 2'));
      await links.getByRole('button', { name: 'Revoke' }).click();
      await links.getByRole('button', { name: 'Confirm' }).click();
      await see(admin.getByText('Link revoked'));
      await see(links.getByText('Revoked', { exact: true }));

      await outsider.reload();
      await see(outsider.getByText(/This link has been revoked\./));
      await notSee(outsider.getByRole('button', { name: 'Download' }));
      expect(await accessibilityViolations(outsider)).toEqual([]);
    });
});
