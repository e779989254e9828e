import { zodResolver } from '@hookform/resolvers/zod';
import { onboardingPlanBody } from '@portico/common';
import clsx from 'clsx';
import { useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import { cycleParam, planPrice, usePlans, type BillingCycle } from '../billing';
import { useCheckout, usePlanStep, type OnboardingState } from './api';
import { StepError } from './StepError';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Form } from '../../ui/Form';
import { Skeleton } from '../../ui/Skeleton';
import styles from './PlanStep.module.css';
import steps from './steps.module.css';
import { AuthTitle } from '../auth';
import { registeredField } from '../../lib/forms/registered-field';

type PlanChoice = z.output<typeof onboardingPlanBody>;

/** The plan and admin seats, checked with the API's own `onboardingPlanBody`; a paid plan goes on to Stripe. */
export function PlanStep({ onboarding }: { onboarding: OnboardingState }) {
  const plans = usePlans();
  const [params, setParams] = useSearchParams();
  // Kept in the address, so a reload or the way back from Stripe keeps the cycle chosen.
  const cycle = cycleParam(params.get('cycle'));
  const setCycle = (next: BillingCycle) => setParams({ cycle: next }, { replace: true });
  const save = usePlanStep();
  const checkout = useCheckout();
  const form = useForm<z.input<typeof onboardingPlanBody>, unknown, PlanChoice>({
    resolver: zodResolver(onboardingPlanBody),
    defaultValues: { plan: onboarding.plan ?? 'starter', adminSeats: onboarding.adminSeats },
    mode: 'onChange',
  });
  const plan = useWatch({ control: form.control, name: 'plan' });

  async function submit(choice: PlanChoice) {
    const next = await save.mutateAsync(choice).catch(() => null);
    if (next?.checkoutRequired) window.location.assign(await checkout.mutateAsync({ plan: choice.plan, cycle }));
  }

  return (
    <Form onSubmit={form.handleSubmit(submit)} noValidate>
      <AuthTitle>Choose your plan</AuthTitle>
      {onboarding.checkoutRequired && (
        <Alert tone="info">Your {onboarding.plan} plan is waiting for payment. Continue to pay with Stripe.</Alert>
      )}
      <fieldset className={steps.fieldset}>
        <legend className={steps.legend}>Billing period</legend>
        {(['monthly', 'yearly'] as const).map((value) => (
          <label key={value} className={clsx(styles.choice, cycle === value && styles.chosen)}>
            <input type="radio" name="cycle" value={value} checked={cycle === value} onChange={() => setCycle(value)} />
            <span className={styles.name}>{value === 'monthly' ? 'Monthly' : 'Yearly'}</span>
            <span className={styles.cap}>{value === 'yearly' ? '2 months free' : 'Pay month by month'}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className={steps.fieldset}>
        <legend className={steps.legend}>Plan</legend>
        {plans.isPending && <Skeleton height={120} />}
        {plans.data?.map((p) => (
          <label key={p.key} className={clsx(styles.choice, plan === p.key && styles.chosen)}>
            <input type="radio" value={p.key} {...form.register('plan')} />
            <span className={styles.name}>{p.name}</span>
            <span className={styles.name}>
              {planPrice(p, cycle).perMonth}/month
              {cycle === 'yearly' && <span className="sr-only"> billed yearly</span>}
            </span>
            <span className={styles.cap}>
              {p.client_cap === null ? 'Unlimited clients' : `Up to ${p.client_cap} clients`}
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        label="Admin seats"
        type="number"
        min={1}
        step={1}
        {...registeredField(form, 'adminSeats', { valueAsNumber: true })}
        help="People who can manage the workspace, you included."
      />
      <StepError error={save.error ?? checkout.error} />
      <Button type="submit" loading={save.isPending || checkout.isPending} disabled={!form.formState.isValid}>
        Continue
      </Button>
    </Form>
  );
}
