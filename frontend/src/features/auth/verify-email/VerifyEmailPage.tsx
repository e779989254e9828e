import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { auth } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/http';
import { client } from '../../../lib/api/typed-client';
import { LOGIN_PATH } from '../../../lib/routes/table';
import { useSite } from '../../../lib/site/site';
import { Alert } from '../../../ui/Alert';
import { Spinner } from '../../../ui/Spinner';
import { AuthCard, AuthNote } from '../AuthCard';
import { useLinkOnce } from '../use-link-once';

const INVALID_LINK =
  'This confirmation link is invalid, used or expired. Ask for a new one from your account settings.';

/** /verify-email?token=…: the emailed link confirming an address, spent as the page opens. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const site = useSite();
  const verify = useMutation({
    mutationFn: (value: string) => client.POST('/auth/email/verify', { body: { token: value }, tenantId: null }),
    onSuccess: ({ user }) => {
      // The signed-in person's own address changed: the session shows the new one.
      if (auth.getSession()?.user.id === user.id) auth.updateUser(user);
    },
  });
  useLinkOnce(token, verify.mutate);

  return (
    <AuthCard title="Confirm your email" site={site.data}>
      {!token ? (
        <Alert tone="error">{INVALID_LINK}</Alert>
      ) : verify.isError ? (
        <Alert tone="error">{errorMessage(verify.error, INVALID_LINK)}</Alert>
      ) : verify.isSuccess ? (
        <Alert tone="success">Your email {verify.data.user.email} is confirmed.</Alert>
      ) : (
        <Spinner label="Confirming your email" />
      )}
      {(!token || !verify.isPending) && (
        <AuthNote>
          <Link to={LOGIN_PATH}>Continue to sign in</Link>
        </AuthNote>
      )}
    </AuthCard>
  );
}
