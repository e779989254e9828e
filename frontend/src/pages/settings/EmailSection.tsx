import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { AuthUser } from '../../api/types';
import { api, auth } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { errorMessage } from '../../lib/http';
import { isEmail } from '../../lib/validation';
import { useSession } from '../../session/session-context';
import { SettingsSection } from './SettingsSection';

const EMAIL_EMPTY = 'Email cannot be empty.';

export function EmailSection() {
  const { user } = useSession();
  const [email, setEmail] = useState(user?.email ?? '');
  const [touched, setTouched] = useState(false);

  const save = useMutation({
    mutationFn: (next: string) =>
      api<{ user: AuthUser }>('/api/auth/email', { method: 'PUT', body: { email: next }, tenantId: null }),
    onSuccess: (answer) => {
      auth.updateUser(answer.user);
      toast.success('Email updated');
    },
  });

  const trimmed = email.trim();
  const fieldError = !touched
    ? null
    : !trimmed
      ? EMAIL_EMPTY
      : !isEmail(trimmed)
        ? 'Enter a valid email address.'
        : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (trimmed && isEmail(trimmed)) save.mutate(trimmed);
  }

  return (
    <SettingsSection title="Change Email" description="The address you sign in with and receive mail at.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={fieldError}
        />
        {save.isError && <Alert tone="error">{errorMessage(save.error, 'Update failed')}</Alert>}
        <div className="form-actions">
          <Button type="submit" loading={save.isPending} disabled={trimmed === user?.email}>
            Update Email
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
