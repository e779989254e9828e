import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api/http';
import { Button, type ButtonVariant } from '../../../ui/Button';
import { useResendConfirmation } from '../api/email-confirmation';

/** Sends the email confirmation link again and says where it went, or why it did not. */
export function ResendConfirmationButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const resend = useResendConfirmation();
  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => toast.success(`We sent a new link to ${answer.email}.`),
          onError: (error) => toast.error(errorMessage(error, 'The link could not be sent.')),
        })
      }
    >
      Resend the link
    </Button>
  );
}
