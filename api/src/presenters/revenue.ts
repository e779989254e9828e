import type { Revenue } from '@portico/common';
import type { PlatformRevenue } from '@portico/core';

export function presentRevenue(revenue: PlatformRevenue): { revenue: Revenue } {
  return {
    revenue: {
      ...revenue,
      renewals: revenue.renewals.map((r) => ({ ...r, renews_at: r.renews_at.toISOString() })),
      failed_payments: revenue.failed_payments.map((f) => ({
        ...f,
        grace_ends_at: f.grace_ends_at?.toISOString() ?? null,
        issued_at: f.issued_at.toISOString(),
      })),
    },
  };
}
