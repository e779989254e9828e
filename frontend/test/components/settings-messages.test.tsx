import { MESSAGE_SETTINGS_MESSAGES } from '@portico/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageEmailSection } from '../../src/features/settings/MessageEmailSection';
import { MessageRetentionSection } from '../../src/features/settings/MessageRetentionSection';
import type { Answer, Call } from '../fake-fetch';
import { renderApp, WORKSPACE_ID } from './render-app';

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('Settings → Message emails', () => {
  it('shows the role’s default, saves a choice as soon as it is made, and says so', async () => {
    const { calls, user } = renderApp(<MessageEmailSection tenantId={WORKSPACE_ID} />, {
      answers: {
        'GET /api/message-email': {
          status: 200,
          body: { message_email: 'hourly', default: 'hourly', chosen: false },
        },
        'PUT /api/message-email': {
          status: 200,
          body: { message_email: 'daily', default: 'hourly', chosen: true },
        },
      },
    });
    const select = (await screen.findByLabelText('Email me about messages I have not read')) as HTMLSelectElement;
    expect(select.value).toBe('hourly');
    expect(screen.getByText(/The default for your role\./)).toBeTruthy();
    await user.selectOptions(select, 'daily');
    expect(await screen.findByText('Message emails saved.')).toBeTruthy();
    expect(puts(calls)).toEqual([{ message_email: 'daily' }]);
    expect(screen.getByText(/Your choice\./)).toBeTruthy();
  });

  it('shows why it could not load, with Retry', async () => {
    renderApp(<MessageEmailSection tenantId={WORKSPACE_ID} />, {
      answers: {
        'GET /api/message-email': { status: 403, body: { error: MESSAGE_SETTINGS_MESSAGES.notMember } },
      },
    });
    expect(await screen.findByText(MESSAGE_SETTINGS_MESSAGES.notMember)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Retry/ })).toBeTruthy();
  });
});

function renderRetention(put?: Answer) {
  return renderApp(<MessageRetentionSection tenantId={WORKSPACE_ID} />, {
    answers: {
      'GET /api/message-retention': { status: 200, body: { days: null, remove_files: false } },
      ...(put ? { 'PUT /api/message-retention': put } : {}),
    },
  });
}

describe('Settings → Message retention', () => {
  it('keeps messages until the admin turns deletion on, then saves the days and the attachments’ choice', async () => {
    const { calls, user } = renderRetention({ status: 200, body: { days: 30, remove_files: true } });
    const deletes = await screen.findByRole('switch', { name: 'Delete old messages' });
    expect(screen.queryByLabelText('Delete messages older than (days)')).toBeNull();
    await user.click(deletes);
    const days = screen.getByLabelText('Delete messages older than (days)');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('switch', { name: 'Delete their attachments too' }));
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    expect(await screen.findByText('Messages older than 30 days will be deleted.')).toBeTruthy();
    expect(puts(calls)).toEqual([{ days: 30, remove_files: true }]);
  });

  it('refuses fewer than 7 days with the API’s sentence, asking nothing of it', async () => {
    const { calls, user } = renderRetention();
    await user.click(await screen.findByRole('switch', { name: 'Delete old messages' }));
    const days = screen.getByLabelText('Delete messages older than (days)');
    await user.clear(days);
    await user.type(days, '3');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(screen.getByText(MESSAGE_SETTINGS_MESSAGES.retentionDays)).toBeTruthy());
    expect(puts(calls)).toEqual([]);
  });
});
