import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES } from '@portico/common';
import type { Call } from '../fake-fetch';
import {
  CLEO,
  CLIENT_SIGNED_IN,
  DIRECTORY,
  GROUP_ID,
  message,
  messagesOf,
  OTHER_CLIENT_ID,
  OTTO,
  RECIPIENTS,
  renderMessages,
  thread,
  THREAD_ID,
} from './messages-fixtures';
import { USER_ID } from './render-app';

const LOU = { id: '00000000-0000-4000-8000-0000000000c3', name: 'Lou Late', email: 'lou@client.test', role: 'role2' };
const SENT_AT = '2026-11-20T09:05:00.000Z';

const group = (people = [CLEO, OTTO]) =>
  thread({
    id: GROUP_ID,
    kind: 'group',
    client_id: null,
    subject: 'Year-end paperwork',
    participant_ids: people.filter((p) => p.member).map((p) => p.id),
    people,
  });

function server(shown: ReturnType<typeof group>, extra = {}) {
  return {
    ...DIRECTORY,
    'GET /api/message-recipients': {
      status: 200,
      body: { recipients: [...RECIPIENTS, LOU] },
    },
    'GET /api/threads': () => ({ status: 200, body: { threads: [shown], next_cursor: null } }),
    [`GET /api/threads/${GROUP_ID}/messages`]: messagesOf([
      message({ thread_id: GROUP_ID, created_at: SENT_AT, body: 'Here are the forms' }),
    ]),
    ...extra,
  };
}

describe('Messages: who is in a conversation', () => {
  it('tells the team who has seen the newest message, not the reader nor its author', async () => {
    const read = (at: string) => ({ last_read_at: at });
    renderMessages(
      server(
        group([
          { ...CLEO, ...read('2026-11-20T09:06:00.000Z') },
          { ...OTTO, ...read('2026-11-20T09:06:00.000Z') },
          { id: USER_ID, name: 'Ada', email: 'ada@example.com', member: false, ...read('2026-11-20T09:07:00.000Z') },
          {
            id: 'tess',
            name: 'Tess Team',
            email: 'tess@team.test',
            member: false,
            ...read('2026-11-20T09:00:00.000Z'),
          },
        ]),
      ),
      { thread: GROUP_ID },
    );
    // Cleo wrote it (the fixture's author); Tess read before it came.
    expect(await screen.findByText('Seen by Otto Client')).toBeTruthy();
  });

  it('lets the team take a client out of a group conversation and add others', async () => {
    let shown = group();
    const { calls, user } = renderMessages(
      server(shown, {
        [`DELETE /api/threads/${GROUP_ID}/participants/${OTHER_CLIENT_ID}`]: () => {
          shown = group([CLEO]);
          return { status: 200, body: { thread: shown } };
        },
        [`POST /api/threads/${GROUP_ID}/participants`]: (call: Call) => {
          const ids = (call.body as { participant_ids: string[] }).participant_ids;
          shown = group([CLEO, { ...LOU, member: true, last_read_at: null }]);
          expect(ids).toEqual([LOU.id]);
          return { status: 200, body: { thread: shown } };
        },
      }),
      { thread: GROUP_ID },
    );
    await user.click(await screen.findByRole('button', { name: 'People (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'People in this conversation' });
    const members = within(dialog).getByRole('list', { name: 'In this conversation' });
    expect(
      within(members)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Cleo Client (cleo@client.test)'), expect.stringContaining('otto@client.test')]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Otto Client' }));
    await waitFor(() => expect(within(members).getAllByRole('listitem')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Remove Cleo Client' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText(MESSAGE_MESSAGES.keepOneClient)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGE_MESSAGES.chooseClients);
    // Otto, taken out, can be added back; Cleo, in it, is not offered.
    expect(within(dialog).queryByRole('checkbox', { name: /Cleo/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Lou Late (lou@client.test)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(within(members).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => c.method)).toEqual(['DELETE', 'POST']);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('button', { name: 'People (2)' })).toBeTruthy();
  });

  it('offers no People button on a client’s own conversation', async () => {
    renderMessages(
      {
        ...server(group()),
        'GET /api/threads': { status: 200, body: { threads: [thread()], next_cursor: null } },
        [`GET /api/threads/${THREAD_ID}/messages`]: messagesOf([message()]),
      },
      { thread: THREAD_ID },
    );
    await screen.findByRole('region', { name: 'Conversation: Cleo Client' });
    expect(screen.queryByRole('button', { name: /^People/ })).toBeNull();
  });

  it('offers a client no People button in a group conversation', async () => {
    renderMessages(server(group()), { thread: GROUP_ID, signedIn: CLIENT_SIGNED_IN });
    await screen.findByRole('region', { name: 'Conversation: Year-end paperwork' });
    expect(screen.queryByRole('button', { name: /^People/ })).toBeNull();
  });
});

describe('Messages: an attachment', () => {
  it('opens an image in a preview beside the conversation, through a fresh signed link', async () => {
    const scan = {
      id: '00000000-0000-4000-8000-0000000000f1',
      title: 'Signed letter',
      original_name: 'letter.png',
      content_type: 'image/png',
      kind: 'image',
      size_bytes: 2048,
      file_url: '/api/files/00000000-0000-4000-8000-0000000000f1/download',
    };
    const { calls, user } = renderMessages(
      server(group(), {
        [`GET /api/threads/${GROUP_ID}/messages`]: messagesOf([message({ thread_id: GROUP_ID, files: [scan] })]),
        [`POST /api/files/${scan.id}/link`]: { status: 200, body: { url: 'https://files.test/letter.png?sig=1' } },
      }),
      { thread: GROUP_ID },
    );
    await user.click(await screen.findByRole('button', { name: 'Preview letter.png' }));
    const drawer = await screen.findByRole('dialog', { name: 'Signed letter' });
    const image = await within(drawer).findByRole('img', { name: 'Preview of Signed letter' });
    expect(image.getAttribute('src')).toBe('https://files.test/letter.png?sig=1');
    expect(calls.find((c) => c.path === `/api/files/${scan.id}/link`)?.body).toEqual({ disposition: 'preview' });
    expect(within(drawer).getByRole('button', { name: 'Download letter.png' })).toBeTruthy();
  });
});
