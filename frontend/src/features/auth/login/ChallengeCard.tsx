import type { TwoFactorChallengeAnswer } from '@portico/common';
import { lazy, Suspense } from 'react';
import type { Site } from '../../../lib/site/site';
import { Button } from '../../../ui/Button';
import { Spinner } from '../../../ui/Spinner';
import { AuthCard } from '../AuthCard';

/* The steps (with zod's checks and the enrolment's QR code) load when a challenge comes, not with the sign-in form. */
const TwoFactorCodeStep = lazy(async () => ({ default: (await import('./TwoFactorStep')).TwoFactorCodeStep }));
const EnrolAtSignIn = lazy(async () => ({ default: (await import('./TwoFactorStep')).EnrolAtSignIn }));

/** The second step of a sign-in whose first factor passed (a password, an emailed link or its code). */
export function ChallengeCard({
  challenge,
  site,
  onDone,
  onBack,
}: {
  challenge: TwoFactorChallengeAnswer;
  site: Site | undefined;
  onDone: () => void;
  onBack: () => void;
}) {
  return (
    <AuthCard
      title={challenge.enrolment_required ? 'Set up two-factor sign-in' : 'Two-factor sign-in'}
      description={
        challenge.enrolment_required
          ? 'This platform requires a code from an authenticator app at every sign-in. Set it up to continue.'
          : 'Enter the code from your authenticator app.'
      }
      site={site}
      footer={
        <Button variant="link" onClick={onBack}>
          Back to sign in
        </Button>
      }
    >
      <Suspense fallback={<Spinner label="Loading" />}>
        {challenge.enrolment_required ? (
          <EnrolAtSignIn challengeToken={challenge.challenge_token} onDone={onDone} />
        ) : (
          <TwoFactorCodeStep challengeToken={challenge.challenge_token} onDone={onDone} />
        )}
      </Suspense>
    </AuthCard>
  );
}
