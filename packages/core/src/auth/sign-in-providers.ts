import {
  SIGN_IN_PROVIDER_KEYS,
  SIGN_IN_PROVIDER_MESSAGES,
  SIGN_IN_PROVIDER_NAMES,
  type SignInProviderError,
  type SignInProviderKey,
  type SignInProviderRow,
} from '@portico/common';
import * as oidc from 'openid-client';
import type { User } from '../db/models';
import { audit } from '../kernel/audit';
import { randomToken, sha256 } from '../kernel/crypto';
import { badRequest, notFound, unauthorized } from '../kernel/errors';
import { inTransaction, type ServiceContext } from '../scope';
import { findTenant, siteOriginOf, tenantSiteOf } from '../tenancy';
import { findIdentity, findUser, findUserByEmail, insertIdentity, touchIdentity } from './auth-data';
import { signInProviderCredentials } from './sign-in-provider-settings';

/*
 * Signing in with Google, Microsoft or Slack (OpenID Connect) or GitHub (OAuth 2.0, no ID token:
 * the person and their verified email are read from its API), through the certified
 * `openid-client`: authorization code with PKCE (S256), `state`, and for OpenID Connect `nonce`. What the return must match is kept in
 * Redis for FLOW_SECONDS under the state's hash, single use, and bound to the browser that started
 * by a random key in an HttpOnly cookie: the return completes only there, once. The ID token is
 * validated by openid-client (signature from the issuer's JWKS, issuer, audience, expiry, nonce).
 * A provider identity signs into the person it is linked to; unlinked, it is linked to the account
 * with its email only when the provider says that email is verified. It never creates an account
 * or a membership. The return ends at the SPA with a one-time code (never a token), which
 * `exchangeProviderSignInCode` trades for the person in the same browser, so the sign-in answer (a session or the
 * two-factor challenge) is the one password sign-in gives.
 *
 * On a workspace's own address (its subdomain or a verified custom domain) the sign-in page starts
 * there, so the flow cookie is that address's, while the provider returns to the one callback under
 * PUBLIC_URL, which cannot read it. Such a flow keeps its address (resolved from the request's host,
 * never taken from the request's parameters): the return skips the browser check and sends the code
 * back to that address, whose exchange checks the cookie, so a return planted in another browser
 * still signs nobody in there. A workspace may hide the buttons (`tenants.provider_buttons`).
 */

/** How long the provider's page may take. */
export const FLOW_SECONDS = 600;
/** How long the one-time code the SPA receives may wait to be exchanged. */
export const EXCHANGE_CODE_SECONDS = 60;

/** The cookie binding a started sign-in to its browser; its path keeps it to the provider routes. */
export const PROVIDER_FLOW_COOKIE = 'portico_oauth';
export const PROVIDER_FLOW_COOKIE_PATH = '/api/auth/oauth';

/** The OpenID Connect providers' issuers (Sign in with Slack is one), and GitHub's address. */
const ISSUERS: Record<SignInProviderKey, string> = {
  google: 'https://accounts.google.com',
  // Any Entra ID tenant: openid-client checks each ID token's issuer against its `tid`.
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
  slack: 'https://slack.com',
  github: 'https://github.com',
};

/** GitHub's API: api.github.com, or under /api/v3 of another base (a GitHub Enterprise Server's layout). */
function githubApi(ctx: Pick<ServiceContext, 'config'>): string {
  const base = ctx.config.oauthIssuers.github;
  return base ? `${base.replace(/\/+$/, '')}/api/v3` : 'https://api.github.com';
}

type Ctx = Pick<ServiceContext, 'db' | 'sequelize' | 'config' | 'redis' | 'clock' | 'logger' | 'transaction'>;

interface PendingFlow {
  provider: SignInProviderKey;
  /** OpenID Connect's; GitHub has no ID token. */
  nonce?: string;
  verifier: string;
  /** sha256 of the browser key in the cookie. */
  browser: string;
  redirect?: string;
  tenantId?: string;
  /** The workspace address the flow started on, whose cookie the return cannot read; absent for PUBLIC_URL. */
  origin?: string;
}

/** What a one-time code from a provider's return stands for, until the SPA exchanges it. */
export interface PendingExchange {
  userId: string;
  /** The started flow's browser: only it may exchange the code. */
  browser: string;
  /** The address it may be exchanged on: the one the flow started on; absent for PUBLIC_URL. */
  origin?: string;
  /** A workspace's single sign-on made it (`workspace-sso.ts`): the session says so. */
  ssoTenantId?: string;
}

function issuerOf(ctx: Pick<ServiceContext, 'config'>, key: SignInProviderKey): string {
  return ctx.config.oauthIssuers[key] ?? ISSUERS[key];
}

/** Discovered configurations, per issuer and credentials, for an hour: discovery is a round trip to the provider. */
const discovered = new Map<string, { config: Promise<oidc.Configuration>; until: number }>();
const DISCOVERY_MS = 3_600_000;

/**
 * The configuration discovered for these issuer and credentials within the hour, else `discover`'s (a
 * failure is not kept). `kind` names how it was fetched: a workspace's, through the outbound guard, is
 * never answered with a platform provider's, nor one fetched under another guard policy.
 */
export function cachedDiscovery(
  kind: string,
  issuer: string,
  clientId: string,
  clientSecret: string,
  discover: () => Promise<oidc.Configuration>,
): Promise<oidc.Configuration> {
  const cacheKey = sha256(JSON.stringify([kind, issuer, clientId, clientSecret]));
  const now = performance.now();
  const cached = discovered.get(cacheKey);
  if (cached && cached.until > now) return cached.config;
  const config = discover();
  discovered.set(cacheKey, { config, until: now + DISCOVERY_MS });
  config.catch(() => discovered.delete(cacheKey));
  return config;
}

async function configurationOf(ctx: Ctx, key: SignInProviderKey): Promise<oidc.Configuration | null> {
  const issuer = issuerOf(ctx, key);
  const credentials = await signInProviderCredentials(ctx, key);
  if (!credentials) return null;
  if (key === 'github') {
    const base = issuer.replace(/\/+$/, '');
    const config = new oidc.Configuration(
      {
        issuer: base,
        authorization_endpoint: `${base}/login/oauth/authorize`,
        token_endpoint: `${base}/login/oauth/access_token`,
      },
      credentials.clientId,
      credentials.clientSecret,
    );
    if (base.startsWith('http:')) oidc.allowInsecureRequests(config);
    return config;
  }
  return cachedDiscovery('platform', issuer, credentials.clientId, credentials.clientSecret, () => {
    const url = new URL(issuer);
    // Only an issuer given in OAUTH_ISSUER_* or OAUTH_BASE_* can be plain http (the tests' local one).
    const options = url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
    return oidc.discovery(url, credentials.clientId, credentials.clientSecret, undefined, options);
  });
}

/** Where a started sign-in waits for its return, under its state's hash (a workspace's SSO keeps its own there too). */
export const flowKey = (ctx: Pick<ServiceContext, 'config'>, state: string) =>
  `${ctx.config.redisPrefix}:oauth:flow:${sha256(state)}`;
const codeKey = (ctx: Pick<ServiceContext, 'config'>, code: string) =>
  `${ctx.config.redisPrefix}:oauth:code:${sha256(code)}`;

/** Where the provider sends the browser back: one fixed address per provider, under PUBLIC_URL. */
export function providerCallbackUrl(ctx: Pick<ServiceContext, 'config'>, key: SignInProviderKey): URL {
  return new URL(`/api/auth/oauth/${key}/callback`, `${ctx.config.publicUrl}/`);
}

/** Where a sign-in page asks from: the request's host, and the workspace it names when the host is not one's. */
export interface SignInPage {
  host: string;
  tenantId?: string;
}

/**
 * The workspace a sign-in page is of, and for a workspace's own address that address: the host's
 * workspace wins, and a `tenant_id` naming another is refused.
 */
export async function workspaceOfPage(
  ctx: ServiceContext,
  page: SignInPage,
): Promise<{ tenantId?: string; origin?: string }> {
  const site = await tenantSiteOf(ctx, page.host);
  if (!site) return { tenantId: page.tenantId };
  if (page.tenantId && page.tenantId !== site.tenantId) throw badRequest(SIGN_IN_PROVIDER_MESSAGES.otherWorkspace);
  return { tenantId: site.tenantId, origin: await siteOriginOf(ctx, page.host) };
}

/** Whether the workspace hid the provider buttons from its sign-in page (one that is not there hides nothing). */
async function hidesProviders(ctx: ServiceContext, tenantId: string | undefined): Promise<boolean> {
  if (!tenantId) return false;
  return (await findTenant(ctx, tenantId, ctx.transaction))?.provider_buttons === false;
}

/**
 * GET /api/auth/providers: those switched on, with their credentials, that this release can sign in
 * with; none for a workspace's sign-in page where the workspace hid them.
 */
export async function enabledSignInProviders(ctx: ServiceContext, page: SignInPage): Promise<SignInProviderRow[]> {
  const { tenantId } = await workspaceOfPage(ctx, page);
  if (await hidesProviders(ctx, tenantId)) return [];
  const rows: SignInProviderRow[] = [];
  for (const key of SIGN_IN_PROVIDER_KEYS)
    if (await signInProviderCredentials(ctx, key)) rows.push({ key, name: SIGN_IN_PROVIDER_NAMES[key] });
  return rows;
}

/**
 * GET /api/auth/oauth/{key}/start: the provider's authorization address, and the browser key the
 * caller sets as the flow cookie. A provider that is off (or not built), or hidden by the page's
 * workspace, is 404. On a workspace's own address the flow is that workspace's and returns there.
 */
export async function startProviderSignIn(
  ctx: ServiceContext,
  input: SignInPage & { provider: SignInProviderKey; redirect?: string },
): Promise<{ url: URL; browserKey: string }> {
  const { tenantId, origin } = await workspaceOfPage(ctx, input);
  if (await hidesProviders(ctx, tenantId)) throw notFound(SIGN_IN_PROVIDER_MESSAGES.unknownProvider);
  const config = await configurationOf(ctx, input.provider).catch((error: unknown) => {
    ctx.logger.warn({ err: error, provider: input.provider }, 'sign-in provider discovery failed');
    throw notFound(SIGN_IN_PROVIDER_MESSAGES.unknownProvider);
  });
  if (!config) throw notFound(SIGN_IN_PROVIDER_MESSAGES.unknownProvider);
  const state = oidc.randomState();
  const nonce = input.provider === 'github' ? undefined : oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browserKey = randomToken();
  const flow: PendingFlow = {
    provider: input.provider,
    nonce,
    verifier,
    browser: sha256(browserKey),
    redirect: input.redirect,
    tenantId,
    origin,
  };
  await ctx.redis.set(flowKey(ctx, state), JSON.stringify(flow), 'EX', FLOW_SECONDS);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: providerCallbackUrl(ctx, input.provider).href,
    scope: nonce ? 'openid email profile' : 'read:user user:email',
    state,
    ...(nonce ? { nonce } : {}),
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  });
  return { url, browserKey };
}

export type ProviderReturn = { redirect?: string; tenantId?: string; origin?: string } & (
  { outcome: 'signed_in'; code: string } | { outcome: 'refused'; error: SignInProviderError }
);

interface ProviderClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** An address as the provider gave it, when it is one that fits an account's. */
export function emailOf(value: unknown): string | null {
  return typeof value === 'string' && value.includes('@') && value.length <= 320 ? value : null;
}

/**
 * Whether the provider vouches for the address: `email_verified`, or for Microsoft the
 * `xms_edov` claim (the address's domain is verified by its Entra tenant).
 */
function claimsOf(provider: SignInProviderKey, claims: oidc.IDToken): ProviderClaims {
  const email = emailOf(claims.email);
  const verified = claims.email_verified === true || (provider === 'microsoft' && claims.xms_edov === true);
  return { subject: claims.sub, email, emailVerified: Boolean(email) && verified };
}

/** GitHub's account, and its primary email with whether GitHub verified it (`GET /user`, `GET /user/emails`). */
async function githubClaims(ctx: Ctx, config: oidc.Configuration, accessToken: string): Promise<ProviderClaims> {
  const read = async (path: string): Promise<unknown> => {
    const res = await oidc.fetchProtectedResource(
      config,
      accessToken,
      new URL(`${githubApi(ctx)}${path}`),
      'GET',
      undefined,
      new Headers({ accept: 'application/vnd.github+json', 'user-agent': 'Portico' }),
    );
    if (!res.ok) throw new Error(`GitHub answered ${res.status} to ${path}.`);
    return res.json();
  };
  const user = (await read('/user')) as { id?: unknown };
  const emails = (await read('/user/emails')) as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>;
  if (typeof user.id !== 'number' || !Array.isArray(emails)) throw new Error('GitHub’s answer is not a user.');
  const primary = emails.find((row) => row.primary === true && typeof row.email === 'string');
  const email = emailOf(primary?.email);
  return { subject: String(user.id), email, emailVerified: Boolean(email) && primary?.verified === true };
}

/**
 * GET /api/auth/oauth/{key}/callback: checks the return against the flow this browser started (one
 * started on a workspace's address is checked by its exchange there instead), exchanges the code
 * (PKCE verifier) and validates the ID token (nonce), then signs in the linked person or links the
 * account of the verified address. Refusals link nothing.
 */
export async function finishProviderSignIn(
  ctx: Ctx,
  input: { provider: SignInProviderKey; currentUrl: URL; browserKey: string | undefined; ip: string | null },
): Promise<ProviderReturn> {
  const state = input.currentUrl.searchParams.get('state');
  const stored = state ? await ctx.redis.getdel(flowKey(ctx, state)) : null;
  const flow = stored ? (JSON.parse(stored) as PendingFlow) : null;
  // The cookie of a flow started on a workspace's address is that address's: its exchange checks it.
  const sameBrowser = flow?.origin !== undefined || (input.browserKey && sha256(input.browserKey) === flow?.browser);
  if (!flow || !state || flow.provider !== input.provider || !sameBrowser)
    return { outcome: 'refused', error: 'oauth_state' };
  const back = { redirect: flow.redirect, tenantId: flow.tenantId, origin: flow.origin };
  if (input.currentUrl.searchParams.has('error')) return { ...back, outcome: 'refused', error: 'oauth_refused' };
  const config = await configurationOf(ctx, input.provider).catch(() => null);
  if (!config) return { ...back, outcome: 'refused', error: 'oauth_unavailable' };
  let claims: ProviderClaims;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, input.currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: Boolean(flow.nonce),
    });
    claims = flow.nonce
      ? claimsOf(input.provider, tokens.claims()!)
      : await githubClaims(ctx, config, tokens.access_token);
  } catch (error) {
    ctx.logger.warn({ err: error, provider: input.provider }, 'a provider sign-in was refused');
    return { ...back, outcome: 'refused', error: 'oauth_failed' };
  }
  // Subjects are short (Google's 21 digits, Entra ID's and Slack's ids, GitHub's number): a longer one is refused.
  if (claims.subject.length > 255) return { ...back, outcome: 'refused', error: 'oauth_failed' };
  const userId = await signInWithIdentity(ctx, input.provider, claims, input.ip);
  if (typeof userId !== 'string') return { ...back, outcome: 'refused', error: userId.refused };
  const code = await issueSignInCode(ctx, { userId, browser: flow.browser, origin: flow.origin });
  return { ...back, outcome: 'signed_in', code };
}

/** The one-time code a return sends the SPA, standing for `exchange` for EXCHANGE_CODE_SECONDS. */
export async function issueSignInCode(ctx: Pick<ServiceContext, 'config' | 'redis'>, exchange: PendingExchange) {
  const code = randomToken();
  await ctx.redis.set(codeKey(ctx, code), JSON.stringify(exchange), 'EX', EXCHANGE_CODE_SECONDS);
  return code;
}

/** The person the identity signs in, linking it first when its verified email names an account. */
async function signInWithIdentity(
  ctx: Ctx,
  provider: SignInProviderKey,
  claims: ProviderClaims,
  ip: string | null,
): Promise<string | { refused: SignInProviderError }> {
  return inTransaction(ctx, async (transaction) => {
    const tx = { ...ctx, transaction };
    const seen = { email: claims.email, emailVerified: claims.emailVerified, at: ctx.clock.now() };
    let identity = await findIdentity(tx, provider, claims.subject);
    if (!identity) {
      if (!claims.email || !claims.emailVerified) return { refused: 'oauth_unverified_email' as const };
      const user = await findUserByEmail(ctx, claims.email.toLowerCase(), transaction);
      if (!user) return { refused: 'oauth_no_account' as const };
      await insertIdentity(tx, { userId: user.id, provider, subject: claims.subject, ...seen });
      // Linked meanwhile by another return of the same account: that link stands.
      identity = (await findIdentity(tx, provider, claims.subject))!;
      if (identity.user_id === user.id)
        await audit(
          ctx,
          { actor: { userId: user.id, ip } },
          { action: 'auth.identity_linked', entity: { type: 'user', id: user.id }, details: { provider } },
          transaction,
        );
    } else await touchIdentity(tx, identity.id, seen);
    await audit(
      ctx,
      { actor: { userId: identity.user_id, ip } },
      { action: 'auth.provider_sign_in', entity: { type: 'user', id: identity.user_id }, details: { provider } },
      transaction,
    );
    return identity.user_id;
  });
}

/**
 * POST /api/auth/oauth/exchange: the person a one-time code from a provider's return signs in, in
 * the browser that started (its flow cookie) and on the address it started on, so a code cannot be
 * planted in another's; used up.
 * With the workspace whose single sign-on it was, when one was.
 */
export async function exchangeProviderSignInCode(
  ctx: ServiceContext,
  input: { code: string; browserKey: string | undefined; host: string },
): Promise<{ user: User; ssoTenantId: string | null }> {
  const stored = await ctx.redis.getdel(codeKey(ctx, input.code));
  const exchange = stored ? (JSON.parse(stored) as PendingExchange) : null;
  const sameBrowser =
    exchange &&
    input.browserKey &&
    sha256(input.browserKey) === exchange.browser &&
    (exchange.origin ?? ctx.config.publicUrl) === (await siteOriginOf(ctx, input.host));
  const user = sameBrowser ? await findUser(ctx, exchange.userId, ctx.transaction) : null;
  if (!user) throw unauthorized(SIGN_IN_PROVIDER_MESSAGES.invalidCode, 'invalid_sign_in_code');
  return { user, ssoTenantId: exchange?.ssoTenantId ?? null };
}
