import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UploadCard } from '../../src/features/files/UploadCard';
import { heldAnswer, type AnswerTable } from '../fake-fetch';
import { renderApp } from './render-app';

const USER_ID = '5d0c7a52-3f1e-4b8a-9c2d-6e4f1a7b8c90';

const board = () => new File(['png'], 'board.png', { type: 'image/png' });

function server(upload: AnswerTable[string]): AnswerTable {
  return {
    'GET /api/files/tenant-users': { status: 200, body: { users: [{ id: USER_ID, email: 'cleo@client.test' }] } },
    'GET /api/tenant-roles': {
      status: 200,
      body: {
        roles: [
          { role_key: 'admin', role_label: 'Admin', role_color: 'red', kind: 'admin' },
          { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
        ],
      },
    },
    'POST /api/files/upload': upload,
  };
}

const stored = (file: { user_id: string | null; assigned_roles: string[]; recipients_count: number }) => ({
  status: 201,
  body: { id: 'f1', ...file },
});

describe('UploadCard', () => {
  it('keeps Upload off until a file is chosen, then lists the file', async () => {
    const { user } = renderApp(<UploadCard tenantId="t1" mode="self" />, {
      answers: server(stored({ user_id: null, assigned_roles: [], recipients_count: 1 })),
    });
    const send = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await user.upload(screen.getByLabelText('File'), board());
    expect(send.disabled).toBe(false);
    const chosen = within(screen.getByRole('list', { name: 'Files to upload' }));
    expect(chosen.getByText('board.png')).toBeTruthy();

    await user.click(chosen.getByRole('button', { name: 'Remove board.png' }));
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
    expect(send.disabled).toBe(true);
  });

  it('asks an admin for a recipient, then shares with the role picked', async () => {
    const { calls, user } = renderApp(<UploadCard tenantId="t1" mode="both" />, {
      answers: server(stored({ user_id: null, assigned_roles: ['role2'], recipients_count: 4 })),
    });
    await user.upload(screen.getByLabelText('File'), board());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Select a user or roles');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // Admins are not a recipient role: only the member roles are offered.
    await user.click(await screen.findByRole('checkbox', { name: 'Client' }));
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded for 4 users with Client role')).toBeTruthy();
    const uploads = calls.filter((c) => c.method === 'POST');
    expect(uploads.map((c) => [c.path, c.headers['x-tenant-id'], c.body])).toEqual([
      ['/api/files/upload', 't1', { assigned_roles: 'role2', file: 'board.png' }],
    ]);
  });

  it('sends only the kind of recipient chosen on /files', async () => {
    const { calls, user } = renderApp(<UploadCard tenantId="t1" mode="choice" />, {
      answers: server(stored({ user_id: USER_ID, assigned_roles: [], recipients_count: 1 })),
    });
    await user.upload(screen.getByLabelText('File'), board());
    await screen.findByRole('option', { name: 'cleo@client.test' });
    await user.selectOptions(screen.getByLabelText('User'), 'cleo@client.test');
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('File uploaded for user')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      assign_to: 'user',
      user_id: USER_ID,
      file: 'board.png',
    });

    await user.click(screen.getByRole('radio', { name: 'Role' }));
    expect(screen.queryByLabelText('User')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Client' })).toBeTruthy();
  });

  it('shows the upload progress while the file is sent', async () => {
    const upload = heldAnswer();
    const { user } = renderApp(<UploadCard tenantId="t1" mode="self" />, { answers: server(upload.respond) });
    await user.upload(screen.getByLabelText('File'), board());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      (await screen.findByRole('progressbar', { name: 'Uploading board.png' })).getAttribute('aria-valuenow'),
    ).toBe('0');
    expect(screen.getByText('0%')).toBeTruthy();
    // The form is free for the next files while this one is sent.
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);

    upload.answer(stored({ user_id: null, assigned_roles: [], recipients_count: 1 }));
    expect(await screen.findByText('File uploaded')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says why the server refused the file', async () => {
    const { user } = renderApp(<UploadCard tenantId="t1" mode="self" />, {
      answers: server({ status: 413, body: { error: 'The file is larger than 50 MB.' } }),
    });
    await user.upload(screen.getByLabelText('File'), board());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const uploads = within(await screen.findByRole('region', { name: 'Uploads' }));
    expect(await uploads.findByText('The file is larger than 50 MB.')).toBeTruthy();
    expect(await screen.findByText('Upload failed: The file is larger than 50 MB.')).toBeTruthy();
  });
});
