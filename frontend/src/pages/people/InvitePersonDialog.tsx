import { useState } from 'react';
import type { FormEvent } from 'react';
import type { RoleType } from '@portico/common';
import { toast } from 'sonner';
import { useInviteMember, type PeopleInviteAnswer } from '../../api/people';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { SelectField, TextField } from '../../components/Field';
import { isEmail } from '../../lib/validation';
import { InviteResultView } from '../super/InviteResultView';
import { inviteFailure } from './people-text';

interface InvitePersonDialogProps {
  tenantId: string;
  open: boolean;
  roles: readonly RoleType[];
  onClose: () => void;
}

/** Invite dialog: email and role → POST /api/invite → an email with the 'Join the Team' link. */
export function InvitePersonDialog({ tenantId, open, roles, onClose }: InvitePersonDialogProps) {
  const invite = useInviteMember(tenantId);
  const defaultRole = roles.find((r) => r.kind === 'client')?.role_key ?? roles[0]?.role_key ?? '';
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PeopleInviteAnswer | null>(null);
  const chosenRole = role || defaultRole;

  function reset() {
    setEmail('');
    setRole('');
    setError(null);
    setResult(null);
    invite.reset();
  }

  function close() {
    reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    invite.mutate(
      { email: email.trim(), role: chosenRole },
      {
        onSuccess: (answer) => {
          if (answer.emailSent) {
            toast.success('Invitation sent successfully!');
            close();
          } else {
            setResult(answer);
          }
        },
        onError: (err) => {
          setError(inviteFailure(err));
          toast.error('Failed to send invitation');
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Invite User"
      description="They get an email with a link to join this workspace."
    >
      {result ? (
        <InviteResultView answer={{ ...result, tenant_id: tenantId }} onAnother={reset} onDone={close} />
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
            required
          />
          <SelectField label="Role" value={chosenRole} onChange={(e) => setRole(e.target.value)}>
            {roles.map((r) => (
              <option key={r.role_key} value={r.role_key}>
                {r.role_label}
              </option>
            ))}
          </SelectField>
          <div className="form-actions">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!isEmail(email.trim()) || !chosenRole}>
              Send Invitation
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
