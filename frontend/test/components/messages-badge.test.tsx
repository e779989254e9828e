import { screen, waitFor, within } from '@testing-library/react';
import { MessagesSquare } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../src/app/shells/Sidebar';
import { useUnreadCount } from '../../src/features/messages';
import { MessagesView } from '../../src/features/messages/MessagesPage';
import {
  CLIENT_ID,
  DIRECTORY,
  GROUP_ID,
  message,
  messagesOf,
  OTHER_CLIENT_ID,
  CLEO,
  OTTO,
  thread,
  THREAD_ID,
} from './messages-fixtures';
import { renderApp, WORKSPACE_ID } from './render-app';

/** The shells' sidebar with its Messages entry, as AdminShell and UserShell give it, beside the page. */
function NavAndPage() {
  const unread = useUnreadCount(WORKSPACE_ID);
  return (
    <>
      <Sidebar
        id="sidebar"
        name="Harbor Legal"
        logoUrl={null}
        subtitle="Admin"
        links={[{ to: '/messages', label: 'Messages', icon: MessagesSquare, badge: unread }]}
        open
        onNavigate={() => undefined}
        onSignOut={() => undefined}
      />
      <MessagesView tenantId={WORKSPACE_ID} />
    </>
  );
}

describe('Messages: the unread badge', () => {
  it('counts the unread messages of every thread, and drops a thread’s once it is open', async () => {
    const threads = [
      thread({ unread: 2 }),
      thread({
        id: GROUP_ID,
        kind: 'group',
        client_id: null,
        participant_ids: [CLIENT_ID, OTHER_CLIENT_ID],
        people: [CLEO, OTTO],
        unread: 1,
      }),
    ];
    const { calls, user } = renderApp(<NavAndPage />, {
      path: '/messages',
      signedIn: {},
      answers: {
        ...DIRECTORY,
        'GET /api/threads': () => ({ status: 200, body: { threads, next_cursor: null } }),
        [`GET /api/threads/${THREAD_ID}/messages`]: messagesOf([message()]),
        [`POST /api/threads/${THREAD_ID}/read`]: () => {
          threads[0] = { ...threads[0]!, unread: 0 };
          return { status: 200, body: { thread: threads[0] } };
        },
      },
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Messages 3 unread' })).toBeTruthy();

    await user.click(await screen.findByRole('link', { name: /^Cleo Client(?!,)/ }));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Messages 1 unread' })).toBeTruthy());
    expect(calls.filter((c) => c.path.endsWith('/read')).map((c) => c.path)).toEqual([
      `/api/threads/${THREAD_ID}/read`,
    ]);
  });

  it('shows no count when everything is read', async () => {
    renderApp(<NavAndPage />, {
      path: '/messages',
      signedIn: {},
      answers: { ...DIRECTORY, 'GET /api/threads': { status: 200, body: { threads: [thread()], next_cursor: null } } },
    });
    await screen.findByRole('link', { name: /^Cleo Client/ });
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link').textContent).toBe('Messages');
  });
});
