import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { BillingControl } from '../../src/features/console/tenants/BillingControl';
import type { SuperTenant } from '../../src/lib/api/types';
import { fakeFetch } from '../fake-fetch';
import type { Call } from '../fake-fetch';

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
    usage: { members: 3, custom_domains: 0, storage_bytes: 0, api_calls: 0, webhooks: 0, webhook_deliveries: 0 },
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

/** The console's providers and its toasts, the network faked at fetch: asking too soon is refused. */
function renderApp(ui: ReactNode) {
  const calls = fakeFetch((call: Call) =>
    call.method === 'POST' && call.path.endsWith('/ask-to-subscribe')
      ? { status: 400, body: { error: TOO_SOON } }
      : { status: 200, body: {} },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return calls;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const reason = () => screen.getByLabelText(/Reason for the billing change/) as HTMLInputElement;
const billingCalls = (calls: Call[]) =>
  calls
    .filter((call) => call.path.startsWith(`/api/super/tenants/${TENANT_ID}/`))
    .map(({ method, path, body }) => ({
      method,
      path: path.slice(`/api/super/tenants/${TENANT_ID}`.length),
      body,
    }));

describe('the console’s billing actions', () => {
  it('extends a past-due workspace’s grace by 1 to 90 days, with a reason, and says so', async () => {
    const calls = renderApp(<BillingControl tenant={PAST_DUE} />);
    expect(screen.queryByRole('button', { name: 'Ask to subscribe' })).toBeNull();
    expect(button('Extend grace period').disabled).toBe(true);
    await userEvent.type(reason(), '  Paying by transfer ');
    await waitFor(() => expect(button('Extend grace period').disabled).toBe(false));
    const days = screen.getByLabelText('Extra grace days');
    for (const refused of ['0', '91']) {
      await userEvent.clear(days);
      await userEvent.type(days, refused);
      await waitFor(() => expect(button('Extend grace period').disabled).toBe(true));
    }
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(button('Extend grace period'));
    expect(await screen.findByText('Grace period extended')).toBeTruthy();
    expect(billingCalls(calls)).toEqual([
      { method: 'POST', path: '/grace', body: { days: 10, reason: 'Paying by transfer' } },
    ]);
    await waitFor(() => expect(reason().value).toBe(''));
  });

  it('asks a workspace without a plan to subscribe from a date, and shows the server’s refusal', async () => {
    const calls = renderApp(<BillingControl tenant={ASKED} />);
    expect(screen.queryByRole('button', { name: 'Extend grace period' })).toBeNull();
    await userEvent.type(reason(), 'Trial ended');
    expect(button('Ask to subscribe').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Billing starts on'), { target: { value: '2027-01-31' } });
    await waitFor(() => expect(button('Ask to subscribe').disabled).toBe(false));
    await userEvent.click(button('Ask to subscribe'));
    expect(await screen.findByText(TOO_SOON)).toBeTruthy();
    expect(billingCalls(calls)).toEqual([
      { method: 'POST', path: '/ask-to-subscribe', body: { starts_at: '2027-01-31', reason: 'Trial ended' } },
    ]);
    expect(reason().value).toBe('Trial ended');
  });

  it('withdraws a request to subscribe, with a reason', async () => {
    const calls = renderApp(<BillingControl tenant={ASKED} />);
    expect(button('Withdraw').disabled).toBe(true);
    await userEvent.type(reason(), 'Asked by mistake');
    await waitFor(() => expect(button('Withdraw').disabled).toBe(false));
    await userEvent.click(button('Withdraw'));
    expect(await screen.findByText('The request to subscribe was withdrawn')).toBeTruthy();
    expect(billingCalls(calls)).toEqual([
      { method: 'DELETE', path: '/ask-to-subscribe', body: { reason: 'Asked by mistake' } },
    ]);
  });
});
