import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleType } from '@portico/common';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InvitePersonDialog } from '../../src/features/people/InvitePersonDialog';

/** Types by pasting: one input event, so a test does not wait on a keystroke per character. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const invite = { mutate: vi.fn(), reset: vi.fn(), isPending: false };

vi.mock('../../src/features/people/api/people', () => ({ useInviteMember: () => invite }));

const ROLES: RoleType[] = [
  { role_key: 'admin', role_label: 'Admin', role_color: 'red', kind: 'admin' },
  { role_key: 'role1', role_label: 'Team Member', role_color: 'blue', kind: 'team' },
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
];

function openDialog(onClose = vi.fn()) {
  render(<InvitePersonDialog tenantId="t1" open roles={ROLES} onClose={onClose} />);
  return {
    email: screen.getByLabelText('Email'),
    role: screen.getByLabelText('Role'),
    send: screen.getByRole('button', { name: 'Send Invitation' }),
  };
}

describe('InvitePersonDialog', () => {
  beforeEach(() => {
    invite.mutate.mockReset();
    invite.isPending = false;
  });

  it('waits for an address the API accepts, saying why once the field is left', async () => {
    const { email, send } = openDialog();
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await fill(email, 'not-an-address');
    await userEvent.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/valid email/i)).toBeTruthy();
    expect((send as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(email);
    await fill(email, 'new@people.test');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect((send as HTMLButtonElement).disabled).toBe(false);
  });

  it('starts on the client role and sends the address with the role picked', async () => {
    const { email, role, send } = openDialog();
    expect((role as HTMLSelectElement).value).toBe('role2');

    await fill(email, 'new@people.test');
    await userEvent.selectOptions(role, 'Team Member');
    await userEvent.click(send);
    expect(invite.mutate).toHaveBeenCalledWith({ email: 'new@people.test', role: 'role1' }, expect.anything());
  });

  it('shows the link to share, with the reason, when no email went out', async () => {
    const { email, send } = openDialog();
    await fill(email, 'new@people.test');
    await userEvent.click(send);
    const [, callbacks] = invite.mutate.mock.calls[0]!;
    callbacks.onSuccess({ emailSent: false, emailError: 'SMTP down', signup_url: 'https://x.test/signup?invite=abc' });
    expect(await screen.findByText(/Invite created, but email failed: SMTP down/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Another' })).toBeTruthy();
  });

  it('is busy while the invitation is being sent', () => {
    invite.isPending = true;
    const { send } = openDialog();
    expect(send.getAttribute('aria-busy')).toBe('true');
  });
});
