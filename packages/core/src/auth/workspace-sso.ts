import {
  ssoRequiredMessage,
  WORKSPACE_SSO_MESSAGES,
  type SignInProviderError,
  type WorkspaceSsoConfig,
  type WorkspaceSsoError,
  type WorkspaceSsoInput,
} from '@portico/common';
import * as oidc from 'openid-client';
import { audit } from '../kernel/audit';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../kernel/crypto';
import { badRequest, forbidden, notFound, type DomainError } from '../kernel/errors';
import { OutboundError, safeFetch, type OutboundPolicy } from '../kernel/outbound';
import { planOf } from '../plans';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { invalidateSessions } from './session-cache';
import {
  cachedDiscovery,
  emailOf,
  FLOW_SECONDS,
  flowKey,
  issueSignInCode,
  workspaceOfPage,
  type SignInPage,
} from './sign-in-providers';
import type { Actor, ActorMembership } from './users';
import {
  deleteTenantSso,
  deleteTenantSsoIdentities,
  findAccountForSso,
  findTenantSso,
  findTenantSsoIdentity,
  insertTenantSsoIdentity,
  isTenantMember,
  touchTenantSsoIdentity,
  upsertTenantSso,
  type TenantSsoRow,
} from './workspace-sso-data';

/*
 * A workspace's own single sign-on (issue 31, Advanced plan): an OpenID Connect provider its admins
 * configure (issuer, client id, secret), found by discovery. Every call to it goes through the
 * outbound guard (`kernel/outbound.ts`): the issuer is a tenant's address, so it must be public and
 * https (http only while OUTBOUND_ALLOW_PRIVATE, the tests' local issuer).
 *
 * Its sign-in is the platform providers' flow (`sign-in-providers.ts`): code with PKCE, state and
 * nonce, kept in Redis and bound to the browser's cookie, ending with the same one-time code and
 * exchange — which remembers that this workspace's SSO made the session. An account at the
 * provider signs in the person it was linked to, while they are a member; the first time it is
 * linked to the account of its email only when the provider says that email is verified and that
 * account is a member of this workspace. It never creates accounts or memberships.
 *
 * Required for the team: an admin or team member (not a client or guest, not the owner — their
 * password is the way back in when the provider is broken) acts in the workspace only in a session
 * its SSO made (`teamSsoRefusal`, asked by the workspace guard).
 */

type Ctx = Pick<ServiceContext, 'sequelize' | 'config' | 'redis' | 'clock' | 'logger' | 'transaction' | 'db'>;

/** Whether the workspace's plan includes its own single sign-on. */
export function hasWorkspaceSsoPlan(tenant: { tier: string }): boolean {
  return planOf(tenant.tier).key === 'advanced';
}

/** Refuses (403, code `plan_required`) a workspace whose plan has no single sign-on. */
export function assertWorkspaceSsoPlan(tenant: { tier: string }): void {
  if (!hasWorkspaceSsoPlan(tenant)) throw forbidden(WORKSPACE_SSO_MESSAGES.plan, 'plan_required');
}

/** Where every workspace's provider sends the browser back: one fixed address under PUBLIC_URL. */
export function workspaceSsoCallbackUrl(ctx: Pick<ServiceContext, 'config'>): URL {
  return new URL('/api/auth/sso/callback', `${ctx.config.publicUrl}/`);
}

/** fetch for openid-client, through the outbound guard: every hop public (or allowed), no redirects, capped. */
function guardedFetch(policy: OutboundPolicy): oidc.CustomFetch {
  return async (url, options) => {
    const method = options.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new Error(`The identity provider was asked ${method}.`);
    const body = options.body;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof URLSearchParams))
      throw new Error('A request body of this kind is not sent to an identity provider.');
    const res = await safeFetch(
      url,
      {
        method,
        headers: options.headers,
        body: body === undefined || body === null ? undefined : String(body),
        maxRedirects: 0,
        httpsOnly: !policy.outboundAllowPrivate,
      },
      policy,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
    const empty = res.status === 204 || res.status === 304;
    return new Response(empty ? null : new Uint8Array(res.body), { status: res.status, headers });
  };
}

/** Discovery of the issuer with these credentials, every call through the outbound guard. */
function discover(
  ctx: Pick<ServiceContext, 'config'>,
  sso: Pick<TenantSsoRow, 'issuer' | 'client_id'>,
  secret: string,
) {
  const kind = `workspace:${ctx.config.outboundAllowPrivate ? 'private-allowed' : 'guarded'}`;
  return cachedDiscovery(kind, sso.issuer, sso.client_id, secret, () => {
    const url = new URL(sso.issuer);
    const execute = url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    return oidc.discovery(url, sso.client_id, secret, undefined, {
      [oidc.customFetch]: guardedFetch(ctx.config),
      execute,
    });
  });
}

/** The sentence for a discovery that failed: the guard's reason when it refused the address (openid-client wraps it as a cause). */
function discoveryFailure(error: unknown): DomainError {
  let cause = error;
  while (cause instanceof Error && !(cause instanceof OutboundError)) cause = cause.cause;
  const reason = cause instanceof OutboundError ? cause.message : 'Its discovery document was missing or not valid.';
  return badRequest(`${WORKSPACE_SSO_MESSAGES.discovery} ${reason}`, 'sso_discovery_failed');
}

function present(row: TenantSsoRow): WorkspaceSsoConfig {
  return {
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret: `••••${row.client_secret_last4}`,
    required_for_team: row.required_for_team,
    enabled: row.enabled,
  };
}

/** GET /api/workspace/sso: the workspace's single sign-on, its secret masked; null when it has none. */
export async function getWorkspaceSso(ctx: Ctx, scope: TenantScope): Promise<WorkspaceSsoConfig | null> {
  const row = await findTenantSso(ctx, scope.tenantId);
  return row && present(row);
}

/**
 * PUT /api/workspace/sso: checks the issuer by running its discovery (through the outbound guard)
 * and saves the provider, the secret encrypted; a secret left out keeps the saved one. A new issuer
 * forgets the accounts linked at the old one. Sessions are built again (the guard reads whether SSO
 * is required). Audited `workspace.sso_updated`, without the secret.
 */
export async function saveWorkspaceSso(
  ctx: Ctx,
  scope: TenantScope,
  input: WorkspaceSsoInput,
): Promise<WorkspaceSsoConfig> {
  const saved = await findTenantSso(ctx, scope.tenantId);
  const secret = input.client_secret ?? (saved && decryptSecret(saved.client_secret_encrypted, ctx.config.secretsKey));
  if (!secret) throw badRequest(WORKSPACE_SSO_MESSAGES.secretRequired);
  // As the provider names itself: discovery checks its document's `issuer` is exactly this.
  const issuer = input.issuer;
  try {
    await discover(ctx, { issuer, client_id: input.client_id }, secret);
  } catch (error) {
    ctx.logger.info({ err: error, tenantId: scope.tenantId }, 'a workspace SSO issuer failed discovery');
    throw discoveryFailure(error);
  }
  return inTransaction(ctx, async (transaction) => {
    const tx = { ...ctx, transaction };
    if (saved && saved.issuer !== issuer) await deleteTenantSsoIdentities(tx, scope.tenantId);
    await upsertTenantSso(
      tx,
      scope.tenantId,
      {
        issuer,
        client_id: input.client_id,
        client_secret_encrypted: encryptSecret(secret, ctx.config.secretsKey),
        client_secret_last4: secret.slice(-4),
        enabled: input.enabled,
        required_for_team: input.required_for_team,
      },
      ctx.clock.now(),
    );
    await audit(
      ctx,
      scope,
      {
        action: 'workspace.sso_updated',
        entity: { type: 'tenant', id: scope.tenantId },
        details: {
          issuer,
          client_id: input.client_id,
          enabled: input.enabled,
          required_for_team: input.required_for_team,
        },
      },
      transaction,
    );
    await invalidateSessions(ctx.sequelize, { everything: true }, transaction);
    return present((await findTenantSso(tx, scope.tenantId))!);
  });
}

/** DELETE /api/workspace/sso: the provider and its linked accounts go; audited `workspace.sso_removed`. */
export async function removeWorkspaceSso(ctx: Ctx, scope: TenantScope): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const tx = { ...ctx, transaction };
    if ((await deleteTenantSso(tx, scope.tenantId)) === 0) throw notFound(WORKSPACE_SSO_MESSAGES.notConfigured);
    await audit(
      ctx,
      scope,
      { action: 'workspace.sso_removed', entity: { type: 'tenant', id: scope.tenantId } },
      transaction,
    );
    await invalidateSessions(ctx.sequelize, { everything: true }, transaction);
  });
}

/** The workspace's single sign-on when a sign-in page may offer it: on, on the Advanced plan, the workspace active. */
async function liveSso(ctx: Ctx, tenantId: string): Promise<TenantSsoRow | null> {
  const row = await findTenantSso(ctx, tenantId);
  const live = row?.enabled && row.tenant_status === 'active' && hasWorkspaceSsoPlan({ tier: row.tenant_tier });
  return live ? row : null;
}

/**
 * GET /api/auth/sso/{tenant_id}/button: what the sign-in page's button says and where it goes, when
 * the workspace offers its SSO: the start on the page's own address, where the sign-in ends.
 */
export async function workspaceSsoButton(
  ctx: Ctx,
  tenantId: string,
): Promise<{ tenant_id: string; name: string; start_url: string } | null> {
  const row = await liveSso(ctx, tenantId);
  return row && { tenant_id: row.tenant_id, name: row.tenant_name, start_url: `/api/auth/sso/${tenantId}/start` };
}

/**
 * The 403 a team member gets in a workspace that requires its single sign-on, when this session
 * came another way; null when they may act. Clients and guests, the owner, super admins and
 * impersonation sessions are never refused by it.
 */
export function teamSsoRefusal(actor: Actor, membership: ActorMembership | undefined): DomainError | null {
  if (!membership?.ssoRequired || actor.isSuperAdmin || actor.impersonation) return null;
  if (membership.role === 'owner' || (membership.role_kind !== 'admin' && membership.role_kind !== 'team')) return null;
  if (!hasWorkspaceSsoPlan(membership.tenant) || actor.ssoTenantId === membership.tenant_id) return null;
  return forbidden(ssoRequiredMessage(membership.tenant_name), 'sso_required');
}

interface SsoFlow {
  provider: 'sso';
  tenantId: string;
  nonce: string;
  verifier: string;
  /** sha256 of the browser key in the cookie. */
  browser: string;
  redirect?: string;
  /** The workspace's own address it started on, where it ends; absent for PUBLIC_URL. */
  origin?: string;
}

/**
 * GET /api/auth/sso/{tenant_id}/start: the workspace provider's authorization address and the
 * browser key for the flow cookie. A workspace without SSO switched on (or off its plan) is 404.
 * Opened on the workspace's own address, the flow returns there, as a platform provider's does.
 */
export async function startWorkspaceSsoSignIn(
  ctx: ServiceContext,
  input: SignInPage & { tenantId: string; redirect?: string },
): Promise<{ url: URL; browserKey: string; origin?: string }> {
  const { origin } = await workspaceOfPage(ctx, input);
  const row = await liveSso(ctx, input.tenantId);
  const config =
    row &&
    (await discover(ctx, row, decryptSecret(row.client_secret_encrypted, ctx.config.secretsKey)).catch(
      (error: unknown) => {
        ctx.logger.warn({ err: error, tenantId: input.tenantId }, 'workspace SSO discovery failed');
        return null;
      },
    ));
  if (!config) throw notFound(WORKSPACE_SSO_MESSAGES.notConfigured);
  const state = oidc.randomState();
  const browserKey = randomToken();
  const flow: SsoFlow = {
    provider: 'sso',
    tenantId: input.tenantId,
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    browser: sha256(browserKey),
    redirect: input.redirect,
    origin,
  };
  await ctx.redis.set(flowKey(ctx, state), JSON.stringify(flow), 'EX', FLOW_SECONDS);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: workspaceSsoCallbackUrl(ctx).href,
    scope: 'openid email profile',
    state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url, browserKey, origin };
}

export type WorkspaceSsoReturn = { redirect?: string; tenantId?: string; origin?: string } & (
  { outcome: 'signed_in'; code: string } | { outcome: 'refused'; error: SignInProviderError | WorkspaceSsoError }
);

/**
 * GET /api/auth/sso/callback: checks the return against the flow this browser started, exchanges
 * the code (PKCE verifier) and validates the ID token (issuer, audience, signature, nonce), then
 * signs in the linked member or links the member of the verified address. Refusals link nothing.
 */
export async function finishWorkspaceSsoSignIn(
  ctx: Ctx,
  input: { currentUrl: URL; browserKey: string | undefined; ip: string | null },
): Promise<WorkspaceSsoReturn> {
  const state = input.currentUrl.searchParams.get('state');
  const stored = state ? await ctx.redis.getdel(flowKey(ctx, state)) : null;
  const flow = stored ? (JSON.parse(stored) as SsoFlow) : null;
  // A flow of a workspace's address has its cookie there: that address's exchange checks it.
  const sameBrowser = flow?.origin !== undefined || (input.browserKey && sha256(input.browserKey) === flow?.browser);
  if (!flow || !state || flow.provider !== 'sso' || !sameBrowser) return { outcome: 'refused', error: 'oauth_state' };
  const back = { redirect: flow.redirect, tenantId: flow.tenantId, origin: flow.origin };
  if (input.currentUrl.searchParams.has('error')) return { ...back, outcome: 'refused', error: 'oauth_refused' };
  const row = await liveSso(ctx, flow.tenantId);
  const config =
    row &&
    (await discover(ctx, row, decryptSecret(row.client_secret_encrypted, ctx.config.secretsKey)).catch(() => null));
  if (!config) return { ...back, outcome: 'refused', error: 'sso_unavailable' };
  let claims: oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, input.currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
  } catch (error) {
    ctx.logger.warn({ err: error, tenantId: flow.tenantId }, 'a workspace SSO sign-in was refused');
    return { ...back, outcome: 'refused', error: 'oauth_failed' };
  }
  if (claims.sub.length > 255) return { ...back, outcome: 'refused', error: 'oauth_failed' };
  const email = emailOf(claims.email);
  const verified = Boolean(email) && claims.email_verified === true;
  const userId = await signInWithSso(ctx, flow.tenantId, { subject: claims.sub, email, verified }, input.ip);
  if (typeof userId !== 'string') return { ...back, outcome: 'refused', error: userId.refused };
  const code = await issueSignInCode(ctx, {
    userId,
    browser: flow.browser,
    origin: flow.origin,
    ssoTenantId: flow.tenantId,
  });
  return { ...back, outcome: 'signed_in', code };
}

/** The member the workspace's provider account signs in, linking it first when its verified email is a member's. */
async function signInWithSso(
  ctx: Ctx,
  tenantId: string,
  claims: { subject: string; email: string | null; verified: boolean },
  ip: string | null,
): Promise<string | { refused: SignInProviderError | WorkspaceSsoError }> {
  return inTransaction(ctx, async (transaction) => {
    const tx = { ...ctx, transaction };
    const now = ctx.clock.now();
    let userId = await findTenantSsoIdentity(tx, tenantId, claims.subject);
    if (userId) {
      if (!(await isTenantMember(tx, tenantId, userId))) return { refused: 'sso_not_member' as const };
      await touchTenantSsoIdentity(tx, tenantId, claims.subject, { email: claims.email, at: now });
    } else {
      if (!claims.email || !claims.verified) return { refused: 'oauth_unverified_email' as const };
      const account = await findAccountForSso(tx, tenantId, claims.email.toLowerCase());
      if (!account) return { refused: 'oauth_no_account' as const };
      if (!account.member) return { refused: 'sso_not_member' as const };
      await insertTenantSsoIdentity(tx, tenantId, {
        subject: claims.subject,
        userId: account.user_id,
        email: claims.email,
        at: now,
      });
      // Linked meanwhile by another return of the same account: that link stands.
      userId = (await findTenantSsoIdentity(tx, tenantId, claims.subject))!;
      if (userId === account.user_id)
        await audit(
          ctx,
          { actor: { userId, ip }, tenantId },
          {
            action: 'auth.identity_linked',
            entity: { type: 'user', id: userId },
            details: { provider: 'sso', tenant_id: tenantId },
          },
          transaction,
        );
    }
    await audit(
      ctx,
      { actor: { userId, ip }, tenantId },
      {
        action: 'auth.provider_sign_in',
        entity: { type: 'user', id: userId },
        details: { provider: 'sso', tenant_id: tenantId },
      },
      transaction,
    );
    return userId;
  });
}
