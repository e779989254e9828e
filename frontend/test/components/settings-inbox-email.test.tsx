import { INBOX_MESSAGES } from '@portico/common';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InboxEmailSection } from '../../src/features/settings/InboxEmailSection';
import type { Call } from '../fake-fetch';
import { renderApp, WORKSPACE_ID } from './render-app';

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

const CLIENT_DEFAULTS = [
  { kind: 'file.shared', email: 'immediately', default: 'immediately', chosen: false },
  { kind: 'form.submitted', email: 'off', default: 'off', chosen: false },
  { kind: 'member.joined', email: 'off', default: 'off', chosen: false },
  { kind: 'member.role_changed', email: 'immediately', default: 'immediately', chosen: false },
];

describe('Settings → Notification emails', () => {
  it('shows one choice per kind as the role’s defaults set them, and saves one as soon as it is chosen', async () => {
    const { calls, user } = renderApp(<InboxEmailSection tenantId={WORKSPACE_ID} />, {
      answers: {
        'GET /api/inbox/email': { status: 200, body: { kinds: CLIENT_DEFAULTS } },
        'PUT /api/inbox/email': {
          status: 200,
          body: {
            kinds: [
              { kind: 'file.shared', email: 'daily', default: 'immediately', chosen: true },
              ...CLIENT_DEFAULTS.slice(1),
            ],
          },
        },
      },
    });
    const shares = (await screen.findByRole('combobox', { name: 'A file is shared with me' })) as HTMLSelectElement;
    expect(shares.value).toBe('immediately');
    expect([...shares.options].map((o) => o.text)).toEqual(['Right away', 'Daily digest', 'Off']);
    expect((screen.getByRole('combobox', { name: 'A form I manage is answered' }) as HTMLSelectElement).value).toBe(
      'off',
    );
    expect(screen.getAllByRole('combobox')).toHaveLength(4);
    expect(screen.getAllByText('The default for your role.')).toHaveLength(4);

    await user.selectOptions(shares, 'Daily digest');
    expect(await screen.findByText('Notification emails saved.')).toBeTruthy();
    expect(puts(calls)).toEqual([{ kind: 'file.shared', email: 'daily' }]);
    expect(shares.value).toBe('daily');
    expect(screen.getByText('Your choice. Without one: right away.')).toBeTruthy();
  });

  it('says why a choice could not be saved', async () => {
    const { user } = renderApp(<InboxEmailSection tenantId={WORKSPACE_ID} />, {
      answers: {
        'GET /api/inbox/email': { status: 200, body: { kinds: CLIENT_DEFAULTS } },
        'PUT /api/inbox/email': { status: 400, body: { error: INBOX_MESSAGES.emailSetting } },
      },
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'My role changes' }), 'Off');
    expect(await screen.findByText(INBOX_MESSAGES.emailSetting)).toBeTruthy();
  });

  it('shows why it could not load, with Retry', async () => {
    renderApp(<InboxEmailSection tenantId={WORKSPACE_ID} />, {
      answers: { 'GET /api/inbox/email': { status: 403, body: { error: INBOX_MESSAGES.notMember } } },
    });
    expect(await screen.findByText(INBOX_MESSAGES.notMember)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});
