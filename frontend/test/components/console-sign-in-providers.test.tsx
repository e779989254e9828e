import { DEFAULT_SETTINGS } from '@portico/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from '../../src/features/console/SettingsPage';
import type { AnswerTable, Call } from '../fake-fetch';
import { renderApp } from './render-app';

const AUTH = { require2fa: false, sessionMaxHours: 48, sessionIdleMinutes: 600 };
const noProvider = { enabled: false, clientId: '', clientSecret: null };
/** The settings as GET /api/settings answers them: Google's secret saved (masked), the others none. */
const SETTINGS = {
  ...DEFAULT_SETTINGS,
  auth: {
    ...AUTH,
    providers: {
      google: { enabled: false, clientId: 'google-client', clientSecret: '••••1234' },
      microsoft: noProvider,
      slack: noProvider,
      github: noProvider,
    },
  },
};

function server(save: AnswerTable[string]): AnswerTable {
  return {
    'GET /api/settings': { status: 200, body: { settings: SETTINGS } },
    'GET /api/flags': { status: 200, body: { flags: [] } },
    'PUT /api/settings': save,
  };
}

const providersForm = async () => within(await screen.findByRole('form', { name: 'Sign-in providers' }));
const saves = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('Super Settings → Auth: sign-in providers', () => {
  it('shows the saved secret masked, and keeps it when its field is left empty', async () => {
    const { calls, user } = renderApp(<SettingsPage />, {
      answers: server({ status: 200, body: { settings: SETTINGS } }),
    });
    const form = await providersForm();
    expect(form.getByText('Saved ••••1234. Leave empty to keep it.')).toBeTruthy();
    expect((form.getByLabelText('Google client secret') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText('Google client ID') as HTMLInputElement).value).toBe('google-client');
    const google = form.getByRole('switch', { name: 'Google sign-in' }) as HTMLInputElement;
    expect(google.checked).toBe(false);
    await user.click(google);
    await user.type(form.getByLabelText('GitHub client ID'), 'gh-client');
    await user.type(form.getByLabelText('GitHub client secret'), 'gh-secret');
    await user.click(form.getByRole('switch', { name: 'GitHub sign-in' }));
    await user.click(form.getByRole('button', { name: 'Save providers' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toEqual({
      auth: {
        ...AUTH,
        providers: {
          google: { enabled: true, clientId: 'google-client' },
          microsoft: { enabled: false, clientId: '' },
          slack: { enabled: false, clientId: '' },
          github: { enabled: true, clientId: 'gh-client', clientSecret: 'gh-secret' },
        },
      },
    });
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('asks for a client ID before it switches a provider on', async () => {
    const { calls, user } = renderApp(<SettingsPage />, { answers: server({ status: 500 }) });
    const form = await providersForm();
    await user.click(form.getByRole('switch', { name: 'Microsoft sign-in' }));
    await user.click(form.getByRole('button', { name: 'Save providers' }));
    expect(await form.findByText('Microsoft sign-in needs a client ID.')).toBeTruthy();
    expect(saves(calls)).toEqual([]);
  });

  it('shows the API’s sentence when it refuses the save', async () => {
    const { user } = renderApp(<SettingsPage />, {
      answers: server({ status: 400, body: { error: 'Slack sign-in needs a client secret.' } }),
    });
    const form = await providersForm();
    await user.type(form.getByLabelText('Slack client ID'), 'slack-client');
    await user.click(form.getByRole('switch', { name: 'Slack sign-in' }));
    await user.click(form.getByRole('button', { name: 'Save providers' }));
    expect((await form.findByRole('alert')).textContent).toBe('Slack sign-in needs a client secret.');
  });

  it('leaves the providers out of the Auth section’s own save', async () => {
    const { calls, user } = renderApp(<SettingsPage />, {
      answers: server({ status: 200, body: { settings: SETTINGS } }),
    });
    const auth = within(await screen.findByRole('form', { name: 'Auth' }));
    await user.click(auth.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toEqual({ auth: AUTH });
  });
});
