import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoleType } from '@portico/common';
import { RoleAssignment } from '../../src/features/forms/manage/RoleAssignment';

const mutate = vi.fn();
vi.mock('../../src/features/forms/api/form-list', () => ({
  usePatchForm: () => ({ mutate, isPending: false }),
}));

const roles = [
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
  { role_key: 'role3', role_label: 'Guest', role_color: 'gray', kind: 'client' },
] as RoleType[];
vi.mock('../../src/lib/api/queries', () => ({
  useTenantRoles: () => ({ isPending: false, isError: false, data: roles }),
}));

const form = { id: 'f1', title: 'Intake', status: 'published' as const, assigned_roles: ['role2', 'gone'] };

describe('the role assignment tab', () => {
  beforeEach(() => {
    mutate.mockReset();
  });

  it('ticks the roles the form has, and keeps Save and Reset off until a box changes', async () => {
    render(<RoleAssignment tenantId="t1" form={form} />);
    const client = screen.getByRole('checkbox', { name: /Client/ }) as HTMLInputElement;
    const guest = screen.getByRole('checkbox', { name: /Guest/ }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save assignments' }) as HTMLButtonElement;
    const reset = screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    expect([client.checked, guest.checked]).toEqual([true, false]);
    expect([save.disabled, reset.disabled]).toEqual([true, true]);

    await userEvent.click(guest);
    expect([save.disabled, reset.disabled]).toEqual([false, false]);
    await userEvent.click(guest);
    expect(save.disabled).toBe(true);

    await userEvent.click(client);
    await userEvent.click(reset);
    expect(client.checked).toBe(true);
    expect(save.disabled).toBe(true);
  });

  it('saves the ticked keys in the workspace order, without a key the workspace no longer has', async () => {
    render(<RoleAssignment tenantId="t1" form={form} />);
    await userEvent.click(screen.getByRole('checkbox', { name: /Guest/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save assignments' }));
    await vi.waitFor(() => expect(mutate).toHaveBeenCalledOnce());
    expect(mutate.mock.calls[0]?.[0]).toEqual({ id: 'f1', assigned_roles: ['role2', 'role3'] });
  });

  it('says a draft is not seen by members until it is published', () => {
    render(<RoleAssignment tenantId="t1" form={{ ...form, status: 'draft' }} />);
    expect(screen.getByText(/This form is a draft/)).toBeTruthy();
  });
});
