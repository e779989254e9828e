import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ssoRequiredMessage, WORKSPACE_SSO_MESSAGES } from '@portico/common';
import { sha256, type Tenant } from '@portico/core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeTenant, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  Browser,
  returnTo,
  startOidcIssuer,
  toCallback,
  type IssuerAccount,
  type OidcIssuer,
} from '../../testing/oidc-issuer';
import { requestOnHost } from '../../testing/on-host';

/*
 * Issue 31: a workspace's own single sign-on against a real local OpenID Provider (oidc-provider,
 * PKCE required, its own keys), its discovery fetched through the outbound guard (which lets this
 * machine's addresses through only under OUTBOUND_ALLOW_PRIVATE, as the webhook tests do).
 */

const CLIENT_ID = 'acme-portico';
const CLIENT_SECRET = 'acme-client-secret-4321';

let issuer: OidcIssuer;
let app: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  app = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  await issuer.register({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${app.url}/api/auth/sso/callback`,
  });
}, 60_000);
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

const unique = () => randomBytes(4).toString('hex');

interface Workspace {
  tenant: Tenant;
  owner: Person;
  admin: Person;
  team: Person;
  client: Person;
}

/** A workspace with one person of each kind, each signed in with their password. */
async function makeWorkspace(tier: 'advanced' | 'pro' = 'advanced'): Promise<Workspace> {
  const tenant = await makeTenant(app.ctx, { name: `Acme ${unique()}`, tier });
  const person = async (role: string): Promise<Person> => {
    const user = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, user, role);
    return { user, token: (await signIn(app, user.email)).token };
  };
  return {
    tenant,
    owner: await person('owner'),
    admin: await person('admin'),
    team: await person('role1'),
    client: await person('role2'),
  };
}

const body = (extra: Record<string, unknown> = {}) => ({
  issuer: issuer.url,
  client_id: CLIENT_ID,
  client_secret: CLIENT_SECRET,
  ...extra,
});

const call = (method: string, ws: Workspace, who: Person | null, payload?: unknown) =>
  app.request(method, '/workspace/sso', { token: who?.token, tenantId: ws.tenant.id, body: payload });

async function configured(extra: Record<string, unknown> = {}): Promise<Workspace> {
  const ws = await makeWorkspace();
  const res = await call('PUT', ws, ws.admin, body(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ws;
}

const account = (email: string, verified = true): IssuerAccount => ({
  sub: `sso-${unique()}`,
  email,
  email_verified: verified,
});

/** As `who` through the provider of `ws`, stopping before the browser returns to the callback. */
function ssoToCallback(ws: Workspace, who: IssuerAccount) {
  issuer.signInAs(who);
  return toCallback(
    `${app.url}/api/auth/sso/${ws.tenant.id}/start?redirect=/files`,
    `${app.url}/api/auth/sso/callback`,
  );
}

async function signInWithSso(ws: Workspace, who: IssuerAccount) {
  const { browser, callback } = await ssoToCallback(ws, who);
  return returnTo(browser, callback);
}

/** The SPA's exchange, from the browser that signed in. */
const exchange = (code: string | null, browser: Browser) => {
  const key = browser.cookie(app.url, 'portico_oauth');
  return app.request('POST', '/auth/oauth/exchange', {
    body: { code },
    headers: key ? { cookie: `portico_oauth=${key}` } : {},
  });
};

const linksOf = async (tenantId: string) =>
  app.ctx.sequelize.query<{ user_id: string; subject: string }>(
    'SELECT user_id, subject FROM tenant_sso_identities WHERE tenant_id = $1',
    { bind: [tenantId], type: 'SELECT' as never },
  );

const settingsAs = (ws: Workspace, token: string) =>
  app.request('GET', '/tenant-config', { token, tenantId: ws.tenant.id });

describe('GET, PUT and DELETE /api/workspace/sso', () => {
  it('saves the provider after its discovery, never answers the secret, keeps it encrypted, and audits', async () => {
    const ws = await makeWorkspace();
    const empty = await call('GET', ws, ws.admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ sso: null, callback_url: `${app.url}/api/auth/sso/callback` });

    const saved = await call('PUT', ws, ws.owner, body({ required_for_team: true }));
    expect(saved.status).toBe(200);
    const expected = {
      issuer: issuer.url,
      client_id: CLIENT_ID,
      client_secret: '••••4321',
      required_for_team: true,
      enabled: true,
    };
    expect(saved.body).toEqual({ sso: expected, callback_url: `${app.url}/api/auth/sso/callback` });
    // The owner reads it: the admin's password session is now refused in the workspace (see below).
    expect((await call('GET', ws, ws.owner)).body.sso).toEqual(expected);
    const [row] = await app.ctx.sequelize.query<{ client_secret_encrypted: string }>(
      'SELECT client_secret_encrypted FROM tenant_sso WHERE tenant_id = $1',
      { bind: [ws.tenant.id], type: 'SELECT' as never },
    );
    expect(row!.client_secret_encrypted).not.toContain(CLIENT_SECRET);

    // Without a secret the saved one stays (it still passes discovery).
    const kept = await call('PUT', ws, ws.owner, {
      issuer: issuer.url,
      client_id: CLIENT_ID,
      required_for_team: false,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.sso).toMatchObject({ client_secret: '••••4321', required_for_team: false });

    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: ws.tenant.id, action: 'workspace.sso_updated' },
      order: [['created_at', 'ASC']],
    });
    expect(audits.map((a) => a.actor_user_id)).toEqual([ws.owner.user.id, ws.owner.user.id]);
    expect(JSON.stringify(audits.map((a) => a.details))).not.toContain(CLIENT_SECRET);
  });

  it('answers each invalid field with its sentence', async () => {
    const ws = await makeWorkspace();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ issuer: '' }, WORKSPACE_SSO_MESSAGES.issuer],
      [{ issuer: 'not a url' }, WORKSPACE_SSO_MESSAGES.issuer],
      [{ issuer: `https://idp.example/${'a'.repeat(2000)}` }, WORKSPACE_SSO_MESSAGES.issuerTooLong],
      [{ client_id: '' }, WORKSPACE_SSO_MESSAGES.clientId],
      [{ client_secret: '' }, WORKSPACE_SSO_MESSAGES.clientSecret],
      [{ client_secret: undefined }, WORKSPACE_SSO_MESSAGES.secretRequired],
      [{ required_for_team: 'yes' }, WORKSPACE_SSO_MESSAGES.requiredForTeam],
      [{ enabled: 'no' }, WORKSPACE_SSO_MESSAGES.enabled],
    ];
    for (const [change, message] of cases) {
      const res = await call('PUT', ws, ws.admin, body(change));
      expect(res.status, message).toBe(400);
      expect(res.body.error, message).toBe(message);
    }
    expect((await call('GET', ws, ws.admin)).body.sso).toBeNull();
  });

  it('refuses an issuer whose discovery fails, saying why, and saves nothing', async () => {
    const ws = await makeWorkspace();
    // Nothing listens on a port just closed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await call('PUT', ws, ws.admin, body({ issuer: `http://127.0.0.1:${port}` }));
    expect(unreachable.status).toBe(400);
    expect(unreachable.body.code).toBe('sso_discovery_failed');
    expect(unreachable.body.error).toMatch(
      new RegExp(`^${WORKSPACE_SSO_MESSAGES.discovery} The address could not be reached`),
    );

    // The API itself has no discovery document.
    const notAnIssuer = await call('PUT', ws, ws.admin, body({ issuer: `${app.url}/not-an-issuer` }));
    expect(notAnIssuer.status).toBe(400);
    expect(notAnIssuer.body.error).toBe(
      `${WORKSPACE_SSO_MESSAGES.discovery} Its discovery document was missing or not valid.`,
    );
    expect((await call('GET', ws, ws.admin)).body.sso).toBeNull();
  });

  it('removes the provider with its linked accounts, audited; a second removal is 404', async () => {
    const ws = await configured();
    expect((await signInWithSso(ws, account(ws.team.user.email))).error).toBeNull();
    expect(await linksOf(ws.tenant.id)).toHaveLength(1);
    expect((await call('DELETE', ws, ws.admin)).status).toBe(204);
    expect((await call('GET', ws, ws.admin)).body.sso).toBeNull();
    expect(await linksOf(ws.tenant.id)).toEqual([]);
    const again = await call('DELETE', ws, ws.admin);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(WORKSPACE_SSO_MESSAGES.notConfigured);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: ws.tenant.id, action: 'workspace.sso_removed' } }),
    ).toBe(1);
  });

  it('refuses team members and clients, another workspace’s admin, a plan without it, and no session', async () => {
    const ws = await configured();
    const other = await makeWorkspace();
    const pro = await makeWorkspace('pro');
    for (const [method, payload] of [['GET'], ['PUT', body()], ['DELETE']] as const) {
      for (const who of [ws.team, ws.client]) {
        const res = await call(method, ws, who, payload);
        expect(res.status, method).toBe(403);
        expect(res.body.error).toBe('Only workspace admins can change workspace settings.');
      }
      const stranger = await call(method, ws, other.admin, payload);
      expect(stranger.status, method).toBe(403);
      expect(stranger.body.code).toBe('not_a_member');
      const plan = await call(method, pro, pro.admin, payload);
      expect(plan.status, method).toBe(403);
      expect(plan.body).toEqual({ error: WORKSPACE_SSO_MESSAGES.plan, code: 'plan_required' });
      expect((await call(method, ws, null, payload)).status, method).toBe(401);
    }
    expect((await call('GET', ws, ws.admin)).body.sso).toMatchObject({ client_id: CLIENT_ID });
  });
});

describe('signing in with a workspace’s single sign-on', () => {
  it('tells the sign-in page the button only while SSO is on, on the Advanced plan, the workspace active', async () => {
    const ws = await configured();
    const button = (tenantId: string) => app.request('GET', `/auth/sso/${tenantId}/button`);
    expect((await button(ws.tenant.id)).body).toEqual({
      sso: {
        tenant_id: ws.tenant.id,
        name: ws.tenant.name,
        start_url: `/api/auth/sso/${ws.tenant.id}/start`,
      },
    });
    expect((await button((await makeWorkspace()).tenant.id)).body).toEqual({ sso: null });
    await ws.tenant.update({ status: 'suspended' });
    expect((await button(ws.tenant.id)).body).toEqual({ sso: null });
    await ws.tenant.update({ status: 'active' });
    expect((await call('PUT', ws, ws.admin, body({ enabled: false }))).status).toBe(200);
    expect((await button(ws.tenant.id)).body).toEqual({ sso: null });
    expect((await app.request('GET', `/auth/sso/${ws.tenant.id}/start`)).status).toBe(404);
    expect((await button('not-a-uuid')).status).toBe(404);
  });

  it('links the member of a verified email, signs them in through the exchange, and signs the same account in again', async () => {
    const ws = await configured();
    const who = account(ws.team.user.email.toUpperCase());
    const first = await signInWithSso(ws, who);
    expect(first.error).toBeNull();
    expect(first.page.searchParams.get('tenant_id')).toBe(ws.tenant.id);
    expect(first.page.searchParams.get('redirect')).toBe('/files');
    const session = await exchange(first.code, first.browser);
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(ws.team.user.id);
    expect((await settingsAs(ws, session.body.access_token)).status).toBe(200);
    expect(await linksOf(ws.tenant.id)).toEqual([{ user_id: ws.team.user.id, subject: who.sub }]);
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { actor_user_id: ws.team.user.id, tenant_id: ws.tenant.id },
      order: [['created_at', 'ASC']],
    });
    expect(audits.map((a) => [a.action, a.details])).toEqual([
      ['auth.identity_linked', { provider: 'sso', tenant_id: ws.tenant.id }],
      ['auth.provider_sign_in', { provider: 'sso', tenant_id: ws.tenant.id }],
    ]);

    const again = await signInWithSso(ws, {
      ...who,
      email: `changed-${unique()}@elsewhere.test`,
      email_verified: false,
    });
    expect((await exchange(again.code, again.browser)).body.user.id).toBe(ws.team.user.id);
    expect(await linksOf(ws.tenant.id)).toHaveLength(1);
  });

  it('refuses a tampered state, another browser, and a nonce that is not this flow’s, linking nothing', async () => {
    const ws = await configured();
    const who = account(ws.team.user.email);
    const { browser, callback } = await ssoToCallback(ws, who);
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expect((await returnTo(browser, tampered)).error).toBe('oauth_state');
    expect((await returnTo(new Browser(), callback)).error).toBe('oauth_state');

    const next = await ssoToCallback(ws, who);
    const key = `${app.config.redisPrefix}:oauth:flow:${sha256(next.callback.searchParams.get('state')!)}`;
    const flow = JSON.parse((await app.ctx.redis.get(key))!) as Record<string, string>;
    await app.ctx.redis.set(key, JSON.stringify({ ...flow, nonce: 'another-flows-nonce-0123456789' }), 'EX', 60);
    expect((await returnTo(next.browser, next.callback)).error).toBe('oauth_failed');
    expect(await linksOf(ws.tenant.id)).toEqual([]);
  });

  it('started on the workspace’s own address, ends there, and only that address’s cookie exchanges the code', async () => {
    const ws = await configured();
    const host = `${ws.tenant.slug}.localhost:${new URL(app.url).port}`;
    const start = await requestOnHost(app, host, `/auth/sso/${ws.tenant.id}/start`);
    expect(start.status).toBe(302);
    const cookie = ([] as string[])
      .concat(start.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith('portico_oauth='));
    expect(cookie).toMatch(/^portico_oauth=[\w-]+; Path=\/api\/auth\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);
    issuer.signInAs(account(ws.team.user.email));
    const { browser, callback } = await toCallback(start.headers.location!, `${app.url}/api/auth/sso/callback`);
    const back = await browser.get(callback.href);
    // The platform address's own flow cookie, if the browser had one, is another sign-in's: left alone.
    expect(back.headers.get('set-cookie')).toBeNull();
    const page = new URL(back.headers.get('location')!);
    expect(page.origin + page.pathname).toBe(`http://${host}/login`);
    const code = new URLSearchParams(page.hash.slice(1)).get('oauth_code');
    const exchangeOn = (on: string, withCookie: boolean) =>
      requestOnHost(app, on, '/auth/oauth/exchange', {
        method: 'POST',
        body: { code },
        headers: withCookie ? { cookie: cookie!.split(';')[0]! } : {},
      });
    expect((await exchangeOn(new URL(app.url).host, true)).status).toBe(401);

    // The refused try used the code up: the person signs in again, on the workspace's address.

    const again = await requestOnHost(app, host, `/auth/sso/${ws.tenant.id}/start`);
    const key = ([] as string[]).concat(again.headers['set-cookie'] ?? [])[0]!.split(';')[0]!;
    const second = await browser.follow(
      again.headers.location!,
      (url) => url.origin === app.url && url.pathname === '/api/auth/sso/callback',
    );
    const secondPage = new URL((await browser.get(second.href)).headers.get('location')!);
    const secondCode = new URLSearchParams(secondPage.hash.slice(1)).get('oauth_code');
    const signedIn = await requestOnHost(app, host, '/auth/oauth/exchange', {
      method: 'POST',
      body: { code: secondCode },
      headers: { cookie: key },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(ws.team.user.id);
    expect((await settingsAs(ws, signedIn.body.access_token)).status).toBe(200);

    const other = await configured();
    const elsewhere = await requestOnHost(app, host, `/auth/sso/${other.tenant.id}/start`);
    expect(elsewhere.status).toBe(400);
  });

  it('links no unverified email, no account outside the workspace, and creates no account', async () => {
    const ws = await configured();
    expect((await signInWithSso(ws, account(ws.team.user.email, false))).error).toBe('oauth_unverified_email');
    const outsider = await makeUser(app.ctx);
    expect((await signInWithSso(ws, account(outsider.email))).error).toBe('sso_not_member');
    const users = await app.ctx.db.User.count();
    expect((await signInWithSso(ws, account(`nobody-${unique()}@example.test`))).error).toBe('oauth_no_account');
    expect(await app.ctx.db.User.count()).toBe(users);
    expect(await linksOf(ws.tenant.id)).toEqual([]);
  });
});

describe('single sign-on required for the team', () => {
  it('refuses a team member’s password session in the workspace, not a client’s nor the owner’s; an SSO session passes', async () => {
    const ws = await configured({ required_for_team: true });
    for (const who of [ws.admin, ws.team]) {
      const res = await settingsAs(ws, who.token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: ssoRequiredMessage(ws.tenant.name), code: 'sso_required' });
    }
    expect((await settingsAs(ws, ws.client.token)).status).toBe(200);
    expect((await settingsAs(ws, ws.owner.token)).status).toBe(200);

    // Password sign-in still works: the person may belong to other workspaces.
    const elsewhere = await makeWorkspace();
    await addMember(app.ctx, elsewhere.tenant, ws.team.user, 'role1');
    const { token } = await signIn(app, ws.team.user.email);
    expect((await settingsAs(elsewhere, token)).status).toBe(200);

    const sso = await signInWithSso(ws, account(ws.team.user.email));
    const session = await exchange(sso.code, sso.browser);
    expect((await settingsAs(ws, session.body.access_token)).status).toBe(200);

    // Off again: the password session is let in at once.
    expect((await call('PUT', ws, ws.owner, body({ required_for_team: false }))).status).toBe(200);
    expect((await settingsAs(ws, ws.team.token)).status).toBe(200);

    // Required again, but off the Advanced plan the requirement no longer holds.
    expect((await call('PUT', ws, ws.owner, body({ required_for_team: true }))).status).toBe(200);
    expect((await settingsAs(ws, ws.team.token)).status).toBe(403);
    await ws.tenant.update({ tier: 'pro' });
    expect((await settingsAs(ws, ws.team.token)).status).toBe(200);
  });

  it('keeps the SSO origin through the two-factor step', async () => {
    const ws = await configured({ required_for_team: true });
    const { token } = await signIn(app, ws.team.user.email);
    const { secret } = (await app.request('POST', '/auth/two-factor/enrolment', { token })).body.enrolment;
    const now = Math.floor(Date.now() / 1000);
    const confirm = await app.request('POST', '/auth/two-factor/enrolment/confirm', {
      token,
      body: { code: await generate({ secret, epoch: now }) },
    });
    expect(confirm.status).toBe(200);

    const sso = await signInWithSso(ws, account(ws.team.user.email));
    const challenge = await exchange(sso.code, sso.browser);
    expect(challenge.body).toMatchObject({ two_factor_required: true });
    const second = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: challenge.body.challenge_token, code: await generate({ secret, epoch: now + 30 }) },
    });
    expect(second.status).toBe(200);
    expect((await settingsAs(ws, second.body.access_token)).status).toBe(200);
  });
});
