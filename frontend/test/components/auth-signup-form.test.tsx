import { SIGNUP_TITLES } from '@portico/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { SignupVariant } from '../../src/features/auth/signup/SignupForm';

const startOnboarding = vi.fn();

vi.mock('../../src/features/onboarding', () => ({ startOnboarding: (...args: unknown[]) => startOnboarding(...args) }));
vi.mock('../../src/lib/api/client', () => ({ api: vi.fn(), auth: { signUp: vi.fn() } }));
vi.mock('../../src/lib/api/typed-client', () => ({ client: { POST: vi.fn() } }));
vi.mock('../../src/lib/site/site', () => ({ useSite: () => ({ data: undefined }) }));
vi.mock('../../src/lib/session/session-context', () => ({ useSession: () => ({ user: null }) }));

const { SignupForm } = await import('../../src/features/auth/signup/SignupForm');

function renderForm(variant: SignupVariant) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SignupForm variant={variant} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the signup form', () => {
  it('owner: asks the account and the workspace, and sends only once all is valid', async () => {
    startOnboarding.mockReturnValue(new Promise(() => undefined));
    renderForm({ kind: 'owner', plan: 'pro', cycle: 'monthly' });
    const create = screen.getByRole('button', { name: 'Create Workspace' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);

    await userEvent.type(field('Full name'), 'Ada Lovelace');
    await userEvent.type(field('Work email'), 'ada@example');
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    await userEvent.type(field('Work email'), '.com');
    await userEvent.type(field('Password'), 'long-enough');
    await userEvent.type(field('Company name'), 'Analytical Engines');
    await userEvent.selectOptions(screen.getByLabelText('How did you hear about us?'), 'Other');
    await userEvent.type(field('Where did you hear about us?'), 'A friend');
    await userEvent.selectOptions(screen.getByLabelText('Your title'), SIGNUP_TITLES[0]);
    expect(create.disabled).toBe(false);

    await userEvent.click(create);
    expect(startOnboarding).toHaveBeenCalledOnce();
    expect(startOnboarding.mock.calls[0]![0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      companyName: 'Analytical Engines',
      source: 'Other',
      sourceOther: 'A friend',
      plan: 'pro',
    });
  });

  it('member: the invited address is fixed, and no workspace is asked', () => {
    renderForm({
      kind: 'member',
      invitation: {
        token: 'token-1',
        email: 'cleo@example.com',
        tenant_id: 'tenant-1',
        tenant_name: 'Harbor Legal',
      } as Extract<SignupVariant, { kind: 'member' }>['invitation'],
    });
    expect(field('Work email').value).toBe('cleo@example.com');
    expect(field('Work email').readOnly).toBe(true);
    expect(screen.getByText('This is the address your invitation was sent to.')).toBeTruthy();
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect((screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
