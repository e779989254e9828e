import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthClient, SESSION_STORAGE_KEY } from '../src/lib/api/auth-client';
import { createClient } from '../src/lib/api/create-client';
import { ApiError } from '../src/lib/api/http';
import type { Session } from '../src/lib/api/types';
import { memoryStorage } from '../src/lib/key-value-store';
import { fakeFetch } from './fake-fetch';

const NOW = 1_700_000_000_000;
const user = {
  id: 'u1',
  email: 'a@example.com',
  role: null,
  created_at: '2024-01-01',
  last_sign_in_at: null,
  email_verified_at: null,
  pending_email: null,
};
// Node's Request needs an absolute address; the app's client is relative to its own origin.
const BASE_URL = 'http://portico.test/api';

function session(token: string, expiresInS: number): Session {
  return { access_token: `at-${token}`, refresh_token: `rt-${token}`, expires_at: NOW / 1000 + expiresInS, user };
}

async function signedIn(storedTenantId: string | null) {
  const storage = memoryStorage();
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session('a', 3600)));
  const auth = new AuthClient({ storage, now: () => NOW });
  await auth.initialize();
  return createClient(auth, () => storedTenantId, BASE_URL);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the typed client', () => {
  it('sends the path, query and the session and workspace headers as api() does', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { roles: [] } }));
    const client = await signedIn('tenant-1');
    await client.GET('/tenant-roles');
    await client.GET('/auth/user', { tenantId: null });
    await client.GET('/files', { params: { query: { q: 'a b', type: 'pdf' } }, tenantId: 'tenant-2' });
    expect(calls.map(({ path, method, headers }) => ({ path, method, headers }))).toEqual([
      {
        path: '/api/tenant-roles',
        method: 'GET',
        headers: { authorization: 'Bearer at-a', 'x-tenant-id': 'tenant-1' },
      },
      { path: '/api/auth/user', method: 'GET', headers: { authorization: 'Bearer at-a' } },
      {
        path: '/api/files?q=a%20b&type=pdf',
        method: 'GET',
        headers: { authorization: 'Bearer at-a', 'x-tenant-id': 'tenant-2' },
      },
    ]);
  });

  it('fills path parameters, sends the body as JSON and resolves with the answer', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { url: '/x', expires_at: 'soon' } }));
    const client = await signedIn('tenant-1');
    await expect(
      client.POST('/files/{id}/link', { params: { path: { id: 'f/1' } }, body: { disposition: 'preview' } }),
    ).resolves.toEqual({ url: '/x', expires_at: 'soon' });
    expect(calls[0]).toMatchObject({
      path: '/api/files/f%2F1/link',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { disposition: 'preview' },
    });
  });

  it('resolves a 204 with nothing', async () => {
    fakeFetch(() => ({ status: 204 }));
    const client = await signedIn('tenant-1');
    await expect(client.DELETE('/files/{id}', { params: { path: { id: 'f1' } } })).resolves.toBeUndefined();
  });

  it('refreshes once on 401 and sends the call again, body included', async () => {
    const calls = fakeFetch((call) => {
      if (call.path === '/api/auth/refresh') return { status: 200, body: session('b', 3600) };
      return call.headers.authorization === 'Bearer at-b'
        ? { status: 200, body: { profile: null } }
        : { status: 401, body: { error: 'Unauthorized' } };
    });
    const client = await signedIn(null);
    await expect(client.PUT('/profile', { body: { first_name: 'Ada' } })).resolves.toEqual({ profile: null });
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/profile', { first_name: 'Ada' }],
      ['/api/auth/refresh', { refresh_token: 'rt-a' }],
      ['/api/profile', { first_name: 'Ada' }],
    ]);
  });

  it("rejects with an ApiError carrying the server's sentence, code and details", async () => {
    fakeFetch(() => ({ status: 403, body: { error: 'Not allowed', code: 'tenant_suspended', details: { a: 1 } } }));
    const client = await signedIn('t1');
    const error = await client.GET('/tenant-config').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Not allowed', code: 'tenant_suspended', details: { a: 1 } });
  });

  it('rejects with status 0 when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    const client = await signedIn('t1');
    await expect(client.GET('/tenant-config')).rejects.toMatchObject({ status: 0, message: 'Network request failed' });
  });
});
