import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Account } from 'oidc-provider';
import { expect } from 'vitest';

/*
 * A real OpenID Provider (the certified `oidc-provider`) on a random local port, with its own
 * signing key and discovery at `{url}/.well-known/openid-configuration`, playing Google for the
 * sign-in tests (OAUTH_ISSUER_GOOGLE). It requires PKCE. Its login page is none: the interaction
 * signs in `signInAs`, the account a test chose, and every client is granted openid, email and
 * profile, so a browser's redirects reach the client's callback with a code.
 */

export interface IssuerAccount {
  sub: string;
  email: string;
  email_verified: boolean;
}

export interface OidcIssuer {
  url: string;
  /** Registers the client (once its callback address is known) and starts answering. */
  register: (client: { clientId: string; clientSecret: string; redirectUri: string }) => Promise<void>;
  /** The account the next interaction signs in. */
  signInAs: (account: IssuerAccount) => void;
  close: () => Promise<void>;
}

export async function startOidcIssuer(): Promise<OidcIssuer> {
  let handle: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handle) handle(req, res);
    else res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, IssuerAccount>();
  let next: IssuerAccount | null = null;

  const register: OidcIssuer['register'] = async (client) => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
    const provider = new Provider(url, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      // Google puts the email claims in the ID token itself.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      findAccount: (_ctx, sub): Account | undefined => {
        const account = accounts.get(sub);
        return account && { accountId: sub, claims: () => ({ ...account }) };
      },
      loadExistingGrant: async (ctx) => {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    });
    provider.use(async (ctx, nextMiddleware) => {
      if (!ctx.path.startsWith('/interaction/')) return nextMiddleware();
      await provider.interactionDetails(ctx.req, ctx.res);
      if (!next) throw new Error('The test did not choose the account to sign in (signInAs).');
      accounts.set(next.sub, next);
      const redirectTo = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId: next.sub } });
      ctx.redirect(redirectTo);
    });
    handle = provider.callback();
  };

  return {
    url,
    register,
    signInAs: (account) => {
      next = account;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A browser: cookies per origin, redirects followed by hand. */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name);
  }

  setCookie(origin: string, name: string, value: string): void {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.jars.set(origin, jar);
  }

  async get(address: string): Promise<Response> {
    const url = new URL(address);
    const jar = this.jars.get(url.origin) ?? new Map<string, string>();
    this.jars.set(url.origin, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) jar.delete(name);
      else jar.set(name, value);
    }
    return res;
  }

  /** Follows redirects from `address` until one leaves for `stopAt` (an origin and path prefix); answers that address. */
  async follow(address: string, stopAt: (url: URL) => boolean): Promise<URL> {
    let current = new URL(address);
    for (let hop = 0; hop < 20; hop++) {
      if (stopAt(current)) return current;
      const res = await this.get(current.href);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location)
        throw new Error(`${current.href} answered ${res.status} without a redirect: ${await res.text()}`);
      current = new URL(location, current);
    }
    throw new Error('Too many redirects.');
  }
}

/**
 * A new browser from `start` (the API's start route) through the provider's pages, stopping before
 * it returns to `callback` (the API's callback address, without its query). The provider must
 * already know whom to sign in.
 */
export async function toCallback(start: string, callback: string): Promise<{ browser: Browser; callback: URL }> {
  const browser = new Browser();
  const { origin, pathname } = new URL(callback);
  const returned = await browser.follow(start, (url) => url.origin === origin && url.pathname === pathname);
  return { browser, callback: returned };
}

/**
 * The browser's return to the callback, which must send it to the sign-in page of the API's origin:
 * that page's address, with its one-time code or its error.
 */
export async function returnTo(browser: Browser, callback: URL) {
  const res = await browser.get(callback.href);
  expect(res.status).toBe(302);
  const page = new URL(res.headers.get('location')!);
  expect(page.origin + page.pathname).toBe(`${callback.origin}/login`);
  return {
    page,
    browser,
    code: new URLSearchParams(page.hash.slice(1)).get('oauth_code'),
    error: page.searchParams.get('oauth_error'),
  };
}
