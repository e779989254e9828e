import { DEFAULT_SETTINGS, SIGN_IN_PROVIDER_KEYS } from '@portico/common';
import { subdomainHostOf, type AppContext } from '@portico/core';
import { startFakeGitHub, type FakeGitHub } from '../github';
import { startOidcIssuer, toCallback, type OidcIssuer } from '../oidc-issuer';
import { requestOnHost } from '../on-host';
import type { FuzzApi } from './api-process';
import type { ProviderReturnValues, World } from './world';

/*
 * The sign-in providers under fuzzing (issue 31): a local OpenID Provider playing each of Google,
 * Microsoft and Slack, and the fake GitHub, as the API's issuers (OAUTH_ISSUER_*, OAUTH_BASE_*),
 * every one switched on in Super Settings, so the provider routes answer with their real
 * configuration (discovery, the authorization redirect, the code grant) rather than 404. For the
 * callback the world gets real returns: Google flows started on a workspace's own address, whose
 * return needs no cookie, each signing in a throwaway member.
 */

const CLIENT_ID = 'portico-fuzz-client';
const CLIENT_SECRET = 'fuzz-provider-client-secret';
const OIDC_KEYS = ['google', 'microsoft', 'slack'] as const;

export interface FuzzProviders {
  /** The API's variables naming the local issuers. */
  env: Record<string, string>;
  /** Registers the API's callbacks, switches every provider on, and gives the world its returns. */
  switchOn: (api: FuzzApi, ctx: AppContext, world: World) => Promise<void>;
  close: () => Promise<void>;
}

export async function startFuzzProviders(): Promise<FuzzProviders> {
  const issuers = Object.fromEntries(
    await Promise.all(OIDC_KEYS.map(async (key) => [key, await startOidcIssuer()] as const)),
  ) as Record<(typeof OIDC_KEYS)[number], OidcIssuer>;
  let apiUrl = '';
  const github: FakeGitHub = await startFakeGitHub({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: () => `${apiUrl}/api/auth/oauth/github/callback`,
  });
  const env = {
    OAUTH_ISSUER_GOOGLE: issuers.google.url,
    OAUTH_ISSUER_MICROSOFT: issuers.microsoft.url,
    OAUTH_BASE_SLACK: issuers.slack.url,
    OAUTH_BASE_GITHUB: github.url,
  };

  /** Google's return to the callback, stopped before it: the start on `host`, the provider's pages. */
  const returnOf = async (host: string, email: string): Promise<ProviderReturnValues> => {
    const start = await requestOnHost({ url: apiUrl }, host, '/auth/oauth/google/start');
    if (start.status !== 302) throw new Error(`The provider sign-in's start answered ${start.status}.`);
    issuers.google.signInAs({ sub: `fuzz-${email}`, email, email_verified: true });
    const { callback } = await toCallback(start.headers.location!, `${apiUrl}/api/auth/oauth/google/callback`);
    return Object.fromEntries(callback.searchParams);
  };

  const switchOn: FuzzProviders['switchOn'] = async (api, ctx, world) => {
    apiUrl = api.url;
    for (const key of OIDC_KEYS)
      await issuers[key].register({
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUri: `${api.url}/api/auth/oauth/${key}/callback`,
      });
    const on = { enabled: true, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };
    const { require2fa, sessionMaxHours, sessionIdleMinutes } = DEFAULT_SETTINGS.auth;
    const saved = await fetch(`${api.url}/api/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${world.superAdmin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        auth: {
          require2fa,
          sessionMaxHours,
          sessionIdleMinutes,
          providers: Object.fromEntries(SIGN_IN_PROVIDER_KEYS.map((key) => [key, on])),
        },
      }),
    });
    if (saved.status !== 200) throw new Error(`Switching the providers on answered ${saved.status}.`);
    const port = new URL(api.url).port;
    world.providerFlows = async (tenantId, email, count) => {
      const tenant = await ctx.db.Tenant.findByPk(tenantId);
      const host = `${subdomainHostOf(ctx.config, tenant!)}:${port}`;
      const returns: ProviderReturnValues[] = [];
      for (let i = 0; i < count; i++) returns.push(await returnOf(host, email));
      return returns;
    };
  };

  return {
    env,
    switchOn,
    close: async () => {
      await Promise.all([...Object.values(issuers).map((issuer) => issuer.close()), github.close()]);
    },
  };
}
