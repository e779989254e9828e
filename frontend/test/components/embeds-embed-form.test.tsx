import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedForm } from '../../src/features/embeds/EmbedForm';

/** Types by pasting: one input event, so a test does not wait on a keystroke per character. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const USER_ID = '8a3c1f0e-5b7d-4c2a-9e61-2f4b8d7c6a10';
const create = { mutate: vi.fn(), isPending: false };

vi.mock('../../src/features/embeds/api', () => ({
  useCreateEmbed: () => create,
  useAudienceUsers: () => ({
    isPending: false,
    isError: false,
    data: [{ id: USER_ID, email: 'cleo@client.test', first_name: 'Cleo', last_name: 'Client' }],
  }),
}));
vi.mock('../../src/lib/api/queries', () => ({
  useTenantRoles: () => ({
    isPending: false,
    data: [{ role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' }],
  }),
}));

describe('EmbedForm', () => {
  beforeEach(() => {
    create.mutate.mockReset();
  });

  it('says what is missing instead of sending an empty embed', async () => {
    render(<EmbedForm tenantId="t1" />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Embed' }));
    expect(await screen.findByText('Please fill Title, Provider and URL')).toBeTruthy();
    expect(create.mutate).not.toHaveBeenCalled();
  });

  it('recognises the provider from the URL and previews it, until a provider is picked by hand', async () => {
    render(<EmbedForm tenantId="t1" />);
    const url = screen.getByLabelText('Embed URL');
    const provider = screen.getByLabelText('Provider') as HTMLSelectElement;
    expect(screen.getByText('Enter a URL to see a preview.')).toBeTruthy();

    await fill(url, 'https://calendly.com/team/intro');
    expect(provider.value).toBe('calendly');
    expect(screen.getByTitle('Preview of the embed').getAttribute('src')).toBe('https://calendly.com/team/intro');

    await userEvent.selectOptions(provider, 'custom');
    await userEvent.clear(url);
    await fill(url, 'https://calendly.com/team/other');
    expect(provider.value).toBe('custom');
  });

  it('sends a valid embed for one member, then empties itself on success', async () => {
    render(<EmbedForm tenantId="t1" />);
    await fill(screen.getByLabelText('Title'), 'Intro call');
    await fill(screen.getByLabelText('Embed URL'), 'https://calendly.com/team/intro');
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'Individual user');
    await userEvent.selectOptions(screen.getByLabelText('User'), 'Cleo Client (cleo@client.test)');
    await fill(screen.getByLabelText('Description'), 'Pick a time');
    await userEvent.click(screen.getByRole('button', { name: 'Add Embed' }));

    expect(create.mutate).toHaveBeenCalledOnce();
    const [body, callbacks] = create.mutate.mock.calls[0]!;
    expect(body).toMatchObject({
      title: 'Intro call',
      provider: 'calendly',
      url: 'https://calendly.com/team/intro',
      embed_type: 'user',
      user_id: USER_ID,
      description: 'Pick a time',
      is_active: true,
    });
    act(() => callbacks.onSuccess());
    expect(await screen.findByText('Embed added')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
  });

  it('names its status switch by the state it is in', async () => {
    render(<EmbedForm tenantId="t1" />);
    const status = screen.getByRole('switch', { name: 'Active' });
    await userEvent.click(status);
    expect(screen.getByRole('switch', { name: 'Inactive' })).toBeTruthy();
  });
});
