import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/features/auth/login/LoginPage';
import { TwoFactorCodeStep } from '../../src/features/auth/login/TwoFactorStep';
import { SessionProvider } from '../../src/lib/session/SessionProvider';
import { fakeFetch } from '../fake-fetch';
import type { Call } from '../fake-fetch';

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

const PLATFORM_SITE = {
  site: {
    kind: 'platform',
    tenant_id: null,
    name: 'Portico',
    logo_url: null,
    favicon_url: null,
    primary_color: null,
    secondary_color: null,
    support_email: null,
    privacy_url: null,
    terms_url: null,
    password_rule: 'At least 8 characters.',
  },
};
const USER_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const SESSION = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: { id: USER_ID, email: 'ada@example.com', role: null, created_at: '2026-01-01T00:00:00.000Z' },
};
const CHALLENGE = { two_factor_required: true, challenge_token: 'challenge-1', enrolment_required: false };

/** A signed-out browser: the real providers, the network faked at fetch with `answer` for the sign-in calls. */
function renderApp(ui: ReactNode, answer: (call: Call) => Answer) {
  localStorage.removeItem('portico.auth.session');
  const calls = fakeFetch((call) => {
    if (call.path === '/api/public/site') return { status: 200, body: PLATFORM_SITE };
    if (call.path === '/api/auth/user') return { status: 401, body: { error: 'Not signed in.' } };
    return answer(call);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/login']}>{ui}</MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const unexpected = (call: Call): Answer => ({ status: 500, body: { error: `Unexpected ${call.method} ${call.path}` } });
const sent = (calls: Call[], path: string) => calls.filter((call) => call.path === path && call.method === 'POST');

describe('the sign-in form', () => {
  const email = () => screen.getByLabelText('Email');
  const password = () => screen.getByLabelText('Password');
  const submit = () => screen.getByRole('button', { name: 'Sign In' });

  it('asks for both fields before it sends anything', async () => {
    const calls = renderApp(<LoginPage />, unexpected);
    await userEvent.type(email(), '   ');
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter your email and password.');
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.'));
    expect(sent(calls, '/api/auth/login')).toEqual([]);
  });

  it('sends the trimmed email and is busy while it waits', async () => {
    const calls = renderApp(<LoginPage />, () => new Promise(() => undefined));
    await userEvent.type(email(), ' ada@example.com ');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    await waitFor(() => expect(sent(calls, '/api/auth/login')).toHaveLength(1));
    expect(sent(calls, '/api/auth/login')[0]!.body).toEqual({ email: 'ada@example.com', password: 'secret-pass' });
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the server’s sentence when the password is wrong, and clears it for a missing field', async () => {
    renderApp(<LoginPage />, () => ({ status: 400, body: { error: 'Invalid login credentials' } }));
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'wrong-pass');
    await userEvent.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid login credentials');
    await userEvent.clear(password());
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.'));
  });

  it('asks for the code from the app when the account has two-factor sign-in; going back keeps only the email', async () => {
    renderApp(<LoginPage />, () => ({ status: 200, body: CHALLENGE }));
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect((email() as HTMLInputElement).value).toBe('ada@example.com');
    expect((password() as HTMLInputElement).value).toBe('');
  });
});

describe('the two-factor code step', () => {
  const code = () => screen.getByRole('textbox');
  const verify = () => screen.getByRole('button', { name: 'Verify' });

  it('asks for six digits before it sends anything', async () => {
    const onDone = vi.fn();
    const calls = renderApp(<TwoFactorCodeStep challengeToken="challenge-1" onDone={onDone} />, unexpected);
    await userEvent.type(code(), '12345');
    await userEvent.click(verify());
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(code().getAttribute('aria-invalid')).toBe('true');
    expect(sent(calls, '/api/auth/login/two-factor')).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks for a recovery code once the person switches to one', async () => {
    renderApp(<TwoFactorCodeStep challengeToken="challenge-1" onDone={vi.fn()} />, unexpected);
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByLabelText('Recovery code')).toBeTruthy();
    await userEvent.click(verify());
    expect(
      await screen.findByText('Enter the 6-digit code from your authenticator app or a recovery code.'),
    ).toBeTruthy();
  });

  it('shows the server’s sentence for a wrong code and stays on the step', async () => {
    const onDone = vi.fn();
    const wrong = 'That code is not valid. Check your authenticator app and try again.';
    const calls = renderApp(<TwoFactorCodeStep challengeToken="challenge-1" onDone={onDone} />, () => ({
      status: 400,
      body: { error: wrong },
    }));
    await userEvent.type(code(), '000000');
    await userEvent.click(verify());
    expect((await screen.findByRole('alert')).textContent).toBe(wrong);
    expect(sent(calls, '/api/auth/login/two-factor')).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends the code without its spaces with the challenge, and goes on once the server answers a session', async () => {
    const onDone = vi.fn();
    const calls = renderApp(<TwoFactorCodeStep challengeToken="challenge-1" onDone={onDone} />, (call) =>
      call.path === '/api/auth/login/two-factor' ? { status: 200, body: SESSION } : unexpected(call),
    );
    await userEvent.type(code(), '123 456');
    await userEvent.click(verify());
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(sent(calls, '/api/auth/login/two-factor').map((call) => call.body)).toEqual([
      { challenge_token: 'challenge-1', code: '123456' },
    ]);
    expect(JSON.parse(localStorage.getItem('portico.auth.session') ?? 'null')).toMatchObject({
      access_token: 'access-1',
    });
  });
});
