/** A workspace's plan (DECISIONS §4: one plan table). */
export const TENANT_TIERS = ['starter', 'pro', 'advanced'] as const;
export type TenantTier = (typeof TENANT_TIERS)[number];

export const TENANT_STATUSES = ['active', 'suspended', 'trial'] as const;
export type TenantStatus = (typeof TENANT_STATUSES)[number];
