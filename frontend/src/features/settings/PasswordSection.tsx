import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeBody } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { client } from '../../lib/api/typed-client';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { ConfirmPasswordField, NewPasswordField } from '../auth';
import { errorMessage } from '../../lib/api/http';
import { PASSWORDS_MUST_MATCH } from '../../ui/validation';
import { SettingsSection } from '../../ui/SettingsSection';
import { Form, FormActions, FormGrid } from '../../ui/Form';

/** The API's `passwordChangeBody`, with the new password typed twice. */
const passwordChangeForm = passwordChangeBody
  .extend({ confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.new_password, { message: PASSWORDS_MUST_MATCH, path: ['confirm_password'] });

type PasswordChangeFields = z.input<typeof passwordChangeForm>;

const EMPTY: PasswordChangeFields = { current_password: '', new_password: '', confirm_password: '' };

export function PasswordSection() {
  const form = useForm<PasswordChangeFields, unknown, z.output<typeof passwordChangeForm>>({
    resolver: zodResolver(passwordChangeForm),
    defaultValues: EMPTY,
    mode: 'onChange',
  });
  const { errors, dirtyFields } = form.formState;

  const save = useMutation({
    mutationFn: ({ current_password, new_password }: z.output<typeof passwordChangeBody>) =>
      client.PUT('/auth/password', { body: { current_password, new_password }, tenantId: null }),
    onSuccess: () => {
      toast.success('Password updated');
      form.reset(EMPTY);
    },
  });

  return (
    <SettingsSection title="Change Password" description="Other devices are signed out when you change it.">
      <Form onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...form.register('current_password')}
        />
        <FormGrid>
          <NewPasswordField
            label="New password"
            {...form.register('new_password', { deps: 'confirm_password' })}
            error={dirtyFields.new_password ? errors.new_password?.message : null}
          />
          <ConfirmPasswordField
            label="Confirm password"
            {...form.register('confirm_password')}
            error={dirtyFields.confirm_password ? errors.confirm_password?.message : null}
          />
        </FormGrid>
        {save.isError && <Alert tone="error">{errorMessage(save.error, 'Password update failed')}</Alert>}
        <FormActions>
          <Button type="submit" loading={save.isPending} disabled={!form.formState.isValid}>
            Update Password
          </Button>
        </FormActions>
      </Form>
    </SettingsSection>
  );
}
