import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OnboardingState } from '../../src/features/onboarding/api';
import { PlanStep } from '../../src/features/onboarding/PlanStep';
import type { Call } from '../fake-fetch';
import { renderApp } from './render-app';

const PLANS = [
  { key: 'starter', name: 'Starter', price_monthly: 39, price_yearly: 33, client_cap: 50 },
  { key: 'pro', name: 'Pro', price_monthly: 99, price_yearly: 83, client_cap: null },
];

const ONBOARDING = { plan: null, adminSeats: 1, checkoutRequired: false } as unknown as OnboardingState;

/** The plan step at `address`; saving the plan answers whether Stripe is due next. */
function renderStep({ address = '/onboarding', checkoutRequired = false } = {}) {
  return renderApp(<PlanStep onboarding={ONBOARDING} />, {
    path: address,
    answers: {
      'GET /api/public/plans': { status: 200, body: { plans: PLANS } },
      'POST /api/onboarding-plan': (call) => ({
        status: 200,
        body: { onboarding: { ...ONBOARDING, ...(call.body as object), checkoutRequired } },
      }),
      'POST /api/checkout': { status: 200, body: { url: 'https://checkout.stripe.test/s1' } },
    },
  });
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('Onboarding: the plan step', () => {
  it('starts on Starter, monthly, and shows the yearly price per month when asked', async () => {
    const { user } = renderStep();
    expect(((await screen.findByRole('radio', { name: /Starter/ })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('$39/month')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(screen.getByText('$33/month')).toBeTruthy();
  });

  it('refuses admin seats below 1 and keeps Continue off until they are fixed', async () => {
    const { calls, user } = renderStep();
    const seats = screen.getByLabelText('Admin seats');
    await user.clear(seats);
    await user.type(seats, '0');
    expect(await screen.findByText('Admin seats must be a whole number of at least 1.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(seats);
    await user.type(seats, '3');
    await user.click(await screen.findByRole('radio', { name: /Pro/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(posts(calls)).toEqual([['/api/onboarding-plan', { plan: 'pro', adminSeats: 3 }]]));
  });

  it('goes on to Stripe with the cycle from the address when the plan needs paying', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls, user } = renderStep({ address: '/onboarding?cycle=yearly', checkoutRequired: true });
    await user.click(await screen.findByRole('radio', { name: /Pro/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/s1'));
    expect(posts(calls)).toEqual([
      ['/api/onboarding-plan', { plan: 'pro', adminSeats: 1 }],
      ['/api/checkout', { plan: 'pro', cycle: 'yearly' }],
    ]);
  });
});
