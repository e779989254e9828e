import { zodResolver } from '@hookform/resolvers/zod';
import { memberPasswordResetBody } from '@portico/common';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { useAdminResetPassword, type PersonDialogProps } from './api/people';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { errorMessage } from '../../lib/api/http';
import { PASSWORD_LENGTH_HELP } from '../../ui/validation';
import { Form, FormActions } from '../../ui/Form';
import styles from './ResetPasswordDialog.module.css';

/** Email a link, or set the password, checked as the API's `memberPasswordResetBody` checks it. */
const resetChoice = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('link') }),
  z.object({ mode: z.literal('set'), new_password: memberPasswordResetBody.shape.new_password.unwrap() }),
]);

type ResetChoice = z.output<typeof resetChoice>;
const LINK: ResetChoice = { mode: 'link' };

/**
 * Admin reset: email a single-use reset link, or set a password the admin types (DECISIONS §4).
 * Setting one is offered only when the person's profile is this admin's to change.
 */
export function ResetPasswordDialog({ tenantId, person, onClose }: PersonDialogProps) {
  const reset = useAdminResetPassword(tenantId);
  const canSet = person?.profile_lock === null;
  const form = useForm<z.input<typeof resetChoice>, unknown, ResetChoice>({
    resolver: zodResolver(resetChoice),
    defaultValues: LINK,
    mode: 'onChange',
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const password = form.getFieldState('new_password', form.formState);

  function close() {
    form.reset(LINK);
    onClose();
  }

  function submit(choice: ResetChoice) {
    if (!person) return;
    reset.mutate(
      { user_id: person.id, ...(choice.mode === 'set' ? { new_password: choice.new_password } : {}) },
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
      <Form onSubmit={form.handleSubmit(submit)} noValidate>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>How</legend>
          <label className={styles.choice}>
            <input type="radio" value="link" {...form.register('mode')} />
            Email them a reset link
          </label>
          {canSet && (
            <label className={styles.choice}>
              <input type="radio" value="set" {...form.register('mode')} />
              Set a new password now
            </label>
          )}
        </fieldset>
        {mode === 'set' && (
          <TextField
            label="New password"
            type="password"
            {...form.register('new_password', { shouldUnregister: true })}
            autoComplete="new-password"
            help={`${PASSWORD_LENGTH_HELP} They are signed out everywhere.`}
            error={password.isDirty ? password.error?.message : null}
          />
        )}
        <FormActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={reset.isPending} disabled={!form.formState.isValid}>
            {mode === 'set' ? 'Set password' : 'Send reset link'}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
