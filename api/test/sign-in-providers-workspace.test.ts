import { randomBytes } from 'node:crypto';
import { DEFAULT_SETTINGS, SIGN_IN_PROVIDER_MESSAGES } from '@portico/common';
import type { Tenant } from '@portico/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeUser, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { requestOnHost } from '../../testing/on-host';
import { Browser, startOidcIssuer, toCallback, type IssuerAccount, type OidcIssuer } from '../../testing/oidc-issuer';

/*
 * Issue 31: the provider buttons on every workspace's sign-in page. The workspace may hide them
 * (Settings → Sign-in), and on its own address (a verified custom domain, or its subdomain) the
 * flow starts there, returns through PUBLIC_URL's callback and ends there, where its cookie is.
 * Requests on a workspace's address carry its Host (`requestOnHost`); the provider's pages and the
 * callback are followed by `Browser`, which holds no cookie of that address, as a real one would not.
 */

const CLIENT_ID = 'portico-test-client';
const CLIENT_SECRET = 'test-google-client-secret-2468';
const HIDDEN = 'Provider buttons must be shown (true) or hidden (false).';

let issuer: OidcIssuer;
let app: TestApp;
let root: Person;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  app = await startTestApp({ OAUTH_ISSUER_GOOGLE: issuer.url });
  await issuer.register({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${app.url}/api/auth/oauth/google/callback`,
  });
  root = await makeSuperAdmin(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

beforeEach(async () => {
  const saved = await app.request('PUT', '/settings', {
    token: root.token,
    body: {
      auth: {
        require2fa: DEFAULT_SETTINGS.auth.require2fa,
        sessionMaxHours: DEFAULT_SETTINGS.auth.sessionMaxHours,
        sessionIdleMinutes: DEFAULT_SETTINGS.auth.sessionIdleMinutes,
        providers: {
          ...DEFAULT_SETTINGS.auth.providers!,
          google: { enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
        },
      },
    },
  });
  expect(saved.status).toBe(200);
});

const unique = () => randomBytes(4).toString('hex');
const account = (email: string): IssuerAccount => ({ sub: `google-${unique()}`, email, email_verified: true });
const GOOGLE = [{ key: 'google', name: 'Google' }];

/** A verified custom domain of the workspace. */
async function customDomainOf(tenant: Tenant): Promise<string> {
  const domain = `portal-${unique()}.example.com`;
  await app.ctx.db.TenantDomain.create({
    tenant_id: tenant.id,
    domain,
    verification_token: 'verified',
    created_by: null,
    verified_at: new Date(),
  });
  return domain;
}

const subdomainOf = (tenant: Tenant) => `${tenant.slug}.localhost:${new URL(app.url).port}`;

/** The flow cookie an answer set, as the browser sends it back to that address. */
function flowCookieOf(headers: Record<string, unknown>): string {
  const set = ([] as string[]).concat((headers['set-cookie'] as string[] | undefined) ?? []);
  const cookie = set.find((line) => line.startsWith('portico_oauth='));
  expect(cookie).toMatch(/^portico_oauth=[\w-]+; Path=\/api\/auth\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);
  return cookie!.split(';')[0]!;
}

/**
 * Continue with Google on `host`'s sign-in page: the start there (its cookie kept for that host),
 * the provider's pages, and the provider's return to PUBLIC_URL's callback, answering where that sends
 * the browser.
 */
async function signInOn(host: string, who: IssuerAccount, query = '') {
  const start = await requestOnHost(app, host, `/auth/oauth/google/start${query}`);
  expect(start.status).toBe(302);
  const cookie = flowCookieOf(start.headers);
  issuer.signInAs(who);
  const { browser, callback } = await toCallback(start.headers.location!, `${app.url}/api/auth/oauth/google/callback`);
  const res = await browser.get(callback.href);
  expect(res.status).toBe(302);
  // The platform's own flow cookie, if the browser had one, is another sign-in's: left alone.
  expect(res.headers.get('set-cookie')).toBeNull();
  const page = new URL(res.headers.get('location')!);
  return {
    cookie,
    callback,
    page,
    code: new URLSearchParams(page.hash.slice(1)).get('oauth_code'),
    error: page.searchParams.get('oauth_error'),
  };
}

const exchangeOn = (host: string, code: string | null, cookie?: string) =>
  requestOnHost(app, host, '/auth/oauth/exchange', {
    method: 'POST',
    body: { code },
    headers: cookie ? { cookie } : {},
  });

describe('the workspace setting “Show sign-in with Google, Microsoft, … on our sign-in page”', () => {
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  let outsider: Person;
  beforeAll(async () => {
    workspace = await makeWorkspace(app);
    outsider = (await makeWorkspace(app)).admin;
  });
  const setTo = (provider_buttons: unknown, person?: Person) =>
    app.request('PATCH', '/tenant-config', {
      body: { provider_buttons },
      token: person?.token,
      tenantId: workspace.tenant.id,
    });

  it('is on by default, and read by members', async () => {
    const res = await app.request('GET', '/tenant-config', {
      token: workspace.member.token,
      tenantId: workspace.tenant.id,
    });
    expect(res.body.provider_buttons).toBe(true);
  });

  it('is changed by an owner or admin only, audited with its old and new value', async () => {
    expect((await setTo(false)).status).toBe(401);
    expect((await setTo(false, workspace.member)).status).toBe(403);
    expect((await setTo(false, outsider)).status).toBe(403);
    const bad = await setTo('no', workspace.admin);
    expect({ status: bad.status, body: bad.body }).toEqual({
      status: 400,
      body: { error: HIDDEN, code: 'invalid_input' },
    });
    expect((await app.ctx.db.Tenant.findByPk(workspace.tenant.id))!.provider_buttons).toBe(true);

    const res = await setTo(false, workspace.admin);
    expect(res.status).toBe(200);
    expect(res.body.provider_buttons).toBe(false);
    const logged = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: workspace.tenant.id, action: 'tenant.config_updated' },
    });
    expect(logged.map((row) => [row.actor_user_id, row.details])).toEqual([
      [workspace.admin.user.id, { provider_buttons: { from: true, to: false } }],
    ]);
    expect((await setTo(true, workspace.admin)).body.provider_buttons).toBe(true);
  });

  it('hidden: the sign-in page, the provider list and the start all leave the providers out for that workspace only', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const host = subdomainOf(tenant);
    const domain = await customDomainOf(tenant);
    const other = (await makeWorkspace(app)).tenant;
    const shown = async () => ({
      site: (await requestOnHost(app, host, '/public/site')).body.site.provider_buttons,
      onSubdomain: (await requestOnHost(app, host, '/auth/providers')).body.providers,
      onDomain: (await requestOnHost(app, domain, '/auth/providers')).body.providers,
      byId: (await app.request('GET', `/auth/providers?tenant_id=${tenant.id}`)).body.providers,
      start: (await requestOnHost(app, domain, '/auth/oauth/google/start')).status,
    });
    expect(await shown()).toEqual({ site: true, onSubdomain: GOOGLE, onDomain: GOOGLE, byId: GOOGLE, start: 302 });

    expect(
      (
        await app.request('PATCH', '/tenant-config', {
          body: { provider_buttons: false },
          token: admin.token,
          tenantId: tenant.id,
        })
      ).status,
    ).toBe(200);
    expect(await shown()).toEqual({ site: false, onSubdomain: [], onDomain: [], byId: [], start: 404 });
    const started = await app.request('GET', `/auth/oauth/google/start?tenant_id=${tenant.id}`);
    expect({ status: started.status, body: started.body }).toEqual({
      status: 404,
      body: { error: SIGN_IN_PROVIDER_MESSAGES.unknownProvider },
    });
    // The platform's page and another workspace's still offer them.
    expect((await app.request('GET', '/auth/providers')).body.providers).toEqual(GOOGLE);
    expect((await app.request('GET', '/public/site')).body.site.provider_buttons).toBe(true);
    expect((await app.request('GET', `/auth/providers?tenant_id=${other.id}`)).body.providers).toEqual(GOOGLE);
    expect((await requestOnHost(app, subdomainOf(other), '/public/site')).body.site.provider_buttons).toBe(true);
  });

  it('refuses a tenant_id that is no id, or that is not the workspace of the address it is asked on', async () => {
    const { tenant } = await makeWorkspace(app);
    const other = (await makeWorkspace(app)).tenant;
    const malformed = await app.request('GET', '/auth/providers?tenant_id=acme');
    expect({ status: malformed.status, error: malformed.body.error }).toEqual({
      status: 400,
      error: SIGN_IN_PROVIDER_MESSAGES.tenantId,
    });
    for (const path of [`/auth/providers?tenant_id=${other.id}`, `/auth/oauth/google/start?tenant_id=${other.id}`]) {
      const res = await requestOnHost(app, subdomainOf(tenant), path);
      expect({ path, status: res.status, error: res.body.error }).toEqual({
        path,
        status: 400,
        error: SIGN_IN_PROVIDER_MESSAGES.otherWorkspace,
      });
    }
    const own = await requestOnHost(app, subdomainOf(tenant), `/auth/oauth/google/start?tenant_id=${tenant.id}`);
    expect(own.status).toBe(302);
  });
});

describe('Continue with Google on a workspace’s own address', () => {
  it('on a verified custom domain: returns there, in that workspace, and its exchange signs in with the cookie set there', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const domain = await customDomainOf(tenant);
    const back = await signInOn(domain, account(member.user.email), '?redirect=/files');
    expect(back.error).toBeNull();
    expect(back.page.origin + back.page.pathname).toBe(`https://${domain}/login`);
    expect(Object.fromEntries(back.page.searchParams)).toEqual({ tenant_id: tenant.id, redirect: '/files' });
    expect(back.code).toMatch(/^[\w-]{40,}$/);

    const session = await exchangeOn(domain, back.code, back.cookie);
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(member.user.id);
    expect(session.headers['set-cookie']).toEqual([expect.stringMatching(/^portico_oauth=; .*Max-Age=0/)]);
    expect((await exchangeOn(domain, back.code, back.cookie)).status).toBe(401);
  });

  it('on its subdomain: returns to the subdomain, with its scheme and port', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const host = subdomainOf(tenant);
    const back = await signInOn(host, account(member.user.email));
    expect(back.page.origin + back.page.pathname).toBe(`http://${host}/login`);
    expect(back.page.searchParams.get('tenant_id')).toBe(tenant.id);
    expect((await exchangeOn(host, back.code, back.cookie)).body.user.id).toBe(member.user.id);
  });

  it('refuses the exchange without the cookie of that address, in another browser, or on another address', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const domain = await customDomainOf(tenant);
    const otherDomain = await customDomainOf((await makeWorkspace(app)).tenant);
    const refused = { status: 401, error: SIGN_IN_PROVIDER_MESSAGES.invalidCode, code: 'invalid_sign_in_code' };
    const answer = async (res: ReturnType<typeof exchangeOn>) => {
      const { status, body } = await res;
      return { status, error: body.error, code: body.code };
    };

    const noCookie = await signInOn(domain, account(member.user.email));
    expect(await answer(exchangeOn(domain, noCookie.code))).toEqual(refused);
    // Used up by the refused try: the right browser cannot take it afterwards either.
    expect(await answer(exchangeOn(domain, noCookie.code, noCookie.cookie))).toEqual(refused);

    // The same browser's cookie, but the code brought to the platform's address or another workspace's.
    const elsewhere = await signInOn(domain, account(member.user.email));
    expect(await answer(exchangeOn(new URL(app.url).host, elsewhere.code, elsewhere.cookie))).toEqual(refused);
    const another = await signInOn(domain, account(member.user.email));
    expect(await answer(exchangeOn(otherDomain, another.code, another.cookie))).toEqual(refused);
  });

  it('a return planted in a victim’s browser signs the victim in as nobody: their own cookie does not match', async () => {
    const { tenant } = await makeWorkspace(app);
    const attacker = await makeUser(app.ctx);
    const domain = await customDomainOf(tenant);
    // The attacker starts on the workspace's address and stops before the provider's return.
    const start = await requestOnHost(app, domain, '/auth/oauth/google/start');
    issuer.signInAs(account(attacker.email));
    const { callback: planted } = await toCallback(
      start.headers.location!,
      `${app.url}/api/auth/oauth/google/callback`,
    );
    // The victim, who started a sign-in of their own on that address, opens the attacker's return.
    const victimStart = await requestOnHost(app, domain, '/auth/oauth/google/start');
    const victimCookie = flowCookieOf(victimStart.headers);
    const res = await new Browser().get(planted.href);
    const page = new URL(res.headers.get('location')!);
    expect(page.origin).toBe(`https://${domain}`);
    const code = new URLSearchParams(page.hash.slice(1)).get('oauth_code');
    const exchanged = await exchangeOn(domain, code, victimCookie);
    expect({ status: exchanged.status, code: exchanged.body.code }).toEqual({
      status: 401,
      code: 'invalid_sign_in_code',
    });
    expect(exchanged.body.access_token).toBeUndefined();
  });

  it('refuses a return whose state was tampered with, sending the browser to the platform’s sign-in page', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const domain = await customDomainOf(tenant);
    const start = await requestOnHost(app, domain, '/auth/oauth/google/start');
    issuer.signInAs(account(member.user.email));
    const { browser, callback } = await toCallback(
      start.headers.location!,
      `${app.url}/api/auth/oauth/google/callback`,
    );
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const res = await browser.get(tampered.href);
    const page = new URL(res.headers.get('location')!);
    expect(page.origin + page.pathname).toBe(`${app.url}/login`);
    expect(page.searchParams.get('oauth_error')).toBe('oauth_state');
    expect(page.hash).toBe('');
    // The untampered return still completes once, back on the workspace's address.
    const honest = await browser.get(callback.href);
    expect(new URL(honest.headers.get('location')!).origin).toBe(`https://${domain}`);
  });

  it('takes the return address from the Host only: an address that is no workspace’s starts a platform sign-in', async () => {
    const member = (await makeWorkspace(app)).member;
    const start = await requestOnHost(app, 'evil.example.net', '/auth/oauth/google/start');
    expect(start.status).toBe(302);
    issuer.signInAs(account(member.user.email));
    // Without the platform's cookie (it was set for evil.example.net), the platform's callback refuses it.
    const { browser, callback } = await toCallback(
      start.headers.location!,
      `${app.url}/api/auth/oauth/google/callback`,
    );
    const res = await browser.get(callback.href);
    const page = new URL(res.headers.get('location')!);
    expect(page.origin + page.pathname).toBe(`${app.url}/login`);
    expect(page.searchParams.get('oauth_error')).toBe('oauth_state');
  });
});

// Here, not in workspace-sso.test.ts: this file's app runs without OUTBOUND_ALLOW_PRIVATE, as production does.
describe('a workspace’s own single sign-on, where the outbound guard is not relaxed', () => {
  it('refuses an issuer that is not https, or whose address is private, and saves nothing', async () => {
    const { tenant, admin } = await makeWorkspace(app, { tier: 'advanced' });
    const save = (issuerUrl: string) =>
      app.request('PUT', '/workspace/sso', {
        token: admin.token,
        tenantId: tenant.id,
        body: { issuer: issuerUrl, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
      });
    const plain = await save(issuer.url);
    expect({ status: plain.status, code: plain.body.code }).toEqual({ status: 400, code: 'sso_discovery_failed' });
    expect(plain.body.error).toMatch(/The address must start with https:\/\/\.$/);
    const inside = await save(issuer.url.replace('http:', 'https:'));
    expect({ status: inside.status, code: inside.body.code }).toEqual({ status: 400, code: 'sso_discovery_failed' });
    expect(inside.body.error).toMatch(/points to a private or reserved network \(127\.0\.0\.1\)\.$/);
    expect(
      (await app.request('GET', '/workspace/sso', { token: admin.token, tenantId: tenant.id })).body.sso,
    ).toBeNull();
  });
});
