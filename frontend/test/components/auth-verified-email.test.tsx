import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { VerifyEmailPage } from '../../src/features/auth/verify-email/VerifyEmailPage';
import { EmailSection } from '../../src/features/settings/EmailSection';
import { SessionProvider } from '../../src/lib/session/SessionProvider';
import { useSession } from '../../src/lib/session/session-context';
import { fakeFetch } from '../fake-fetch';
import type { Call } from '../fake-fetch';

type Answer = { status: number; body?: unknown };

const USER = {
  id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  email: 'ada@example.com',
  role: null,
  created_at: '2026-01-01T00:00:00.000Z',
  last_sign_in_at: null,
  email_verified_at: null,
  pending_email: null,
};
const SESSION = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: USER,
};
const INVALID = 'This confirmation link is invalid, used or expired. Ask for a new one from your account settings.';

/** A browser signed in as USER (or signed out) on `path`: the real providers, the network faked at fetch. */
function renderAt(path: string, ui: ReactNode, answer: (call: Call) => Answer, signedIn = true) {
  if (signedIn) localStorage.setItem('portico.auth.session', JSON.stringify(SESSION));
  else localStorage.removeItem('portico.auth.session');
  const calls = fakeFetch((call) => {
    if (call.path === '/api/public/site') return { status: 404, body: { error: 'No site.' } };
    if (call.path === '/api/auth/user')
      return signedIn
        ? { status: 200, body: { user: USER, profile: null, is_super_admin: false, memberships: [] } }
        : { status: 401, body: { error: 'Not signed in.' } };
    return answer(call);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

/** The settings page shows once the session is known, as the signed-in shell does. */
function WhenSignedIn({ children }: { children: ReactNode }) {
  return useSession().user ? children : null;
}

const sent = (calls: Call[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);

describe('Settings → Change Email', () => {
  it('asks for the current password, then says the new address waits for its confirmation', async () => {
    const calls = renderAt(
      '/settings',
      <WhenSignedIn>
        <EmailSection />
      </WhenSignedIn>,
      (call) =>
        (call.body as { current_password: string }).current_password === 'right-pass'
          ? { status: 200, body: { user: { ...USER, pending_email: 'new@example.com' } } }
          : { status: 400, body: { error: 'Current password is incorrect', code: 'wrong_password' } },
    );
    const email = await screen.findByLabelText('Email');
    await waitFor(() => expect((email as HTMLInputElement).value).toBe('ada@example.com'));
    await userEvent.clear(email);
    await userEvent.type(email, 'New@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Current password is required.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/api/auth/email')).toEqual([]);

    const password = screen.getByLabelText('Current password');
    await userEvent.type(password, 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Current password is incorrect');

    await userEvent.clear(password);
    await userEvent.type(password, 'right-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Check new@example.com for a link to confirm it.')).toBeTruthy();
    expect(sent(calls, 'PUT', '/api/auth/email').map((call) => call.body)).toEqual([
      { email: 'new@example.com', current_password: 'wrong-pass' },
      { email: 'new@example.com', current_password: 'right-pass' },
    ]);
    expect(
      (await screen.findByText(/Waiting for you to confirm new@example.com/)).textContent?.includes(
        'Until then you sign in with ada@example.com.',
      ),
    ).toBe(true);
    expect((password as HTMLInputElement).value).toBe('');
  });
});

describe('/verify-email', () => {
  it('confirms the address once and shows the signed-in person the new one', async () => {
    const confirmed = { ...USER, email: 'new@example.com', email_verified_at: '2026-02-01T00:00:00.000Z' };
    const calls = renderAt('/verify-email?token=link-1', <VerifyEmailPage />, () => ({
      status: 200,
      body: { user: confirmed },
    }));
    expect(await screen.findByText('Your email new@example.com is confirmed.')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/auth/email/verify').map((call) => call.body)).toEqual([{ token: 'link-1' }]);
    await waitFor(() => expect(localStorage.getItem('portico.auth.session')).toContain('new@example.com'));
  });

  it('says why a spent link does nothing', async () => {
    renderAt(
      '/verify-email?token=link-1',
      <VerifyEmailPage />,
      () => ({ status: 400, body: { error: INVALID, code: 'invalid_verification_link' } }),
      false,
    );
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.getByRole('link', { name: 'Continue to sign in' })).toBeTruthy();
  });

  it('sends nothing without a token', async () => {
    const calls = renderAt('/verify-email', <VerifyEmailPage />, () => ({ status: 500 }), false);
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(sent(calls, 'POST', '/api/auth/email/verify')).toEqual([]);
  });
});
