import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plan } from '../../src/features/billing/api';
import { BuySeatsForm } from '../../src/features/billing/BuySeatsForm';

const checkout = { mutate: vi.fn(), isPending: false };
vi.mock('../../src/features/billing/api', () => ({ useCheckout: () => checkout }));

const PRO = {
  key: 'pro',
  name: 'Pro',
  seat_price_monthly: 12,
  admin_seats: { included: 2, extra_price_monthly: 20 },
} as unknown as Plan;

describe('Billing: buying seats', () => {
  beforeEach(() => checkout.mutate.mockReset());

  it('refuses a count that is not a whole number of at least 1, in the API’s words, and buys nothing', async () => {
    render(<BuySeatsForm plan={PRO} tenantId="t1" />);
    const seats = screen.getByLabelText('Seats to add');
    await userEvent.clear(seats);
    await userEvent.type(seats, '0');
    await userEvent.click(screen.getByRole('button', { name: /Buy seats/ }));
    expect(await screen.findByText('Seats must be a whole number of at least 1.')).toBeTruthy();
    expect(seats.getAttribute('aria-invalid')).toBe('true');
    expect(checkout.mutate).not.toHaveBeenCalled();
  });

  it('names the price of the seat kind chosen and starts checkout for the seats', async () => {
    render(<BuySeatsForm plan={PRO} tenantId="t1" />);
    expect(screen.getByRole('button', { name: 'Buy seats ($12/month each)' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Seat type'), 'admin');
    const seats = screen.getByLabelText('Seats to add');
    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Buy seats ($20/month each)' }));
    expect(checkout.mutate).toHaveBeenCalledOnce();
    expect(checkout.mutate.mock.calls[0]![0]).toEqual({ purpose: 'add_seats', seats: 3, seat_kind: 'admin' });
  });
});
