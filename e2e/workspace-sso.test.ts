import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, startE2E, type E2E } from '../testing/browser';
import { addMember, DEFAULT_PASSWORD, makeUser, makeWorkspace } from '../testing/factories';
import { startOidcIssuer, type OidcIssuer } from '../testing/oidc-issuer';
import { openBrowser, see, sidebar, signIn, unique, waitForPlace } from './support';

/*
 * Issue 31: a workspace's own single sign-on in Chromium, against a real local OpenID Provider
 * (oidc-provider, PKCE required, its own keys). Its discovery goes through the outbound guard, which
 * reaches this machine only under OUTBOUND_ALLOW_PRIVATE.
 */

const CLIENT_ID = 'acme-e2e-client';
const CLIENT_SECRET = 'acme-e2e-client-secret-4321';

let e2e: E2E;
let issuer: OidcIssuer;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  e2e = await startE2E({ env: { OUTBOUND_ALLOW_PRIVATE: 'true' } });
  await issuer.register({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${e2e.app.url}/api/auth/sso/callback`,
  });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await issuer?.close();
});

const issuerSignsIn = (email: string) => issuer.signInAs({ sub: `sso-${unique()}`, email, email_verified: true });

/** An Advanced workspace with its admin and a team member. */
async function workspace() {
  const { tenant, admin } = await makeWorkspace(e2e.app, { tier: 'advanced' });
  const team = await makeUser(e2e.app.ctx, { fullName: 'Tess Team' });
  await addMember(e2e.app.ctx, tenant, team, 'role1');
  return { tenant, admin, team };
}

describe('a workspace’s single sign-on', () => {
  it('an admin configures it in Settings, and a team member signs in with “Sign in with” the workspace', async () => {
    const { tenant, admin, team } = await workspace();
    const page = await openBrowser(e2e);
    await signIn(page, admin.user.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    await waitForPlace(page, { path: /^\/dashboard\// });
    await page.goto(`/dashboard/admin/settings?tenant_id=${tenant.id}`);
    const sso = page.getByRole('form', { name: 'Single sign-on' });
    await see(sso.getByRole('textbox', { name: 'Callback address' }));
    expect(await sso.getByRole('textbox', { name: 'Callback address' }).inputValue()).toBe(
      `${e2e.app.url}/api/auth/sso/callback`,
    );
    await sso.getByLabel('Issuer URL').fill(issuer.url);
    await sso.getByLabel('Client ID').fill(CLIENT_ID);
    await sso.getByLabel('Client secret').fill(CLIENT_SECRET);
    await sso.getByRole('button', { name: 'Save single sign-on' }).click();
    await see(page.getByText('Single sign-on saved.'));
    await see(sso.getByText('Saved ••••4321. Leave empty to keep it.'));
    expect(await sso.getByLabel('Client secret').inputValue()).toBe('');
    expect(await accessibilityViolations(page)).toEqual([]);

    const member = await openBrowser(e2e);
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto(`/login?tenant_id=${tenant.id}`);
    const button = member.getByRole('link', { name: `Sign in with ${tenant.name}` });
    await see(button);
    expect(await accessibilityViolations(member)).toEqual([]);
    expect(
      await member.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBe(0);
    await member.setViewportSize({ width: 1280, height: 800 });
    issuerSignsIn(team.email);
    await button.click();
    await waitForPlace(member, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
    await see(sidebar(member).getByText(tenant.name, { exact: true }));
    expect(member.url()).not.toContain('oauth_code');
  });

  it('required for the team, a team member’s password session is sent to sign in with it, and then gets in', async () => {
    const { tenant, admin, team } = await workspace();
    const saved = await e2e.app.request('PUT', '/workspace/sso', {
      token: admin.token,
      tenantId: tenant.id,
      body: { issuer: issuer.url, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, required_for_team: true },
    });
    expect(saved.status).toBe(200);

    const page = await openBrowser(e2e);
    await signIn(page, team.email, DEFAULT_PASSWORD, `?tenant_id=${tenant.id}`);
    const blocked = page.getByRole('alert').filter({ hasText: 'Sign in with single sign-on' });
    await see(blocked.getByText(`${tenant.name} requires its team to sign in with ${tenant.name}’s single sign-on.`));
    expect(await accessibilityViolations(page)).toEqual([]);
    issuerSignsIn(team.email);
    await blocked.getByRole('link', { name: `Sign in with ${tenant.name}` }).click();
    await waitForPlace(page, { path: /^\/dashboard\//, query: { tenant_id: tenant.id } });
    await see(sidebar(page).getByText(tenant.name, { exact: true }));
  });
});
