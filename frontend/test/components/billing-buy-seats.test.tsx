import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Plan } from '../../src/features/billing/api';
import { BuySeatsForm } from '../../src/features/billing/BuySeatsForm';
import { renderApp } from './render-app';

const PRO = {
  key: 'pro',
  name: 'Pro',
  seat_price_monthly: 12,
  admin_seats: { included: 2, extra_price_monthly: 20 },
} as unknown as Plan;

describe('Billing: buying seats', () => {
  it('refuses a count that is not a whole number of at least 1, in the API’s words, and buys nothing', async () => {
    const { calls, user } = renderApp(<BuySeatsForm plan={PRO} tenantId="t1" />);
    const seats = screen.getByLabelText('Seats to add');
    await user.clear(seats);
    await user.type(seats, '0');
    await user.click(screen.getByRole('button', { name: /Buy seats/ }));
    expect(await screen.findByText('Seats must be a whole number of at least 1.')).toBeTruthy();
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('names the price of the seat kind chosen and goes to Stripe’s page for the seats', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls, user } = renderApp(<BuySeatsForm plan={PRO} tenantId="t1" />, {
      answers: { 'POST /api/billing/checkout': { status: 200, body: { url: 'https://checkout.stripe.test/s1' } } },
    });
    expect(screen.getByRole('button', { name: 'Buy seats ($12/month each)' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Seat type'), 'admin');
    const seats = screen.getByLabelText('Seats to add');
    await user.clear(seats);
    await user.type(seats, '3');
    await user.click(screen.getByRole('button', { name: 'Buy seats ($20/month each)' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/s1'));
    const checkout = calls.find((c) => c.path === '/api/billing/checkout');
    expect(checkout?.headers['x-tenant-id']).toBe('t1');
    expect(checkout?.body).toEqual({ purpose: 'add_seats', seats: 3, seat_kind: 'admin' });
  });

  it('says why Stripe could not be reached', async () => {
    const { user } = renderApp(<BuySeatsForm plan={PRO} tenantId="t1" />, {
      answers: { 'POST /api/billing/checkout': { status: 502, body: { error: 'Stripe is unavailable.' } } },
    });
    await user.click(screen.getByRole('button', { name: 'Buy seats ($12/month each)' }));
    expect(await screen.findByText('Stripe is unavailable.')).toBeTruthy();
  });
});
