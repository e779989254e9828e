import { NO_ABILITIES, SIGN_IN_PROVIDER_ERRORS, WORKSPACE_SSO_ERRORS } from '@portico/common';
import type { AuthUserAnswer } from '@portico/common';
import { screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/features/auth/login/LoginPage';
import { TwoFactorCodeStep } from '../../src/features/auth/login/TwoFactorStep';
import { heldAnswer, type AnswerTable, type Call } from '../fake-fetch';
import { WORKSPACE_ID, membership, platformSite, renderApp } from './render-app';

const USER_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const SESSION = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: USER_ID, email: 'ada@example.com', role: null, created_at: '2026-01-01T00:00:00.000Z' },
};
/** Who GET /api/auth/user says is signed in once the session is adopted: an admin of a workspace. */
const SIGNED_IN: AuthUserAnswer = {
  user: { ...SESSION.user, last_sign_in_at: null, email_verified_at: '2026-01-01T00:00:00.000Z', pending_email: null },
  profile: { id: USER_ID, first_name: 'Ada', last_name: null, phone: null, linkedin: null, title: null },
  is_super_admin: false,
  memberships: [membership(WORKSPACE_ID)],
  abilities: NO_ABILITIES,
};
const CHALLENGE = { two_factor_required: true, challenge_token: 'challenge-1', enrolment_required: false };

/** A signed-out browser at the platform's sign-in page (`path`), the server answering `more` besides the site. */
function openAt(ui: ReactNode, more: AnswerTable = {}, path = '/login') {
  return renderApp(ui, {
    path,
    route: '/login',
    answers: {
      'GET /api/public/site': { status: 200, body: platformSite() },
      'GET /api/auth/providers': { status: 200, body: { providers: [] } },
      [`GET /api/auth/sso/${WORKSPACE_ID}/button`]: { status: 200, body: { sso: null } },
      ...more,
    },
  });
}

const sent = (calls: Call[], path: string) => calls.filter((call) => call.path === path && call.method === 'POST');

describe('the sign-in form', () => {
  const email = () => screen.getByLabelText('Email');
  const password = () => screen.getByLabelText('Password');
  const submit = () => screen.getByRole('button', { name: 'Sign In' });

  it('asks for both fields before it sends anything', async () => {
    const { calls, user } = openAt(<LoginPage />);
    await user.type(email(), '   ');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email and password.');
    await user.type(email(), 'ada@example.com');
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.'));
    expect(sent(calls, '/api/auth/login')).toEqual([]);
  });

  it('sends the trimmed email and is busy while it waits', async () => {
    const login = heldAnswer();
    const { calls, user } = openAt(<LoginPage />, { 'POST /api/auth/login': login.respond });
    await user.type(email(), ' ada@example.com ');
    await user.type(password(), 'secret-pass');
    await user.click(submit());
    await waitFor(() => expect(sent(calls, '/api/auth/login')).toHaveLength(1));
    expect(sent(calls, '/api/auth/login')[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    login.answer({ status: 400, body: { error: 'Invalid login credentials' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
  });

  it('shows the server’s sentence when the password is wrong, and clears it for a missing field', async () => {
    const { user } = openAt(<LoginPage />, {
      'POST /api/auth/login': { status: 400, body: { error: 'Invalid login credentials' } },
    });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'wrong-pass');
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    await user.clear(password());
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.'));
  });

  it('asks for the code from the app when the account has two-factor sign-in; going back keeps only the email', async () => {
    const { user } = openAt(<LoginPage />, { 'POST /api/auth/login': { status: 200, body: CHALLENGE } });
    await user.type(email(), 'ada@example.com');
    await user.type(password(), 'secret-pass');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect((email() as HTMLInputElement).value).toBe('ada@example.com');
    expect((password() as HTMLInputElement).value).toBe('');
  });
});

describe('the two-factor code step', () => {
  const code = () => screen.getByRole('textbox');
  const verify = () => screen.getByRole('button', { name: 'Verify' });

  it('asks for six digits before it sends anything', async () => {
    const onDone = vi.fn();
    const { calls, user } = openAt(<TwoFactorCodeStep challengeToken="challenge-1" onDone={onDone} />);
    await user.type(code(), '12345');
    await user.click(verify());
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls, '/api/auth/login/two-factor')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks for a recovery code once the person switches to one', async () => {
    const { user } = openAt(<TwoFactorCodeStep challengeToken="challenge-1" onDone={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    await user.click(verify());
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app or a recovery code.'),
    ).toBeTruthy();
  });

  it('shows the server’s sentence for a wrong code and stays on the step', async () => {
    const onDone = vi.fn();
    const wrong = 'That code is not valid. Check your authenticator app and try again.';
    const { calls, user } = openAt(<TwoFactorCodeStep challengeToken="challenge-1" onDone={onDone} />, {
      'POST /api/auth/login/two-factor': { status: 400, body: { error: wrong } },
    });
    await user.type(code(), '000000');
    await user.click(verify());
    expect((await screen.findByRole('alert')).textContent).toBe(wrong);
    expect(sent(calls, '/api/auth/login/two-factor')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the code without its spaces with the challenge, and goes on once the server answers a session', async () => {
    const onDone = vi.fn();
    const { calls, user } = openAt(<TwoFactorCodeStep challengeToken="challenge-1" onDone={onDone} />, {
      'POST /api/auth/login/two-factor': { status: 200, body: SESSION },
      'GET /api/auth/user': { status: 200, body: SIGNED_IN },
    });
    await user.type(code(), '123 456');
    await user.click(verify());
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent(calls, '/api/auth/login/two-factor').map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', code: '123456' },
    ]);
    expect(JSON.parse(localStorage.getItem('portico.auth.session') ?? 'null')).toMatchObject({
      access_token: 'access-1',
    });
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/auth/user').map((call) => call.headers.authorization)).toEqual([
        'Bearer access-1',
      ]),
    );
  });
});

const storedSession = () => localStorage.getItem('portico.auth.session');
const GOOGLE_AND_GITHUB = {
  providers: [
    { key: 'google', name: 'Google' },
    { key: 'github', name: 'GitHub' },
  ],
};

/** The sign-in page at `path`, the providers switched on answering `providers`. */
const openWithProviders = (path: string, more: AnswerTable = {}, providers: unknown = GOOGLE_AND_GITHUB) =>
  openAt(<LoginPage />, { 'GET /api/auth/providers': { status: 200, body: providers }, ...more }, path);

const exchanges = (calls: Call[]) => sent(calls, '/api/auth/oauth/exchange').map((call) => call.body);

describe('sign-in providers on the sign-in page', () => {
  it('offers a link for each provider switched on, starting its flow for the workspace', async () => {
    openWithProviders(`/login?tenant_id=${WORKSPACE_ID}`);
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(`/api/auth/oauth/google/start?tenant_id=${WORKSPACE_ID}`);
    expect(screen.getByRole('link', { name: 'Continue with GitHub' }).getAttribute('href')).toBe(
      `/api/auth/oauth/github/start?tenant_id=${WORKSPACE_ID}`,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers none when no provider is switched on', async () => {
    const { calls } = openWithProviders('/login', {}, { providers: [] });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/auth/providers')).toBe(true));
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  /** GET /api/public/site on a workspace's own address, whose setting shows the provider buttons or hides them. */
  const ownAddress = (providerButtons: boolean) => ({
    'GET /api/public/site': {
      status: 200,
      body: {
        site: {
          ...platformSite().site,
          kind: 'tenant',
          tenant_id: WORKSPACE_ID,
          name: 'Harbor Legal',
          provider_buttons: providerButtons,
        },
      },
    },
  });
  const askedForProviders = (calls: Call[]) => calls.filter((call) => call.path.startsWith('/api/auth/providers'));

  it('is offered on a workspace’s own address, starting there for that workspace', async () => {
    const { calls } = openWithProviders('/login', ownAddress(true));
    const google = await screen.findByRole('link', { name: 'Continue with Google' });
    expect(google.getAttribute('href')).toBe(`/api/auth/oauth/google/start?tenant_id=${WORKSPACE_ID}`);
    expect(askedForProviders(calls).map((call) => call.path)).toEqual([
      `/api/auth/providers?tenant_id=${WORKSPACE_ID}`,
    ]);
  });

  it('is not offered where the workspace hid the providers from its sign-in page', async () => {
    const { calls } = openWithProviders('/login', ownAddress(false));
    expect(await screen.findByText('Welcome back. Sign in to Harbor Legal.')).toBeTruthy();
    expect(askedForProviders(calls)).toEqual([]);
    expect(screen.queryByRole('link', { name: /Continue with/ })).toBeNull();
  });

  it('exchanges the code the provider’s return brings, drops it from the address and keeps the session', async () => {
    const exchange = heldAnswer();
    const { calls, router } = openWithProviders(`/login?tenant_id=${WORKSPACE_ID}#oauth_code=code-1`, {
      'POST /api/auth/oauth/exchange': exchange.respond,
      'GET /api/auth/user': { status: 200, body: SIGNED_IN },
    });
    expect(await screen.findByRole('status', { name: 'Signing you in' })).toBeTruthy();
    await waitFor(() => expect(exchanges(calls)).toEqual([{ code: 'code-1' }]));
    expect(router.state.location.hash).toBe('');
    expect(router.state.location.search).toBe(`?tenant_id=${WORKSPACE_ID}`);
    exchange.answer({ status: 200, body: SESSION });
    await waitFor(() => expect(storedSession()).toContain('access-1'));
    expect(exchanges(calls)).toHaveLength(1);
  });

  it('asks for the two-factor code when the account has it on', async () => {
    const { calls, router } = openWithProviders('/login#oauth_code=code-2', {
      'POST /api/auth/oauth/exchange': { status: 200, body: CHALLENGE },
    });
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    expect(exchanges(calls)).toEqual([{ code: 'code-2' }]);
    expect(router.state.location.hash).toBe('');
    expect(storedSession()).toBeNull();
  });

  it('says so when the code was already used', async () => {
    openWithProviders('/login#oauth_code=used', {
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
    const { calls } = openWithProviders('/login?oauth_error=oauth_no_account');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGN_IN_PROVIDER_ERRORS.oauth_no_account);
    expect(exchanges(calls)).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Continue with Google' })).toBeTruthy();
  });
});

describe('a workspace’s single sign-on on its sign-in page', () => {
  const START = `/api/auth/sso/${WORKSPACE_ID}/start`;
  const SSO_ON = { sso: { tenant_id: WORKSPACE_ID, name: 'Harbor Legal', start_url: START } };

  it('offers “Sign in with” the workspace on its own address, starting there', async () => {
    const ownAddress = {
      site: { ...platformSite().site, kind: 'tenant', tenant_id: WORKSPACE_ID, name: 'Harbor Legal' },
    };
    openAt(<LoginPage />, {
      'GET /api/public/site': { status: 200, body: ownAddress },
      [`GET /api/auth/sso/${WORKSPACE_ID}/button`]: { status: 200, body: SSO_ON },
    });
    const button = await screen.findByRole('link', { name: 'Sign in with Harbor Legal' });
    expect(button.getAttribute('href')).toBe(START);
  });

  it('offers none while the workspace has it off', async () => {
    const { calls } = openAt(<LoginPage />, {}, `/login?tenant_id=${WORKSPACE_ID}`);
    await waitFor(() => expect(calls.some((call) => call.path === `/api/auth/sso/${WORKSPACE_ID}/button`)).toBe(true));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('shows why its sign-in came back refused', async () => {
    openAt(<LoginPage />, {}, '/login?oauth_error=sso_not_member');
    expect((await screen.findByRole('alert')).textContent).toBe(WORKSPACE_SSO_ERRORS.sso_not_member);
  });
});
