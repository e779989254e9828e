import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const signInWithPassword = vi.fn();

vi.mock('../../src/lib/api/client', () => ({
  auth: { signInWithPassword: (...args: unknown[]) => signInWithPassword(...args) },
}));
vi.mock('../../src/lib/site/site', () => ({ useSite: () => ({ data: undefined }) }));
vi.mock('../../src/lib/session/session-context', () => ({
  useSession: () => ({
    session: null,
    pending: false,
    isSuperAdmin: false,
    memberships: [],
    membershipError: false,
    error: null,
    signOut: vi.fn(),
  }),
}));

const { LoginPage } = await import('../../src/features/auth/login/LoginPage');

function renderLogin() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Sign In' });

describe('the sign-in form', () => {
  beforeEach(() => signInWithPassword.mockReset());

  it('asks for both fields before it sends anything', async () => {
    renderLogin();
    await userEvent.type(email(), '   ');
    await userEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.');
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Please enter your email and password.');
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('sends the trimmed email and is busy while it waits', async () => {
    let answer!: (value: unknown) => void;
    signInWithPassword.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderLogin();
    await userEvent.type(email(), ' ada@example.com ');
    await userEvent.type(password(), 'secret-pass');
    await userEvent.click(submit());
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret-pass' });
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    answer({ session: {} });
  });
});
