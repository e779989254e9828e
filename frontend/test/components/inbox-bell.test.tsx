import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InboxItem } from '@portico/common';
import { InboxBellView } from '../../src/features/inbox/InboxBell';
import type { Call } from '../fake-fetch';
import { renderApp, WORKSPACE_ID } from './render-app';

const item = (overrides: Partial<InboxItem>): InboxItem => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  kind: 'file.shared',
  title: '“Engagement letter” was shared with you',
  body: null,
  link: `/files?file=00000000-0000-4000-8000-0000000000e1&tenant_id=${WORKSPACE_ID}`,
  entity: { type: 'file', id: '00000000-0000-4000-8000-0000000000e1' },
  actor: null,
  read_at: null,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

const READ_ONE = { ...item({}), id: '00000000-0000-4000-8000-0000000000f2', title: 'Your role is now Team Member' };

function renderBell(items: InboxItem[], extra = {}) {
  let shown = items;
  const unread = () => shown.filter((i) => !i.read_at).length;
  return renderApp(<InboxBellView tenantId={WORKSPACE_ID} />, {
    path: '/dashboard/client',
    route: '/dashboard/client',
    signedIn: {},
    answers: {
      'GET /api/inbox?limit=20': () => ({ status: 200, body: { items: shown, unread: unread(), next_cursor: null } }),
      'POST /api/inbox/read': (call: Call) => {
        const body = call.body as { ids?: string[]; all?: true };
        const at = new Date().toISOString();
        shown = shown.map((i) => (body.all || body.ids?.includes(i.id) ? { ...i, read_at: i.read_at ?? at } : i));
        return { status: 200, body: { unread: unread() } };
      },
      ...extra,
    },
  });
}

describe('the notification bell', () => {
  it('counts what is unread, lists it newest first, and marks all read', async () => {
    const { calls, user } = renderBell([item({}), { ...READ_ONE, read_at: new Date().toISOString() }]);
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('“Engagement letter” was shared with you'),
      expect.stringContaining('Your role is now Team Member'),
    ]);
    expect(links[0]?.textContent).toContain('5 minutes ago · new');
    expect(links[1]?.textContent).not.toContain('new');

    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ all: true }]);
  });

  it('opens an item’s page and marks that one read; Escape closes the panel', async () => {
    const { calls, user, router } = renderBell([item({})]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: /Engagement letter/ }));
    expect(router.state.location.pathname).toBe('/files');
    expect(router.state.location.search).toContain('file=00000000-0000-4000-8000-0000000000e1');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        { ids: ['00000000-0000-4000-8000-0000000000f1'] },
      ]),
    );
  });

  it('says when there is nothing, and offers Retry when the inbox cannot be read', async () => {
    let fail = true;
    const { user } = renderBell([], {
      'GET /api/inbox?limit=20': () =>
        fail
          ? { status: 500, body: { error: 'Something went wrong.' } }
          : { status: 200, body: { items: [], unread: 0, next_cursor: null } },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Your notifications could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Nothing new\./)).toBeTruthy();
  });

  it('in the console reads the super admin’s own inbox', async () => {
    const { user } = renderApp(<InboxBellView tenantId={null} />, {
      path: '/super',
      route: '/super',
      signedIn: {},
      answers: {
        'GET /api/super/inbox?limit=20': {
          status: 200,
          body: {
            items: [
              item({
                kind: 'alert.fired',
                title: 'Alert: queueDepth > 10 over 5m (the figure was 12)',
                link: '/super/notifications',
              }),
            ],
            unread: 1,
            next_cursor: null,
          },
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(screen.getByRole('link', { name: /queueDepth > 10/ }).getAttribute('href')).toBe('/super/notifications');
  });
});
