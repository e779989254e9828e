import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { LoginPage } from '../../src/features/auth/login/LoginPage';
import { MagicLinkPage } from '../../src/features/auth/login/MagicLinkPage';
import { SignInSection } from '../../src/features/settings/SignInSection';
import { SessionProvider } from '../../src/lib/session/SessionProvider';
import { fakeFetch } from '../fake-fetch';
import type { Call } from '../fake-fetch';

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

const TENANT_ID = '0b5c1d2e-3f40-4a51-8b62-7c83d94ea5f6';
const site = (magicLinks: boolean) => ({
  site: {
    kind: 'tenant',
    tenant_id: TENANT_ID,
    name: 'Acme',
    logo_url: null,
    favicon_url: null,
    primary_color: null,
    secondary_color: null,
    support_email: null,
    privacy_url: null,
    terms_url: null,
    password_rule: 'At least 8 characters.',
    magic_links: magicLinks,
  },
});
const SESSION = {
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  user: {
    id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    email: 'cleo@example.com',
    role: null,
    created_at: '2026-01-01T00:00:00.000Z',
  },
};
const CHALLENGE = { two_factor_required: true, challenge_token: 'challenge-1', enrolment_required: false };
const OTHER_BROWSER =
  'This sign-in link was asked for in another browser. Enter the 6-digit code from the email on the sign-in page instead, or ask for a new link here.';

/** A signed-out browser on `path`: the real providers and pages, the network faked at fetch. */
function renderAt(path: string, answer: (call: Call) => Answer, magicLinks = true, ui?: ReactNode) {
  localStorage.removeItem('portico.auth.session');
  const calls = fakeFetch((call) => {
    if (call.path === '/api/public/site') return { status: 200, body: site(magicLinks) };
    if (call.path === '/api/auth/user') return { status: 401, body: { error: 'Not signed in.' } };
    if (call.path === '/api/auth/providers') return { status: 200, body: { providers: [] } };
    return answer(call);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          {ui ?? (
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/login/magic" element={<MagicLinkPage />} />
            </Routes>
          )}
        </MemoryRouter>
        <Toaster />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return calls;
}

const posted = (calls: Call[], path: string) => calls.filter((call) => call.path === path && call.method === 'POST');
const storedSession = () => localStorage.getItem('portico.auth.session');

describe('Email me a sign-in link', () => {
  it('is offered only where the site allows it', async () => {
    renderAt('/login', () => ({ status: 500 }), false);
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(screen.getByText('Welcome back. Sign in to Acme.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Email me a sign-in link' })).toBeNull();
  });

  it('sends the address typed on the form, then signs in with the emailed code', async () => {
    const calls = renderAt('/login', (call) =>
      call.path === '/api/auth/magic-link'
        ? { status: 202, body: { ok: true } }
        : (call.body as { code: string }).code === '123456'
          ? { status: 200, body: SESSION }
          : { status: 400, body: { error: 'That code is not valid or has expired.', code: 'wrong_magic_code' } },
    );
    await userEvent.type(screen.getByLabelText('Email'), 'cleo@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Sign in by email' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await waitFor(() => expect(posted(calls, '/api/auth/magic-link')).toHaveLength(1));
    expect(posted(calls, '/api/auth/magic-link')[0]!.body).toEqual({ email: 'cleo@example.com', tenant_id: TENANT_ID });
    expect((await screen.findByRole('status')).textContent).toContain('Check your email.');

    const code = screen.getByLabelText('Sign-in code');
    const submit = screen.getByRole('button', { name: 'Sign In with Code' });
    await userEvent.type(code, '12a');
    await userEvent.click(submit);
    expect(await screen.findByText('Enter the 6-digit code from the email.')).toBeTruthy();
    expect(posted(calls, '/api/auth/magic-link/verify')).toEqual([]);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not valid or has expired.');

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(submit);
    await waitFor(() => expect(storedSession()).toContain('access-1'));
    expect(posted(calls, '/api/auth/magic-link/verify').map((call) => call.body)).toEqual([
      { email: 'cleo@example.com', code: '654321' },
      { email: 'cleo@example.com', code: '123456' },
    ]);
  });

  it('checks the address before it asks', async () => {
    const calls = renderAt('/login', () => ({ status: 202, body: { ok: true } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(posted(calls, '/api/auth/magic-link')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a password' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });
});

describe('/login/magic', () => {
  it('spends the link once and keeps the session', async () => {
    const calls = renderAt('/login/magic?token=link-1', () => ({ status: 200, body: SESSION }));
    await waitFor(() => expect(storedSession()).toContain('access-1'));
    expect(posted(calls, '/api/auth/magic-link/verify').map((call) => call.body)).toEqual([{ token: 'link-1' }]);
  });

  it('in another browser, says so and takes the email and code instead', async () => {
    const calls = renderAt('/login/magic?token=link-1', (call) =>
      'token' in (call.body as object)
        ? { status: 403, body: { error: OTHER_BROWSER, code: 'magic_link_other_browser' } }
        : { status: 200, body: SESSION },
    );
    expect((await screen.findByRole('alert')).textContent).toBe(OTHER_BROWSER);
    await userEvent.type(screen.getByLabelText('Email'), 'cleo@example.com');
    await userEvent.type(screen.getByLabelText('Sign-in code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In with Code' }));
    await waitFor(() => expect(storedSession()).toContain('access-1'));
    expect(posted(calls, '/api/auth/magic-link/verify').map((call) => call.body)).toEqual([
      { token: 'link-1' },
      { email: 'cleo@example.com', code: '123456' },
    ]);
  });

  it('asks for the second step when two-factor sign-in applies', async () => {
    renderAt('/login/magic?token=link-1', () => ({ status: 200, body: CHALLENGE }));
    expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    expect(storedSession()).toBeNull();
  });

  it('says a used link is spent, without offering the code', async () => {
    renderAt('/login/magic?token=link-1', () => ({
      status: 400,
      body: { error: 'This sign-in link is invalid, used or expired. Ask for a new one.', code: 'invalid_magic_link' },
    }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in link is invalid, used or expired. Ask for a new one.',
    );
    expect(screen.queryByLabelText('Sign-in code')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeTruthy();
  });
});

describe('Settings → Sign-in', () => {
  it('saves who may sign in by link as it is chosen', async () => {
    const config = { magic_links: 'clients' };
    const calls = renderAt(
      '/settings',
      (call) => {
        if (call.method === 'PATCH') Object.assign(config, call.body);
        return { status: 200, body: { ...config, features: {}, role_labels: {}, role_colors: {} } };
      },
      true,
      <SignInSection tenantId={TENANT_ID} />,
    );
    const select = (await screen.findByLabelText('Email sign-in links')) as HTMLSelectElement;
    expect(select.value).toBe('clients');
    await userEvent.selectOptions(select, 'off');
    expect(await screen.findByText('Sign-in links saved.')).toBeTruthy();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch).toMatchObject({ path: '/api/tenant-config', body: { magic_links: 'off' } });
    expect(patch!.headers['x-tenant-id']).toBe(TENANT_ID);
    await waitFor(() => expect(select.value).toBe('off'));
  });

  it('hides and shows the provider buttons of the workspace’s sign-in page', async () => {
    const config = { magic_links: 'clients', provider_buttons: true };
    const calls = renderAt(
      '/settings',
      (call) => {
        if (call.method === 'PATCH') Object.assign(config, call.body);
        return { status: 200, body: { ...config, features: {}, role_labels: {}, role_colors: {} } };
      },
      true,
      <SignInSection tenantId={TENANT_ID} />,
    );
    const toggle = await screen.findByRole('switch', {
      name: 'Show sign-in with Google, Microsoft, Slack or GitHub on our sign-in page',
    });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await userEvent.click(toggle);
    expect(await screen.findByText('Provider sign-in buttons hidden.')).toBeTruthy();
    const patches = () => calls.filter((call) => call.method === 'PATCH');
    expect(patches().map((call) => call.body)).toEqual([{ provider_buttons: false }]);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    await userEvent.click(toggle);
    expect(await screen.findByText('Provider sign-in buttons shown.')).toBeTruthy();
    expect(patches().map((call) => call.body)).toEqual([{ provider_buttons: false }, { provider_buttons: true }]);
  });
});
