import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID,
  CLIENT_SIGNED_IN,
  DIRECTORY,
  GROUP_ID,
  message,
  messagesOf,
  OTHER_CLIENT_ID,
  CLEO,
  OTTO,
  renderMessages,
  thread,
  THREAD_ID,
} from './messages-fixtures';

const THREADS = [
  thread({ unread: 2 }),
  thread({
    id: GROUP_ID,
    kind: 'group',
    client_id: null,
    participant_ids: [CLIENT_ID, OTHER_CLIENT_ID],
    people: [CLEO, OTTO],
    last_message: {
      id: 'g1',
      author_id: null,
      preview: 'Office closed Friday',
      deleted: true,
      created_at: '2026-11-19T09:00:00.000Z',
    },
  }),
];

describe('Messages: the thread list', () => {
  it('names each thread by its client, with its preview and unread count, and moves between them with the arrows', async () => {
    const { user } = renderMessages({
      ...DIRECTORY,
      'GET /api/threads': { status: 200, body: { threads: THREADS, next_cursor: null } },
    });
    const list = await screen.findByRole('navigation', { name: 'Conversations' });
    const cleo = await within(list).findByRole('link', { name: /^Cleo Client(?!,)/ });
    expect(cleo.textContent).toContain('Is the contract ready?');
    expect(cleo.textContent).toContain('2 unread');
    const group = within(list).getByRole('link', { name: /Cleo Client, Otto Client/ });
    // A deleted last message is said so, not previewed.
    expect(group.textContent).toContain('This message was deleted.');
    expect(screen.getByText('Choose a conversation to read it here.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeTruthy();

    cleo.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(group);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cleo);
  });

  it('opens a thread: messages oldest first, earlier ones on request, focus in the composer, and the thread marked read', async () => {
    const older = message({ body: 'Hello there', created_at: '2026-11-19T08:00:00.000Z' });
    const newer = [
      message({ body: 'First question' }),
      message({ author: { id: 'me', email: 'ada@example.com', name: 'Ada' }, mine: true, body: 'My answer' }),
    ];
    const { calls, user } = renderMessages(
      {
        ...DIRECTORY,
        'GET /api/threads': { status: 200, body: { threads: THREADS, next_cursor: null } },
        [`GET /api/threads/${THREAD_ID}/messages?limit=30`]: messagesOf(newer, 'c1'),
        [`GET /api/threads/${THREAD_ID}/messages?limit=30&cursor=c1`]: messagesOf([older]),
        [`POST /api/threads/${THREAD_ID}/read`]: { status: 200, body: { thread: { ...THREADS[0], unread: 0 } } },
      },
      { thread: THREAD_ID },
    );
    const conversation = await screen.findByRole('region', { name: 'Conversation: Cleo Client' });
    const shown = await within(conversation).findByRole('list', { name: 'Messages' });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('First question'), expect.stringContaining('My answer')]);
    expect(within(shown).getAllByText('You')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Message')));

    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `/api/threads/${THREAD_ID}/read`)).toBe(true),
    );
    const list = screen.getByRole('navigation', { name: 'Conversations' });
    await waitFor(() =>
      expect(within(list).getByRole('link', { current: 'page' }).textContent).not.toContain('unread'),
    );

    await user.click(within(conversation).getByRole('button', { name: 'Load earlier' }));
    await waitFor(() => expect(within(shown).getAllByRole('listitem')[0]?.textContent).toContain('Hello there'));
    expect(within(conversation).queryByRole('button', { name: 'Load earlier' })).toBeNull();
  });

  it('says when there are no conversations', async () => {
    renderMessages({ ...DIRECTORY, 'GET /api/threads': { status: 200, body: { threads: [], next_cursor: null } } });
    expect(await screen.findByText('No conversations yet. Start one with a client.')).toBeTruthy();
  });

  it('offers Retry when the list cannot be read', async () => {
    let fail = true;
    const { user } = renderMessages({
      ...DIRECTORY,
      'GET /api/threads': () =>
        fail
          ? { status: 500, body: { error: 'Something went wrong.' } }
          : { status: 200, body: { threads: THREADS, next_cursor: null } },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The conversations could not be loaded.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^Cleo Client(?!,)/ })).toBeTruthy();
  });

  it('opens a client’s own thread with the team at once, and starts nothing else', async () => {
    const { calls } = renderMessages(
      {
        'GET /api/threads': { status: 200, body: { threads: [thread()], next_cursor: null } },
        'POST /api/threads': { status: 201, body: { thread: thread() } },
        [`GET /api/threads/${THREAD_ID}/messages`]: messagesOf([message({ mine: true })]),
      },
      { signedIn: CLIENT_SIGNED_IN },
    );
    expect(await screen.findByRole('region', { name: 'Conversation: Your conversation with the team' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([['/api/threads', {}]]);
    expect(screen.queryByRole('button', { name: 'New conversation' })).toBeNull();
    // A client asks nothing about the workspace's people.
    expect(calls.some((c) => c.path.startsWith('/api/message-recipients'))).toBe(false);
  });
});
