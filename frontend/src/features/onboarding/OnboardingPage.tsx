import type { OnboardingStep } from '@portico/common';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useOnboardingStatus, useProvision, type OnboardingState } from './api';
import { BrandingStep } from './BrandingStep';
import { CapabilitiesStep } from './CapabilitiesStep';
import { PlanStep } from './PlanStep';
import { StepError } from './StepError';
import { AuthFrame, AuthTitle } from '../auth';
import { Alert } from '../../ui/Alert';
import { Button, buttonClassName } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { Spinner } from '../../ui/Spinner';
import { useHoldPostSignInRedirect } from '../../lib/session/redirect-hold';
import { useSession } from '../../lib/session/session-context';
import { useSignOut } from '../../lib/session/use-sign-out';
import styles from './OnboardingPage.module.css';

const STEPS: { step: OnboardingStep; label: string }[] = [
  { step: 'plan', label: 'Plan' },
  { step: 'branding', label: 'Branding' },
  { step: 'capabilities', label: 'Capabilities' },
  { step: 'review', label: 'Review' },
];

/**
 * Someone signed in who belongs to no workspace and is setting none up (the post-sign-in redirect
 * sends them here): how to get one, and a way out.
 */
function NoWorkspace() {
  const { session } = useSession();
  const signOut = useSignOut();
  return (
    <Alert tone="info">
      You are signed in as {session?.user.email}, but you do not belong to a workspace yet. Open the invitation link you
      were sent, ask a workspace administrator to invite you, or <Link to="/signup">create a workspace</Link> of your
      own.{' '}
      <Button variant="link" onClick={() => void signOut()}>
        Sign out
      </Button>
    </Alert>
  );
}

/**
 * /onboarding: plan, branding, capabilities, review, then 'Workspace Ready'. Each step posts, the
 * server answers the new status and decides the step, so the wizard resumes anywhere.
 */
export function OnboardingPage() {
  const status = useOnboardingStatus();
  // Someone who is signing up has no workspace yet; the automatic redirect must not move them on.
  useHoldPostSignInRedirect(status.data !== null);
  const onboarding = status.data;

  let body: ReactNode;
  if (status.isPending) body = <Skeleton height={200} />;
  else if (status.isError)
    body = <Alert tone="error">We could not load your workspace setup. Reload to try again.</Alert>;
  else if (!onboarding) body = <NoWorkspace />;
  else body = <Step onboarding={onboarding} />;

  const current = onboarding?.step;
  return (
    <AuthFrame cardClassName={styles.card}>
      {current && current !== 'ready' && current !== 'provisioning' && (
        <ol className={styles.steps} aria-label="Steps">
          {STEPS.map(({ step, label }, index) => (
            <li key={step} aria-current={step === current ? 'step' : undefined}>
              <span className={styles.stepNumber}>{index + 1}</span> {label}
            </li>
          ))}
        </ol>
      )}
      {body}
    </AuthFrame>
  );
}

function Step({ onboarding }: { onboarding: OnboardingState }) {
  switch (onboarding.step) {
    case 'plan':
      return <PlanStep onboarding={onboarding} />;
    case 'branding':
      return <BrandingStep onboarding={onboarding} />;
    case 'capabilities':
      return <CapabilitiesStep onboarding={onboarding} />;
    case 'review':
      return <ReviewStep onboarding={onboarding} />;
    case 'provisioning':
      return <ProvisioningStep onboarding={onboarding} />;
    case 'ready':
      return <ReadyStep onboarding={onboarding} />;
  }
}

function ReviewStep({ onboarding }: { onboarding: OnboardingState }) {
  const provision = useProvision();
  const { branding, capabilities } = onboarding;
  const features = [
    capabilities.useEmbeds && 'Embeds',
    capabilities.useForms && 'Forms',
    capabilities.useFiles && 'Files',
  ].filter(Boolean);
  return (
    <div className={styles.step}>
      <AuthTitle>Review</AuthTitle>
      <dl className={styles.review}>
        <dt>Company</dt>
        <dd>{onboarding.companyName}</dd>
        <dt>Plan</dt>
        <dd>
          {onboarding.plan} · {onboarding.adminSeats} admin seat{onboarding.adminSeats === 1 ? '' : 's'}
          {onboarding.paid ? ' · paid' : ''}
        </dd>
        <dt>Subdomain</dt>
        <dd>{branding.subdomain}</dd>
        <dt>Brand colour</dt>
        <dd>
          <span className={styles.swatch} style={{ background: branding.brandColor }} aria-hidden />{' '}
          {branding.brandColor}
        </dd>
        {branding.customDomain && (
          <>
            <dt>Custom domain</dt>
            <dd>{branding.customDomain}</dd>
          </>
        )}
        <dt>Features</dt>
        <dd>{features.length > 0 ? features.join(', ') : 'None'}</dd>
      </dl>
      <StepError error={provision.error} />
      <Button loading={provision.isPending} onClick={() => provision.mutate(undefined)}>
        Create Workspace
      </Button>
    </div>
  );
}

function ProvisioningStep({ onboarding }: { onboarding: OnboardingState }) {
  const provision = useProvision();
  const failed = onboarding.status === 'failed';
  return (
    <div className={styles.step}>
      <AuthTitle>{failed ? 'We could not set up your workspace' : 'Setting up your workspace'}</AuthTitle>
      {!failed && (
        <p role="status" className={styles.progress}>
          <Spinner /> Creating {onboarding.companyName}: roles, brand, plan and your admin account…
        </p>
      )}
      {onboarding.error && <Alert tone={failed ? 'error' : 'info'}>{onboarding.error}</Alert>}
      {failed && (
        <Button loading={provision.isPending} onClick={() => provision.mutate(undefined)}>
          Try again
        </Button>
      )}
    </div>
  );
}

function ReadyStep({ onboarding }: { onboarding: OnboardingState }) {
  return (
    <div className={styles.step}>
      <AuthTitle>Workspace Ready</AuthTitle>
      <p>{onboarding.companyName} is set up at its own address. Sign in there to invite your team and clients.</p>
      {onboarding.loginUrl && (
        <a className={buttonClassName()} href={onboarding.loginUrl}>
          Go to your workspace login
        </a>
      )}
    </div>
  );
}
