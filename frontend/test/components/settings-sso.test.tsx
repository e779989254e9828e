import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SsoSection } from '../../src/features/settings/SsoSection';
import type { Answer, Call } from '../fake-fetch';
import { renderApp, WORKSPACE_ID } from './render-app';

const CALLBACK = 'https://portico.example/api/auth/sso/callback';
const SAVED = {
  issuer: 'https://login.harbor.example',
  client_id: 'portico',
  client_secret: '••••4321',
  required_for_team: false,
  enabled: true,
};

/** Settings → Single sign-on of a workspace on `tier`, the server answering `saved` and `put` for a save. */
function renderSso(tier: string, saved: typeof SAVED | null, put?: Answer) {
  return renderApp(<SsoSection tenantId={WORKSPACE_ID} />, {
    answers: {
      'GET /api/tenant-config': { status: 200, body: { name: 'Harbor Legal', tier, features: {} } },
      'GET /api/workspace/sso': { status: 200, body: { sso: saved, callback_url: CALLBACK } },
      ...(put ? { 'PUT /api/workspace/sso': put } : {}),
    },
  });
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT').map((call) => call.body);

describe('Settings → Single sign-on', () => {
  it('says it is an Advanced feature below Advanced, and asks nothing of the API', async () => {
    const { calls } = renderSso('pro', null);
    expect(await screen.findByText(/Single sign-on is available on the Advanced plan\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade in Billing' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/workspace/sso')).toBe(false);
  });

  it('shows the callback address and the saved secret masked, and keeps it when its field is left empty', async () => {
    const { calls, user } = renderSso('advanced', SAVED, {
      status: 200,
      body: { sso: { ...SAVED, required_for_team: true }, callback_url: CALLBACK },
    });
    expect(((await screen.findByLabelText('Callback address')) as HTMLInputElement).value).toBe(CALLBACK);
    expect(screen.getByText('Saved ••••4321. Leave empty to keep it.')).toBeTruthy();
    expect((screen.getByLabelText('Issuer URL') as HTMLInputElement).value).toBe(SAVED.issuer);
    await user.click(screen.getByRole('switch', { name: 'Require it for the team' }));
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    expect(await screen.findByText('Single sign-on saved.')).toBeTruthy();
    expect(puts(calls)).toEqual([
      { issuer: SAVED.issuer, client_id: 'portico', enabled: true, required_for_team: true },
    ]);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('shows the API’s sentence when the issuer’s discovery fails', async () => {
    const refusal =
      'The identity provider could not be reached at this issuer URL. The host idp.example could not be found.';
    const { user } = renderSso('advanced', null, {
      status: 400,
      body: { error: refusal, code: 'sso_discovery_failed' },
    });
    await user.type(await screen.findByLabelText('Issuer URL'), 'https://idp.example');
    await user.type(screen.getByLabelText('Client ID'), 'portico');
    await user.type(screen.getByLabelText('Client secret'), 'secret-1234');
    await user.click(screen.getByRole('button', { name: 'Save single sign-on' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });
});
