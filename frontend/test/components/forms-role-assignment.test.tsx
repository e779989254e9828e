import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FORM_MESSAGES } from '@portico/common';
import type { FormSummary, RoleType } from '@portico/common';
import { RoleAssignment } from '../../src/features/forms/manage/RoleAssignment';
import type { Call } from '../fake-fetch';
import { WORKSPACE_ID, renderApp } from './render-app';

const roles: RoleType[] = [
  { role_key: 'admin', role_label: 'Admin', role_color: 'red', kind: 'admin' },
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
  { role_key: 'role3', role_label: 'Guest', role_color: 'gray', kind: 'client' },
];

type Shown = Pick<FormSummary, 'id' | 'title' | 'status' | 'assigned_roles'>;
const form: Shown = { id: 'f1', title: 'Intake', status: 'published', assigned_roles: ['role2', 'gone'] };

const isPatch = (call: Call) => call.method === 'PATCH' && call.path === '/api/forms';

/** The form panel's Roles tab of `shown` for an admin, the server answering GET /api/tenant-roles and the PATCH. */
function openTab(shown: Shown = form) {
  return renderApp(<RoleAssignment tenantId={WORKSPACE_ID} form={shown} />, {
    path: '/forms',
    signedIn: {},
    answers: {
      'GET /api/tenant-roles': { status: 200, body: { roles } },
      'PATCH /api/forms': (call) => ({ status: 200, body: { form: { ...shown, ...(call.body as object) } } }),
    },
  });
}

describe('the role assignment tab', () => {
  it('ticks the roles the form has, and keeps Save and Reset off until a box changes', async () => {
    const { user } = openTab();
    const client = (await screen.findByRole('checkbox', { name: /Client/ })) as HTMLInputElement;
    const guest = screen.getByRole('checkbox', { name: /Guest/ }) as HTMLInputElement;
    const save = screen.getByRole('button', { name: 'Save assignments' }) as HTMLButtonElement;
    const reset = screen.getByRole('button', { name: 'Reset' }) as HTMLButtonElement;
    expect([client.checked, guest.checked]).toEqual([true, false]);
    expect([save.disabled, reset.disabled]).toEqual([true, true]);

    await user.click(guest);
    expect([save.disabled, reset.disabled]).toEqual([false, false]);
    await user.click(guest);
    expect(save.disabled).toBe(true);

    await user.click(client);
    await user.click(reset);
    expect(client.checked).toBe(true);
    expect(save.disabled).toBe(true);
  });

  it('saves the ticked keys in the workspace order, without a key the workspace no longer has', async () => {
    const { calls, user } = openTab();
    await user.click(await screen.findByRole('checkbox', { name: /Guest/ }));
    await user.click(screen.getByRole('button', { name: 'Save assignments' }));
    expect(await screen.findByText(FORM_MESSAGES.assignmentsSaved)).toBeTruthy();
    await vi.waitFor(() => expect(calls.filter(isPatch)).toHaveLength(1));
    expect(calls.find(isPatch)?.body).toEqual({ id: 'f1', assigned_roles: ['role2', 'role3'] });
  });

  it('says a draft is not seen by members until it is published', async () => {
    openTab({ ...form, status: 'draft' });
    expect(await screen.findByText(/This form is a draft/)).toBeTruthy();
  });
});
