import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace } from '../testing/factories';
import { notSee, openBrowser, see, signIn, unique, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('notifications', () => {
  it('a super admin announces to all: a signed-in member sees the banner live, dismisses it for good; the admins get the email', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const workspace = await makeWorkspace(e2e.app);
    const title = `Maintenance ${unique()}`;

    const member = await openBrowser(e2e);
    await signIn(member, workspace.member.user.email, DEFAULT_PASSWORD);
    await waitForPlace(member, { path: /^\/dashboard\// });
    await see(member.getByRole('heading', { level: 1 }));

    const consolePage = await openBrowser(e2e);
    await signIn(consolePage, root.email, DEFAULT_PASSWORD);
    await waitForPlace(consolePage, { path: '/super' });
    await consolePage.getByRole('link', { name: 'Notifications' }).click();
    await waitForPlace(consolePage, { path: '/super/notifications' });
    await see(consolePage.getByRole('heading', { name: 'Notifications', level: 1 }));
    await see(consolePage.getByText('No announcements yet.'));
    expect(await accessibilityViolations(consolePage)).toEqual([]);

    const form = consolePage.getByRole('form', { name: 'Announcement' });
    const send = form.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill('The portal is read-only from 22:00 to 23:00 UTC.');
    await form.getByLabel('Email the admins').check();
    await send.click();
    await see(consolePage.getByText('Announcement queued'));
    const history = consolePage.getByRole('region', { name: 'History' });
    await see(history.getByRole('row').filter({ hasText: title }).getByText('active'));

    // The member's page shows it without a reload, above the page.
    const banner = member.getByRole('region', { name: 'Announcements' }).getByRole('status').filter({ hasText: title });
    await see(banner);
    await see(banner.getByText('The portal is read-only from 22:00 to 23:00 UTC.'));
    expect((await e2e.smtp.waitFor(workspace.admin.user.email)).subject).toBe(title);

    // The console shows it too; dismissing there is the super admin's own business.
    await see(consolePage.getByRole('region', { name: 'Announcements' }).getByText(title));

    await banner.getByRole('button', { name: `Dismiss announcement: ${title}` }).click();
    await notSee(banner);
    const banners = member.waitForResponse((r) => r.url().includes('/api/notifications/active') && r.ok());
    await member.reload();
    await banners;
    await see(member.getByRole('heading', { level: 1 }));
    expect(await member.getByText(title).count()).toBe(0);
    await see(consolePage.getByRole('region', { name: 'Announcements' }).getByText(title));
  });

  it('Notify Admins opens the same compose dialog from Mission Control and the palette; rules are created, switched off and deleted', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });

    await page.getByRole('button', { name: 'Notify Admins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notify Admins' });
    await see(dialog.getByLabel('Title'));
    await dialog.getByLabel('Audience').selectOption('plan');
    const plans = await dialog.getByLabel('Plan').locator('option').allTextContents();
    expect(plans).toEqual(['starter', 'pro', 'advanced']);
    await page.keyboard.press('Escape');
    await notSee(dialog);

    await page.keyboard.press('Control+Shift+K');
    await page.getByRole('combobox', { name: 'Command' }).fill('Notify');
    await page.getByRole('option', { name: 'Notify Admins' }).click();
    await see(page.getByRole('dialog', { name: 'Notify Admins' }).getByLabel('Message'));
    await page.keyboard.press('Escape');

    await page.goto('/super/notifications');
    await page.getByRole('tab', { name: 'Rules' }).click();
    await see(page.getByText('No alert rules yet.'));
    const form = page.getByRole('form', { name: 'Alert rule' });
    await form.getByLabel('Metric').selectOption('webhookFailures');
    await form.getByLabel('Value').fill('10');
    await form.getByLabel('Window').selectOption('15m');
    await form.getByLabel('Announce to affected tenant admins').check();
    await form.getByRole('button', { name: 'Create rule' }).click();
    await see(page.getByText('Rule created.'));
    const row = page.getByRole('row').filter({ hasText: '> 10 over 15m' });
    await see(row.getByText('Email super admins, Announce to affected tenant admins'));
    const enabled = row.getByRole('switch', { name: 'Enabled: webhookFailures > 10 over 15m' });
    expect(await enabled.isChecked()).toBe(true);
    await enabled.click();
    await expect.poll(() => enabled.isChecked()).toBe(false);
    await page.reload();
    await page.getByRole('tab', { name: 'Rules' }).click();
    expect(await page.getByRole('switch', { name: 'Enabled: webhookFailures > 10 over 15m' }).isChecked()).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete rule webhookFailures > 10 over 15m' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await see(page.getByText('No alert rules yet.'));
  });
});
