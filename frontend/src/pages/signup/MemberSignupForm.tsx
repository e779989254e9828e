import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { Invitation } from '../../api/types';
import { api, auth } from '../../auth/client';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { NewPasswordField } from '../../components/PasswordFields';
import { sleep } from '../../lib/sleep';
import { isEmail } from '../../lib/validation';
import { fetchAuthUser } from '../../session/fetch-auth-user';
import { useHoldPostSignInRedirect } from '../../session/redirect-hold';
import { useSession } from '../../session/session-context';
import { isMemberSignupValid, runMemberSignup } from './signup-flow';
import type { SignupDeps } from './signup-flow';

const deps: SignupDeps = {
  signUp: async (input) => void (await auth.signUp(input)),
  acceptInvitation: async (token) =>
    void (await api('/api/public/invitations/accept', { method: 'POST', body: { token }, tenantId: null })),
  membershipTenantIds: async () => (await fetchAuthUser(api, sleep)).memberships.map((m) => m.tenant_id),
  wait: sleep,
};

interface MemberSignupFormProps {
  invitation: (Invitation & { token: string }) | null;
}

export function MemberSignupForm({ invitation }: MemberSignupFormProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState(invitation?.email ?? '');
  const [password, setPassword] = useState('');
  const signedInAsInvitee = invitation !== null && user?.email.toLowerCase() === invitation.email.toLowerCase();
  const valid = signedInAsInvitee || isMemberSignupValid({ fullName, email, password });

  const signup = useMutation({
    mutationFn: () =>
      runMemberSignup(deps, {
        fullName,
        email,
        password,
        invitation: invitation ? { token: invitation.token, tenantId: invitation.tenant_id } : null,
        skipSignup: signedInAsInvitee,
      }),
    onSuccess: (outcome) => {
      if (outcome.alert) toast.error(outcome.alert);
      if (outcome.kind === 'navigate') navigate(outcome.to, { replace: true });
    },
  });
  // While the flow runs, and while it leaves, the session it creates must not be whisked off by the redirect.
  const running = signup.isPending || signup.data?.kind === 'navigate';
  useHoldPostSignInRedirect(running);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (valid) signup.mutate();
  }

  if (signedInAsInvitee) {
    return (
      <form className="form" onSubmit={onSubmit}>
        <p className="auth-note">
          You're signed in as <strong>{user?.email}</strong>. Accept the invitation to join {invitation?.tenant_name}.
        </p>
        <Button type="submit" className="btn-block" loading={running}>
          Accept Invitation
        </Button>
      </form>
    );
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Full name"
        autoComplete="name"
        required
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        required
        value={email}
        readOnly={invitation !== null}
        onChange={(e) => setEmail(e.target.value)}
        help={invitation ? 'This is the address your invitation was sent to.' : undefined}
        error={email && !isEmail(email) ? 'Enter a valid email address.' : null}
      />
      <NewPasswordField label="Password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <Button type="submit" className="btn-block" loading={running} disabled={!valid}>
        Create Account
      </Button>
    </form>
  );
}
