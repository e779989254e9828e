import type { Plan } from '@portico/common';

/** How the plan table is shown wherever it is read: landing pricing, billing (DECISIONS §4). */

export type BillingCycle = 'monthly' | 'yearly';

/** A cycle named in an address (`?cycle=yearly`, carried from the landing page to the wizard); monthly otherwise. */
export function cycleParam(value: string | null): BillingCycle {
  return value === 'yearly' ? 'yearly' : 'monthly';
}

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars as prices read: `$39`, `$1,990`, and cents only when there are some (`$12.50`). */
export function formatDollars(amount: number): string {
  return Number.isInteger(amount) ? WHOLE_DOLLARS.format(amount) : CENTS.format(amount);
}

export interface PlanPrice {
  /** The price per month for this cycle, e.g. `$33`. */
  perMonth: string;
  /** How it is billed, e.g. `Billed yearly ($396 a year)`. */
  billing: string;
}

/** A plan's price for a billing cycle; the table's yearly price is already per month. */
export function planPrice(plan: Pick<Plan, 'price_monthly' | 'price_yearly'>, cycle: BillingCycle): PlanPrice {
  if (cycle === 'monthly') return { perMonth: formatDollars(plan.price_monthly), billing: 'Billed monthly' };
  return {
    perMonth: formatDollars(plan.price_yearly),
    billing: `Billed yearly (${formatDollars(plan.price_yearly * 12)} a year)`,
  };
}

export interface PlanFeature {
  text: string;
  /** False for what the plan lacks ('No API keys or webhooks'), so a list can mark it apart. */
  included: boolean;
}

/** What a plan includes, one line each, from its row of the table. */
export function planFeatures(plan: Plan): PlanFeature[] {
  return [
    {
      text: plan.client_cap === null ? 'Unlimited clients' : `Up to ${plan.client_cap.toLocaleString('en-US')} clients`,
      included: true,
    },
    {
      text: plan.team_seats
        ? `Team seats at ${formatDollars(plan.seat_price_monthly ?? 0)}/month each`
        : 'One team seat',
      included: true,
    },
    {
      text: `${plan.admin_seats.included} admin seat${plan.admin_seats.included === 1 ? '' : 's'} included`,
      included: true,
    },
    { text: plan.integrations ? 'API keys and webhooks' : 'No API keys or webhooks', included: plan.integrations },
    { text: plan.custom_domain ? 'Your own domains' : 'Workspace subdomain only', included: plan.custom_domain },
  ];
}
