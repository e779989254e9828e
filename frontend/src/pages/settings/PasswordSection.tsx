import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { ConfirmPasswordField, NewPasswordField } from '../../components/PasswordFields';
import { errorMessage } from '../../lib/http';
import { isLongEnoughPassword } from '../../lib/validation';
import { SettingsSection } from './SettingsSection';

const EMPTY = { current: '', next: '', confirm: '' };

export function PasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const save = useMutation({
    mutationFn: () =>
      api('/api/auth/password', {
        method: 'PUT',
        body: { current_password: values.current, new_password: values.next },
        tenantId: null,
      }),
    onSuccess: () => {
      toast.success('Password updated');
      setValues(EMPTY);
    },
  });

  const valid = values.current !== '' && isLongEnoughPassword(values.next) && values.confirm === values.next;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (valid) save.mutate();
  }

  return (
    <SettingsSection title="Change Password" description="Other devices are signed out when you change it.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
        />
        <div className="form-grid">
          <NewPasswordField label="New password" value={values.next} onChange={set('next')} />
          <ConfirmPasswordField
            label="Confirm password"
            value={values.confirm}
            password={values.next}
            onChange={set('confirm')}
          />
        </div>
        {save.isError && <Alert tone="error">{errorMessage(save.error, 'Password update failed')}</Alert>}
        <div className="form-actions">
          <Button type="submit" loading={save.isPending} disabled={!valid}>
            Update Password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
