import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageThreadView } from '@portico/common';
import { ThreadPanel } from '../../src/features/messages';
import { CLIENT_ID, DIRECTORY, message, messagesOf, thread, THREAD_ID } from './messages-fixtures';
import { renderApp, WORKSPACE_ID } from './render-app';

describe('User Management: a client’s thread on their drawer', () => {
  it('starts nothing on opening, then starts the client’s thread on request and shows its composer', async () => {
    const threads: MessageThreadView[] = [];
    const { calls, user } = renderApp(
      <ThreadPanel tenantId={WORKSPACE_ID} clientId={CLIENT_ID} clientName="Cleo Client" />,
      {
        signedIn: {},
        answers: {
          ...DIRECTORY,
          'GET /api/threads': () => ({ status: 200, body: { threads, next_cursor: null } }),
          'POST /api/threads': () => {
            threads.push(thread({ last_message: null, last_message_at: null }));
            return { status: 201, body: { thread: threads[0] } };
          },
          [`GET /api/threads/${THREAD_ID}/messages`]: messagesOf([]),
        },
      },
    );
    expect(await screen.findByText('No messages with Cleo Client yet.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Start the conversation' }));
    expect(await screen.findByLabelText('Message')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ participant_ids: [CLIENT_ID] }]);
  });

  it('shows the client’s existing thread, compact, without taking the focus', async () => {
    renderApp(<ThreadPanel tenantId={WORKSPACE_ID} clientId={CLIENT_ID} clientName="Cleo Client" />, {
      signedIn: {},
      answers: {
        ...DIRECTORY,
        'GET /api/threads': { status: 200, body: { threads: [thread()], next_cursor: null } },
        [`GET /api/threads/${THREAD_ID}/messages`]: messagesOf([message({ body: 'Thanks!' })]),
      },
    });
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Conversation: Cleo Client' })).toBeTruthy();
    expect(document.activeElement).not.toBe(screen.getByLabelText('Message'));
  });
});
