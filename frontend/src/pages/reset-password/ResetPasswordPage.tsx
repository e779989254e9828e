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
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const valid = isLongEnoughPassword(password) && confirm === password;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    setError(null);
    try {
      await request('/api/auth/reset-password', { method: 'POST', body: { token, password } });
      auth.notifyPasswordRecovery();
      navigate('/login?message=password_reset', { replace: true });
    } catch (err) {
      setError(errorMessage(err, INVALID_LINK));
      setSaving(false);
    }
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
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="btn-block" loading={saving} disabled={!valid}>
          Reset Password
        </Button>
      </form>
      <p className="auth-note">
        <Link to="/login">Back to sign in</Link>
      </p>
    </AuthCard>
  );
}
