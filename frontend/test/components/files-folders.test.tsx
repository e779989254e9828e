import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PortalFolder } from '../../src/features/files/folders-api';
import { FileBrowser } from '../../src/features/files/FileBrowser';
import { FolderView, useFolderParam } from '../../src/features/files/FolderView';
import type { PortalFile } from '../../src/features/files/api';
import { useFolder } from '../../src/features/files/folders-api';
import type { AnswerTable } from '../fake-fetch';
import { renderApp, USER_ID } from './render-app';

/* The folder shown on the Files pages (issue 33): its breadcrumbs, its folders, and its address. */

const CLIENTS = '00000000-0000-4000-8000-0000000000d1';
const ACME = '00000000-0000-4000-8000-0000000000d2';
const CONTRACTS = '00000000-0000-4000-8000-0000000000d3';

function folder(id: string, name: string, parentId: string | null): PortalFolder {
  return {
    id,
    name,
    parent_id: parentId,
    user_id: null,
    user_email: null,
    assigned_roles: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
  };
}

/** The page's folder part as the Files pages use it: the folder in the address, listed. */
function Shown({ isAdmin }: { isAdmin: boolean }) {
  const listing = useFolder('t1', useFolderParam());
  return <FolderView tenantId="t1" isAdmin={isAdmin} listing={listing} />;
}

/** A server of Clients › Acme › Contracts; a member may not open Clients. */
function server(clientsOpen: boolean): AnswerTable {
  const acme = folder(ACME, 'Acme', CLIENTS);
  return {
    'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
    'GET /api/folders': (call) => {
      const parent = new URL(call.path, 'http://x').searchParams.get('parent_id');
      if (parent === ACME)
        return {
          status: 200,
          body: {
            folder: acme,
            breadcrumbs: [
              { id: CLIENTS, name: 'Clients', open: clientsOpen },
              { id: ACME, name: 'Acme', open: true },
            ],
            folders: [folder(CONTRACTS, 'Contracts', ACME)],
          },
        };
      if (parent) return { status: 404, body: { error: 'This folder does not exist.' } };
      return { status: 200, body: { folder: null, breadcrumbs: [], folders: [acme] } };
    },
  };
}

describe('Folders on the Files pages', () => {
  it('shows the way to the folder in the address, its folders, and walks up by the breadcrumbs', async () => {
    const { calls, user, router } = renderApp(<Shown isAdmin />, {
      path: `/files?tenant_id=t1&folder=${ACME}`,
      answers: server(true),
    });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(trail).findByText('Acme');
    expect(within(trail).getByText('Acme').getAttribute('aria-current')).toBe('page');
    expect(within(trail).getByRole('link', { name: 'Clients' }).getAttribute('href')).toBe(
      `/files?tenant_id=t1&folder=${CLIENTS}`,
    );
    const folders = screen.getByRole('region', { name: 'Folders' });
    expect(within(folders).getByRole('link', { name: 'Contracts' }).getAttribute('href')).toBe(
      `/files?tenant_id=t1&folder=${CONTRACTS}`,
    );
    expect(screen.getByRole('button', { name: 'New folder' })).toBeTruthy();

    await user.click(within(trail).getByRole('link', { name: 'All files' }));
    await screen.findByText('All files', { selector: '[aria-current="page"]' });
    expect(router.state.location.search).toBe('?tenant_id=t1');
    expect(calls.map((c) => c.path)).toContain('/api/folders');
  });

  it('shows a member the folders they may not open by name only, and offers them no changes', async () => {
    renderApp(<Shown isAdmin={false} />, { path: `/files?folder=${ACME}`, answers: server(false) });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    await within(trail).findByText('Clients');
    expect(within(trail).queryByRole('link', { name: 'Clients' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Actions for Contracts' })).toBeNull();
  });

  it('says what failed when the folder cannot be opened, and offers Retry', async () => {
    renderApp(<Shown isAdmin />, { path: `/files?folder=${CONTRACTS}`, answers: server(true) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This folder does not exist.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('Renaming a file', () => {
  it('sends the new title from the row menu, and refuses a blank one before sending', async () => {
    const file: PortalFile = {
      id: '00000000-0000-4000-8000-0000000000f1',
      title: 'scan-0042',
      original_name: 'scan-0042.pdf',
      content_type: 'application/pdf',
      kind: 'pdf',
      size_bytes: 1024,
      folder_id: null,
      file_url: '/api/files/00000000-0000-4000-8000-0000000000f1/download',
      user_id: USER_ID,
      user_email: 'cleo@client.test',
      assigned_roles: [],
      uploaded_by: USER_ID,
      uploaded_by_email: 'cleo@client.test',
      recipients_count: 1,
      status: 'new',
      created_at: '2026-11-01T10:00:00.000Z',
    };
    const { calls, user } = renderApp(
      <FileBrowser
        tenantId="t1"
        isAdmin
        userId={USER_ID}
        filters={{ limit: 100 }}
        title="Files"
        emptyMessage="No files yet."
        movable
      />,
      {
        answers: {
          'GET /api/files': { status: 200, body: { files: [file], next_cursor: null, total: 1 } },
          'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
          [`PATCH /api/files/${file.id}`]: (call) => ({
            status: 200,
            body: { file: { ...file, title: (call.body as { title: string }).title } },
          }),
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Actions for scan-0042' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename file' }));
    const title = dialog.getByLabelText('Title');
    await user.clear(title);
    await dialog.findByText('Give the file a title.');
    expect(dialog.getByRole('button', { name: 'Rename' }).hasAttribute('disabled')).toBe(true);
    await user.type(title, 'Signed lease');
    await user.click(dialog.getByRole('button', { name: 'Rename' }));
    await screen.findByText('File renamed to “Signed lease”');
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Signed lease' });
  });
});
