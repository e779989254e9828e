/** A workspace's plan (DECISIONS §4: one plan table). */
export const TENANT_TIERS = ['starter', 'pro', 'advanced'] as const;
export type TenantTier = (typeof TENANT_TIERS)[number];

export const TENANT_STATUSES = ['active', 'suspended', 'trial'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/**
 * Where a tenant's payments stand: `none` when it has never subscribed (or is billed by the
 * operator); `trialing` until `trial_ends_at`; `past_due` after a failed payment, read-only once
 * `grace_ends_at` passes; `unpaid` when Stripe stopped trying (or a trial ended unpaid): read-only.
 */
export const BILLING_STATUSES = ['none', 'trialing', 'active', 'past_due', 'unpaid', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

/** How often a plan is charged; a plan's seat add-ons are charged on the same cycle. */
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
