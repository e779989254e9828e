import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small OAuth 2.0 server in GitHub's shape (OAUTH_BASE_GITHUB, a GitHub Enterprise Server's
 * layout): `/login/oauth/authorize` approves at once as the account a test chose and returns to the
 * registered callback with a code; `/login/oauth/access_token` trades it (client secret and the
 * PKCE S256 verifier checked, single use) for a bearer token; `/api/v3/user` and
 * `/api/v3/user/emails` answer as GitHub's REST API does.
 */

export interface GitHubAccount {
  id: number;
  login: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface FakeGitHub {
  url: string;
  signInAs: (account: GitHubAccount) => void;
  close: () => Promise<void>;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
}

export async function startFakeGitHub(client: {
  clientId: string;
  clientSecret: string;
  redirectUri: () => string;
}): Promise<FakeGitHub> {
  let next: GitHubAccount | null = null;
  const codes = new Map<string, { account: GitHubAccount; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, GitHubAccount>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://github.local');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    void (async () => {
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== client.clientId || q.get('redirect_uri') !== client.redirectUri() || !next)
          return json(400, { error: 'redirect_uri_mismatch' });
        if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return json(400, { error: 'invalid_request' });
        const code = randomBytes(10).toString('hex');
        codes.set(code, { account: next, challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
        const back = new URL(client.redirectUri());
        back.search = new URLSearchParams({ code, state: q.get('state') ?? '' }).toString();
        return res.writeHead(302, { location: back.href }).end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = await formOf(req);
        const grant = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          !grant ||
          form.get('client_id') !== client.clientId ||
          form.get('client_secret') !== client.clientSecret ||
          form.get('redirect_uri') !== grant.redirectUri ||
          challenge !== grant.challenge
        )
          return json(400, { error: 'bad_verification_code' });
        const token = `gho_${randomBytes(12).toString('hex')}`;
        tokens.set(token, grant.account);
        return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      const account = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /i, ''));
      if (req.method === 'GET' && url.pathname === '/api/v3/user')
        return account ? json(200, { id: account.id, login: account.login, email: null }) : json(401, {});
      if (req.method === 'GET' && url.pathname === '/api/v3/user/emails')
        return account ? json(200, account.emails) : json(401, {});
      json(404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    signInAs: (account) => {
      next = account;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
