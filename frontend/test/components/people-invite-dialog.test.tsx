import { screen } from '@testing-library/react';
import type { RoleType } from '@portico/common';
import { describe, expect, it, vi } from 'vitest';
import { InvitePersonDialog } from '../../src/features/people/InvitePersonDialog';
import { heldAnswer, type AnswerTable } from '../fake-fetch';
import { renderApp } from './render-app';

const ROLES: RoleType[] = [
  { role_key: 'admin', role_label: 'Admin', role_color: 'red', kind: 'admin' },
  { role_key: 'role1', role_label: 'Team Member', role_color: 'blue', kind: 'team' },
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
];

function openDialog(invite: AnswerTable[string] = { status: 200, body: { emailSent: true } }) {
  const onClose = vi.fn();
  const app = renderApp(<InvitePersonDialog tenantId="t1" open roles={ROLES} onClose={onClose} />, {
    answers: { 'POST /api/invite': invite },
  });
  const email = screen.getByLabelText('Email');
  return {
    ...app,
    onClose,
    email,
    role: screen.getByLabelText('Role') as HTMLSelectElement,
    send: screen.getByRole('button', { name: 'Send Invitation' }) as HTMLButtonElement,
    /** Types by pasting: one input event, so a test does not wait on a keystroke per character. */
    fillEmail: async (text: string) => {
      await app.user.click(email);
      await app.user.paste(text);
    },
  };
}

describe('InvitePersonDialog', () => {
  it('waits for an address the API accepts, saying why once the field is left', async () => {
    const { email, send, user, fillEmail } = openDialog();
    expect(send.disabled).toBe(true);

    await fillEmail('not-an-address');
    await user.tab();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/valid email/i)).toBeTruthy();
    expect(send.disabled).toBe(true);

    await user.clear(email);
    await fillEmail('new@people.test');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(send.disabled).toBe(false);
  });

  it('starts on the client role, sends the address with the role picked, and closes once the email went out', async () => {
    const { calls, role, send, user, fillEmail, onClose } = openDialog();
    expect(role.value).toBe('role2');

    await fillEmail('new@people.test');
    await user.selectOptions(role, 'Team Member');
    await user.click(send);
    expect(await screen.findByText('Invitation sent successfully!')).toBeTruthy();
    expect(calls.map((c) => [c.method, c.path, c.headers['x-tenant-id'], c.body])).toEqual([
      ['POST', '/api/invite', 't1', { email: 'new@people.test', role: 'role1' }],
    ]);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the link to share, with the reason, when no email went out', async () => {
    const { send, user, fillEmail } = openDialog({
      status: 200,
      body: { emailSent: false, emailError: 'SMTP down', signup_url: 'https://x.test/signup?invite=abc' },
    });
    await fillEmail('new@people.test');
    await user.click(send);
    expect(await screen.findByText(/Invite created, but email failed: SMTP down/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Another' })).toBeTruthy();
  });

  it('says why the server refused the invitation', async () => {
    const { send, user, fillEmail } = openDialog({
      status: 409,
      body: { error: 'This person is already a member of this workspace.' },
    });
    await fillEmail('new@people.test');
    await user.click(send);
    expect(await screen.findByText('This person is already a member of this workspace.')).toBeTruthy();
    expect(screen.getByText('Failed to send invitation')).toBeTruthy();
  });

  it('is busy while the invitation is being sent', async () => {
    const invite = heldAnswer();
    const { send, user, fillEmail } = openDialog(invite.respond);
    await fillEmail('new@people.test');
    await user.click(send);
    await vi.waitFor(() => expect(send.getAttribute('aria-busy')).toBe('true'));
    invite.answer({ status: 200, body: { emailSent: true } });
    expect(await screen.findByText('Invitation sent successfully!')).toBeTruthy();
  });
});
