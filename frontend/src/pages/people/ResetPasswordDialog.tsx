import { PASSWORD_MIN_LENGTH } from '@portico/common';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from 'sonner';
import { useAdminResetPassword, type Person } from '../../api/people';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { TextField } from '../../components/Field';
import { errorMessage } from '../../lib/http';

const MIN_PASSWORD = PASSWORD_MIN_LENGTH;

/**
 * Admin reset: email a single-use reset link, or set a password the admin types (DECISIONS §4).
 * Setting one is offered only when the person's profile is this admin's to change.
 */
export function ResetPasswordDialog({
  tenantId,
  person,
  onClose,
}: {
  tenantId: string;
  person: Person | null;
  onClose: () => void;
}) {
  const reset = useAdminResetPassword(tenantId);
  const canSet = person?.profile_lock === null;
  const [mode, setMode] = useState<'link' | 'set'>('link');
  const [password, setPassword] = useState('');
  const tooShort = mode === 'set' && password.length < MIN_PASSWORD;

  function close() {
    setMode('link');
    setPassword('');
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!person || tooShort) return;
    reset.mutate(
      { user_id: person.id, ...(mode === 'set' ? { new_password: password } : {}) },
      {
        onSuccess: (answer) => {
          toast.success(
            answer.mode === 'set' ? 'Password updated' : `A password reset link was sent to ${person.email}.`,
          );
          close();
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to send reset')),
      },
    );
  }

  return (
    <Dialog
      open={person !== null}
      onOpenChange={(open) => !open && close()}
      title="Reset password"
      description={person ? `For ${person.email}.` : undefined}
    >
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="people-radios">
          <legend className="field-label">How</legend>
          <label className="people-check">
            <input type="radio" name="reset-mode" checked={mode === 'link'} onChange={() => setMode('link')} />
            Email them a reset link
          </label>
          {canSet && (
            <label className="people-check">
              <input type="radio" name="reset-mode" checked={mode === 'set'} onChange={() => setMode('set')} />
              Set a new password now
            </label>
          )}
        </fieldset>
        {mode === 'set' && (
          <TextField
            label="New password"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
            help={`At least ${MIN_PASSWORD} characters. They are signed out everywhere.`}
          />
        )}
        <div className="form-actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={reset.isPending} disabled={tooShort}>
            {mode === 'set' ? 'Set password' : 'Send reset link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
