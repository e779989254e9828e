import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { inviteBody, type RoleType } from '@portico/common';
import type { z } from 'zod';
import { toast } from 'sonner';
import { useInviteMember, type PeopleInviteAnswer } from './api/people';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { InviteResultView } from './InviteResultView';
import { Form, FormActions } from '../../ui/Form';
import { RoleOptions } from './RoleOptions';
import { inviteFailure } from './people-text';

interface InvitePersonDialogProps {
  tenantId: string;
  open: boolean;
  roles: readonly RoleType[];
  onClose: () => void;
}

type InviteFields = z.input<typeof inviteBody>;
type Invite = z.output<typeof inviteBody>;

/**
 * Invite dialog: email and role → POST /api/invite → an email with the 'Join the Team' link. The
 * form checks with the API's own schema (`inviteBody`), so Send waits for what the server accepts.
 */
export function InvitePersonDialog({ tenantId, open, roles, onClose }: InvitePersonDialogProps) {
  const invite = useInviteMember(tenantId);
  const defaultRole = roles.find((r) => r.kind === 'client')?.role_key ?? roles[0]?.role_key ?? '';
  const form = useForm<InviteFields, unknown, Invite>({
    resolver: zodResolver(inviteBody),
    defaultValues: { email: '', role: defaultRole },
    mode: 'onChange',
  });
  // The role types may arrive after the dialog first renders: the default role follows them until one is picked.
  useEffect(() => {
    if (!form.getFieldState('role').isDirty) form.setValue('role', defaultRole, { shouldValidate: true });
  }, [defaultRole, form]);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PeopleInviteAnswer | null>(null);

  function reset() {
    form.reset({ email: '', role: defaultRole });
    setError(null);
    setResult(null);
    invite.reset();
  }

  function close() {
    reset();
    onClose();
  }

  function submit(body: Invite) {
    setError(null);
    invite.mutate(body, {
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
    });
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
        <Form onSubmit={form.handleSubmit(submit)} noValidate>
          {error && <Alert tone="error">{error}</Alert>}
          <TextField
            label="Email"
            type="email"
            {...form.register('email')}
            error={form.formState.touchedFields.email ? form.formState.errors.email?.message : undefined}
            autoComplete="off"
            required
          />
          <SelectField label="Role" {...form.register('role')}>
            <RoleOptions roles={roles} />
          </SelectField>
          <FormActions>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={invite.isPending} disabled={!form.formState.isValid}>
              Send Invitation
            </Button>
          </FormActions>
        </Form>
      )}
    </Dialog>
  );
}
