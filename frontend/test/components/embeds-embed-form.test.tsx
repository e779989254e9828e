import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmbedForm } from '../../src/features/embeds/EmbedForm';
import type { AnswerTable } from '../fake-fetch';
import { renderApp } from './render-app';

const USER_ID = '8a3c1f0e-5b7d-4c2a-9e61-2f4b8d7c6a10';

const SERVER: AnswerTable = {
  'GET /api/tenant-roles': {
    status: 200,
    body: { roles: [{ role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' }] },
  },
  'GET /api/embeds/audience-users': {
    status: 200,
    body: { users: [{ id: USER_ID, email: 'cleo@client.test', first_name: 'Cleo', last_name: 'Client' }] },
  },
  'POST /api/embeds': { status: 201, body: { embed: {} } },
};

function renderForm() {
  const app = renderApp(<EmbedForm tenantId="t1" />, { answers: SERVER });
  /** Types by pasting: one input event, so a test does not wait on a keystroke per character. */
  async function fill(label: string, text: string) {
    await app.user.click(screen.getByLabelText(label));
    await app.user.paste(text);
  }
  return { ...app, fill };
}

describe('EmbedForm', () => {
  it('says what is missing instead of sending an empty embed', async () => {
    const { calls, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Embed' }));
    expect(await screen.findByText('Please fill Title, Provider and URL')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('recognises the provider from the URL and previews it, until a provider is picked by hand', async () => {
    const { user, fill } = renderForm();
    const provider = screen.getByLabelText('Provider') as HTMLSelectElement;
    expect(screen.getByText('Enter a URL to see a preview.')).toBeTruthy();

    await fill('Embed URL', 'https://calendly.com/team/intro');
    expect(provider.value).toBe('calendly');
    expect(screen.getByTitle('Preview of the embed').getAttribute('src')).toBe('https://calendly.com/team/intro');

    await user.selectOptions(provider, 'custom');
    await user.clear(screen.getByLabelText('Embed URL'));
    await fill('Embed URL', 'https://calendly.com/team/other');
    expect(provider.value).toBe('custom');
  });

  it('offers the workspace’s member roles as the audience', async () => {
    renderForm();
    expect(await screen.findByRole('option', { name: 'Client' })).toBeTruthy();
  });

  it('sends a valid embed for one member, then empties itself on success', async () => {
    const { calls, user, fill } = renderForm();
    await fill('Title', 'Intro call');
    await fill('Embed URL', 'https://calendly.com/team/intro');
    await user.selectOptions(screen.getByLabelText('Audience'), 'Individual user');
    await screen.findByRole('option', { name: 'Cleo Client (cleo@client.test)' });
    await user.selectOptions(screen.getByLabelText('User'), 'Cleo Client (cleo@client.test)');
    await fill('Description', 'Pick a time');
    await user.click(screen.getByRole('button', { name: 'Add Embed' }));

    expect(await screen.findByText('Embed added')).toBeTruthy();
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent.map((c) => [c.path, c.headers['x-tenant-id']])).toEqual([['/api/embeds', 't1']]);
    expect(sent[0]?.body).toMatchObject({
      title: 'Intro call',
      provider: 'calendly',
      url: 'https://calendly.com/team/intro',
      embed_type: 'user',
      user_id: USER_ID,
      description: 'Pick a time',
      is_active: true,
    });
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('names its status switch by the state it is in', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    expect(screen.getByRole('switch', { name: 'Inactive' })).toBeTruthy();
  });
});
