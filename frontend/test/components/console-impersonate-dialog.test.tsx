import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImpersonateDialog } from '../../src/features/console/ImpersonateDialog';
import { renderApp } from './render-app';

const ADA = {
  id: '3b9f6c1e-2a4d-4e8f-9c7b-1d2e3f4a5b6c',
  email: 'ada@example.com',
  role: 'member',
  workspaces: ['Acme'],
};
const REFUSED = 'Super admins cannot be impersonated.';

/** A super admin in the console, the server finding Ada by any search and refusing to start. */
function openDialog() {
  return renderApp(<ImpersonateDialog open onClose={() => undefined} />, {
    path: '/super',
    signedIn: { isSuperAdmin: true },
    answers: {
      'GET /api/super/users': { status: 200, body: { users: [ADA] } },
      'POST /api/impersonate/start': { status: 403, body: { error: REFUSED } },
    },
  });
}

type User = ReturnType<typeof renderApp>['user'];

const start = () => screen.getByRole('button', { name: 'Start' }) as HTMLButtonElement;

async function findAda(user: User) {
  await user.type(screen.getByLabelText('Search users by email'), 'ada');
  return screen.findByRole('radio', { name: /ada@example\.com/ });
}

describe('the Impersonate dialog', () => {
  it('offers Start once someone is chosen, and not without a reason', async () => {
    const { user } = openDialog();
    expect(start().disabled).toBe(true);
    const ada = await findAda(user);
    expect(start().disabled).toBe(true);
    await user.click(ada);
    await waitFor(() => expect(start().disabled).toBe(false));
    const reason = screen.getByLabelText('Reason');
    await user.clear(reason);
    expect(await screen.findByText('Give a reason for impersonating this user.')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(start().disabled).toBe(true);
  });

  it('starts as the person chosen with the reason given, and shows why the server refused', async () => {
    const { calls, user } = openDialog();
    await user.click(await findAda(user));
    const reason = screen.getByLabelText('Reason');
    await user.clear(reason);
    await user.type(reason, '  Ticket 42 ');
    await waitFor(() => expect(start().disabled).toBe(false));
    await user.click(start());
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSED);
    const started = calls.filter((call) => call.path === '/api/impersonate/start');
    expect(started.map(({ method, body }) => ({ method, body }))).toEqual([
      { method: 'POST', body: { targetUserId: ADA.id, reason: 'Ticket 42' } },
    ]);
    expect(start().disabled).toBe(false);
  });
});
