import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace } from '../testing/factories';
import { startOidcIssuer, type OidcIssuer } from '../testing/oidc-issuer';
import { notSee, openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

/*
 * Issue 31: "Continue with Google" in Chromium, against a real local OpenID Provider (oidc-provider,
 * PKCE required, its own keys) that the app discovers as Google (OAUTH_ISSUER_GOOGLE), on the
 * platform's sign-in page and on a workspace's own address ({slug}.portico.test, another origin
 * than the platform's, where the provider cannot return).
 */

const BASE = 'portico.test';
const CLIENT_ID = 'portico-e2e-client';
const CLIENT_SECRET = 'e2e-google-client-secret-4321';

let e2e: E2E;
let issuer: OidcIssuer;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  e2e = await startE2E({
    env: { OAUTH_ISSUER_GOOGLE: issuer.url, BASE_DOMAIN: BASE },
    // Workspace addresses ({slug}.portico.test) reach the test server.
    browserArgs: [`--host-resolver-rules=MAP *.${BASE} 127.0.0.1`],
  });
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

/** A workspace's own address, on the test server's port. */
const ownAddress = (tenant: { slug: string }) => `http://${tenant.slug}.${BASE}:${new URL(e2e.app.url).port}`;

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

  it('a member continues with Google on their workspace’s own address and lands in it there', async () => {
    const { tenant, member } = await makeWorkspace(e2e.app);
    const origin = ownAddress(tenant);
    const page = await openBrowser(e2e);
    await page.goto(`${origin}/login`);
    await see(page.getByText(`Welcome back. Sign in to ${tenant.name}.`));
    issuerSignsIn(member.user.email);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    const landed = await waitForPlace(page, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
    expect(landed.origin).toBe(origin);
    await see(sidebar(page).getByText(tenant.name, { exact: true }));
    expect(page.url()).not.toContain('oauth_code');
  });

  it('the workspace admin hides the buttons in Settings → Sign-in; its sign-in pages no longer offer them', async () => {
    const { tenant, admin } = await makeWorkspace(e2e.app);
    const page = await openBrowser(e2e);
    await signIn(page, admin.user.email, DEFAULT_PASSWORD);
    await waitForPlace(page, { path: '/dashboard/admin', query: { tenant_id: tenant.id } });
    await sidebar(page).getByRole('link', { name: 'Settings' }).click();
    const shown = page
      .getByRole('region', { name: 'Sign-in' })
      .getByRole('switch', { name: 'Show sign-in with Google, Microsoft, Slack or GitHub on our sign-in page' });
    await see(shown);
    expect(await shown.isChecked()).toBe(true);
    await shown.click();
    await see(page.getByText('Provider sign-in buttons hidden.', { exact: true }));
    expect(await shown.isChecked()).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);

    const visitor = await openBrowser(e2e);
    await visitor.goto(`${ownAddress(tenant)}/login`);
    await see(visitor.getByText(`Welcome back. Sign in to ${tenant.name}.`));
    await see(visitor.getByRole('button', { name: 'Sign In', exact: true }));
    expect(await visitor.getByRole('link', { name: 'Continue with Google' }).count()).toBe(0);
    // On the platform's page opened for the workspace, the list the page asks for is empty.
    const listed = visitor.waitForResponse((res) => res.url().includes('/api/auth/providers?'));
    await visitor.goto(`/login?tenant_id=${tenant.id}`);
    expect(await (await listed).json()).toEqual({ providers: [] });
    await notSee(visitor.getByRole('link', { name: 'Continue with Google' }));
    // Another workspace's page still offers them.
    await visitor.goto(`/login?tenant_id=${(await makeWorkspace(e2e.app)).tenant.id}`);
    await see(visitor.getByRole('link', { name: 'Continue with Google' }));
  });
});
