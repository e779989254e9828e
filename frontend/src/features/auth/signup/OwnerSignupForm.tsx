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
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { startOnboarding } from '../../onboarding';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { NewPasswordField } from '../PasswordFields';
import { errorMessage } from '../../../lib/api/http';
import { useHoldPostSignInRedirect } from '../../../lib/session/redirect-hold';
import type { BillingCycle } from '../../billing';

/** platform-console §5: at least 8 characters here; the platform's policy (which may ask more) is the server's. */
const ownerSignupForm = onboardingStartBody.refine((b) => b.password.length >= PASSWORD_MIN_LENGTH, {
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  path: ['password'],
});
type FormInput = z.input<typeof ownerSignupForm>;
type FormOutput = z.output<typeof ownerSignupForm>;

/** A plan named by the landing page's pricing buttons (`/signup?plan=pro`), if it is one. */
export function preselectedPlan(value: string | null): TenantTier | null {
  return (TENANT_TIERS as readonly string[]).includes(value ?? '') ? (value as TenantTier) : null;
}

/** The owner variant of /signup: the account and the workspace's name; then the onboarding wizard. */
export function OwnerSignupForm({ plan, cycle }: { plan: TenantTier | null; cycle: BillingCycle }) {
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ownerSignupForm),
    defaultValues: { name: '', email: '', password: '', companyName: '', sourceOther: '', plan },
    mode: 'onChange',
  });
  const { errors, touchedFields, dirtyFields } = form.formState;
  const signup = useMutation({
    mutationFn: (values: FormOutput) => startOnboarding(values),
    // The cycle chosen on the landing page goes on to the wizard's plan step.
    onSuccess: () => navigate(`/onboarding?cycle=${cycle}`, { replace: true }),
  });
  // The wizard is where this session goes; the page takes it there itself.
  useHoldPostSignInRedirect(signup.isPending || signup.isSuccess);
  const source = useWatch({ control: form.control, name: 'source' });

  return (
    <form className="form" onSubmit={form.handleSubmit((values) => signup.mutate(values))} noValidate>
      {signup.isError && (
        <Alert tone="error">
          {errorMessage(signup.error, '') ? `Sign up failed: ${errorMessage(signup.error, '')}` : 'Sign up failed'}
        </Alert>
      )}
      <TextField
        label="Full name"
        autoComplete="name"
        required
        {...form.register('name')}
        error={touchedFields.name ? errors.name?.message : null}
      />
      <TextField
        label="Work email"
        type="email"
        autoComplete="email"
        required
        {...form.register('email')}
        error={dirtyFields.email ? errors.email?.message : null}
      />
      <NewPasswordField
        label="Password"
        required
        {...form.register('password')}
        error={dirtyFields.password ? errors.password?.message : null}
      />
      <TextField
        label="Company name"
        autoComplete="organization"
        required
        {...form.register('companyName')}
        error={touchedFields.companyName ? errors.companyName?.message : null}
      />
      <SelectField label="How did you hear about us?" required defaultValue="" {...form.register('source')}>
        <option value="" disabled>
          Choose one
        </option>
        {SIGNUP_SOURCES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
      {source === 'Other' && (
        <TextField
          label="Where did you hear about us?"
          required
          {...form.register('sourceOther')}
          error={touchedFields.sourceOther ? errors.sourceOther?.message : null}
        />
      )}
      <SelectField label="Your title" required defaultValue="" {...form.register('title')}>
        <option value="" disabled>
          Choose one
        </option>
        {SIGNUP_TITLES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </SelectField>
      <Button type="submit" className="btn-block" loading={signup.isPending} disabled={!form.formState.isValid}>
        Create Workspace
      </Button>
    </form>
  );
}
