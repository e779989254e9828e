import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileBrowser } from '../../src/features/files/FileBrowser';
import type { PortalFile } from '../../src/features/files/api';
import type { AnswerTable, Call } from '../fake-fetch';
import { renderApp, USER_ID } from './render-app';

/* Deleting a file from a list, with its confirmation and the toast's Undo (issue 33). */

const ADMIN_ID = '00000000-0000-4000-8000-0000000000c1';

function fileRow(id: string, title: string, uploadedBy: string): PortalFile {
  return {
    id,
    title,
    original_name: `${title.toLowerCase()}.pdf`,
    content_type: 'application/pdf',
    kind: 'pdf',
    size_bytes: 1024,
    folder_id: null,
    file_url: `/api/files/${id}/download`,
    user_id: USER_ID,
    user_email: 'cleo@client.test',
    assigned_roles: [],
    uploaded_by: uploadedBy,
    uploaded_by_email: uploadedBy === USER_ID ? 'cleo@client.test' : 'ada@admin.test',
    recipients_count: 1,
    status: 'new',
    created_at: '2026-11-01T10:00:00.000Z',
  };
}

const contract = fileRow('00000000-0000-4000-8000-0000000000f1', 'Contract', ADMIN_ID);
const notes = fileRow('00000000-0000-4000-8000-0000000000f2', 'Notes', USER_ID);

/** A server whose list drops a file once it is deleted and shows it again once restored. */
function server(overrides: AnswerTable = {}): AnswerTable {
  const deleted = new Set<string>();
  return {
    'GET /api/files': () => ({
      status: 200,
      body: { files: [contract, notes].filter((f) => !deleted.has(f.id)), next_cursor: null, total: 2 - deleted.size },
    }),
    'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
    [`DELETE /api/files/${contract.id}`]: () => {
      deleted.add(contract.id);
      return { status: 204 };
    },
    [`POST /api/files/${contract.id}/restore`]: () => {
      deleted.delete(contract.id);
      return { status: 200, body: { file: contract } };
    },
    ...overrides,
  };
}

function browse(viewer: { isAdmin: boolean; userId: string }, answers: AnswerTable) {
  return renderApp(
    <FileBrowser
      tenantId="t1"
      isAdmin={viewer.isAdmin}
      userId={viewer.userId}
      filters={{ limit: 100 }}
      title="Files"
      emptyMessage="No files yet."
    />,
    { answers },
  );
}

async function rowMenu(user: ReturnType<typeof browse>['user'], title: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${title}` }));
  return within(await screen.findByRole('menu'));
}

const lists = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/files?')).length;

describe('Deleting a file', () => {
  it('asks first, deletes, refreshes the list, and Undo in the toast restores the file', async () => {
    const { calls, user } = browse({ isAdmin: true, userId: ADMIN_ID }, server());
    await user.click((await rowMenu(user, 'Contract')).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete file' });
    expect(dialog.textContent).toContain('Delete “Contract”? Nobody will see or download it any more.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Cancel changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click((await rowMenu(user, 'Contract')).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('“Contract” deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Contract' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.headers['x-tenant-id']])).toEqual([
      [`/api/files/${contract.id}`, 't1'],
    ]);
    const listedBefore = lists(calls);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('“Contract” restored')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Contract' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/files/${contract.id}/restore`]);
    expect(lists(calls)).toBeGreaterThan(listedBefore);
  });

  it('offers a member Delete only on the files they uploaded', async () => {
    const { user } = browse({ isAdmin: false, userId: USER_ID }, server());
    expect((await rowMenu(user, 'Notes')).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const theirs = await rowMenu(user, 'Contract');
    expect(theirs.getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(theirs.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('keeps the dialog open and says why when the server refuses', async () => {
    const refusal = 'Only workspace admins or the person who uploaded a file can delete it.';
    const { user } = browse(
      { isAdmin: true, userId: ADMIN_ID },
      server({ [`DELETE /api/files/${contract.id}`]: { status: 403, body: { error: refusal } } }),
    );
    await user.click((await rowMenu(user, 'Contract')).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect(await screen.findByText('Could not delete the file')).toBeTruthy();
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    // Still listed, behind the dialog.
    expect(screen.getByRole('button', { name: 'Contract', hidden: true })).toBeTruthy();
  });

  it('says so when Undo is refused', async () => {
    const expired = 'This file was deleted more than 30 days ago and can no longer be restored.';
    const { user } = browse(
      { isAdmin: true, userId: ADMIN_ID },
      server({ [`POST /api/files/${contract.id}/restore`]: { status: 410, body: { error: expired } } }),
    );
    await user.click((await rowMenu(user, 'Contract')).getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete file' }));
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Could not restore the file')).toBeTruthy();
    expect(screen.getByText(expired)).toBeTruthy();
  });
});
