import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '@portico/common';
import type { Call } from '../fake-fetch';
import { DIRECTORY, message, messagesOf, renderMessages, thread, THREAD_ID } from './messages-fixtures';

const ME = { id: '00000000-0000-4000-8000-0000000000a1', email: 'ada@example.com', name: 'Ada' };
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();
const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();

function server(stored: ThreadMessage[], extra = {}) {
  return {
    ...DIRECTORY,
    'GET /api/threads': { status: 200, body: { threads: [thread()], next_cursor: null } },
    [`GET /api/threads/${THREAD_ID}/messages`]: () => messagesOf(stored),
    ...extra,
  };
}

const item = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('Messages: edit and delete', () => {
  it('offers Edit on the author’s message while its window is open, and saves the new text', async () => {
    const open = message({ author: ME, mine: true, body: 'Sent in hast', editable_until: inAMinute() });
    // Its window closed while the page was open: the API had said until when.
    const closed = message({ author: ME, mine: true, body: 'Sent long ago', editable_until: aMinuteAgo() });
    const old = message({ author: ME, mine: true, body: 'Sent last week', editable_until: null });
    const theirs = message({ body: 'Their words' });
    const stored = [old, closed, theirs, open];
    const { calls, user } = renderMessages(
      server(stored, {
        [`PATCH /api/threads/${THREAD_ID}/messages/${open.id}`]: (call: Call) => {
          stored[3] = { ...open, body: (call.body as { body: string }).body, edited_at: new Date().toISOString() };
          return { status: 200, body: { message: stored[3] } };
        },
      }),
      { thread: THREAD_ID },
    );
    await screen.findByText('Sent in hast');
    expect(within(item('Sent long ago')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(item('Sent last week')).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(item('Sent long ago')).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(item('Their words')).queryByRole('button')).toBeNull();

    await user.click(within(item('Sent in hast')).getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit message');
    expect(document.activeElement).toBe(box);
    await user.clear(box);
    await user.type(box, 'Sent in haste{Enter}');
    expect(await screen.findByText('Sent in haste')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ body: 'Sent in haste' }]);
    expect(within(item('Sent in haste')).getByText('(edited)')).toBeTruthy();
  });

  it('says why the server refused an edit once the window closed', async () => {
    const open = message({ author: ME, mine: true, body: 'Almost too late', editable_until: inAMinute() });
    const { user } = renderMessages(
      server([open], {
        [`PATCH /api/threads/${THREAD_ID}/messages/${open.id}`]: {
          status: 403,
          body: { error: 'A message can only be edited in the 15 minutes after it is sent.' },
        },
      }),
      { thread: THREAD_ID },
    );
    await screen.findByText('Almost too late');
    await user.click(within(item('Almost too late')).getByRole('button', { name: 'Edit' }));
    await user.type(screen.getByLabelText('Edit message'), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A message can only be edited in the 15 minutes after it is sent.')).toBeTruthy();
  });

  it('deletes the author’s message after Confirm, and shows it as deleted', async () => {
    const mine = message({ author: ME, mine: true, body: 'Wrong thread, sorry' });
    const stored = [mine];
    const { calls, user } = renderMessages(
      server(stored, {
        [`DELETE /api/threads/${THREAD_ID}/messages/${mine.id}`]: () => {
          stored[0] = { ...mine, body: '', deleted_at: new Date().toISOString() };
          return { status: 200, body: { message: stored[0] } };
        },
      }),
      { thread: THREAD_ID },
    );
    await screen.findByText('Wrong thread, sorry');
    await user.click(within(item('Wrong thread, sorry')).getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('group', { name: 'Delete this message?' });
    // Cancel first: nothing is sent, and the message stays.
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(item('Wrong thread, sorry')).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This message was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Wrong thread, sorry')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(within(item('This message was deleted.')).queryByRole('button')).toBeNull();
  });
});
