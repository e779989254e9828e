import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ImpersonateDialog } from '../../src/features/console/ImpersonateDialog';
import { fakeFetch } from '../fake-fetch';
import type { Call } from '../fake-fetch';

const ADA = {
  id: '3b9f6c1e-2a4d-4e8f-9c7b-1d2e3f4a5b6c',
  email: 'ada@example.com',
  role: 'member',
  workspaces: ['Acme'],
};
const REFUSED = 'Super admins cannot be impersonated.';

/** The console's providers, the network faked at fetch: the user search finds Ada, a start is refused. */
function renderApp(ui: ReactNode) {
  const calls = fakeFetch((call: Call) => {
    if (call.path.startsWith('/api/super/users?')) return { status: 200, body: { users: [ADA] } };
    if (call.path === '/api/impersonate/start') return { status: 403, body: { error: REFUSED } };
    return { status: 500, body: { error: `Unexpected ${call.method} ${call.path}` } };
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/super']}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const start = () => screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement;

async function findAda() {
  await userEvent.type(screen.getByLabelText('Search users by email'), 'ada');
  return screen.findByRole('radio', { name: /ada@example\.com/ });
}

describe('the Impersonate dialog', () => {
  it('offers Start once someone is chosen, and not without a reason', async () => {
    renderApp(<ImpersonateDialog open onClose={() => undefined} />);
    expect(start().disabled).toBe(true);
    const ada = await findAda();
    expect(start().disabled).toBe(true);
    await userEvent.click(ada);
    await waitFor(() => expect(start().disabled).toBe(false));
    const reason = screen.getByLabelText('Reason');
    await userEvent.clear(reason);
    expect(await screen.findByText('Give a reason for impersonating this user.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(start().disabled).toBe(true);
  });

  it('starts as the person chosen with the reason given, and shows why the server refused', async () => {
    const calls = renderApp(<ImpersonateDialog open onClose={() => undefined} />);
    await userEvent.click(await findAda());
    const reason = screen.getByLabelText('Reason');
    await userEvent.clear(reason);
    await userEvent.type(reason, '  Ticket 42 ');
    await waitFor(() => expect(start().disabled).toBe(false));
    await userEvent.click(start());
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSED);
    const started = calls.filter((call) => call.path === '/api/impersonate/start');
    expect(started.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: { targetUserId: ADA.id, reason: 'Ticket 42' } },
    ]);
    expect(start().disabled).toBe(false);
  });
});
