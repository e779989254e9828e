import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { auth } from '../../auth/client';
import { Alert } from '../../components/Alert';
import { AuthCard } from '../../components/AuthCard';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { LOGIN_PATH } from '../../routes/table';
import { withTenantId } from '../../scope/tenant-path';
import { useSession } from '../../session/session-context';
import { useSignOut } from '../../shells/use-sign-out';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { loginBanner, loginErrorMessage } from './login-messages';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { session, pending, isSuperAdmin, memberships, membershipError, error: sessionError } = useSession();
  const signOut = useSignOut();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  const tenantId = params.get('tenant_id');
  const banner = loginBanner(params.get('message'));
  const busy = submitting || (session !== null && pending);
  // Until onboarding exists, someone signed in without a workspace is told how to get one.
  const withoutWorkspace =
    session !== null &&
    !pending &&
    !isSuperAdmin &&
    !membershipError &&
    !memberships.some((m) => m.status === 'active');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError('Please enter your email and password.');
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await auth.signInWithPassword({ email: email.trim(), password });
      // Drop `message`: an account_created banner would otherwise hold the post-sign-in redirect.
      navigate(withTenantId(LOGIN_PATH, tenantId), { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in to your workspace."
      footer={
        <p>
          Don't have an account? <a href="/#pricing">See plans and sign up</a>
        </p>
      }
    >
      {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      {withoutWorkspace && (
        <Alert tone="info">
          You are signed in as {session.user.email}, but you do not belong to a workspace yet. Open the invitation link
          you were sent, or ask a workspace administrator to invite you.{' '}
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </Alert>
      )}
      {session && membershipError && sessionError && (
        <Alert tone="error">We could not load your workspaces: {sessionError}. Please try again.</Alert>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form-row-end">
          <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot Password?
          </button>
        </div>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" className="btn-block" loading={busy}>
          Sign In
        </Button>
      </form>
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} initialEmail={email} tenantId={tenantId} />
    </AuthCard>
  );
}
