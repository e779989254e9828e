import { IDENTITY_MESSAGES, type LinkedIdentity } from '@portico/common';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SignInMethodsSection } from '../../src/features/auth/two-factor/SignInMethodsSection';
import { renderApp } from './render-app';

const GOOGLE: LinkedIdentity = {
  id: '1b2c3d4e-0000-4000-8000-000000000001',
  provider: 'google',
  provider_name: 'Google',
  email: 'ada@gmail.test',
  created_at: '2026-03-01T10:00:00.000Z',
  last_used_at: '2026-03-05T10:00:00.000Z',
};
const GITHUB: LinkedIdentity = {
  id: '1b2c3d4e-0000-4000-8000-000000000002',
  provider: 'github',
  provider_name: 'GitHub',
  email: null,
  created_at: '2026-03-02T10:00:00.000Z',
  last_used_at: null,
};
const GOOGLE_PATH = `/api/auth/identities/${GOOGLE.id}`;

function open(identities: () => LinkedIdentity[], unlink: { status: number; body?: unknown }) {
  return renderApp(<SignInMethodsSection />, {
    path: '/account/security',
    signedIn: {},
    answers: {
      'GET /api/auth/identities': () => ({ status: 200, body: { identities: identities() } }),
      [`DELETE ${GOOGLE_PATH}`]: unlink,
    },
  });
}

describe('Sign-in methods', () => {
  it('lists the linked identities and unlinks one after its confirmation', async () => {
    let linked = [GOOGLE, GITHUB];
    const { calls, user } = open(() => linked, { status: 204 });

    const google = (await screen.findByText('Google')).closest('li')!;
    expect(google.textContent).toContain('ada@gmail.test');
    expect(google.textContent).toMatch(/Linked .*2026 · last used .*2026/);
    expect(screen.getByText('GitHub').closest('li')!.textContent).toContain('last used never');

    await user.click(within(google).getByRole('button', { name: 'Unlink' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    const question = within(google).getByRole('group', { name: 'Unlink Google?' });
    linked = [GITHUB];
    await user.click(within(question).getByRole('button', { name: 'Confirm' }));

    await screen.findByText('Google unlinked');
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([GOOGLE_PATH]);
    expect(screen.queryByText('ada@gmail.test')).toBeNull();
    screen.getByText('GitHub');
  });

  it('shows the API’s refusal of the last way in as an alert, and keeps the identity', async () => {
    const { user } = open(() => [GOOGLE], {
      status: 409,
      body: { error: IDENTITY_MESSAGES.lastWayIn, code: 'last_sign_in_method' },
    });

    const google = (await screen.findByText('Google')).closest('li')!;
    await user.click(within(google).getByRole('button', { name: 'Unlink' }));
    await user.click(within(google).getByRole('button', { name: 'Confirm' }));

    expect((await screen.findByRole('alert')).textContent).toContain(IDENTITY_MESSAGES.lastWayIn);
    screen.getByText('ada@gmail.test');
  });

  it('says when no provider is linked', async () => {
    open(() => [], { status: 204 });
    await screen.findByText(/^No sign-in providers linked\./);
    expect(screen.queryByRole('button', { name: 'Unlink' })).toBeNull();
  });
});
