import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { BillingControl } from '../../src/features/console/tenants/BillingControl';
import type { SuperTenant } from '../../src/lib/api/types';
import type { Call } from '../fake-fetch';
import { renderApp } from './render-app';

const TENANT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const TOO_SOON = 'The start date must be after today.';

function tenant(billing: Partial<SuperTenant['billing']>): SuperTenant {
  return {
    id: TENANT_ID,
    name: 'Acme',
    slug: 'acme',
    tier: 'pro',
    status: 'active',
    seats_used: 3,
    seats_total: 10,
    domain: null,
    created_at: '2026-01-01T00:00:00.000Z',
    usage: {
      members: 3,
      custom_domains: 0,
      storage_bytes: 0,
      api_calls: 0,
      webhooks: 0,
      webhook_deliveries: 0,
      messages: 0,
    },
    billing: {
      state: 'ok',
      read_only_reason: null,
      trial_ends_at: null,
      grace_ends_at: null,
      billing_starts_at: null,
      billing_status: 'active',
      ...billing,
    },
  };
}
const PAST_DUE = tenant({ state: 'past_due', billing_status: 'past_due', grace_ends_at: '2026-12-01T00:00:00.000Z' });
const ASKED = tenant({
  state: 'billing_scheduled',
  billing_status: 'canceled',
  billing_starts_at: '2026-12-15T00:00:00.000Z',
});

const BILLING = `/api/super/tenants/${TENANT_ID}`;

/** A super admin in the console, the server taking each billing action, and refusing a request to subscribe too soon. */
function openConsole(ui: ReactNode) {
  return renderApp(ui, {
    path: '/super/tenants',
    signedIn: { isSuperAdmin: true },
    answers: {
      [`POST ${BILLING}/grace`]: { status: 200, body: {} },
      [`POST ${BILLING}/ask-to-subscribe`]: { status: 400, body: { error: TOO_SOON } },
      [`DELETE ${BILLING}/ask-to-subscribe`]: { status: 200, body: {} },
    },
  });
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const reason = () => screen.getByLabelText(/Reason for the billing change/) as HTMLInputElement;
const billingCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.path.startsWith(`${BILLING}/`))
    .map(({ method, path, body }) => ({ method, path: path.slice(BILLING.length), body }));

describe('the console’s billing actions', () => {
  it('extends a past-due workspace’s grace by 1 to 90 days, with a reason, and says so', async () => {
    const { calls, user } = openConsole(<BillingControl tenant={PAST_DUE} />);
    expect(screen.queryByRole('button', { name: 'Ask to subscribe' })).toBeNull();
    expect(button('Extend grace period').disabled).toBe(true);
    await user.type(reason(), '  Paying by transfer ');
    await waitFor(() => expect(button('Extend grace period').disabled).toBe(false));
    const days = screen.getByLabelText('Extra grace days');
    for (const refused of ['0', '91']) {
      await user.clear(days);
      await user.type(days, refused);
      await waitFor(() => expect(button('Extend grace period').disabled).toBe(true));
    }
    await user.clear(days);
    await user.type(days, '10');
    await user.click(button('Extend grace period'));
    expect(await screen.findByText('Grace period extended')).toBeTruthy();
    expect(billingCalls(calls)).toEqual([
      { method: 'POST', path: '/grace', body: { days: 10, reason: 'Paying by transfer' } },
    ]);
    await waitFor(() => expect(reason().value).toBe(''));
  });

  it('asks a workspace without a plan to subscribe from a date, and shows the server’s refusal', async () => {
    const { calls, user } = openConsole(<BillingControl tenant={ASKED} />);
    expect(screen.queryByRole('button', { name: 'Extend grace period' })).toBeNull();
    await user.type(reason(), 'Trial ended');
    expect(button('Ask to subscribe').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Billing starts on'), { target: { value: '2027-01-31' } });
    await waitFor(() => expect(button('Ask to subscribe').disabled).toBe(false));
    await user.click(button('Ask to subscribe'));
    expect(await screen.findByText(TOO_SOON)).toBeTruthy();
    expect(billingCalls(calls)).toEqual([
      { method: 'POST', path: '/ask-to-subscribe', body: { starts_at: '2027-01-31', reason: 'Trial ended' } },
    ]);
    expect(reason().value).toBe('Trial ended');
  });

  it('withdraws a request to subscribe, with a reason', async () => {
    const { calls, user } = openConsole(<BillingControl tenant={ASKED} />);
    expect(button('Withdraw').disabled).toBe(true);
    await user.type(reason(), 'Asked by mistake');
    await waitFor(() => expect(button('Withdraw').disabled).toBe(false));
    await user.click(button('Withdraw'));
    expect(await screen.findByText('The request to subscribe was withdrawn')).toBeTruthy();
    expect(billingCalls(calls)).toEqual([
      { method: 'DELETE', path: '/ask-to-subscribe', body: { reason: 'Asked by mistake' } },
    ]);
  });
});
