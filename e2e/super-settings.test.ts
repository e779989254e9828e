import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace } from '../testing/factories';
import { notSee, openBrowser, see, signIn, waitForPlace } from './support';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('Super Settings', () => {
  it('a super admin saves the password minimum (Saved), Reset restores the saved value, and a flag off hides Forms from a tenant admin', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const workspace = await makeWorkspace(e2e.app);

    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await page.getByRole('link', { name: 'Settings' }).click();
    await waitForPlace(page, { path: '/super/settings' });
    await see(page.getByRole('heading', { name: 'Settings', level: 1 }));

    const security = page.getByRole('form', { name: 'Security' });
    const minimum = security.getByLabel('Password minimum length');
    await see(minimum);
    expect(await minimum.inputValue()).toBe('8');
    await minimum.fill('12');
    await security.getByRole('button', { name: 'Save' }).click();
    await see(page.getByText('Saved', { exact: true }));

    // The API now refuses a password under 12 characters at signup.
    const signup = await fetch(`${e2e.app.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'short@example.test', password: 'eleven-char', full_name: 'Short Pass' }),
    });
    expect(signup.status).toBe(400);
    expect(((await signup.json()) as { error: string }).error).toBe('Password must be at least 12 characters.');

    await minimum.fill('20');
    await security.getByRole('button', { name: 'Reset' }).click();
    expect(await minimum.inputValue()).toBe('12');

    // The box follows the saved flag, so it turns once the API has answered.
    await page.getByRole('checkbox', { name: /forms/ }).click();
    await see(page.getByRole('checkbox', { name: /forms/, checked: false }));

    const admin = await openBrowser(e2e);
    await signIn(admin, workspace.admin.user.email, DEFAULT_PASSWORD);
    await see(admin.getByRole('link', { name: 'User Management' }));
    await see(admin.getByRole('link', { name: 'Embed Manager' }));
    await notSee(admin.getByRole('link', { name: 'Forms', exact: true }));
  });

  it('Brand and Legal: the platform sign-in page shows the saved name and its support and legal links', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await page.goto(`${e2e.app.url}/super/settings`);
    const brand = page.getByRole('form', { name: 'Brand and Legal' });
    await brand.getByLabel('App name').fill('Acme Hub');
    await brand.getByLabel('Support email').fill('help@acme.test');
    await brand.getByLabel('Terms URL').fill('https://acme.test/terms');
    await brand.getByRole('button', { name: 'Save' }).click();
    await see(page.getByText('Saved', { exact: true }));

    const visitor = await openBrowser(e2e);
    await visitor.goto(`${e2e.app.url}/login`);
    await see(visitor.getByText('Acme Hub', { exact: true }));
    const legal = visitor.getByRole('navigation', { name: 'Support and legal' });
    await see(legal.getByRole('link', { name: 'Terms of service' }));
    expect(await legal.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'mailto:help@acme.test',
    );
    await notSee(legal.getByRole('link', { name: 'Privacy policy' }));
    expect(await visitor.title()).toBe('Sign in · Acme Hub');
  });
});
