import {
  WORKSPACE_SSO_MESSAGES,
  workspaceSsoAnswer,
  workspaceSsoBody,
  workspaceSsoParams,
  workspaceSsoSiteAnswer,
  workspaceSsoStartQuery,
} from '@portico/common';
import {
  EXCHANGE_CODE_SECONDS,
  finishWorkspaceSsoSignIn,
  FLOW_SECONDS,
  getWorkspaceSso,
  PROVIDER_FLOW_COOKIE,
  PROVIDER_FLOW_COOKIE_PATH,
  removeWorkspaceSso,
  saveWorkspaceSso,
  startWorkspaceSsoSignIn,
  workspaceSsoButton,
  workspaceSsoCallbackUrl,
} from '@portico/core';
import { z } from 'zod';
import { cookieOf } from '../http/cookies';
import { defineRoutes } from '../http/route';
import { authorizeWorkspaceSso } from '../policies';
import { flowCookie, redirectTo, signInPageUrl } from './sign-in-providers';

const TAG = {
  name: 'Single sign-on',
  description:
    'A workspace’s own OpenID Connect provider (Advanced plan): its admins configure it, its sign-in page offers “Sign in with {workspace}”, and it can be required for the team.',
};

/** The flow cookie's path while the workspace's provider has the browser: only the routes below. */
const SSO_FLOW_COOKIE_PATH = '/api/auth/sso';

const SSO_ADMINS = {
  403: `Only workspace admins can change workspace settings; or ${WORKSPACE_SSO_MESSAGES.plan} (\`plan_required\`)`,
};

/** Settings → Single sign-on. */
export const workspaceSsoRoutes = defineRoutes('workspace', TAG, (route) => [
  route({
    method: 'get',
    path: '/workspace/sso',
    operationId: 'getWorkspaceSso',
    summary: 'Read the workspace’s single sign-on (secret masked)',
    responses: {
      200: { description: 'The provider, or null; and the address to register at it.', schema: workspaceSsoAnswer },
    },
    refusals: SSO_ADMINS,
    authorize: authorizeWorkspaceSso,
    handle: async ({ ctx, scope }) => ({
      sso: await getWorkspaceSso(ctx, scope),
      callback_url: workspaceSsoCallbackUrl(ctx).href,
    }),
  }),
  route({
    method: 'put',
    path: '/workspace/sso',
    operationId: 'saveWorkspaceSso',
    summary: 'Save the workspace’s single sign-on',
    description:
      'The issuer is checked by its OpenID Connect discovery, fetched through the outbound guard (a public https address). The secret is stored encrypted and never answered; leave it out to keep the saved one. A new issuer unlinks the accounts linked at the old one. `required_for_team`: admins and team members (not clients, not the owner) then act in the workspace only in a session its single sign-on made. Audited `workspace.sso_updated`.',
    body: workspaceSsoBody,
    responses: { 200: { description: 'Saved (secret masked).', schema: workspaceSsoAnswer } },
    refusals: {
      400: `A field is missing or not valid, or ${WORKSPACE_SSO_MESSAGES.discovery} (\`sso_discovery_failed\`, with the reason)`,
      ...SSO_ADMINS,
    },
    authorize: authorizeWorkspaceSso,
    handle: async ({ ctx, scope, body }) => ({
      sso: await saveWorkspaceSso(ctx, scope, body),
      callback_url: workspaceSsoCallbackUrl(ctx).href,
    }),
  }),
  route({
    method: 'delete',
    path: '/workspace/sso',
    operationId: 'removeWorkspaceSso',
    summary: 'Remove the workspace’s single sign-on',
    description: 'Its linked accounts go with it. Audited `workspace.sso_removed`.',
    responses: { 204: { description: 'Removed.' } },
    refusals: { ...SSO_ADMINS, 404: WORKSPACE_SSO_MESSAGES.notConfigured },
    authorize: authorizeWorkspaceSso,
    handle: async ({ ctx, scope }) => {
      await removeWorkspaceSso(ctx, scope);
    },
  }),
]);

/** Signing in with a workspace's single sign-on, from its sign-in page. */
export const workspaceSsoSignInRoutes = defineRoutes('public', TAG, (route) => [
  route({
    method: 'get',
    path: '/auth/sso/callback',
    operationId: 'finishWorkspaceSsoSignIn',
    summary: 'The workspace provider’s return',
    description:
      'The one address every workspace registers at its provider. Checked like a platform provider’s return (state, this browser’s cookie — or, for a sign-in started on the workspace’s own address, that address’s exchange checks it — PKCE, the ID token with its nonce). The provider account signs into the member it is linked to, or is linked to the member whose email the provider says is verified (audited `auth.identity_linked`); it never creates an account or a membership. Each sign-in is audited `auth.provider_sign_in` with `{provider: "sso", tenant_id}`. Redirects to `/login?tenant_id=…#oauth_code=<code>` on the address the sign-in started on for `POST /auth/oauth/exchange` (the cookie is moved there for 60 s), or to `/login?oauth_error=<reason>`: those of the platform providers, and `sso_not_member` or `sso_unavailable` (`WORKSPACE_SSO_ERRORS` in `@portico/common`).',
    query: z.looseObject({ state: z.string().optional(), code: z.string().optional(), error: z.string().optional() }),
    responses: { 302: { description: 'To the sign-in page, with the one-time code or the reason.' } },
    handle: async ({ ctx, req, res }) => {
      const currentUrl = workspaceSsoCallbackUrl(ctx);
      currentUrl.search = new URL(req.originalUrl, currentUrl).search;
      const browserKey = cookieOf(req, PROVIDER_FLOW_COOKIE);
      const back = await finishWorkspaceSsoSignIn(ctx, { currentUrl, browserKey, ip: req.ip ?? null });
      if (back.outcome === 'refused') ctx.metrics.authAttempts.inc({ outcome: 'failure' });
      // A flow of a workspace's address has its cookie there: this address's, maybe another sign-in's, is left alone.
      if (!back.origin) {
        const cookies = [flowCookie(ctx, '', 0, SSO_FLOW_COOKIE_PATH)];
        // The exchange of the code is a platform provider's: the cookie goes where it is read.
        if (back.outcome === 'signed_in' && browserKey)
          cookies.push(flowCookie(ctx, browserKey, EXCHANGE_CODE_SECONDS));
        res.setHeader('set-cookie', cookies);
      }
      redirectTo(res, signInPageUrl(ctx, back));
    },
  }),
  route({
    method: 'get',
    path: '/auth/sso/:tenant_id/button',
    operationId: 'getWorkspaceSsoButton',
    summary: 'Whether a workspace’s sign-in page offers its single sign-on',
    description: 'Never a secret: the workspace’s name for “Sign in with {name}”, or null.',
    params: workspaceSsoParams,
    responses: { 200: { description: 'The button, or null.', schema: workspaceSsoSiteAnswer } },
    handle: async ({ ctx, params }) => ({ sso: await workspaceSsoButton(ctx, params.tenant_id.toLowerCase()) }),
  }),
  route({
    method: 'get',
    path: '/auth/sso/:tenant_id/start',
    operationId: 'startWorkspaceSsoSignIn',
    summary: 'Go to the workspace’s provider to sign in',
    description:
      'Redirects the browser to the workspace provider’s authorization page (code flow, PKCE S256, `state`, `nonce`) and sets an HttpOnly cookie binding the sign-in to this browser for 10 minutes, on the address it is opened on. The provider returns to `PUBLIC_URL`’s callback; opened on the workspace’s own address (its subdomain or a verified custom domain, known from the Host), the sign-in ends on that address’s sign-in page, whose exchange checks the cookie.',
    params: workspaceSsoParams,
    query: workspaceSsoStartQuery,
    responses: { 302: { description: 'To the provider; `Location` is its authorization address.' } },
    refusals: {
      400: 'redirect is not a path of this site, or the address is another workspace’s.',
      404: `${WORKSPACE_SSO_MESSAGES.notConfigured} (also when it is off, off the plan, or its provider cannot be reached)`,
    },
    handle: async ({ ctx, req, res, params, query }) => {
      const { url, browserKey, origin } = await startWorkspaceSsoSignIn(ctx, {
        tenantId: params.tenant_id.toLowerCase(),
        redirect: query.redirect,
        host: req.get('host') ?? '',
      });
      // On a workspace's address the callback never reads the cookie: it waits where that address's exchange reads it.
      res.setHeader(
        'set-cookie',
        flowCookie(ctx, browserKey, FLOW_SECONDS, origin ? PROVIDER_FLOW_COOKIE_PATH : SSO_FLOW_COOKIE_PATH),
      );
      redirectTo(res, url.href);
    },
  }),
]);
