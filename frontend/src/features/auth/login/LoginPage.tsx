import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSite } from '../../../lib/site/site';
import type { TwoFactorChallengeAnswer } from '@portico/common';
import { isTwoFactorChallenge } from '../../../lib/api/auth-client';
import { auth } from '../../../lib/api/client';
import { Alert } from '../../../ui/Alert';
import { AuthCard, AuthRowEnd } from '../AuthCard';
import { EmailField } from '../EmailField';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Form } from '../../../ui/Form';
import { Spinner } from '../../../ui/Spinner';
import { LOGIN_PATH } from '../../../lib/routes/table';
import { withTenantId } from '../../../lib/scope/tenant-path';
import { useSession } from '../../../lib/session/session-context';
import { useSignOut } from '../../../lib/session/use-sign-out';
import { loginBanner, loginErrorMessage } from './login-messages';

/*
 * The second step (with zod's checks and the enrolment's QR code) and the reset dialog (with Radix) load
 * when they are needed, not with the sign-in form: /login's first load stays within its budget
 * (scripts/test/first-load-budget.test.ts).
 */
const TwoFactorCodeStep = lazy(async () => ({ default: (await import('./TwoFactorStep')).TwoFactorCodeStep }));
const EnrolAtSignIn = lazy(async () => ({ default: (await import('./TwoFactorStep')).EnrolAtSignIn }));
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));

const MISSING_CREDENTIALS = 'Please enter your email and password.';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { session, pending, isSuperAdmin, memberships, membershipError, error: sessionError } = useSession();
  const signOut = useSignOut();
  // Only whether both are filled is checked here (zod would weigh on this first load); the server judges the rest.
  /*
   * Plain state rather than react-hook-form, which would add 16 KB (brotli) to /login's first load and take
   * it over its budget; the form only checks that both are filled, and the server judges the rest.
   */
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Once opened, the dialog stays mounted, so it closes as a dialog does (focus back to its opener).
  const [forgotOpened, setForgotOpened] = useState(false);

  const site = useSite();
  // On a workspace's own address, signing in opens that workspace.
  const tenantId = params.get('tenant_id') ?? site.data?.tenant_id ?? null;
  const tenantSite = site.data?.kind === 'tenant' ? site.data : null;
  const banner = loginBanner(params.get('message'));
  // Drop `message`: an account_created banner would otherwise hold the post-sign-in redirect.
  const openApp = () => navigate(withTenantId(LOGIN_PATH, tenantId), { replace: true });
  const [challenge, setChallenge] = useState<TwoFactorChallengeAnswer | null>(null);
  const signIn = useMutation({
    mutationFn: (credentials: { email: string; password: string }) => auth.signInWithPassword(credentials),
    onSuccess: (answer) => {
      if (isTwoFactorChallenge(answer)) setChallenge(answer);
      else void openApp();
    },
  });
  const error = missing ? MISSING_CREDENTIALS : signIn.error ? loginErrorMessage(signIn.error) : null;
  const busy = signIn.isPending || (session !== null && pending);
  // Until onboarding exists, someone signed in without a workspace is told how to get one.
  const withoutWorkspace =
    session !== null &&
    !pending &&
    !isSuperAdmin &&
    !membershipError &&
    !memberships.some((m) => m.status === 'active');

  if (challenge) {
    const startOver = () => {
      setChallenge(null);
      setPassword('');
      signIn.reset();
    };
    return (
      <AuthCard
        title={challenge.enrolment_required ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
        description={
          challenge.enrolment_required
            ? 'This platform requires a code from an authenticator app at every sign-in. Set it up to continue.'
            : 'Enter the code from your authenticator app.'
        }
        site={site.data}
        footer={
          <Button variant="link" onClick={startOver}>
            Back to sign in
          </Button>
        }
      >
        <Suspense fallback={<Spinner label="Loading" />}>
          {challenge.enrolment_required ? (
            <EnrolAtSignIn challengeToken={challenge.challenge_token} onDone={() => void openApp()} />
          ) : (
            <TwoFactorCodeStep challengeToken={challenge.challenge_token} onDone={() => void openApp()} />
          )}
        </Suspense>
      </AuthCard>
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const filled = email.trim() !== '' && password !== '';
    setMissing(!filled);
    if (filled) signIn.mutate({ email: email.trim(), password });
    else signIn.reset();
  }

  return (
    <AuthCard
      title="Sign in"
      description={
        tenantSite ? `Welcome back. Sign in to ${tenantSite.name}.` : 'Welcome back. Sign in to your workspace.'
      }
      site={site.data}
      footer={
        tenantSite ? undefined : (
          <p>
            Don't have an account? <a href="/#pricing">See plans and sign up</a>
          </p>
        )
      }
    >
      {banner && <Alert tone={banner.tone}>{banner.text}</Alert>}
      {withoutWorkspace && (
        <Alert tone="info">
          You are signed in as {session.user.email}, but you do not belong to a workspace yet. Open the invitation link
          you were sent, or ask a workspace administrator to invite you.{' '}
          <Button variant="link" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Alert>
      )}
      {session && membershipError && sessionError && (
        <Alert tone="error">We could not load your workspaces: {sessionError}. Please try again.</Alert>
      )}
      <Form onSubmit={onSubmit} noValidate>
        <EmailField value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <AuthRowEnd>
          <Button
            variant="link"
            onClick={() => {
              setForgotOpen(true);
              setForgotOpened(true);
            }}
          >
            Forgot Password?
          </Button>
        </AuthRowEnd>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" block loading={busy}>
          Sign In
        </Button>
      </Form>
      {forgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={setForgotOpen}
            initialEmail={email}
            tenantId={tenantId}
          />
        </Suspense>
      )}
    </AuthCard>
  );
}
