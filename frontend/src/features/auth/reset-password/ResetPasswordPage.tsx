import { zodResolver } from '@hookform/resolvers/zod';
import { passwordField } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { auth } from '../../../lib/api/client';
import { Alert } from '../../../ui/Alert';
import { AuthCard, AuthNote } from '../AuthCard';
import { Button } from '../../../ui/Button';
import { Form } from '../../../ui/Form';
import { ConfirmPasswordField, NewPasswordField } from '../PasswordFields';
import { errorMessage, request } from '../../../lib/api/http';
import { PASSWORDS_MUST_MATCH } from '../../../ui/validation';

const INVALID_LINK = 'This reset link is invalid or has expired.';

/** The password of the API's `resetPasswordBody`, typed twice. */
const newPasswordForm = z
  .object({ password: passwordField(), confirm_password: z.string() })
  .refine((v) => v.confirm_password === v.password, { message: PASSWORDS_MUST_MATCH, path: ['confirm_password'] });

type NewPasswordFields = z.input<typeof newPasswordForm>;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Alert tone="error">{INVALID_LINK}</Alert>
        <AuthNote>
          <Link to="/login">Back to sign in</Link> to request a new link.
        </AuthNote>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm<NewPasswordFields, unknown, z.output<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '', confirm_password: '' },
    mode: 'onChange',
  });
  const { errors, dirtyFields } = form.formState;
  const reset = useMutation({
    mutationFn: (password: string) =>
      request('/api/auth/reset-password', { method: 'POST', body: { token, password } }),
    onSuccess: () => {
      auth.notifyPasswordRecovery();
      navigate('/login?message=password_reset', { replace: true });
    },
  });

  return (
    <AuthCard title="Choose a new password" description="Enter a new password for your account.">
      <Form onSubmit={form.handleSubmit(({ password }) => reset.mutate(password))} noValidate>
        <NewPasswordField
          label="New password"
          required
          {...form.register('password', { deps: 'confirm_password' })}
          error={dirtyFields.password ? errors.password?.message : null}
        />
        <ConfirmPasswordField
          label="Confirm password"
          required
          {...form.register('confirm_password')}
          error={dirtyFields.confirm_password ? errors.confirm_password?.message : null}
        />
        {reset.error && <Alert tone="error">{errorMessage(reset.error, INVALID_LINK)}</Alert>}
        <Button type="submit" block loading={reset.isPending || reset.isSuccess} disabled={!form.formState.isValid}>
          Reset Password
        </Button>
      </Form>
      <AuthNote>
        <Link to="/login">Back to sign in</Link>
      </AuthNote>
    </AuthCard>
  );
}
