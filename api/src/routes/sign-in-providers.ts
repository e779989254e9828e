import {
  IDENTITY_MESSAGES,
  identitiesAnswer,
  SIGN_IN_PROVIDER_NAMES,
  signInAnswer,
  signInProviderCallbackQuery,
  signInProviderExchangeBody,
  signInProviderParams,
  signInProvidersAnswer,
  signInProvidersQuery,
  signInProviderStartQuery,
} from '@portico/common';
import {
  enabledSignInProviders,
  EXCHANGE_CODE_SECONDS,
  exchangeProviderSignInCode,
  finishProviderSignIn,
  FLOW_SECONDS,
  listOwnIdentities,
  unlinkOwnIdentity,
  type OwnIdentityRow,
  PROVIDER_FLOW_COOKIE,
  PROVIDER_FLOW_COOKIE_PATH,
  providerCallbackUrl,
  startProviderSignIn,
  type AppContext,
  type ProviderReturn,
  type WorkspaceSsoReturn,
} from '@portico/core';
import type { Response } from 'express';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { authorizeIdentityChange } from '../policies';
import { cookieOf } from '../http/cookies';
import { signInAnswerFor } from '../sign-in-answer';
import { pathId } from './schemas';

const TAG = {
  name: 'Sign-in providers',
  description:
    'Signing in with Google, Microsoft or Slack (OpenID Connect: authorization code with PKCE, state and nonce) or GitHub (OAuth 2.0: PKCE and state), switched on in Super Settings → Auth.',
};

/** The SPA's sign-in page, where every provider sign-in ends. */
const SIGN_IN_PAGE = '/login';

/** The flow cookie: HttpOnly, sent back on the provider's top-level return (Lax), only to these routes (or `path`'s). */
export function flowCookie(
  ctx: AppContext,
  value: string,
  maxAgeSeconds: number,
  path = PROVIDER_FLOW_COOKIE_PATH,
): string {
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${PROVIDER_FLOW_COOKIE}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * The sign-in page with the outcome, on the address the flow started on: the one-time code in the
 * fragment (never sent to a server, never logged), or `oauth_error`; the workspace and path to open
 * after, as the page takes them.
 */
export function signInPageUrl(ctx: AppContext, back: ProviderReturn | WorkspaceSsoReturn): string {
  const origin = 'origin' in back ? back.origin : undefined;
  const url = new URL(SIGN_IN_PAGE, `${origin ?? ctx.config.publicUrl}/`);
  if (back.tenantId) url.searchParams.set('tenant_id', back.tenantId);
  if (back.redirect) url.searchParams.set('redirect', back.redirect);
  if (back.outcome === 'refused') url.searchParams.set('oauth_error', back.error);
  else url.hash = new URLSearchParams({ oauth_code: back.code }).toString();
  return url.href;
}

export function redirectTo(res: Response, location: string): void {
  res.status(302).setHeader('location', location);
  res.setHeader('cache-control', 'no-store');
}

export const signInProviderRoutes = defineRoutes('public', TAG, (route) => [
  route({
    method: 'get',
    path: '/auth/providers',
    operationId: 'listSignInProviders',
    summary: 'The sign-in providers a sign-in page offers',
    description:
      'Those switched on in Super Settings → Auth with a client ID and secret; none on the sign-in page of a workspace that hid them (Settings → Sign-in, `provider_buttons`). The page’s workspace is the host’s (its subdomain or a verified custom domain), else `tenant_id`.',
    query: signInProvidersQuery,
    responses: { 200: { description: 'The providers, in button order.', schema: signInProvidersAnswer } },
    refusals: { 400: 'tenant_id is not a workspace id, or not the workspace of the host’s sign-in page.' },
    handle: async ({ ctx, req, query }) => ({
      providers: await enabledSignInProviders(ctx, { host: req.get('host') ?? '', tenantId: query.tenant_id }),
    }),
  }),
  route({
    method: 'get',
    path: '/auth/oauth/:key/start',
    operationId: 'startProviderSignIn',
    summary: 'Go to the provider to sign in',
    description:
      'Redirects the browser to the provider’s authorization page (code flow, PKCE S256, `state`, and `nonce` but for GitHub) and sets an HttpOnly cookie binding the sign-in to this browser for 10 minutes, on the address it is opened on. The provider returns to `PUBLIC_URL`’s callback. Opened on a workspace’s own address (its subdomain or a verified custom domain, known from the Host, never from a parameter), the sign-in is that workspace’s and ends on that address’s sign-in page, whose exchange checks the cookie. `redirect` (a path of this site) and `tenant_id` come back to the sign-in page after.',
    params: signInProviderParams,
    query: signInProviderStartQuery,
    responses: { 302: { description: 'To the provider; `Location` is its authorization address.' } },
    refusals: {
      400: 'redirect is not a path of this site, or tenant_id not a workspace id or not the workspace whose address this is.',
      404: 'There is no such sign-in provider, it is turned off, or the workspace hid the providers from its sign-in page.',
    },
    handle: async ({ ctx, req, res, params, query }) => {
      const { url, browserKey } = await startProviderSignIn(ctx, {
        provider: params.key,
        redirect: query.redirect,
        tenantId: query.tenant_id,
        host: req.get('host') ?? '',
      });
      res.setHeader('set-cookie', flowCookie(ctx, browserKey, FLOW_SECONDS));
      redirectTo(res, url.href);
    },
  }),
  route({
    method: 'get',
    path: '/auth/oauth/:key/callback',
    operationId: 'finishProviderSignIn',
    summary: 'The provider’s return',
    description:
      'Where the provider sends the browser back. It must carry the `state` this browser’s start made (its cookie, kept 60 s more for the exchange when the sign-in succeeds; a sign-in started on a workspace’s own address left its cookie there, so that address’s exchange checks it instead); the code is exchanged with the PKCE verifier and the ID token validated with the nonce (GitHub: the account and its primary email read from its API). The identity signs into the account it is linked to, or is linked to the account of its email when the provider says that email is verified (audited `auth.identity_linked`); it never creates an account or a membership. Each sign-in is audited `auth.provider_sign_in`. Redirects to `/login#oauth_code=<code>` on the address the sign-in started on — a one-time code valid 60 s for `POST /auth/oauth/exchange` there, never a token — or to `/login?oauth_error=<reason>` (`oauth_refused`, `oauth_state`, `oauth_failed`, `oauth_unverified_email`, `oauth_no_account`, `oauth_unavailable`; the sentences are `SIGN_IN_PROVIDER_ERRORS` in `@portico/common`), keeping `tenant_id` and `redirect`.',
    params: signInProviderParams,
    query: signInProviderCallbackQuery,
    responses: { 302: { description: 'To the sign-in page, with the one-time code or the reason.' } },
    refusals: { 404: 'There is no such sign-in provider.' },
    handle: async ({ ctx, req, res, params }) => {
      const currentUrl = providerCallbackUrl(ctx, params.key);
      currentUrl.search = new URL(req.originalUrl, currentUrl).search;
      const back = await finishProviderSignIn(ctx, {
        provider: params.key,
        currentUrl,
        browserKey: cookieOf(req, PROVIDER_FLOW_COOKIE),
        ip: req.ip ?? null,
      });
      // App Health's sign-in rate counts a refused provider sign-in as a failed one.
      if (back.outcome === 'refused') ctx.metrics.authAttempts.inc({ outcome: 'failure' });
      // The cookie stays for the exchange of the code, which must come from this browser. A flow of a
      // workspace's address has its cookie there: this address's, maybe another sign-in's, is left alone.
      const browserKey = cookieOf(req, PROVIDER_FLOW_COOKIE);
      if (!back.origin)
        res.setHeader(
          'set-cookie',
          back.outcome === 'signed_in' && browserKey
            ? flowCookie(ctx, browserKey, EXCHANGE_CODE_SECONDS)
            : flowCookie(ctx, '', 0),
        );
      redirectTo(res, signInPageUrl(ctx, back));
    },
  }),
  route({
    method: 'post',
    path: '/auth/oauth/exchange',
    operationId: 'exchangeProviderSignInCode',
    summary: 'Trade a provider sign-in’s one-time code for a session',
    description:
      'Answers what `POST /auth/login` answers: a session, or the two-factor challenge when the account has 2FA on or Super Settings require it. The code works once, within 60 s, and only from the browser that started the sign-in (its `portico_oauth` cookie, which this call clears) on the address it started on, so a code cannot be planted in someone else’s browser.',
    body: signInProviderExchangeBody,
    responses: { 200: { description: 'A new session, or the second step’s challenge.', schema: signInAnswer } },
    refusals: {
      401: 'This sign-in link has expired or was already used. Sign in again. (`invalid_sign_in_code`)',
    },
    handle: async ({ ctx, req, res, body }) => {
      const browserKey = cookieOf(req, PROVIDER_FLOW_COOKIE);
      res.setHeader('set-cookie', flowCookie(ctx, '', 0));
      const { user, ssoTenantId } = await exchangeProviderSignInCode(ctx, {
        code: body.code,
        browserKey,
        host: req.get('host') ?? '',
      });
      return signInAnswerFor(ctx, user, ssoTenantId);
    },
  }),
]);

function presentIdentity(row: OwnIdentityRow) {
  const provider = row.provider as keyof typeof SIGN_IN_PROVIDER_NAMES;
  return {
    id: row.id,
    provider,
    provider_name: SIGN_IN_PROVIDER_NAMES[provider],
    email: row.email,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  };
}

/** The signed-in person's own linked identities (account security). */
export const identityRoutes = defineRoutes('session', TAG, (route) => [
  route({
    method: 'get',
    path: '/auth/identities',
    operationId: 'listIdentities',
    summary: 'Your linked sign-in providers',
    description: 'The provider accounts that sign in to yours, oldest first; never their subject or tokens.',
    responses: { 200: { description: 'The linked identities.', schema: identitiesAnswer } },
    handle: async ({ ctx, session }) => ({
      identities: (await listOwnIdentities(ctx, session.actor.user.id)).map(presentIdentity),
    }),
  }),
  route({
    method: 'delete',
    path: '/auth/identities/:id',
    operationId: 'unlinkIdentity',
    summary: 'Unlink a sign-in provider',
    description:
      'The provider account no longer signs in to yours (audited `auth.identity_unlinked`). Refused when it is the last way in: no password and no other linked identity.',
    params: z.object({ id: pathId(IDENTITY_MESSAGES.notFound, 'The identity to unlink.') }),
    responses: { 204: { description: 'Unlinked.' } },
    refusals: {
      403: 'An impersonation session cannot change the person’s sign-in methods. (`impersonation_credentials`)',
      404: `${IDENTITY_MESSAGES.notFound} (also for an id that is not one)`,
      409: `${IDENTITY_MESSAGES.lastWayIn} (\`last_sign_in_method\`)`,
    },
    handle: async ({ ctx, req, session, params }) => {
      authorizeIdentityChange(session.actor);
      await unlinkOwnIdentity(ctx, { userId: session.actor.user.id, identityId: params.id, ip: req.ip ?? null });
    },
  }),
]);
