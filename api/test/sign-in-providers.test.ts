import { randomBytes } from 'node:crypto';
import { DEFAULT_SETTINGS, SIGN_IN_PROVIDER_MESSAGES } from '@portico/common';
import { sha256 } from '@portico/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import {
  makeSuperAdmin,
  makeUser,
  makeWorkspace,
  signIn as signInWithPassword,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startFakeGitHub, type FakeGitHub, type GitHubAccount } from '../../testing/github';
import {
  Browser,
  returnTo,
  startOidcIssuer,
  toCallback,
  type IssuerAccount,
  type OidcIssuer,
} from '../../testing/oidc-issuer';

/*
 * Issue 31: signing in with Google against a real local OpenID Provider (oidc-provider, PKCE
 * required, its own keys) — the browser's redirects followed by hand with a cookie jar per origin.
 */

const CLIENT_ID = 'portico-test-client';
const CLIENT_SECRET = 'test-google-client-secret-9876';
const NO_PROVIDERS = DEFAULT_SETTINGS.auth.providers!;
/** The auth section without its providers: a save of it keeps them. */
const AUTH = {
  require2fa: DEFAULT_SETTINGS.auth.require2fa,
  sessionMaxHours: DEFAULT_SETTINGS.auth.sessionMaxHours,
  sessionIdleMinutes: DEFAULT_SETTINGS.auth.sessionIdleMinutes,
};

let issuer: OidcIssuer;
/** Slack's sign-in is OpenID Connect too: another issuer, OAUTH_BASE_SLACK. */
let slackIssuer: OidcIssuer;
let github: FakeGitHub;
let app: TestApp;
let root: Person;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  slackIssuer = await startOidcIssuer();
  github = await startFakeGitHub({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: () => `${app.url}/api/auth/oauth/github/callback`,
  });
  app = await startTestApp({
    OAUTH_ISSUER_GOOGLE: issuer.url,
    OAUTH_BASE_SLACK: slackIssuer.url,
    OAUTH_BASE_GITHUB: github.url,
  });
  for (const [key, provider] of [
    ['google', issuer],
    ['slack', slackIssuer],
  ] as const)
    await provider.register({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${app.url}/api/auth/oauth/${key}/callback`,
    });
  root = await makeSuperAdmin(app);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await issuer?.close();
  await slackIssuer?.close();
  await github?.close();
});

const saveAuth = (auth: Record<string, unknown>, token = root.token) =>
  app.request('PUT', '/settings', { token, body: { auth: { ...AUTH, ...auth } } });

const googleOn = (extra: Record<string, unknown> = {}) =>
  saveAuth({
    providers: {
      ...NO_PROVIDERS,
      google: { enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...extra },
    },
  });

beforeEach(async () => {
  expect((await googleOn()).status).toBe(200);
});

const unique = () => randomBytes(4).toString('hex');
const account = (email: string, verified = true): IssuerAccount => ({
  sub: `google-${unique()}`,
  email,
  email_verified: verified,
});

/** As `who` through provider `key`, stopping before the browser returns to the callback. */
function providerToCallback(who: IssuerAccount, query = '', key: 'google' | 'slack' | 'github' = 'google') {
  if (key === 'github') github.signInAs(githubAccount(who));
  else (key === 'google' ? issuer : slackIssuer).signInAs(who);
  return toCallback(`${app.url}/api/auth/oauth/${key}/start${query}`, `${app.url}/api/auth/oauth/${key}/callback`);
}

/** The same person as GitHub has them: a numeric id, and the email primary. */
const githubAccount = (who: IssuerAccount): GitHubAccount => ({
  id: Number.parseInt(who.sub.slice(-8), 16),
  login: who.sub,
  emails: [
    { email: `other-${unique()}@example.test`, primary: false, verified: true },
    { email: who.email, primary: true, verified: who.email_verified },
  ],
});

async function signInWithGoogle(who: IssuerAccount, query = '') {
  const { browser, callback } = await providerToCallback(who, query);
  return returnTo(browser, callback);
}

/** The SPA's call, from `browser` (its cookie for the API's origin). */
const exchange = (code: unknown, browser = new Browser()) => {
  const key = browser.cookie(app.url, 'portico_oauth');
  return app.request('POST', '/auth/oauth/exchange', {
    body: { code },
    headers: key ? { cookie: `portico_oauth=${key}` } : {},
  });
};

const identitiesOf = async (userId: string) =>
  (
    await app.ctx.sequelize.query<{ provider: string; subject: string; email: string; email_verified: boolean }>(
      'SELECT provider, subject, email, email_verified FROM user_identities WHERE user_id = $1',
      { bind: [userId], type: 'SELECT' as never },
    )
  ).map((row) => ({ ...row }));

/** Sign-ins App Health counts with this outcome, so far. */
const attempts = async (outcome: string) =>
  (await app.ctx.metrics.authAttempts.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;

const flowKeyOf = (callback: URL) =>
  `${app.config.redisPrefix}:oauth:flow:${sha256(callback.searchParams.get('state')!)}`;

/** Changes what the server kept for this browser's flow, as if the return belonged to another. */
async function alterFlow(callback: URL, change: Record<string, string>) {
  const key = flowKeyOf(callback);
  const flow = JSON.parse((await app.ctx.redis.get(key))!) as Record<string, string>;
  await app.ctx.redis.set(key, JSON.stringify({ ...flow, ...change }), 'EX', 60);
}

describe('the authorization code flow', () => {
  it('links the account of a verified email, signs in with a one-time code, and signs the same identity in again', async () => {
    const user = await makeUser(app.ctx);
    const who = account(user.email.toUpperCase());
    const first = await signInWithGoogle(who, '?redirect=/files&tenant_id=0b7c6f1e-8a1d-4c62-9a55-3f2b1c0d9e8f');
    expect(first.error).toBeNull();
    expect(first.page.searchParams.get('redirect')).toBe('/files');
    expect(first.page.searchParams.get('tenant_id')).toBe('0b7c6f1e-8a1d-4c62-9a55-3f2b1c0d9e8f');
    expect(first.code).toMatch(/^[\w-]{40,}$/);

    const successes = await attempts('success');
    const session = await exchange(first.code, first.browser);
    expect(await attempts('success')).toBe(successes + 1);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: user.id, email: user.email });
    expect(session.body.access_token).toEqual(expect.any(String));
    const me = await app.request('GET', '/auth/user', { token: session.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(user.id);

    // The code works once.
    const again = await exchange(first.code, first.browser);
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ error: SIGN_IN_PROVIDER_MESSAGES.invalidCode, code: 'invalid_sign_in_code' });

    expect(await identitiesOf(user.id)).toEqual([
      { provider: 'google', subject: who.sub, email: who.email, email_verified: true },
    ]);
    const actions = await app.ctx.db.AuditLog.findAll({
      where: { actor_user_id: user.id, tenant_id: null },
      order: [['created_at', 'ASC']],
    });
    expect(actions.map((row) => [row.action, row.details])).toEqual([
      ['auth.identity_linked', { provider: 'google' }],
      ['auth.provider_sign_in', { provider: 'google' }],
    ]);

    // The linked identity signs in whatever email it carries now, verified or not.
    const second = await signInWithGoogle({
      ...who,
      email: `changed-${unique()}@elsewhere.test`,
      email_verified: false,
    });
    expect(second.error).toBeNull();
    const later = await exchange(second.code, second.browser);
    expect(later.body.user.id).toBe(user.id);
    expect(await identitiesOf(user.id)).toHaveLength(1);
  });

  it('exchanges a code only in the browser that started, so one cannot be planted in another’s', async () => {
    const user = await makeUser(app.ctx);
    const planted = await signInWithGoogle(account(user.email));
    expect(planted.browser.cookie(app.url, 'portico_oauth')).toEqual(expect.any(String));
    expect((await exchange(planted.code)).status).toBe(401);
    // Tried elsewhere, the code is used up.
    expect((await exchange(planted.code, planted.browser)).status).toBe(401);
  });

  it('refuses a return whose state was tampered with, or that reaches another browser, and links nothing', async () => {
    const user = await makeUser(app.ctx);
    const { browser, callback } = await providerToCallback(account(user.email));
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    expect((await returnTo(browser, tampered)).error).toBe('oauth_state');

    // Another browser (no cookie of this flow) cannot complete it, and that uses it up.
    expect((await returnTo(new Browser(), callback)).error).toBe('oauth_state');
    expect((await returnTo(browser, callback)).error).toBe('oauth_state');

    // A cookie of another flow does not open this one either.
    const other = await providerToCallback(account(user.email));
    const stranger = new Browser();
    stranger.setCookie(app.url, 'portico_oauth', browser.cookie(app.url, 'portico_oauth') ?? 'guess');
    expect((await returnTo(stranger, other.callback)).error).toBe('oauth_state');

    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('refuses an ID token whose nonce is not the one this flow sent', async () => {
    const user = await makeUser(app.ctx);
    const { browser, callback } = await providerToCallback(account(user.email));
    await alterFlow(callback, { nonce: 'another-flows-nonce-0123456789' });
    expect((await returnTo(browser, callback)).error).toBe('oauth_failed');
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('is refused by the provider when the PKCE verifier does not match the challenge', async () => {
    const user = await makeUser(app.ctx);
    const { browser, callback } = await providerToCallback(account(user.email));
    await alterFlow(callback, { verifier: 'a'.repeat(64) });
    expect((await returnTo(browser, callback)).error).toBe('oauth_failed');
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('does not link an email the provider has not verified, and App Health counts a failed sign-in', async () => {
    const user = await makeUser(app.ctx);
    const failures = await attempts('failure');
    const result = await signInWithGoogle(account(user.email, false));
    expect(result.code).toBeNull();
    expect(result.error).toBe('oauth_unverified_email');
    expect(await identitiesOf(user.id)).toEqual([]);
    expect(await attempts('failure')).toBe(failures + 1);
  });

  it('creates no account for a verified email nobody has', async () => {
    const before = await app.ctx.db.User.count();
    const email = `nobody-${unique()}@example.test`;
    const result = await signInWithGoogle(account(email));
    expect(result.error).toBe('oauth_no_account');
    expect(await app.ctx.db.User.count()).toBe(before);
    expect(await app.ctx.db.User.findOne({ where: { email } })).toBeNull();
  });

  it('answers a provider that refused (the person cancelled) with oauth_refused', async () => {
    const { browser, callback } = await providerToCallback(account(`x-${unique()}@example.test`));
    const cancelled = new URL(callback);
    cancelled.search = new URLSearchParams({
      error: 'access_denied',
      state: callback.searchParams.get('state')!,
    }).toString();
    expect((await returnTo(browser, cancelled)).error).toBe('oauth_refused');
  });

  it('asks for the second step after a provider sign-in when the platform requires 2FA', async () => {
    const user = await makeUser(app.ctx);
    expect((await saveAuth({ require2fa: true })).status).toBe(200);
    try {
      const { code, browser } = await signInWithGoogle(account(user.email));
      const res = await exchange(code, browser);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        two_factor_required: true,
        enrolment_required: true,
        challenge_token: expect.any(String),
        expires_at: expect.any(Number),
      });
      expect(res.body.access_token).toBeUndefined();
    } finally {
      expect((await saveAuth({ require2fa: false })).status).toBe(200);
    }
  });
});

describe('two-factor sign-in after a provider', () => {
  it('asks an account with 2FA on for its code, and the code then opens the session', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signInWithPassword(app, user.email);
    const { secret } = (await app.request('POST', '/auth/two-factor/enrolment', { token })).body.enrolment;
    const now = Math.floor(Date.now() / 1000);
    const confirm = await app.request('POST', '/auth/two-factor/enrolment/confirm', {
      token,
      body: { code: await generate({ secret, epoch: now }) },
    });
    expect(confirm.status).toBe(200);

    const { code, browser } = await signInWithGoogle(account(user.email));
    const challenge = await exchange(code, browser);
    expect(challenge.body).toMatchObject({ two_factor_required: true, enrolment_required: false });
    const second = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: challenge.body.challenge_token, code: await generate({ secret, epoch: now + 30 }) },
    });
    expect(second.status).toBe(200);
    expect(second.body.user.id).toBe(user.id);
  });
});

describe('Sign in with Slack (OpenID Connect, OAUTH_BASE_SLACK)', () => {
  it('is offered once switched on, and links and signs in like Google', async () => {
    const on = await saveAuth({
      providers: {
        ...NO_PROVIDERS,
        google: { enabled: true, clientId: CLIENT_ID },
        slack: { enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      },
    });
    expect(on.status).toBe(200);
    expect((await app.request('GET', '/auth/providers')).body).toEqual({
      providers: [
        { key: 'google', name: 'Google' },
        { key: 'slack', name: 'Slack' },
      ],
    });
    const user = await makeUser(app.ctx);
    const who = account(user.email);
    const { browser, callback } = await providerToCallback(who, '', 'slack');
    const { code, error } = await returnTo(browser, callback);
    expect(error).toBeNull();
    expect((await exchange(code, browser)).body.user.id).toBe(user.id);
    expect(await identitiesOf(user.id)).toEqual([
      { provider: 'slack', subject: who.sub, email: who.email, email_verified: true },
    ]);
    // A Google return cannot complete a Slack flow.
    const slack = await providerToCallback(account(user.email), '', 'slack');
    const asGoogle = new URL(slack.callback.href.replace('/oauth/slack/', '/oauth/google/'));
    expect((await returnTo(slack.browser, asGoogle)).error).toBe('oauth_state');
  });
});

describe('Sign in with GitHub (OAuth 2.0, OAUTH_BASE_GITHUB)', () => {
  const githubOn = () =>
    saveAuth({
      providers: {
        ...NO_PROVIDERS,
        github: { enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
      },
    });

  it('links the account of the verified primary email and signs in, with PKCE and state but no nonce', async () => {
    expect((await githubOn()).status).toBe(200);
    const start = await fetch(`${app.url}/api/auth/oauth/github/start`, { redirect: 'manual' });
    const to = new URL(start.headers.get('location')!);
    expect(to.origin + to.pathname).toBe(`${github.url}/login/oauth/authorize`);
    expect(to.searchParams.get('scope')).toBe('read:user user:email');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.has('nonce')).toBe(false);

    const user = await makeUser(app.ctx);
    const who = account(user.email);
    const { browser, callback } = await providerToCallback(who, '', 'github');
    const { code, error } = await returnTo(browser, callback);
    expect(error).toBeNull();
    expect((await exchange(code, browser)).body.user.id).toBe(user.id);
    expect(await identitiesOf(user.id)).toEqual([
      { provider: 'github', subject: String(githubAccount(who).id), email: who.email, email_verified: true },
    ]);
  });

  it('does not link a primary email GitHub has not verified, and the provider refuses a wrong PKCE verifier', async () => {
    expect((await githubOn()).status).toBe(200);
    const user = await makeUser(app.ctx);
    const unverified = await providerToCallback(account(user.email, false), '', 'github');
    expect((await returnTo(unverified.browser, unverified.callback)).error).toBe('oauth_unverified_email');

    const { browser, callback } = await providerToCallback(account(user.email), '', 'github');
    await alterFlow(callback, { verifier: 'b'.repeat(64) });
    expect((await returnTo(browser, callback)).error).toBe('oauth_failed');
    expect(await identitiesOf(user.id)).toEqual([]);
  });
});

describe('which providers are offered', () => {
  it('lists only the providers switched on with their credentials, and a provider that is off is 404', async () => {
    expect((await app.request('GET', '/auth/providers')).body).toEqual({
      providers: [{ key: 'google', name: 'Google' }],
    });

    const githubOnly = await saveAuth({
      providers: { ...NO_PROVIDERS, github: { enabled: true, clientId: 'gh-id', clientSecret: 'gh-secret' } },
    });
    expect(githubOnly.status).toBe(200);
    expect((await app.request('GET', '/auth/providers')).body).toEqual({
      providers: [{ key: 'github', name: 'GitHub' }],
    });
    for (const key of ['google', 'slack', 'microsoft']) {
      const start = await fetch(`${app.url}/api/auth/oauth/${key}/start`, { redirect: 'manual' });
      expect(start.status).toBe(404);
      expect(await start.json()).toEqual({ error: SIGN_IN_PROVIDER_MESSAGES.unknownProvider });
    }
    const unknown = await fetch(`${app.url}/api/auth/oauth/myspace/start`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });

  it('refuses a redirect that leaves the site, and a tenant_id that is no id', async () => {
    for (const redirect of ['https://evil.test/', '//evil.test/x', '/\\evil.test', 'files']) {
      const res = await app.request('GET', `/auth/oauth/google/start?redirect=${encodeURIComponent(redirect)}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(SIGN_IN_PROVIDER_MESSAGES.redirect);
    }
    const res = await app.request('GET', '/auth/oauth/google/start?tenant_id=acme');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(SIGN_IN_PROVIDER_MESSAGES.tenantId);
  });

  it('starts with the code flow, PKCE S256, state and nonce, and an HttpOnly cookie for this browser', async () => {
    const res = await fetch(`${app.url}/api/auth/oauth/google/start`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get('location')!);
    expect(to.origin).toBe(issuer.url);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${app.url}/api/auth/oauth/google/callback`,
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    expect(res.headers.get('set-cookie')).toMatch(
      /^portico_oauth=[\w-]+; Path=\/api\/auth\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
  });

  it('exchange refuses a missing or unknown code', async () => {
    expect((await exchange('')).body.error).toBe(SIGN_IN_PROVIDER_MESSAGES.code);
    expect((await exchange(undefined)).status).toBe(400);
    expect((await exchange('never-issued')).status).toBe(401);
  });
});

describe('Super Settings → Auth providers', () => {
  it('answers each secret masked, never the secret, and shares Google’s with the console’s Integrations', async () => {
    const res = await app.request('GET', '/settings', { token: root.token });
    expect(res.status).toBe(200);
    expect(res.body.settings.auth.providers).toMatchObject({
      google: { enabled: true, clientId: CLIENT_ID, clientSecret: '••••9876' },
      microsoft: { enabled: false, clientId: '', clientSecret: null },
    });
    expect(JSON.stringify(res.body)).not.toContain(CLIENT_SECRET);
    const integrations = await app.request('GET', '/super/integrations', { token: root.token });
    expect(integrations.body.integrations.google.masked).toBe('••••9876');
    const audit = await app.ctx.db.AuditLog.findAll({
      where: { action: ['settings.updated', 'integration.updated'], tenant_id: null },
    });
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit.map((row) => row.details))).not.toContain(CLIENT_SECRET);

    // A secret saved on the Integrations screen is the one sign-in uses.
    const replaced = await app.request('PUT', '/super/integrations/google', {
      token: root.token,
      body: { value: 'wrong-secret' },
    });
    expect(replaced.status).toBe(200);
    const refused = await signInWithGoogle(account(`someone-${unique()}@example.test`));
    expect(refused.error).toBe('oauth_failed');
  });

  it('keeps the saved providers when a save leaves them out, and a secret when it is left empty', async () => {
    const res = await saveAuth({ sessionMaxHours: 48 });
    expect(res.status).toBe(200);
    expect(res.body.settings.auth.sessionMaxHours).toBe(48);
    expect(res.body.settings.auth.providers.google).toEqual({
      enabled: true,
      clientId: CLIENT_ID,
      clientSecret: '••••9876',
    });
    const kept = await googleOn({ clientSecret: '' });
    expect(kept.body.settings.auth.providers.google.clientSecret).toBe('••••9876');
    const user = await makeUser(app.ctx);
    expect((await signInWithGoogle(account(user.email))).error).toBeNull();
  });

  it.each([
    [{ google: { enabled: true, clientId: '' } }, 'Google sign-in needs a client ID.'],
    // No Microsoft secret is ever saved in this file.
    [{ microsoft: { enabled: true, clientId: 'ms-client' } }, 'Microsoft sign-in needs a client secret.'],
    [{ slack: { enabled: 'yes' } }, 'Slack sign-in must be turned on or off (true or false).'],
    [
      { microsoft: { enabled: false, clientId: 'x'.repeat(501) } },
      'Microsoft client ID must be at most 500 characters.',
    ],
    [{ google: { enabled: true, clientId: 'id', clientSecret: 7 } }, 'Google client secret must be text.'],
  ])('refuses %j with its sentence', async (providers, sentence) => {
    const res = await saveAuth({ providers: { ...NO_PROVIDERS, ...providers } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(sentence);
  });

  it('is saved only by a super admin', async () => {
    const workspace = await makeWorkspace(app);
    for (const person of [workspace.admin, workspace.member]) {
      const res = await googleOn().then(() => saveAuth({ providers: NO_PROVIDERS }, person.token));
      expect(res.status).toBe(403);
    }
    expect((await app.request('PUT', '/settings', { body: { auth: DEFAULT_SETTINGS.auth } })).status).toBe(401);
    expect((await app.request('GET', '/auth/providers')).body.providers).toEqual([{ key: 'google', name: 'Google' }]);
  });
});
