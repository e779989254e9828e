import type { Page } from 'playwright-core';
import { shareFile } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { addMember, DEFAULT_PASSWORD, makeTenant, makeUser, scopeOf } from '../testing/factories';
import { notSee, openBrowser, see, signIn, unique, waitForPlace } from './support';

/* The notification bell (issue 33): a client hears of a file shared with them, opens it, and the count clears. */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const PHONE = { width: 390, height: 844 };

/** A workspace with an admin's file, and its client signed in on their dashboard. */
async function clientWaiting(phone: boolean) {
  const ctx = e2e.app.ctx;
  const tenant = await makeTenant(ctx, { name: `Harbor ${unique()}` });
  const admin = await makeUser(ctx, { fullName: 'Ada Admin' });
  const client = await makeUser(ctx, { fullName: 'Cleo Client' });
  await addMember(ctx, tenant, admin, 'admin');
  await addMember(ctx, tenant, client, 'role2');
  const source = await ctx.db.FileRecord.create({
    tenant_id: tenant.id,
    title: 'Engagement letter',
    original_name: 'letter.txt',
    content_type: 'text/plain',
    kind: 'document',
    size_bytes: 12,
    storage_key: `${tenant.id}/e2e/letter.txt`,
    user_id: admin.id,
    assigned_roles: [],
    uploaded_by: admin.id,
  });
  const page = await openBrowser(e2e);
  if (phone) await page.setViewportSize(PHONE);
  await signIn(page, client.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
  await waitForPlace(page, { path: /^\/dashboard\// });
  const share = async () =>
    shareFile(ctx, await scopeOf(ctx, tenant, admin.id), { sourceId: source.id, userId: client.id });
  return { page, share };
}

const bell = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('the notification bell', () => {
  for (const phone of [false, true])
    it(`a client hears of a file shared with them, opens it from the bell, and the count clears${phone ? ' (phone)' : ''}`, async () => {
      const { page, share } = await clientWaiting(phone);
      await see(bell(page, 'Notifications'));
      await share();
      // Live: the count comes without a reload.
      await see(bell(page, 'Notifications, 1 unread'));
      await bell(page, 'Notifications, 1 unread').click();
      const panel = page.getByRole('region', { name: 'Notifications' });
      await see(panel.getByRole('link', { name: /“Engagement letter” was shared with you/ }));
      expect(await accessibilityViolations(page)).toEqual([]);
      if (phone)
        expect(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth')).toBe(0);

      await panel.getByRole('link', { name: /Engagement letter/ }).click();
      await waitForPlace(page, { path: '/files' });
      const drawer = page.getByRole('dialog', { name: 'Engagement letter' });
      await see(drawer);
      await page.keyboard.press('Escape');
      await notSee(drawer);
      await see(bell(page, 'Notifications'));
      await notSee(bell(page, 'Notifications, 1 unread'));
    });
});
