import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { Invitation } from '../../../lib/api/types';
import { api, auth } from '../../../lib/api/client';
import { client } from '../../../lib/api/typed-client';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { NewPasswordField } from '../PasswordFields';
import { sleep } from '../../../lib/sleep';
import { fetchAuthUser } from '../../../lib/session/fetch-auth-user';
import { useHoldPostSignInRedirect } from '../../../lib/session/redirect-hold';
import { useSession } from '../../../lib/session/session-context';
import { memberSignupForm, runMemberSignup } from './signup-flow';
import type { MemberSignupInput, SignupDeps } from './signup-flow';

const deps: SignupDeps = {
  signUp: async (input) => void (await auth.signUp(input)),
  acceptInvitation: async (token) =>
    void (await client.POST('/public/invitations/accept', { body: { token }, tenantId: null })),
  membershipTenantIds: async () => (await fetchAuthUser(api, sleep)).memberships.map((m) => m.tenant_id),
  wait: sleep,
};

interface MemberSignupFormProps {
  invitation: (Invitation & { token: string }) | null;
}

export function MemberSignupForm({ invitation }: MemberSignupFormProps) {
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useForm<z.input<typeof memberSignupForm>, unknown, z.output<typeof memberSignupForm>>({
    resolver: zodResolver(memberSignupForm),
    defaultValues: { full_name: '', email: invitation?.email ?? '', password: '' },
    mode: 'onChange',
  });
  const { errors, touchedFields, dirtyFields } = form.formState;
  const signedInAsInvitee = invitation !== null && user?.email.toLowerCase() === invitation.email.toLowerCase();

  const signup = useMutation({
    mutationFn: (account: MemberSignupInput) =>
      runMemberSignup(deps, {
        ...account,
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

  if (signedInAsInvitee) {
    const accept = (event: FormEvent) => {
      event.preventDefault();
      signup.mutate({ fullName: '', email: invitation.email, password: '' });
    };
    return (
      <form className="form" onSubmit={accept}>
        <p className="auth-note">
          You're signed in as <strong>{user?.email}</strong>. Accept the invitation to join {invitation.tenant_name}.
        </p>
        <Button type="submit" className="btn-block" loading={running}>
          Accept Invitation
        </Button>
      </form>
    );
  }

  return (
    <form
      className="form"
      onSubmit={form.handleSubmit(({ full_name, email, password }) =>
        signup.mutate({ fullName: full_name, email, password }),
      )}
      noValidate
    >
      <TextField
        label="Full name"
        autoComplete="name"
        required
        {...form.register('full_name')}
        error={touchedFields.full_name ? errors.full_name?.message : null}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        required
        readOnly={invitation !== null}
        {...form.register('email')}
        help={invitation ? 'This is the address your invitation was sent to.' : undefined}
        error={dirtyFields.email ? errors.email?.message : null}
      />
      <NewPasswordField
        label="Password"
        required
        {...form.register('password')}
        error={dirtyFields.password ? errors.password?.message : null}
      />
      <Button type="submit" className="btn-block" loading={running} disabled={!form.formState.isValid}>
        Create Account
      </Button>
    </form>
  );
}
