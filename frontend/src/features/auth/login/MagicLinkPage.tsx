import type { TwoFactorChallengeAnswer } from '@portico/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isTwoFactorChallenge } from '../../../lib/api/auth-client';
import { auth } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/http';
import { LOGIN_PATH } from '../../../lib/routes/table';
import { withTenantId } from '../../../lib/scope/tenant-path';
import { useSite } from '../../../lib/site/site';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { AuthCard, AuthNote } from '../AuthCard';
import { useLinkOnce } from '../use-link-once';
import { ChallengeCard } from './ChallengeCard';
import { loginErrorMessage } from './login-messages';
import { MagicCodeForm, type MagicSignInAnswer } from './MagicLinkForm';

const INVALID_LINK = 'This sign-in link is invalid, used or expired. Ask for a new one.';

/** /login/magic?token=…: the emailed sign-in link, spent as the page opens. */
export function MagicLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const tenantId = params.get('tenant_id');
  const navigate = useNavigate();
  const site = useSite();
  const [challenge, setChallenge] = useState<TwoFactorChallengeAnswer | null>(null);
  const openApp = () => void navigate(withTenantId(LOGIN_PATH, tenantId), { replace: true });
  const onAnswer = (answer: MagicSignInAnswer) => {
    if (isTwoFactorChallenge(answer)) setChallenge(answer);
    else openApp();
  };
  const verify = useMutation({
    mutationFn: (value: string) => auth.signInWithMagicLink({ token: value }),
    onSuccess: onAnswer,
  });
  useLinkOnce(token, verify.mutate);

  if (challenge) {
    return (
      <ChallengeCard
        challenge={challenge}
        site={site.data}
        onDone={openApp}
        onBack={() => void navigate(withTenantId(LOGIN_PATH, tenantId))}
      />
    );
  }
  const otherBrowser = verify.error instanceof ApiError && verify.error.code === 'magic_link_other_browser';
  return (
    <AuthCard title="Signing you in" site={site.data}>
      {!token ? (
        <Alert tone="error">{INVALID_LINK}</Alert>
      ) : verify.isError ? (
        <Alert tone="error">{loginErrorMessage(verify.error)}</Alert>
      ) : (
        <Spinner label="Checking your sign-in link" />
      )}
      {otherBrowser && <MagicCodeForm onAnswer={onAnswer} />}
      {(!token || verify.isError) && (
        <AuthNote>
          <Link to={withTenantId(LOGIN_PATH, tenantId)}>Back to sign in</Link>
        </AuthNote>
      )}
    </AuthCard>
  );
}
