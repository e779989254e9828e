import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangeBody } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { auth } from '../../lib/api/client';
import { client } from '../../lib/api/typed-client';
import { ResendConfirmationButton } from '../auth';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { useSession } from '../../lib/session/session-context';
import { SettingsSection } from '../../ui/SettingsSection';
import { registeredField } from '../../lib/forms/registered-field';
import { Form, FormActions } from '../../ui/Form';

type EmailChange = z.output<typeof emailChangeBody>;

/** The sign-in email, checked with the API's own schema (`emailChangeBody`): the same sentences on both sides. */
export function EmailSection() {
  const { user } = useSession();
  const form = useForm<z.input<typeof emailChangeBody>, unknown, EmailChange>({
    resolver: zodResolver(emailChangeBody),
    defaultValues: { email: user?.email ?? '', current_password: '' },
    mode: 'onTouched',
  });
  const email = useWatch({ control: form.control, name: 'email' });

  const save = useMutation({
    mutationFn: (body: EmailChange) => client.PUT('/auth/email', { body, tenantId: null }),
    onSuccess: (answer) => {
      auth.updateUser(answer.user);
      form.resetField('current_password');
      toast.success(`Check ${answer.user.pending_email ?? 'your new address'} for a link to confirm it.`);
    },
  });

  return (
    <SettingsSection
      title="Change Email"
      description="The address you sign in with and receive mail at. A new one takes effect once you open the link we send to it."
    >
      {user?.pending_email ? (
        <Alert tone="info">
          Waiting for you to confirm {user.pending_email}: open the link we sent there. Until then you sign in with{' '}
          {user.email}. <ResendConfirmationButton variant="link" />
        </Alert>
      ) : (
        user &&
        !user.email_verified_at && (
          <Alert tone="info">
            Your email address {user.email} is not confirmed yet: open the link we sent there.{' '}
            <ResendConfirmationButton variant="link" />
          </Alert>
        )
      )}
      <Form onSubmit={form.handleSubmit((body) => save.mutate(body))} noValidate>
        <TextField label="Email" type="email" autoComplete="email" {...registeredField(form, 'email')} />
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...registeredField(form, 'current_password')}
        />
        {save.isError && <Alert tone="error">{errorMessage(save.error, 'Update failed')}</Alert>}
        <FormActions>
          <Button type="submit" loading={save.isPending} disabled={email.trim() === user?.email}>
            Update Email
          </Button>
        </FormActions>
      </Form>
    </SettingsSection>
  );
}
