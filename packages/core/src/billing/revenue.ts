import { BILLING_STATUSES, type BillingStatus } from '@portico/common';
import type { ServiceContext } from '../scope';
import {
  countUnpricedSubscriptions,
  countWorkspacesByBillingStatus,
  findFailedPayments,
  findRenewals,
  sumMonthlyRevenue,
  type FailedPayment,
  type Renewal,
} from './billing-data';

export type { FailedPayment, Renewal } from './billing-data';

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
  const [mrr, unpriced, statuses, renewals, failed] = await Promise.all([
    sumMonthlyRevenue(ctx, ctx.transaction),
    countUnpricedSubscriptions(ctx, ctx.transaction),
    countWorkspacesByBillingStatus(ctx, ctx.transaction),
    findRenewals(ctx, now, new Date(now.getTime() + REVENUE_WINDOW_DAYS * DAY_MS), ctx.transaction),
    findFailedPayments(ctx, new Date(now.getTime() - REVENUE_WINDOW_DAYS * DAY_MS), ctx.transaction),
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
    unpriced_subscriptions: unpriced,
    counts,
    renewals,
    failed_payments: failed,
  };
}
