import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace } from '../testing/factories';
import { openBrowser, see, sidebar, signIn, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('two-factor sign-in', () => {
  // First: the next test leaves the platform requiring 2FA.
  it('a member turns it on from the account menu, sees the recovery codes, and turns it off with a code', async () => {
    const { member } = await makeWorkspace(e2e.app);
    const page = await openBrowser(e2e);
    await signIn(page, member.user.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: /^\/dashboard\// });
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
    await waitForPlace(page, { path: '/account/security' });
    await see(page.getByText('Two-factor sign-in is off.'));
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

    const secret = (await page.getByLabel('Setup key').textContent())!.trim();
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await see(page.getByText('Enter the 6-digit code from your authenticator app.'));
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await see(page.getByRole('heading', { name: 'Save your recovery codes' }));
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await see(page.getByText('10 recovery codes left.'));

    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel('Code from your app or a recovery code').fill(next);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await see(page.getByText('Two-factor sign-in is off.'));

    // The page has no shell: its own link leads back.
    await page.getByRole('link', { name: 'Back to your workspace' }).click();
    await waitForPlace(page, { path: /^\/dashboard\// });
  });

  it('required in Super Settings: a member sets it up at sign-in, saves the recovery codes, and is asked for a code the next time', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const { member } = await makeWorkspace(e2e.app);

    const rootPage = await openBrowser(e2e);
    await signIn(rootPage, root.email, DEFAULT_PASSWORD);
    await waitForPlace(rootPage, { path: '/super' });
    await rootPage.goto('/super/settings');
    const auth = rootPage.getByRole('form', { name: 'Auth' });
    await see(auth.getByRole('checkbox', { name: 'Require 2FA' }));
    await auth.getByRole('checkbox', { name: 'Require 2FA' }).check();
    await auth.getByRole('button', { name: 'Save' }).click();
    await see(rootPage.getByText('Saved', { exact: true }));

    const page = await openBrowser(e2e);
    await signIn(page, member.user.email, DEFAULT_PASSWORD);
    await see(page.getByRole('heading', { name: 'Set up two-factor sign-in' }));
    await see(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' }));
    const secret = (await page.getByLabel('Setup key').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();

    await see(page.getByRole('heading', { name: 'Save your recovery codes' }));
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await see(page.getByRole('button', { name: 'Download (.txt)' }));
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await waitForPlace(page, { path: /^\/dashboard\// });

    await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
    await waitForPlace(page, { path: '/login' });

    await signIn(page, member.user.email, DEFAULT_PASSWORD);
    await see(page.getByRole('heading', { name: 'Two-factor sign-in' }));
    // The code of the enrolment's step was used: the next step's is within the accepted window.
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    await page.getByLabel('Authentication code').fill(next === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await see(page.getByText('That code is not valid. Check your authenticator app and try again.'));
    await page.getByLabel('Authentication code').fill(next);
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPlace(page, { path: /^\/dashboard\// });
  });
});
