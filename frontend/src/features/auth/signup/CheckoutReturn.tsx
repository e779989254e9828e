import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { onboardingKeys, verifyCheckout } from '../../onboarding';
import { Alert } from '../../../ui/Alert';
import { AuthCard, AuthNote } from '../AuthCard';
import { Spinner } from '../../../ui/Spinner';
import { errorMessage } from '../../../lib/api/http';
import { useHoldPostSignInRedirect } from '../../../lib/session/redirect-hold';

/** Back from Stripe Checkout (`/signup?session_id=…`): the plan is confirmed paid, then the wizard goes on. */
export function CheckoutReturn({ sessionId }: { sessionId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  useHoldPostSignInRedirect(failure === null);

  useEffect(() => {
    let cancelled = false;
    verifyCheckout(sessionId)
      .then((onboarding) => {
        if (cancelled) return;
        queryClient.setQueryData(onboardingKeys.status, onboarding);
        navigate('/onboarding', { replace: true });
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(errorMessage(error, 'We could not confirm your payment.'));
      });
    return () => {
      cancelled = true;
    };
  }, [sessionId, navigate, queryClient]);

  return (
    <AuthCard title="Confirming your payment">
      {failure ? (
        <>
          <Alert tone="error">{failure}</Alert>
          <p>
            <Link to="/onboarding">Back to your workspace setup</Link>
          </p>
        </>
      ) : (
        <AuthNote role="status">
          <Spinner /> Confirming your plan with Stripe…
        </AuthNote>
      )}
    </AuthCard>
  );
}
