import { Link, useSearchParams } from 'react-router-dom';
import { useInvitation } from '../api/invitation';
import type { Invitation } from '../../../lib/api/types';
import { Alert } from '../../../ui/Alert';
import { AuthCard, AuthLoading } from '../AuthCard';
import { errorStatus } from '../../../lib/api/http';
import { useHoldPostSignInRedirect } from '../../../lib/session/redirect-hold';
import { cycleParam } from '../../billing';
import { CheckoutReturn } from './CheckoutReturn';
import { preselectedPlan, SignupForm } from './SignupForm';

/** Why an invitation link can no longer be used, or null while it can. */
function closedInvitationText(invitation: Invitation): string | null {
  if (invitation.accepted) return 'This invitation has already been accepted. Sign in to continue.';
  if (invitation.revoked)
    return 'This invitation was withdrawn. If you received a newer invitation, use the link in that email; otherwise ask the person who invited you for a new one.';
  if (invitation.expired) return 'This invitation has expired. Ask the person who invited you for a new one.';
  return null;
}

const signInFooter = (
  <p>
    Already have an account? <Link to="/login">Sign in</Link>
  </p>
);

/**
 * /signup: the owner variant (a new workspace, then /onboarding) unless `member=true` or an
 * invitation makes it the member variant ('Join the Team'); `session_id` is Stripe Checkout's return.
 */
export function SignupPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  if (sessionId) return <CheckoutReturn sessionId={sessionId} />;
  if (params.get('invite') === null && params.get('member') !== 'true')
    return (
      <AuthCard
        title="Create your workspace"
        description="Start your client portal: your account first, then your plan and brand."
        footer={signInFooter}
      >
        <SignupForm
          variant={{ kind: 'owner', plan: preselectedPlan(params.get('plan')), cycle: cycleParam(params.get('cycle')) }}
        />
      </AuthCard>
    );
  return <MemberSignup token={params.get('invite')} />;
}

function MemberSignup({ token }: { token: string | null }) {
  const invitation = useInvitation(token);
  // An invitee may already be signed in; they stay here to accept rather than be redirected.
  useHoldPostSignInRedirect(token !== null);

  if (!token) {
    return (
      <AuthCard title="Join the Team" description="Create your account." footer={signInFooter}>
        <SignupForm variant={{ kind: 'member', invitation: null }} />
      </AuthCard>
    );
  }

  if (invitation.isPending) {
    return (
      <AuthCard title="Join the Team" description="Checking your invitation…">
        <AuthLoading label="Loading invitation" />
      </AuthCard>
    );
  }

  if (invitation.isError) {
    const text =
      errorStatus(invitation.error) === 404
        ? 'This invitation link is not valid. Ask the person who invited you for a new one.'
        : 'We could not load your invitation. Please try again.';
    return (
      <AuthCard title="Join the Team" footer={signInFooter}>
        <Alert tone="error">{text}</Alert>
      </AuthCard>
    );
  }

  const closed = closedInvitationText(invitation.data);
  if (closed) {
    return (
      <AuthCard title="Join the Team" footer={signInFooter}>
        <Alert tone="info">{closed}</Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Join the Team"
      description={`You've been invited to join ${invitation.data.tenant_name}. Create your account to get started.`}
      footer={signInFooter}
    >
      <SignupForm variant={{ kind: 'member', invitation: { ...invitation.data, token } }} />
    </AuthCard>
  );
}
