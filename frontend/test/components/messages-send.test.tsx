import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThreadMessage } from '@portico/common';
import { heldAnswer, type Call } from '../fake-fetch';
import { DIRECTORY, message, messagesOf, renderMessages, thread, THREAD_ID } from './messages-fixtures';

const posts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === `/api/threads/${THREAD_ID}/messages`).map((c) => c.body);

/** A thread whose messages the server keeps: a post is there on the next read. */
function conversationServer(extra = {}) {
  const stored: ThreadMessage[] = [message({ body: 'Is the contract ready?' })];
  return {
    ...DIRECTORY,
    'GET /api/threads': { status: 200, body: { threads: [thread()], next_cursor: null } },
    [`GET /api/threads/${THREAD_ID}/messages`]: () => messagesOf(stored),
    [`POST /api/threads/${THREAD_ID}/messages`]: (call: Call) => {
      const sent = message({ mine: true, body: (call.body as { body: string }).body, author: null });
      stored.push(sent);
      return { status: 201, body: { message: sent } };
    },
    ...extra,
  };
}

describe('Messages: the composer', () => {
  it('sends with Enter, starts a new line with Shift+Enter, and shows the message sent', async () => {
    const { calls, user } = renderMessages(conversationServer(), { thread: THREAD_ID });
    const box = await screen.findByLabelText('Message');
    await user.type(box, 'Nearly.{Shift>}{Enter}{/Shift}Tomorrow at the latest.');
    expect(posts(calls)).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts(calls)).toEqual([{ body: 'Nearly.\nTomorrow at the latest.' }]));
    const shown = screen.getByRole('list', { name: 'Messages' });
    expect(await within(shown).findByText(/Tomorrow at the latest\./)).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('says to write something first, and sends nothing blank', async () => {
    const { calls, user } = renderMessages(conversationServer(), { thread: THREAD_ID });
    const box = await screen.findByLabelText('Message');
    await user.type(box, '   {Enter}');
    expect(await screen.findByText('Write a message first.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('keeps the text when the server refuses it, and says why', async () => {
    const { user } = renderMessages(
      conversationServer({
        [`POST /api/threads/${THREAD_ID}/messages`]: {
          status: 404,
          body: { error: 'This conversation does not exist.' },
        },
      }),
      { thread: THREAD_ID },
    );
    const box = await screen.findByLabelText('Message');
    await user.type(box, 'Hello{Enter}');
    expect(await screen.findByText('This conversation does not exist.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('uploads an attachment with its progress, holds Send until it is stored, then sends its id', async () => {
    const upload = heldAnswer();
    const { calls, user } = renderMessages(conversationServer({ 'POST /api/files/upload': upload.respond }), {
      thread: THREAD_ID,
    });
    await user.type(await screen.findByLabelText('Message'), 'The signed copy');
    await user.upload(
      screen.getByLabelText('Attach files'),
      new File(['pdf'], 'contract.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByRole('progressbar', { name: 'Uploading contract.pdf' })).toBeTruthy();
    expect(screen.getByText('0%')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    // The upload is the person's own file; posting shares it with the thread's people.
    expect(calls.find((c) => c.path === '/api/files/upload')?.body).toEqual({
      assign_to: 'user',
      user_id: '00000000-0000-4000-8000-0000000000a1',
      file: 'contract.pdf',
    });

    upload.answer({ status: 201, body: { id: '00000000-0000-4000-8000-0000000000f1' } });
    expect(await screen.findByText('Ready')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(posts(calls)).toEqual([{ body: 'The signed copy', file_ids: ['00000000-0000-4000-8000-0000000000f1'] }]),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to send' })).toBeNull());
  });

  it('says when an attachment fails, and sends the message without it', async () => {
    const { calls, user } = renderMessages(
      conversationServer({
        'POST /api/files/upload': { status: 413, body: { error: 'The file is larger than 50 MB.' } },
      }),
      { thread: THREAD_ID },
    );
    await user.type(await screen.findByLabelText('Message'), 'Too big?');
    await user.upload(screen.getByLabelText('Attach files'), new File(['x'], 'huge.zip'));
    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed: The file is larger than 50 MB.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ body: 'Too big?' }]));
  });
});
