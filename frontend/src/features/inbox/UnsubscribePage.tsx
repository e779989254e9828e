import { useMutation, useQuery } from '@tanstack/react-query';
import { INBOX_MESSAGES, INBOX_UNSUBSCRIBE_LABELS } from '@portico/common';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/api/http';
import { client } from '../../lib/api/typed-client';
import { LOGIN_PATH } from '../../lib/routes/table';
import { useSite } from '../../lib/site/site';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { AuthCard, AuthNote } from '../auth';

/**
 * /unsubscribe?token=…: the link at the foot of a notification email (issue 33). It says which emails
 * it stops, in which workspace, and stops them when the person confirms; no sign-in needed.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const site = useSite();
  const query = { params: { query: { token: token ?? '' } }, tenantId: null };
  const link = useQuery({
    queryKey: ['inbox-unsubscribe', token],
    queryFn: () => client.GET('/public/inbox/unsubscribe', query),
    enabled: Boolean(token),
    retry: false,
  });
  const unsubscribe = useMutation({ mutationFn: () => client.POST('/public/inbox/unsubscribe', query) });

  const body = () => {
    if (!token) return <Alert tone="error">{INBOX_MESSAGES.unsubscribeToken}</Alert>;
    if (link.isError) return <Alert tone="error">{errorMessage(link.error, INBOX_MESSAGES.unsubscribeToken)}</Alert>;
    if (link.isPending) return <Spinner label="Reading the link" />;
    const { kind, workspace, email } = unsubscribe.data ?? link.data;
    const what = `“${INBOX_UNSUBSCRIBE_LABELS[kind]}” in ${workspace.name}`;
    if (email === 'off')
      return (
        <Alert tone="success">
          You will get no more emails for {what}. Sign in and open Settings to turn them back on.
        </Alert>
      );
    return (
      <>
        <p>
          {kind === 'digest'
            ? `Stop ${what}? Every kind of notification in it stops being emailed; the bell in the portal still tells you.`
            : `Stop the emails we send you when: ${what}? The bell in the portal still tells you.`}
        </p>
        {unsubscribe.isError && (
          <Alert tone="error">{errorMessage(unsubscribe.error, 'The emails could not be stopped. Try again.')}</Alert>
        )}
        <Button loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
          Unsubscribe
        </Button>
      </>
    );
  };

  return (
    <AuthCard title="Notification emails" site={site.data}>
      {body()}
      <AuthNote>
        <Link to={LOGIN_PATH}>Continue to sign in</Link>
      </AuthNote>
    </AuthCard>
  );
}
