import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace } from '../testing/factories';
import { startOidcIssuer, type OidcIssuer } from '../testing/oidc-issuer';
import { openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

/*
 * Issue 31: "Continue with Google" in Chromium, against a real local OpenID Provider (oidc-provider,
 * PKCE required, its own keys) that the app discovers as Google (OAUTH_ISSUER_GOOGLE).
 */

const CLIENT_ID = 'portico-e2e-client';
const CLIENT_SECRET = 'e2e-google-client-secret-4321';

let e2e: E2E;
let issuer: OidcIssuer;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  e2e = await startE2E({ env: { OAUTH_ISSUER_GOOGLE: issuer.url } });
  await issuer.register({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${e2e.app.url}/api/auth/oauth/google/callback`,
  });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await issuer?.close();
});

/** The issuer signs `email` in, saying it is verified, at its next interaction. */
const issuerSignsIn = (email: string) => issuer.signInAs({ sub: `google-${unique()}`, email, email_verified: true });

describe('signing in with a provider', () => {
  // First: the tests after it sign in with the Google this one switches on.
  it('a super admin switches Google on in Super Settings → Auth; the secret is kept and shown masked', async () => {
    const root = await makeUser(e2e.app.ctx, { fullName: 'Rita Root', superAdmin: true });
    const page = await openBrowser(e2e);
    await signIn(page, root.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/super' });
    await page.goto(`${e2e.app.url}/super/settings`);
    const providers = page.getByRole('form', { name: 'Sign-in providers' });
    await providers.getByLabel('Google client ID').fill(CLIENT_ID);
    await providers.getByLabel('Google client secret').fill(CLIENT_SECRET);
    await providers.getByRole('switch', { name: 'Google sign-in' }).check();
    await providers.getByRole('button', { name: 'Save providers' }).click();
    await see(page.getByText('Saved', { exact: true }));
    await see(providers.getByText('Saved ••••4321. Leave empty to keep it.'));
    expect(await providers.getByLabel('Google client secret').inputValue()).toBe('');
    expect(await accessibilityViolations(page)).toEqual([]);

    const listed = await fetch(`${e2e.app.url}/api/auth/providers`);
    expect(await listed.json()).toEqual({ providers: [{ key: 'google', name: 'Google' }] });
  });

  it('a member of a workspace continues with Google from its sign-in page and lands on their dashboard', async () => {
    const { tenant, member } = await makeWorkspace(e2e.app);
    const page = await openBrowser(e2e);
    // A phone's width: the buttons fit without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/login?tenant_id=${tenant.id}`);
    const google = page.getByRole('link', { name: 'Continue with Google' });
    await see(google);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(
      await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBe(0);
    // Back to a desktop's width, where the dashboard shows its sidebar.
    await page.setViewportSize({ width: 1280, height: 800 });

    issuerSignsIn(member.user.email);
    await google.click();
    await waitForPlace(page, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
    await see(sidebar(page).getByText(tenant.name, { exact: true }));
    // The one-time code left the address as soon as the page read it.
    expect(page.url()).not.toContain('oauth_code');
  });

  it('an account with two-factor sign-in on is asked for its code after the provider', async () => {
    const { tenant, member } = await makeWorkspace(e2e.app);
    const token = member.token;
    const enrolment = await e2e.app.request('POST', '/auth/two-factor/enrolment', { token });
    const { secret } = (enrolment.body as { enrolment: { secret: string } }).enrolment;
    const now = Math.floor(Date.now() / 1000);
    const confirmed = await e2e.app.request('POST', '/auth/two-factor/enrolment/confirm', {
      token,
      body: { code: await generate({ secret, epoch: now }) },
    });
    expect(confirmed.status).toBe(200);

    const page = await openBrowser(e2e);
    await page.goto(`/login?tenant_id=${tenant.id}`);
    issuerSignsIn(member.user.email);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await see(page.getByLabel('Authentication code'));
    await page.getByLabel('Authentication code').fill(await generate({ secret, epoch: now + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await waitForPlace(page, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
  });

  it('a person without an account is told so on the sign-in page', async () => {
    const page = await openBrowser(e2e);
    await page.goto('/login');
    issuerSignsIn(`nobody-${unique()}@example.test`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await waitForPlace(page, { path: '/login', query: { oauth_error: 'oauth_no_account' } });
    await see(page.getByRole('alert').filter({ hasText: 'There is no account with this email address.' }));
  });
});
