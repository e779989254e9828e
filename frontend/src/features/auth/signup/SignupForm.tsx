import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  onboardingStartBody,
  PASSWORD_MIN_LENGTH,
  SIGNUP_SOURCES,
  SIGNUP_TITLES,
  TENANT_TIERS,
  type TenantTier,
} from '@portico/common';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import { startOnboarding } from '../../onboarding';
import type { BillingCycle } from '../../billing';
import type { Invitation } from '../../../lib/api/types';
import { api, auth } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/api/http';
import { client } from '../../../lib/api/typed-client';
import { sleep } from '../../../lib/sleep';
import { fetchAuthUser } from '../../../lib/session/fetch-auth-user';
import { useHoldPostSignInRedirect } from '../../../lib/session/redirect-hold';
import { useSession } from '../../../lib/session/session-context';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Form } from '../../../ui/Form';
import { SelectField, TextField } from '../../../ui/Field';
import type { SelectFieldProps } from '../../../ui/Field';
import { AuthNote } from '../AuthCard';
import { NewPasswordField } from '../PasswordFields';
import { memberSignupForm, runMemberSignup } from './signup-flow';
import type { SignupDeps } from './signup-flow';

/** platform-console §5: at least 8 characters here; the platform's policy (which may ask more) is the server's. */
const ownerSignupForm = onboardingStartBody.refine((b) => b.password.length >= PASSWORD_MIN_LENGTH, {
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  path: ['password'],
});

/** A plan named by the landing page's pricing buttons (`/signup?plan=pro`), if it is one. */
export function preselectedPlan(value: string | null): TenantTier | null {
  return (TENANT_TIERS as readonly string[]).includes(value ?? '') ? (value as TenantTier) : null;
}

export type SignupVariant =
  /** A new workspace: the account, the workspace's name and how they found us; then the onboarding wizard. */
  | { kind: 'owner'; plan: TenantTier | null; cycle: BillingCycle }
  /** 'Join the Team': an account, joining the invitation's workspace when there is one. */
  | { kind: 'member'; invitation: (Invitation & { token: string }) | null };

/** /signup's form, for a workspace's owner or for a member joining one. */
export function SignupForm({ variant }: { variant: SignupVariant }) {
  return variant.kind === 'owner' ? (
    <OwnerSignup plan={variant.plan} cycle={variant.cycle} />
  ) : (
    <MemberSignup invitation={variant.invitation} />
  );
}

interface AccountValues {
  name: string;
  email: string;
  password: string;
}

/**
 * Name, email and password, which both variants ask first. Each message shows once the field has
 * been left (the name) or typed in (the email and the password), not while the form is still empty.
 */
function AccountFields<Values extends AccountValues>({
  form,
  invitedEmail = false,
}: {
  form: {
    register: UseFormRegister<Values>;
    formState: { errors: FieldErrors<Values>; touchedFields: object; dirtyFields: object };
  };
  invitedEmail?: boolean;
}) {
  const register = form.register as unknown as UseFormRegister<AccountValues>;
  const errors = form.formState.errors as FieldErrors<AccountValues>;
  const touched = form.formState.touchedFields as Partial<Record<keyof AccountValues, boolean>>;
  const dirty = form.formState.dirtyFields as Partial<Record<keyof AccountValues, boolean>>;
  return (
    <>
      <TextField
        label="Full name"
        autoComplete="name"
        required
        {...register('name')}
        error={touched.name ? errors.name?.message : null}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        required
        readOnly={invitedEmail}
        {...register('email')}
        help={invitedEmail ? 'This is the address your invitation was sent to.' : undefined}
        error={dirty.email ? errors.email?.message : null}
      />
      <NewPasswordField
        label="Password"
        required
        {...register('password')}
        error={dirty.password ? errors.password?.message : null}
      />
    </>
  );
}

/** A required choice among `choices`, none chosen at first. */
function ChoiceField({ choices, ...select }: Omit<SelectFieldProps, 'children'> & { choices: readonly string[] }) {
  return (
    <SelectField required defaultValue="" {...select}>
      <option value="" disabled>
        Choose one
      </option>
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </SelectField>
  );
}

function OwnerSignup({ plan, cycle }: { plan: TenantTier | null; cycle: BillingCycle }) {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof ownerSignupForm>, unknown, z.output<typeof ownerSignupForm>>({
    resolver: zodResolver(ownerSignupForm),
    defaultValues: { name: '', email: '', password: '', companyName: '', sourceOther: '', plan },
    mode: 'onChange',
  });
  const { errors, touchedFields } = form.formState;
  const signup = useMutation({
    mutationFn: startOnboarding,
    // The cycle chosen on the landing page goes on to the wizard's plan step.
    onSuccess: () => navigate(`/onboarding?cycle=${cycle}`, { replace: true }),
  });
  // The wizard is where this session goes; the page takes it there itself.
  useHoldPostSignInRedirect(signup.isPending || signup.isSuccess);
  const source = useWatch({ control: form.control, name: 'source' });
  const reason = signup.isError ? errorMessage(signup.error, '') : '';

  return (
    <Form onSubmit={form.handleSubmit((values) => signup.mutate(values))} noValidate>
      {signup.isError && <Alert tone="error">{reason ? `Sign up failed: ${reason}` : 'Sign up failed'}</Alert>}
      <AccountFields form={form} />
      <TextField
        label="Company name"
        autoComplete="organization"
        required
        {...form.register('companyName')}
        error={touchedFields.companyName ? errors.companyName?.message : null}
      />
      <ChoiceField label="How did you hear about us?" choices={SIGNUP_SOURCES} {...form.register('source')} />
      {source === 'Other' && (
        <TextField
          label="Where did you hear about us?"
          required
          {...form.register('sourceOther')}
          error={touchedFields.sourceOther ? errors.sourceOther?.message : null}
        />
      )}
      <ChoiceField label="Your title" choices={SIGNUP_TITLES} {...form.register('title')} />
      <Button type="submit" block loading={signup.isPending} disabled={!form.formState.isValid}>
        Create Workspace
      </Button>
    </Form>
  );
}

const memberDeps: SignupDeps = {
  signUp: async (input) => void (await auth.signUp(input)),
  acceptInvitation: async (token) =>
    void (await client.POST('/public/invitations/accept', { body: { token }, tenantId: null })),
  membershipTenantIds: async () => (await fetchAuthUser(api, sleep)).memberships.map((m) => m.tenant_id),
  wait: sleep,
};

function MemberSignup({ invitation }: { invitation: (Invitation & { token: string }) | null }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const form = useForm<z.input<typeof memberSignupForm>, unknown, z.output<typeof memberSignupForm>>({
    resolver: zodResolver(memberSignupForm),
    defaultValues: { name: '', email: invitation?.email ?? '', password: '' },
    mode: 'onChange',
  });
  const signedInAsInvitee = invitation !== null && user?.email.toLowerCase() === invitation.email.toLowerCase();

  const signup = useMutation({
    mutationFn: (account: { fullName: string; email: string; password: string }) =>
      runMemberSignup(memberDeps, {
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
      <Form onSubmit={accept}>
        <AuthNote>
          You're signed in as <strong>{user?.email}</strong>. Accept the invitation to join {invitation.tenant_name}.
        </AuthNote>
        <Button type="submit" block loading={running}>
          Accept Invitation
        </Button>
      </Form>
    );
  }

  return (
    <Form
      onSubmit={form.handleSubmit(({ name, email, password }) => signup.mutate({ fullName: name, email, password }))}
      noValidate
    >
      <AccountFields form={form} invitedEmail={invitation !== null} />
      <Button type="submit" block loading={running} disabled={!form.formState.isValid}>
        Create Account
      </Button>
    </Form>
  );
}
