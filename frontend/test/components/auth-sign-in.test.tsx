import { NO_ABILITIES } from '@portico/common';
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

/** A signed-out browser at the platform's sign-in page, the server answering `more` besides the site. */
function openAt(ui: ReactNode, more: AnswerTable = {}) {
  return renderApp(ui, {
    path: '/login',
    answers: {
      'GET /api/public/site': { status: 200, body: platformSite() },
      'GET /api/auth/providers': { status: 200, body: { providers: [] } },
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
