import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Billing from '../../src/features/billing';
import type { OnboardingState } from '../../src/features/onboarding/api';
import { PlanStep } from '../../src/features/onboarding/PlanStep';

const PLANS = [
  { key: 'starter', name: 'Starter', price_monthly: 39, price_yearly: 33, client_cap: 50 },
  { key: 'pro', name: 'Pro', price_monthly: 99, price_yearly: 83, client_cap: null },
];
vi.mock('../../src/features/billing', async (original) => ({
  ...(await original<typeof Billing>()),
  usePlans: () => ({ isPending: false, data: PLANS }),
}));

const save = { mutateAsync: vi.fn(), isPending: false, error: null };
const checkout = { mutateAsync: vi.fn(), isPending: false, error: null };
vi.mock('../../src/features/onboarding/api', () => ({ usePlanStep: () => save, useCheckout: () => checkout }));

const ONBOARDING = { plan: null, adminSeats: 1, checkoutRequired: false } as unknown as OnboardingState;

function renderStep(address = '/onboarding') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <PlanStep onboarding={ONBOARDING} />
    </MemoryRouter>,
  );
}

describe('Onboarding: the plan step', () => {
  beforeEach(() => {
    save.mutateAsync.mockReset().mockResolvedValue({ checkoutRequired: false });
    checkout.mutateAsync.mockReset();
  });

  it('starts on Starter, monthly, and shows the yearly price per month when asked', async () => {
    renderStep();
    expect((screen.getByRole('radio', { name: /Starter/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('$39/month')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByText('$33/month')).toBeTruthy();
  });

  it('refuses admin seats below 1 and keeps Continue off until they are fixed', async () => {
    renderStep();
    const seats = screen.getByLabelText('Admin seats');
    await userEvent.clear(seats);
    await userEvent.type(seats, '0');
    expect(await screen.findByText('Admin seats must be a whole number of at least 1.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(save.mutateAsync).toHaveBeenCalledWith({ plan: 'pro', adminSeats: 3 });
    expect(checkout.mutateAsync).not.toHaveBeenCalled();
  });

  it('goes on to Stripe with the cycle from the address when the plan needs paying', async () => {
    save.mutateAsync.mockResolvedValue({ checkoutRequired: true });
    checkout.mutateAsync.mockResolvedValue('https://checkout.stripe.test/s1');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    try {
      renderStep('/onboarding?cycle=yearly');
      await userEvent.click(screen.getByRole('radio', { name: /Pro/ }));
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/s1'));
      expect(checkout.mutateAsync).toHaveBeenCalledWith({ plan: 'pro', cycle: 'yearly' });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
