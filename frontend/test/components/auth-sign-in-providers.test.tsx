import { NO_ABILITIES, SIGN_IN_PROVIDER_ERRORS } from '@portico/common';
import type { AuthUserAnswer } from '@portico/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../../src/features/auth/login/LoginPage';
import { heldAnswer, type AnswerTable, type Call } from '../fake-fetch';
import { WORKSPACE_ID, membership, platformSite, renderApp } from './render-app';

const USER_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const SESSION = {
  access_token: 'access-oauth',
  refresh_token: 'refresh-oauth',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: USER_ID, email: 'ada@example.com', role: null, created_at: '2026-01-01T00:00:00.000Z' },
};
const SIGNED_IN: AuthUserAnswer = {
  user: { ...SESSION.user, last_sign_in_at: null, email_verified_at: '2026-01-01T00:00:00.000Z', pending_email: null },
  profile: { id: USER_ID, first_name: 'Ada', last_name: null, phone: null, linkedin: null, title: null },
  is_super_admin: false,
  memberships: [membership(WORKSPACE_ID)],
  abilities: NO_ABILITIES,
};
const CHALLENGE = { two_factor_required: true, challenge_token: 'challenge-1', enrolment_required: false };
const GOOGLE_AND_GITHUB = {
  providers: [
    { key: 'google', name: 'Google' },
    { key: 'github', name: 'GitHub' },
  ],
};

/** A signed-out browser at `path`, the server answering the site, the providers and `more`. */
function openAt(path: string, more: AnswerTable = {}, providers: unknown = GOOGLE_AND_GITHUB) {
  return renderApp(<LoginPage />, {
    path,
    route: '/login',
    answers: {
      'GET /api/public/site': { status: 200, body: platformSite() },
      'GET /api/auth/providers': { status: 200, body: providers },
      ...more,
    },
  });
}

const exchanges = (calls: Call[]) =>
  calls.filter((call) => call.path === '/api/auth/oauth/exchange' && call.method === 'POST').map((call) => call.body);
const storedSession = () => localStorage.getItem('portico.auth.session');

describe('sign-in providers on the sign-in page', () => {
  it('offers a link for each provider switched on, starting its flow for the workspace', async () => {
    openAt(`/login?tenant_id=${WORKSPACE_ID}`);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(`/api/auth/oauth/google/start?tenant_id=${WORKSPACE_ID}`);
    expect(screen.getByRole('link', { name: 'Continue with GitHub' }).getAttribute('href')).toBe(
      `/api/auth/oauth/github/start?tenant_id=${WORKSPACE_ID}`,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers none when no provider is switched on', async () => {
    const { calls } = openAt('/login', {}, { providers: [] });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/providers')).toBe(true));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('is not offered on a workspace’s own address, where the provider could not return', async () => {
    const ownAddress = {
      site: { ...platformSite().site, kind: 'tenant', tenant_id: WORKSPACE_ID, name: 'Harbor Legal' },
    };
    const { calls } = openAt('/login', { 'GET /api/public/site': { status: 200, body: ownAddress } });
    expect(await screen.findByText('Welcome back. Sign in to Harbor Legal.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/auth/providers')).toBe(false);
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('exchanges the code the provider’s return brings, drops it from the address and keeps the session', async () => {
    const exchange = heldAnswer();
    const { calls, router } = openAt(`/login?tenant_id=${WORKSPACE_ID}#oauth_code=code-1`, {
      'POST /api/auth/oauth/exchange': exchange.respond,
      'GET /api/auth/user': { status: 200, body: SIGNED_IN },
    });
    expect(await screen.findByRole('status', { name: 'Signing you in' })).toBeTruthy();
    await waitFor(() => expect(exchanges(calls)).toEqual([{ code: 'code-1' }]));
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.search).toBe(`?tenant_id=${WORKSPACE_ID}`);
    exchange.answer({ status: 200, body: SESSION });
    await waitFor(() => expect(storedSession()).toContain('access-oauth'));
    expect(exchanges(calls)).toHaveLength(1);
  });

  it('asks for the two-factor code when the account has it on', async () => {
    const { calls, router } = openAt('/login#oauth_code=code-2', {
      'POST /api/auth/oauth/exchange': { status: 200, body: CHALLENGE },
    });
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    expect(exchanges(calls)).toEqual([{ code: 'code-2' }]);
    expect(router.state.location.hash).toBe('');
    expect(storedSession()).toBeNull();
  });

  it('says so when the code was already used', async () => {
    openAt('/login#oauth_code=used', {
      'POST /api/auth/oauth/exchange': {
        status: 401,
        body: {
          error: 'This sign-in link has expired or was already used. Sign in again.',
          code: 'invalid_sign_in_code',
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in link has expired or was already used. Sign in again.',
    );
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('shows why a provider sign-in came back refused', async () => {
    const { calls } = openAt('/login?oauth_error=oauth_no_account');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_PROVIDER_ERRORS.oauth_no_account);
    expect(exchanges(calls)).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeTruthy();
  });
});
