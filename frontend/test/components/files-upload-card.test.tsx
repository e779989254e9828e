import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadCard } from '../../src/features/files/UploadCard';

const USER_ID = '5d0c7a52-3f1e-4b8a-9c2d-6e4f1a7b8c90';
const upload = { mutate: vi.fn(), reset: vi.fn(), isPending: false, isError: false, error: null };

vi.mock('../../src/features/files/api', () => ({
  useUploadFile: () => upload,
  useTenantUsers: () => ({ isPending: false, data: [{ id: USER_ID, email: 'cleo@client.test' }] }),
}));
vi.mock('../../src/lib/api/queries', () => ({
  useTenantRoles: () => ({
    data: [
      { role_key: 'admin', role_label: 'Admin', role_color: 'red', kind: 'admin' },
      { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
    ],
  }),
}));

const board = () => new File(['png'], 'board.png', { type: 'image/png' });

describe('UploadCard', () => {
  beforeEach(() => {
    upload.mutate.mockReset();
    upload.isPending = false;
  });

  it('keeps Upload off until a file is chosen, then names the file', async () => {
    render(<UploadCard tenantId="t1" mode="self" />);
    const send = screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await userEvent.upload(screen.getByLabelText('File'), board());
    expect(send.disabled).toBe(false);
    expect(screen.getByText(/board\.png · PDF, DOC/)).toBeTruthy();
  });

  it('asks an admin for a recipient, then shares with the role picked', async () => {
    render(<UploadCard tenantId="t1" mode="both" />);
    await userEvent.upload(screen.getByLabelText('File'), board());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Select a user or roles');
    expect(upload.mutate).not.toHaveBeenCalled();

    // Admins are not a recipient role: only the member roles are offered.
    expect(screen.queryByRole('checkbox', { name: 'Admin' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(upload.mutate).toHaveBeenCalledOnce();
    expect(upload.mutate.mock.calls[0]![0]).toMatchObject({ roles: ['role2'], userId: undefined });
  });

  it('sends only the kind of recipient chosen on /files', async () => {
    render(<UploadCard tenantId="t1" mode="choice" />);
    await userEvent.upload(screen.getByLabelText('File'), board());
    await userEvent.selectOptions(screen.getByLabelText('User'), 'cleo@client.test');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(upload.mutate.mock.calls[0]![0]).toMatchObject({ assignTo: 'user', userId: USER_ID, roles: [] });

    await userEvent.click(screen.getByRole('radio', { name: 'Role' }));
    expect(screen.queryByLabelText('User')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Client' })).toBeTruthy();
  });

  it('shows the upload progress while the file is sent', async () => {
    const { rerender } = render(<UploadCard tenantId="t1" mode="self" />);
    await userEvent.upload(screen.getByLabelText('File'), board());
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    upload.isPending = true;
    rerender(<UploadCard tenantId="t1" mode="self" />);
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress).toBeTruthy();
    expect(screen.getByText('0%')).toBeTruthy();
    const [, callbacks] = upload.mutate.mock.calls[0]!;
    upload.isPending = false;
    act(() => callbacks.onSuccess({ user_id: null, assigned_roles: [], recipients_count: 1 }));
    rerender(<UploadCard tenantId="t1" mode="self" />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
