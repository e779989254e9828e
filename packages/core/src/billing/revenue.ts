import { BILLING_STATUSES, type BillingCycle, type BillingStatus, type TenantTier } from '@portico/common';
import type { SubscriptionPurpose } from '../db/models';
import { select } from '../db/statements';
import type { ServiceContext } from '../scope';
import {
  REVENUE_FAILED_PAYMENTS,
  REVENUE_MRR,
  REVENUE_RENEWALS,
  REVENUE_STATUS_COUNTS,
  REVENUE_UNPRICED,
} from './revenue-queries';

/*
 * The operator's revenue (issue 28): Mission Control's card and the console's Billing page, from
 * what Stripe's events stored (no Stripe call per view). Trialing subscriptions are not in the MRR:
 * they are shown apart, as what trials bring once they convert.
 */

/** Checkout charges in US dollars: the currency shown while nothing is charged. */
const DEFAULT_CURRENCY = 'usd';
const DAY_MS = 86_400_000;
/** How far ahead renewals are listed and how far back failed payments are. */
export const REVENUE_WINDOW_DAYS = 30;

export interface Renewal {
  subscription_id: string;
  tenant_id: string;
  tenant_name: string;
  purpose: SubscriptionPurpose;
  plan: TenantTier | null;
  cycle: BillingCycle;
  status: string;
  quantity: number;
  amount_cents: number | null;
  currency: string | null;
  renews_at: Date;
}

export interface FailedPayment {
  invoice_id: string;
  tenant_id: string;
  tenant_name: string;
  billing_status: BillingStatus;
  grace_ends_at: Date | null;
  amount_cents: number;
  currency: string;
  status: 'open' | 'uncollectible';
  issued_at: Date;
  hosted_invoice_url: string | null;
}

export interface PlatformRevenue {
  mrr_cents: number;
  currency: string;
  trial_mrr_cents: number;
  by_currency: { currency: string; mrr_cents: number; trial_mrr_cents: number }[];
  unpriced_subscriptions: number;
  counts: Record<BillingStatus, number>;
  renewals: Renewal[];
  failed_payments: FailedPayment[];
}

/** `GET /api/super/billing`: MRR by currency, workspaces by billing status, the next renewals and recent failed payments. */
export async function platformRevenue(ctx: ServiceContext): Promise<PlatformRevenue> {
  const now = ctx.clock.now();
  const [mrr, [unpriced], statuses, renewals, failed] = await Promise.all([
    select<{ currency: string; mrr_cents: string; trial_mrr_cents: string }>(ctx, REVENUE_MRR, []),
    select<{ unpriced: number }>(ctx, REVENUE_UNPRICED, []),
    select<{ billing_status: BillingStatus; workspaces: number }>(ctx, REVENUE_STATUS_COUNTS, []),
    select<Renewal>(ctx, REVENUE_RENEWALS, [now, new Date(now.getTime() + REVENUE_WINDOW_DAYS * DAY_MS)]),
    select<FailedPayment>(ctx, REVENUE_FAILED_PAYMENTS, [new Date(now.getTime() - REVENUE_WINDOW_DAYS * DAY_MS)]),
  ]);
  const byCurrency = mrr
    .map((r) => ({ currency: r.currency, mrr_cents: Number(r.mrr_cents), trial_mrr_cents: Number(r.trial_mrr_cents) }))
    .sort((a, b) => b.mrr_cents - a.mrr_cents || b.trial_mrr_cents - a.trial_mrr_cents);
  const main = byCurrency[0] ?? { currency: DEFAULT_CURRENCY, mrr_cents: 0, trial_mrr_cents: 0 };
  const counts = Object.fromEntries(BILLING_STATUSES.map((s) => [s, 0])) as Record<BillingStatus, number>;
  for (const row of statuses) counts[row.billing_status] = row.workspaces;
  return {
    mrr_cents: main.mrr_cents,
    currency: main.currency,
    trial_mrr_cents: main.trial_mrr_cents,
    by_currency: byCurrency,
    unpriced_subscriptions: unpriced?.unpriced ?? 0,
    counts,
    renewals,
    failed_payments: failed,
  };
}
