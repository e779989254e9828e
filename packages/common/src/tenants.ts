/** A workspace's plan (DECISIONS §4: one plan table). */
export const TENANT_TIERS = ['starter', 'pro', 'advanced'] as const;
export type TenantTier = (typeof TENANT_TIERS)[number];

export const TENANT_STATUSES = ['active', 'suspended', 'trial'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];

/** Where a tenant's payments stand: `none` when it has never subscribed (or is billed by the operator). */
export const BILLING_STATUSES = ['none', 'active', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
