import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@portico/core';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace, signIn as signInApi } from '../testing/factories';
import { notSee, openBrowser, see, sidebar, signIn, SLOW_WAIT_MS, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** A super admin and a workspace; the super admin signed in on Mission Control with the Impersonate dialog open. */
async function openImpersonateDialog() {
  const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
  const workspace = await makeWorkspace(e2e.app);
  const page = await openBrowser(e2e);
  await signIn(page, root.email, DEFAULT_PASSWORD);
  await waitForPlace(page, { path: '/super' });
  await page.getByRole('button', { name: 'Impersonate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonate a user' });
  await see(dialog);
  return { page, dialog, workspace, member: workspace.member.user };
}

describe('impersonation', () => {
  it('a super admin impersonates a member from Mission Control, keeps the banner across pages, and Stop returns to the console', async () => {
    const { page, dialog, workspace, member } = await openImpersonateDialog();
    const start = dialog.getByRole('button', { name: 'Start' });
    expect(await start.isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Reason').inputValue()).toBe('Support request');

    // Part of the member's address: the random part of `user-xxxxxxxx@example.test`.
    await dialog.getByLabel('Search users by email').fill(member.email.slice(5, 13));
    const choice = dialog.getByRole('radio', { name: new RegExp(member.email.replace('.', '\\.')) });
    await see(choice);
    expect(await start.isDisabled()).toBe(true);
    await choice.check();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByLabel('Reason').fill('Help with their files');
    await start.click();

    // The member's home in their workspace, with the banner.
    await waitForPlace(page, { path: '/dashboard/client', query: { tenant_id: workspace.tenant.id } });
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await see(banner, SLOW_WAIT_MS);
    await see(banner.getByText(member.email));

    // Another page keeps it.
    await sidebar(page).getByRole('link', { name: 'Files' }).click();
    await waitForPlace(page, { path: '/files' });
    await see(page.getByRole('heading', { name: 'Files', level: 1 }));
    await see(banner);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Stop: back on Mission Control as the super admin, without signing in, the banner gone.
    await banner.getByRole('button', { name: 'Stop' }).click();
    await waitForPlace(page, { path: '/super' });
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));
    await notSee(banner);

    // The palette's command opens the same dialog.
    await page.keyboard.press('Control+Shift+K');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await see(palette);
    await palette.getByRole('option', { name: 'Impersonate' }).click();
    await see(page.getByRole('dialog', { name: 'Impersonate a user' }));
  });

  it('when the 60 minutes run out, the super admin is back in their own session on the console, told why', async () => {
    const { page, dialog, member } = await openImpersonateDialog();
    await dialog.getByLabel('Search users by email').fill(member.email);
    await dialog.getByRole('radio').first().check();
    // The impersonation started (by the API's clock) 59 minutes 45 seconds ago: 15 seconds are left.
    e2e.app.ctx.clock = { now: () => new Date(Date.now() - (60 * 60 - 15) * 1000) };
    try {
      await dialog.getByRole('button', { name: 'Start' }).click();
      await waitForPlace(page, { path: '/dashboard/client' });
    } finally {
      e2e.app.ctx.clock = systemClock;
    }
    await see(page.getByRole('region', { name: 'Impersonation' }), SLOW_WAIT_MS);

    await see(page.getByText('The impersonation session ended after its 60 minutes.', { exact: false }), 30_000);
    await waitForPlace(page, { path: '/super' });
    await see(page.getByRole('heading', { name: 'Mission Control', level: 1 }));
    await notSee(page.getByRole('region', { name: 'Impersonation' }));
  });

  it('the workspace’s admin sees the impersonation in Settings → Security activity', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const workspace = await makeWorkspace(e2e.app);
    const { token } = await signInApi(e2e.app, root.email);
    const started = await e2e.app.request('POST', '/impersonate/start', {
      token,
      body: { targetUserId: workspace.member.user.id, reason: 'Check their upload' },
    });
    expect(started.status).toBe(201);

    const page = await openBrowser(e2e);
    await signIn(page, workspace.admin.user.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/dashboard/admin' });
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    await waitForPlace(page, { path: /settings$/ });
    const section = page.getByRole('region', { name: 'Security activity' });
    await see(section);
    await see(section.getByText('Impersonation started'));
    await see(section.getByText(workspace.member.user.email));
    await see(section.getByText('Reason: Check their upload'));
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
