import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { notSee, adminOfNewTenant, see } from './support';

/* A file's versions (issue 33): an admin uploads a new version of a file and finds it in its history. */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };

describe('file versions', () => {
  for (const phone of [false, true])
    it(`an admin uploads a new version of a file and sees it in the version history${phone ? ' (phone)' : ''}`, async () => {
      const { tenant, page } = await adminOfNewTenant(e2e);
      if (phone) await page.setViewportSize(PHONE);
      const admin = await e2e.app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, role: 'admin' } });
      await e2e.app.ctx.db.FileRecord.create({
        tenant_id: tenant.id,
        title: 'Engagement letter',
        original_name: 'letter.txt',
        content_type: 'text/plain',
        kind: 'document',
        size_bytes: 12,
        storage_key: `${tenant.id}/e2e/letter.txt`,
        user_id: null,
        assigned_roles: ['role2'],
        uploaded_by: admin!.user_id,
      });
      await page.goto(`/admin/files?tenant_id=${tenant.id}`);
      const rowMenu = page.getByRole('button', { name: 'Actions for Engagement letter' });
      await rowMenu.click();
      await page.getByRole('menuitem', { name: 'Upload new version' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload new version' });
      await upload
        .getByLabel('New version')
        .setInputFiles({ name: 'letter-signed.txt', mimeType: 'text/plain', buffer: Buffer.from('signed letter') });
      await upload.getByRole('button', { name: 'Upload version' }).click();
      await see(page.getByText('Uploaded version 2 of “Engagement letter”'));
      await notSee(upload);
      await see(page.getByText('letter-signed.txt'));

      await rowMenu.click();
      await page.getByRole('menuitem', { name: 'Version history' }).click();
      const history = page.getByRole('dialog', { name: 'Version history' });
      const versions = history.getByRole('listitem');
      await see(versions.first());
      expect(await versions.allInnerTexts()).toEqual([
        expect.stringMatching(/Version 2\s*Latest[\s\S]*letter-signed\.txt · 13 B[\s\S]*Ada Admin/),
        expect.stringMatching(/Version 1[\s\S]*letter\.txt · 12 B[\s\S]*Ada Admin/),
      ]);
      await see(history.getByRole('button', { name: 'Download version 1' }));
      expect(await accessibilityViolations(page)).toEqual([]);
      if (phone)
        expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);
    });
});
