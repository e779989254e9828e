import type { Plan } from '@portico/common';
import type { TenantTier } from './db/models';
import { forbidden } from './kernel/errors';

/**
 * The one source of plans and prices (DECISIONS §4, tenant-portal §6 and §9). Landing, onboarding,
 * billing and the invite cap all read this table; `GET /api/public/plans` serves it.
 */
export type { Plan };
export const PLANS: readonly Plan[] = [
  {
    key: 'starter',
    name: 'Starter',
    price_monthly: 39,
    price_yearly: 33,
    client_cap: 30,
    team_seats: false,
    integrations: false,
    custom_domain: false,
    seat_price_monthly: null,
    admin_seats: { included: 1, extra_price_monthly: null, max_extra: 0 },
  },
  {
    key: 'pro',
    name: 'Pro',
    price_monthly: 99,
    price_yearly: 83,
    client_cap: 500,
    team_seats: true,
    integrations: true,
    custom_domain: true,
    seat_price_monthly: 39,
    admin_seats: { included: 1, extra_price_monthly: 39, max_extra: 3 },
  },
  {
    key: 'advanced',
    name: 'Advanced',
    price_monthly: 199,
    price_yearly: 166,
    client_cap: null,
    team_seats: true,
    integrations: true,
    custom_domain: true,
    seat_price_monthly: 29,
    admin_seats: { included: 3, extra_price_monthly: 29, max_extra: null },
  },
];

export function planOf(tier: TenantTier | string | null | undefined): Plan {
  return PLANS.find((p) => p.key === tier) ?? PLANS[0]!;
}

export const INTEGRATIONS_PLAN_MESSAGE =
  'API keys and webhooks are available on the Pro and Advanced plans. Upgrade to use them.';

/** Refuses (403, code `plan_required`) when the tenant's plan has no integrations. */
export function assertIntegrationsPlan(tier: TenantTier | string | null | undefined): void {
  if (!planOf(tier).integrations) throw forbidden(INTEGRATIONS_PLAN_MESSAGE, 'plan_required');
}

/** Whether the tenant may answer on its own domains: its plan has them and its features do not turn them off. */
export function hasCustomDomains(tenant: { tier: string; features: Record<string, boolean> }): boolean {
  return planOf(tenant.tier).custom_domain && tenant.features.custom_domain !== false;
}
