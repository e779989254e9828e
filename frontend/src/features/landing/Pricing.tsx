import { Check, Minus } from 'lucide-react';
import { useId, useState } from 'react';
import { usePlans, planFeatures, planPrice } from '../billing';
import type { Plan, BillingCycle } from '../billing';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { LinkButton } from './LinkButton';
import { Section } from './Section';
import styles from './Pricing.module.css';

const CYCLES: readonly { value: BillingCycle; label: string; note?: string }[] = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'yearly', label: 'Yearly', note: '2 months free' },
];

/** Pricing from the one plan table (`GET /api/public/plans`, DECISIONS §4), monthly or yearly. */
export function Pricing() {
  const plans = usePlans();
  const [cycle, setCycle] = useState<BillingCycle>('monthly');
  const name = useId();

  return (
    <Section
      id="pricing"
      title="Simple, per-workspace pricing"
      intro="Every plan includes branded sign-in, files, forms and embedded tools. Move up a plan from your billing page as you grow."
      ruled
    >
      <fieldset className={styles.cycles}>
        <legend className="sr-only">Billing period</legend>
        {CYCLES.map((c) => (
          <label key={c.value} className={styles.cycle}>
            <input
              type="radio"
              name={name}
              value={c.value}
              checked={cycle === c.value}
              onChange={() => setCycle(c.value)}
            />
            <span>
              {c.label}
              {c.note && <span className={styles.cycleNote}>{c.note}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      {plans.isError ? (
        <ErrorState
          message="The plans could not be loaded."

          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      ) : (
        <ul className={styles.grid} aria-busy={plans.isPending || undefined}>
          {plans.data
            ? plans.data.map((plan) => <PlanCard key={plan.key} plan={plan} cycle={cycle} />)
            : [0, 1, 2].map((i) => (
                <li key={i} className={styles.card}>
                  <Skeleton width={90} height={20} />
                  <Skeleton width={120} height={36} />
                  <Skeleton height={120} />
                </li>
              ))}
        </ul>
      )}
    </Section>
  );
}

function PlanCard({ plan, cycle }: { plan: Plan; cycle: BillingCycle }) {
  const price = planPrice(plan, cycle);
  return (
    <li className={styles.card}>
      <h3>{plan.name}</h3>
      <p className={styles.price}>
        <span className={styles.amount}>{price.perMonth}</span>
        <span className={styles.unit}>/month</span>
      </p>
      <p className={styles.billing}>{price.billing}</p>
      <ul className={styles.features}>
        {planFeatures(plan).map((feature) => (
          <li key={feature.text} className={feature.included ? undefined : styles.missing}>
            {feature.included ? <Check size={16} aria-hidden /> : <Minus size={16} aria-hidden />}
            {feature.text}
          </li>
        ))}
      </ul>
      <LinkButton to={`/signup?plan=${encodeURIComponent(plan.key)}&cycle=${cycle}`} block>
        Get started<span className="sr-only"> with {plan.name}</span>
      </LinkButton>
    </li>
  );
}
