import { SHARE_LINK_MESSAGES } from '@portico/common';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileBrowser } from '../../src/features/files/FileBrowser';
import type { PortalFile } from '../../src/features/files/api';
import type { ShareLink } from '../../src/features/files/share-links';
import type { AnswerTable, Call } from '../fake-fetch';
import { renderApp, USER_ID } from './render-app';

/* "Share link" in an admin's file actions (issue 33): make an expiring link, copy it once, list and revoke links. */

const ADMIN_ID = '00000000-0000-4000-8000-0000000000c1';
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const URL_SHOWN_ONCE = 'https://harbor.portico.test/s/tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEF';

const contract: PortalFile = {
  id: FILE_ID,
  title: 'Contract',
  original_name: 'contract.pdf',
  content_type: 'application/pdf',
  kind: 'pdf',
  size_bytes: 1024,
  folder_id: null,
  file_url: `/api/files/${FILE_ID}/download`,
  user_id: USER_ID,
  user_email: 'cleo@client.test',
  assigned_roles: [],
  uploaded_by: ADMIN_ID,
  uploaded_by_email: 'ada@admin.test',
  recipients_count: 1,
  status: 'new',
  created_at: '2026-11-01T10:00:00.000Z',
};

function link(n: number, overrides: Partial<ShareLink> = {}): ShareLink {
  return {
    id: `00000000-0000-4000-8000-00000000010${n}`,
    file_id: FILE_ID,
    status: 'active',
    expires_at: '2026-12-30T10:00:00.000Z',
    max_downloads: null,
    download_count: 0,
    last_downloaded_at: null,
    revoked_at: null,
    created_by: ADMIN_ID,
    created_by_email: 'ada@admin.test',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const LINKS_PATH = `/api/files/${FILE_ID}/share-links`;

/** A server holding the file's links: a POST adds one, a DELETE revokes it. */
function server(initial: ShareLink[] = [], overrides: AnswerTable = {}): AnswerTable {
  let links = [...initial];
  const table: AnswerTable = {
    'GET /api/files': { status: 200, body: { files: [contract], next_cursor: null, total: 1 } },
    'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
    [`GET ${LINKS_PATH}`]: () => ({ status: 200, body: { share_links: links } }),
    [`POST ${LINKS_PATH}`]: (call: Call) => {
      const body = call.body as { max_downloads?: number | null };
      const made = link(9, { max_downloads: body.max_downloads ?? null, created_at: '2026-11-27T10:00:00.000Z' });
      links = [made, ...links];
      return { status: 201, body: { share_link: made, url: URL_SHOWN_ONCE, token: 'tok' } };
    },
  };
  for (const l of initial)
    table[`DELETE ${LINKS_PATH}/${l.id}`] = () => {
      links = links.map((x) =>
        x.id === l.id ? { ...x, status: 'revoked', revoked_at: '2026-11-27T11:00:00.000Z' } : x,
      );
      return { status: 204 };
    };
  return { ...table, ...overrides };
}

function browse(isAdmin: boolean, answers: AnswerTable) {
  return renderApp(
    <FileBrowser
      tenantId="t1"
      isAdmin={isAdmin}
      userId={isAdmin ? ADMIN_ID : USER_ID}
      filters={{ limit: 100 }}
      title="Files"
      emptyMessage="No files yet."
    />,
    { answers },
  );
}

async function openDialog(user: ReturnType<typeof browse>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Contract' }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Share link' }));
  return within(await screen.findByRole('dialog', { name: 'Share link' }));
}

const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === LINKS_PATH);

describe('the share link dialog', () => {
  it('makes a link with the chosen expiry and limit, shows its URL once to copy, and lists it', async () => {
    const { calls, user } = browse(true, server());
    const dialog = await openDialog(user);
    expect(await dialog.findByText('No share links yet.')).toBeTruthy();

    await user.selectOptions(dialog.getByLabelText('Expires after'), '30 days');
    await user.type(dialog.getByLabelText('Download limit (optional)'), '5');
    await user.click(dialog.getByRole('button', { name: 'Create link' }));

    expect(await dialog.findByText('Link created. Copy it now: it is not shown again.')).toBeTruthy();
    expect((dialog.getByLabelText('Link to send') as HTMLInputElement).value).toBe(URL_SHOWN_ONCE);
    expect(dialog.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(posts(calls).map((c) => [c.body, c.headers['x-tenant-id']])).toEqual([
      [{ expires_in_days: 30, max_downloads: 5 }, 't1'],
    ]);
    const list = within(await dialog.findByRole('list', { name: 'Share links' }));
    expect(list.getByText('Active')).toBeTruthy();
    expect(list.getByText(/0 downloads of 5/)).toBeTruthy();

    // Making another hides the URL: it is never shown again.
    await user.click(dialog.getByRole('button', { name: 'Make another link' }));
    expect(dialog.queryByLabelText('Link to send')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Create link' })).toBeTruthy();
  });

  it('asks for a date when the expiry is custom, and sends the end of that day', async () => {
    const { calls, user } = browse(true, server());
    const dialog = await openDialog(user);
    await user.selectOptions(dialog.getByLabelText('Expires after'), 'Custom date');
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByText('Choose the date the link expires.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(dialog.getByLabelText('Expiry date'), { target: { value: '2026-12-24' } });
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    await dialog.findByText('Link created. Copy it now: it is not shown again.');
    expect(posts(calls).map((c) => c.body)).toEqual([
      { expires_at: new Date('2026-12-24T23:59:59').toISOString(), max_downloads: null },
    ]);
  });

  it('refuses a download limit out of range before asking, and shows the server’s sentence', async () => {
    const { calls, user } = browse(
      true,
      server([], { [`POST ${LINKS_PATH}`]: { status: 400, body: { error: SHARE_LINK_MESSAGES.expiryRange } } }),
    );
    const dialog = await openDialog(user);
    await user.type(dialog.getByLabelText('Download limit (optional)'), '1001');
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByText('The download limit must be a whole number from 1 to 1000.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await user.clear(dialog.getByLabelText('Download limit (optional)'));
    await user.click(dialog.getByRole('button', { name: 'Create link' }));
    expect(await dialog.findByText(SHARE_LINK_MESSAGES.expiryRange)).toBeTruthy();
    expect(dialog.queryByLabelText('Link to send')).toBeNull();
  });

  it('lists each link’s status and downloads, and revokes an active one after confirming', async () => {
    const active = link(1, { max_downloads: 3, download_count: 1 });
    const { calls, user } = browse(
      true,
      server([
        active,
        link(2, { status: 'expired' }),
        link(3, { status: 'revoked', revoked_at: '2026-11-25T10:00:00.000Z' }),
        link(4, { status: 'used_up', max_downloads: 2, download_count: 2 }),
      ]),
    );
    const dialog = await openDialog(user);
    const list = within(await dialog.findByRole('list', { name: 'Share links' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/Active|Expired|Revoked|Used up/)[0]!.textContent)).toEqual([
      'Active',
      'Expired',
      'Revoked',
      'Used up',
    ]);
    expect(within(items[0]!).getByText(/1 download of 3/)).toBeTruthy();
    expect(within(items[3]!).getByText(/2 downloads of 2/)).toBeTruthy();
    // Only the active link can be revoked.
    expect(list.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);

    await user.click(within(items[0]!).getByRole('button', { name: 'Revoke' }));
    const confirm = within(items[0]!).getByRole('group', { name: 'Revoke this link? It stops working at once.' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await user.click(within(items[0]!).getByRole('button', { name: 'Revoke' }));
    await user.click(within(items[0]!).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Link revoked')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${LINKS_PATH}/${active.id}`]);
    await waitFor(() => expect(list.queryAllByRole('button', { name: 'Revoke' })).toHaveLength(0));
    expect(within(list.getAllByRole('listitem')[0]!).getByText('Revoked')).toBeTruthy();
  });

  it('is offered to admins only', async () => {
    const { user } = browse(false, server());
    await user.click(await screen.findByRole('button', { name: 'Actions for Contract' }));
    const menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: 'Share link' })).toBeNull();
  });
});
