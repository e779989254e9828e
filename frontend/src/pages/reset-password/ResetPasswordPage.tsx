import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { auth } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { AuthCard } from '../../components/AuthCard';
import { Button } from '../../components/Button';
import { ConfirmPasswordField, NewPasswordField } from '../../components/PasswordFields';
import { errorMessage, request } from '../../lib/http';
import { isLongEnoughPassword } from '../../lib/validation';

const INVALID_LINK = 'This reset link is invalid or has expired.';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Alert tone="error">{INVALID_LINK}</Alert>
        <p className="auth-note">
          <Link to="/login">Back to sign in</Link> to request a new link.
        </p>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const reset = useMutation({
    mutationFn: (newPassword: string) =>
      request('/api/auth/reset-password', { method: 'POST', body: { token, password: newPassword } }),
    onSuccess: () => {
      auth.notifyPasswordRecovery();
      navigate('/login?message=password_reset', { replace: true });
    },
  });

  const valid = isLongEnoughPassword(password) && confirm === password;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (valid) reset.mutate(password);
  }

  return (
    <AuthCard title="Choose a new password" description="Enter a new password for your account.">
      <form className="form" onSubmit={onSubmit} noValidate>
        <NewPasswordField
          label="New password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ConfirmPasswordField
          label="Confirm password"
          required
          value={confirm}
          password={password}
          onChange={(e) => setConfirm(e.target.value)}
        />
        {reset.error && <Alert tone="error">{errorMessage(reset.error, INVALID_LINK)}</Alert>}
        <Button type="submit" className="btn-block" loading={reset.isPending || reset.isSuccess} disabled={!valid}>
          Reset Password
        </Button>
      </form>
      <p className="auth-note">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
