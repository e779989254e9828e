import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileBrowser } from '../../src/features/files/FileBrowser';
import { PreviewDrawer } from '../../src/features/files/PreviewDrawer';
import type { PortalFile } from '../../src/features/files/api';
import type { FileVersion } from '../../src/features/files/versions-api';
import type { AnswerTable } from '../fake-fetch';
import { renderApp, USER_ID } from './render-app';

/* A file's version history and a new version's upload, from the files list (issue 33). */

const ADMIN_ID = '00000000-0000-4000-8000-0000000000c1';
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const V2_ID = '00000000-0000-4000-8000-0000000000e2';
const V3_ID = '00000000-0000-4000-8000-0000000000e3';

const contract: PortalFile = {
  id: FILE_ID,
  title: 'Contract',
  original_name: 'contract-v3.pdf',
  content_type: 'application/pdf',
  kind: 'pdf',
  size_bytes: 3072,
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

const version = (id: string, number: number, name: string, latest: boolean, by: string | null): FileVersion => ({
  id,
  number,
  original_name: name,
  content_type: 'application/pdf',
  size_bytes: number * 1024,
  uploaded_by: by === null ? null : ADMIN_ID,
  uploaded_by_name: by,
  created_at: `2026-11-0${number}T10:00:00.000Z`,
  latest,
});

const history = [
  version(V3_ID, 3, 'contract-v3.pdf', true, 'Ada Admin'),
  version(V2_ID, 2, 'contract-v2.pdf', false, 'Ada Admin'),
  version(FILE_ID, 1, 'contract.pdf', false, null),
];

function server(overrides: AnswerTable = {}): AnswerTable {
  return {
    'GET /api/files': { status: 200, body: { files: [contract], next_cursor: null, total: 1 } },
    'GET /api/tenant-roles': { status: 200, body: { roles: [] } },
    [`GET /api/files/${FILE_ID}/versions`]: { status: 200, body: { versions: history } },
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

async function openFromMenu(user: ReturnType<typeof browse>['user'], item: string) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Contract' }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: item === 'Version history' ? 'Version history' : 'Upload new version' });
}

describe('Version history', () => {
  it('lists the versions newest first, who uploaded each, and offers admins a download of the earlier ones', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:version');
    // The saved file's link is clicked, not followed: happy-dom would navigate the page away.
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { calls, user } = browse(
      { isAdmin: true, userId: ADMIN_ID },
      server({ [`GET /api/files/${FILE_ID}/versions/${V2_ID}/download`]: { status: 200, body: 'v2' } }),
    );
    const dialog = within(await openFromMenu(user, 'Version history'));
    const items = await dialog.findAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s+/g, ' '))).toEqual([
      expect.stringMatching(/^Version 3Latestcontract-v3\.pdf · 3\.0 KBAda Admin · /),
      expect.stringMatching(/^Version 2contract-v2\.pdf · 2\.0 KBAda Admin · .*Download$/),
      expect.stringMatching(/^Version 1contract\.pdf · 1\.0 KBA removed user · .*Download$/),
    ]);
    // The latest is what the file's own Download serves: no second button for it.
    expect(dialog.queryByRole('button', { name: 'Download version 3' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Download version 2' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    saved.mockRestore();
    createObjectURL.mockRestore();
    expect(
      calls.filter((c) => c.path.includes('/versions/')).map((c) => [c.method, c.path, c.headers['x-tenant-id']]),
    ).toEqual([['GET', `/api/files/${FILE_ID}/versions/${V2_ID}/download`, 't1']]);
  });

  it('shows a member the history without downloads, and says who can download earlier versions', async () => {
    const { user } = browse({ isAdmin: false, userId: USER_ID }, server());
    const dialog = within(await openFromMenu(user, 'Version history'));
    expect(await dialog.findAllByRole('listitem')).toHaveLength(3);
    expect(dialog.queryByRole('button', { name: /Download version/ })).toBeNull();
    expect(dialog.getByText(/admins can download earlier ones/)).toBeTruthy();
    // Not their upload: no new version from them.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Actions for Contract' }));
    expect(within(await screen.findByRole('menu')).queryByRole('menuitem', { name: 'Upload new version' })).toBeNull();
  });

  it('says what failed and reads the history again on Retry', async () => {
    let fail = true;
    const { user } = browse(
      { isAdmin: true, userId: ADMIN_ID },
      server({
        [`GET /api/files/${FILE_ID}/versions`]: () =>
          fail ? { status: 500, body: { error: 'Down' } } : { status: 200, body: { versions: history } },
      }),
    );
    const dialog = within(await openFromMenu(user, 'Version history'));
    expect(await dialog.findByText('Failed to load the version history')).toBeTruthy();
    fail = false;
    await user.click(dialog.getByRole('button', { name: 'Retry' }));
    expect(await dialog.findAllByRole('listitem')).toHaveLength(3);
  });
});

describe('Upload new version', () => {
  it('sends the chosen file as the file’s next version and says which version it became', async () => {
    const { calls, user } = browse(
      { isAdmin: true, userId: ADMIN_ID },
      server({
        [`POST /api/files/${FILE_ID}/versions`]: {
          status: 201,
          body: { version: version(V3_ID, 4, 'contract-v4.pdf', true, 'Ada Admin'), file: contract },
        },
      }),
    );
    const dialog = within(await openFromMenu(user, 'Upload new version'));
    const send = dialog.getByRole('button', { name: 'Upload version' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.upload(dialog.getByLabelText('New version'), new File(['v4'], 'contract-v4.pdf'));
    await user.click(send);
    expect(await screen.findByText('Uploaded version 4 of “Contract”')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.headers['x-tenant-id'], c.body])).toEqual([
      [`/api/files/${FILE_ID}/versions`, 't1', { file: 'contract-v4.pdf' }],
    ]);
  });

  it('keeps the dialog open with the server’s sentence when the upload is refused', async () => {
    const tooLarge = 'The file is larger than the 100 MB upload limit.';
    const { user } = browse(
      { isAdmin: true, userId: ADMIN_ID },
      server({ [`POST /api/files/${FILE_ID}/versions`]: { status: 413, body: { error: tooLarge } } }),
    );
    const dialog = within(await openFromMenu(user, 'Upload new version'));
    await user.upload(dialog.getByLabelText('New version'), new File(['big'], 'huge.pdf'));
    await user.click(dialog.getByRole('button', { name: 'Upload version' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(`Upload failed: ${tooLarge}`);
    expect(screen.getByRole('dialog', { name: 'Upload new version' })).toBeTruthy();
  });
});

describe('The file’s activity', () => {
  it('says who uploaded which version', async () => {
    const { user } = renderApp(
      <PreviewDrawer
        tenantId="t1"
        file={{ ...contract, kind: 'document', content_type: 'text/plain' }}
        isAdmin
        roleLabel={(key) => key}
        onClose={() => undefined}
      />,
      {
        answers: {
          [`GET /api/files/${FILE_ID}/activity`]: {
            status: 200,
            body: {
              activity: [
                {
                  id: '00000000-0000-4000-8000-0000000000d2',
                  kind: 'version',
                  user_id: ADMIN_ID,
                  user_email: 'ada@admin.test',
                  version_number: 3,
                  created_at: '2026-11-03T10:00:00.000Z',
                },
                {
                  id: '00000000-0000-4000-8000-0000000000d1',
                  kind: 'download',
                  user_id: USER_ID,
                  user_email: 'cleo@client.test',
                  version_number: null,
                  created_at: '2026-11-02T10:00:00.000Z',
                },
              ],
            },
          },
        },
      },
    );
    await user.click(await screen.findByRole('tab', { name: 'Activity' }));
    const lines = await screen.findAllByRole('listitem');
    expect(lines.map((li) => li.textContent?.split(' · ')[0])).toEqual([
      'ada@admin.test uploaded version 3',
      'cleo@client.test downloaded',
    ]);
  });
});
