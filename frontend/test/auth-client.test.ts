import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthEvent } from '@portico/common';
import {
  ASIDE_SESSION_STORAGE_KEY,
  AuthClient,
  NoUserDataError,
  SESSION_STORAGE_KEY,
} from '../src/lib/api/auth-client';
import { createApi } from '../src/lib/api/create-api';
import type { Session } from '../src/lib/api/types';
import { ApiError } from '../src/lib/api/http';
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

function session(token: string, expiresInS: number): Session {
  return { access_token: `at-${token}`, refresh_token: `rt-${token}`, expires_at: NOW / 1000 + expiresInS, user };
}

function client(stored: Session | null) {
  const storage = memoryStorage();
  if (stored) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  const auth = new AuthClient({ storage, now: () => NOW });
  const events: AuthEvent[] = [];
  auth.onAuthStateChange((event) => events.push(event));
  return { auth, storage, events };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuthClient', () => {
  it('loads the stored session and emits INITIAL_SESSION', async () => {
    const calls = fakeFetch(() => ({ status: 500 }));
    const { auth, events } = client(session('a', 3600));
    await auth.initialize();
    expect(auth.getSession()?.access_token).toBe('at-a');
    expect(events).toEqual(['INITIAL_SESSION']);
    expect(calls).toHaveLength(0);
  });

  it('refreshes an expired stored session before announcing it', async () => {
    fakeFetch(() => ({ status: 200, body: session('b', 3600) }));
    const { auth, events } = client(session('a', 5));
    await auth.initialize();
    expect(auth.getSession()?.access_token).toBe('at-b');
    expect(events).toEqual(['TOKEN_REFRESHED', 'INITIAL_SESSION']);
  });

  it('signs in, stores the session and emits SIGNED_IN', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: session('a', 3600) }));
    const { auth, storage, events } = client(null);
    await auth.signInWithPassword({ email: 'a@example.com', password: 'secret123' });
    expect(calls[0]).toMatchObject({
      path: '/api/auth/login',
      method: 'POST',
      body: { email: 'a@example.com', password: 'secret123' },
    });
    expect(JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ access_token: 'at-a' });
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('keeps nothing when the password step answers a two-factor challenge, and signs in with the code', async () => {
    const challenge = { two_factor_required: true, enrolment_required: false, challenge_token: 'ch', expires_at: 1 };
    const calls = fakeFetch((call) =>
      call.path === '/api/auth/login' ? { status: 200, body: challenge } : { status: 200, body: session('a', 3600) },
    );
    const { auth, storage, events } = client(null);
    expect(await auth.signInWithPassword({ email: 'a@example.com', password: 'secret123' })).toEqual(challenge);
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(events).toEqual([]);
    await auth.signInWithTwoFactor({ challenge_token: 'ch', code: '123456' });
    expect(calls[1]).toMatchObject({
      path: '/api/auth/login/two-factor',
      method: 'POST',
      body: { challenge_token: 'ch', code: '123456' },
    });
    expect(auth.getSession()?.access_token).toBe('at-a');
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('rejects a login answer without a user', async () => {
    fakeFetch(() => ({ status: 200, body: { access_token: 'x', refresh_token: 'y', expires_at: 1 } }));
    const { auth } = client(null);
    await expect(auth.signInWithPassword({ email: 'a@example.com', password: 'secret123' })).rejects.toBeInstanceOf(
      NoUserDataError,
    );
  });

  it("surfaces the server's sentence on a failed login", async () => {
    fakeFetch(() => ({ status: 401, body: { error: 'Invalid login credentials' } }));
    const { auth } = client(null);
    await expect(auth.signInWithPassword({ email: 'a@example.com', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid login credentials',
    });
  });

  it('keeps a single refresh in flight', async () => {
    let release: () => void = () => undefined;
    const calls = fakeFetch(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { status: 200, body: session('b', 3600) };
    });
    const { auth } = client(session('a', 60));
    await auth.initialize();
    const first = auth.refreshSession();
    const second = auth.refreshSession();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await expect(first).resolves.toMatchObject({ access_token: 'at-b' });
    await expect(second).resolves.toMatchObject({ access_token: 'at-b' });
    expect(calls).toHaveLength(1);
  });

  it('refreshes on a tick only when three ticks or fewer remain', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: session('b', 3600) }));
    const far = client(session('a', 121));
    await far.auth.initialize();
    far.auth.tick();
    expect(calls).toHaveLength(0);

    const near = client(session('a', 119));
    await near.auth.initialize();
    near.auth.tick();
    await vi.waitFor(() => expect(near.auth.getSession()?.access_token).toBe('at-b'));
    expect(calls).toHaveLength(1);
  });

  it('adopts a pair another tab already rotated instead of replaying the used token', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: session('c', 3600) }));
    const { auth, storage, events } = client(session('a', 60));
    await auth.initialize();
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session('b', 3600)));
    await expect(auth.refreshSession()).resolves.toMatchObject({ access_token: 'at-b' });
    expect(calls).toHaveLength(0);
    expect(events.at(-1)).toBe('TOKEN_REFRESHED');
  });

  it('signs out locally when the refresh token is refused', async () => {
    fakeFetch(() => ({ status: 401, body: { error: 'Session expired' } }));
    const { auth, storage, events } = client(session('a', 60));
    await auth.initialize();
    await expect(auth.refreshSession()).resolves.toBeNull();
    expect(auth.getSession()).toBeNull();
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toBe('SIGNED_OUT');
  });

  it('revokes on sign-out and clears even when the server fails', async () => {
    const calls = fakeFetch(() => ({ status: 503, body: { error: 'Down for maintenance' } }));
    const { auth, storage, events } = client(session('a', 3600));
    await auth.initialize();
    await expect(auth.signOut()).rejects.toThrow('Down for maintenance');
    expect(calls[0]).toMatchObject({
      path: '/api/auth/logout',
      body: { refresh_token: 'rt-a' },
      headers: { authorization: 'Bearer at-a' },
    });
    expect(storage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(events.at(-1)).toBe('SIGNED_OUT');
  });

  it('emits USER_UPDATED with the new user', async () => {
    fakeFetch(() => ({ status: 200 }));
    const { auth, events } = client(session('a', 3600));
    await auth.initialize();
    auth.updateUser({ ...user, email: 'b@example.com' });
    expect(auth.getSession()?.user.email).toBe('b@example.com');
    expect(events.at(-1)).toBe('USER_UPDATED');
  });
});

describe('api helper', () => {
  it('sends the bearer token and the stored active tenant', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { ok: true } }));
    const { auth } = client(session('a', 3600));
    await auth.initialize();
    const api = createApi(auth, () => 'tenant-1');
    await api('/api/tenant-config');
    await api('/api/auth/user', { tenantId: null });
    await api('/api/tenant-roles', { tenantId: 'tenant-2' });
    expect(calls.map((c) => c.headers)).toEqual([
      { authorization: 'Bearer at-a', 'x-tenant-id': 'tenant-1' },
      { authorization: 'Bearer at-a' },
      { authorization: 'Bearer at-a', 'x-tenant-id': 'tenant-2' },
    ]);
  });

  it('refreshes once and retries once on 401', async () => {
    const calls = fakeFetch((call) => {
      if (call.path === '/api/auth/refresh') return { status: 200, body: session('b', 3600) };
      return call.headers.authorization === 'Bearer at-b'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { error: 'Unauthorized' } };
    });
    const { auth } = client(session('a', 3600));
    await auth.initialize();
    const api = createApi(auth, () => null);
    await expect(api('/api/profile')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.path)).toEqual(['/api/profile', '/api/auth/refresh', '/api/profile']);
  });

  it('gives up after the one retry and carries status and sentence', async () => {
    const calls = fakeFetch((call) =>
      call.path === '/api/auth/refresh'
        ? { status: 200, body: session('b', 3600) }
        : { status: 401, body: { error: 'Unauthorized' } },
    );
    const { auth } = client(session('a', 3600));
    await auth.initialize();
    const api = createApi(auth, () => null);
    const error = await api('/api/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized' });
    expect(calls).toHaveLength(3);
  });

  it('does not try to refresh on other errors', async () => {
    const calls = fakeFetch(() => ({ status: 403, body: { error: 'Not allowed', code: 'tenant_suspended' } }));
    const { auth } = client(session('a', 3600));
    await auth.initialize();
    const api = createApi(auth, () => 't1');
    await expect(api('/api/tenant-config')).rejects.toMatchObject({
      status: 403,
      message: 'Not allowed',
      code: 'tenant_suspended',
    });
    expect(calls).toHaveLength(1);
  });
});

describe('a session put aside (impersonation)', () => {
  const other = { ...user, id: 'u2', email: 'member@example.com' };
  const impersonation = (token: string, expiresInS: number): Session => ({
    ...session(token, expiresInS),
    user: other,
  });

  it('switches to the new session keeping the first aside, and Stop returns to it', async () => {
    fakeFetch(() => ({ status: 500 }));
    const { auth, storage, events } = client(session('root', 3600));
    await auth.initialize();
    auth.switchToSession(impersonation('imp', 3600));
    expect(auth.getSession()?.user.id).toBe('u2');
    expect(auth.hasSessionAside()).toBe(true);
    expect(JSON.parse(storage.getItem(ASIDE_SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ access_token: 'at-root' });

    expect(auth.returnToSessionAside()?.access_token).toBe('at-root');
    expect(auth.getSession()?.user.id).toBe('u1');
    expect(auth.hasSessionAside()).toBe(false);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_IN']);
  });

  it('returns to the session put aside, not to the sign-in page, when the impersonation ends on the server', async () => {
    fakeFetch(() => ({ status: 401, body: { error: 'Your session has expired. Please sign in again.' } }));
    const { auth, events } = client(session('root', 3600));
    await auth.initialize();
    auth.switchToSession(impersonation('imp', 5));
    const restored = vi.fn();
    auth.onSessionAsideRestored(restored);
    expect((await auth.refreshSession())?.access_token).toBe('at-root');
    expect(auth.getSession()?.user.id).toBe('u1');
    expect(restored).toHaveBeenCalledTimes(1);
    expect(events).not.toContain('SIGNED_OUT');
  });

  it('forgets the session aside when someone signs in', async () => {
    fakeFetch(() => ({ status: 200, body: session('fresh', 3600) }));
    const { auth } = client(session('root', 3600));
    await auth.initialize();
    auth.switchToSession(impersonation('imp', 3600));
    await auth.signInWithPassword({ email: 'a@example.com', password: 'secret123' });
    expect(auth.hasSessionAside()).toBe(false);
  });

  it('signs both sessions out when signing out while impersonating', async () => {
    const calls = fakeFetch(() => ({ status: 204 }));
    const { auth, storage } = client(session('root', 3600));
    await auth.initialize();
    auth.switchToSession(impersonation('imp', 3600));
    await auth.signOut();
    expect(calls.map((c) => c.body)).toEqual([{ refresh_token: 'rt-imp' }, { refresh_token: 'rt-root' }]);
    expect(auth.getSession()).toBeNull();
    expect(storage.getItem(ASIDE_SESSION_STORAGE_KEY)).toBeNull();
  });
});
