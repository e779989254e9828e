import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
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
import { ChallengeCard } from './ChallengeCard';
import { ProviderButtons } from './ProviderButtons';
import { useProviderReturn } from './use-provider-return';
import { WorkspaceSsoButton } from './WorkspaceSsoButton';
import { loginBanner, loginErrorMessage } from './login-messages';
import type { Credentials, SignInFields } from './sign-in-form';

/*
 * The second step (with zod's checks and the enrolment's QR code) and the reset dialog (with Radix) load
 * when they are needed, not with the sign-in form: /login's first load stays within its budget
 * (scripts/test/first-load-budget.test.ts).
 */
const ForgotPasswordDialog = lazy(async () => ({
  default: (await import('./ForgotPasswordDialog')).ForgotPasswordDialog,
}));
const MagicLinkForm = lazy(async () => ({ default: (await import('./MagicLinkForm')).MagicLinkForm }));
// Its sentences come with @portico/common's schemas (zod), so only a refused provider sign-in loads them.
const ProviderErrorAlert = lazy(async () => ({
  default: (await import('./ProviderErrorAlert')).ProviderErrorAlert,
}));

const MISSING_CREDENTIALS = 'Please enter your email and password.';

/*
 * react-hook-form is in this first load (16 KB brotli); it fits the budget because the toasts and the
 * impersonation banner load after the first paint (main.tsx, RootLayout.tsx). zod is not: the check (the API's
 * `loginBody`: both filled, the email trimmed; the server judges the rest) loads once the form shows. Even
 * zod/mini brings zod's core, which the shared schemas use whole: with it /login was 174 KB.
 */
const loadSignInForm = () => import('./sign-in-form');
const checkSignIn: Resolver<SignInFields, unknown, Credentials> = async (...args) =>
  (await loadSignInForm()).signInResolver(...args);

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { session, pending, isSuperAdmin, memberships, membershipError, error: sessionError } = useSession();
  const signOut = useSignOut();
  const form = useForm<SignInFields, unknown, Credentials>({
    resolver: checkSignIn,
    defaultValues: { email: '', password: '' },
    // The message stays until the next attempt, as the server's answer does.
    reValidateMode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  // Fetched as the form shows, so the first submit does not wait for it.
  useEffect(() => void loadSignInForm(), []);
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
  const [byEmail, setByEmail] = useState(false);
  const onAnswer = (answer: unknown) => {
    if (isTwoFactorChallenge(answer)) setChallenge(answer);
    else void openApp();
  };
  const signIn = useMutation({
    mutationFn: (filled: Credentials) => auth.signInWithPassword(filled),
    onSuccess: onAnswer,
  });
  const providerReturn = useProviderReturn(onAnswer);
  const oauthError = params.get('oauth_error');
  const error =
    errors.email || errors.password
      ? MISSING_CREDENTIALS
      : signIn.error
        ? loginErrorMessage(signIn.error)
        : providerReturn.error
          ? loginErrorMessage(providerReturn.error)
          : null;
  const busy = isSubmitting || signIn.isPending || (session !== null && pending);
  // Until onboarding exists, someone signed in without a workspace is told how to get one.
  const withoutWorkspace =
    session !== null &&
    !pending &&
    !isSuperAdmin &&
    !membershipError &&
    !memberships.some((m) => m.status === 'active');

  if (challenge) {
    return (
      <ChallengeCard
        challenge={challenge}
        site={site.data}
        onDone={() => void openApp()}
        onBack={() => {
          setChallenge(null);
          form.resetField('password');
          signIn.reset();
          providerReturn.reset();
        }}
      />
    );
  }

  if (providerReturn.isPending) {
    return (
      <AuthCard title="Signing you in" site={site.data}>
        <Spinner label="Signing you in" />
      </AuthCard>
    );
  }

  if (byEmail) {
    return (
      <AuthCard
        title="Sign in by email"
        description="We'll email you a link that signs you in, and a code for another device."
        site={site.data}
        footer={
          <Button variant="link" onClick={() => setByEmail(false)}>
            Sign in with a password
          </Button>
        }
      >
        <Suspense fallback={<Spinner label="Loading" />}>
          <MagicLinkForm initialEmail={form.getValues('email')} tenantId={tenantId} onAnswer={onAnswer} />
        </Suspense>
      </AuthCard>
    );
  }

  const onSubmit = form.handleSubmit(
    (filled) => signIn.mutate(filled),
    () => signIn.reset(),
  );

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
      {oauthError && (
        <Suspense fallback={null}>
          <ProviderErrorAlert reason={oauthError} />
        </Suspense>
      )}
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
      <Form onSubmit={(event) => void onSubmit(event)} noValidate>
        <EmailField {...form.register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.register('password')}
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
        {site.data?.magic_links && (
          <Button variant="secondary" block onClick={() => setByEmail(true)}>
            Email me a sign-in link
          </Button>
        )}
      </Form>
      {tenantId && <WorkspaceSsoButton tenantId={tenantId} divider />}
      {site.data?.provider_buttons && <ProviderButtons tenantId={tenantId} />}
      {forgotOpened && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            open={forgotOpen}
            onOpenChange={setForgotOpen}
            initialEmail={form.getValues('email')}
            tenantId={tenantId}
          />
        </Suspense>
      )}
    </AuthCard>
  );
}
