import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBody } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Form, FormActions } from '../../../ui/Form';
import { EmailField } from '../EmailField';
import { ApiError, request } from '../../../lib/api/http';
import { registeredField } from '../../../lib/forms/registered-field';

const RESET_SENT = 'If an account exists for that email, a password reset link has been sent.';

type Outcome = { tone: 'success'; text: string } | { tone: 'error'; text: string } | null;

interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
  tenantId: string | null;
}

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail, tenantId }: ForgotPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      description="We'll email you a link to choose a new password."
    >
      {open && (
        <ForgotPasswordForm initialEmail={initialEmail} tenantId={tenantId} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function ForgotPasswordForm({
  initialEmail,
  tenantId,
  onDone,
}: {
  initialEmail: string;
  tenantId: string | null;
  onDone: () => void;
}) {
  const form = useForm({
    resolver: zodResolver(forgotPasswordBody.pick({ email: true })),
    defaultValues: { email: initialEmail },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const send = useMutation({
    mutationFn: (address: string) =>
      request('/api/forgot-password', {
        method: 'POST',
        body: tenantId ? { email: address, tenant_id: tenantId } : { email: address },
      }),
  });
  const outcome: Outcome = send.isSuccess
    ? { tone: 'success', text: RESET_SENT }
    : send.isError
      ? {
          tone: 'error',
          text: send.error instanceof ApiError && send.error.status > 0 ? send.error.message : 'Failed to send reset',
        }
      : null;

  const onSubmit = form.handleSubmit((values) => send.mutate(values.email));

  return (
    <Form onSubmit={(event) => void onSubmit(event)} noValidate>
      <EmailField {...registeredField(form, 'email')} />
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          {outcome?.tone === 'success' ? 'Done' : 'Cancel'}
        </Button>
        <Button type="submit" loading={send.isPending} disabled={!email.trim()}>
          Send Reset Link
        </Button>
      </FormActions>
    </Form>
  );
}
