import { crossTenantStatement } from '../db/statements';

/*
 * The operator's revenue (issue 28): read from the subscriptions and invoices stored from Stripe's
 * events, never from Stripe per view. Every statement reads across workspaces on purpose: it is
 * the console's view of the whole platform, for super admins only.
 */
const WHY = 'The platform console’s revenue adds up what every workspace pays; only super admins read it.';

/**
 * Monthly recurring revenue per currency, in cents: a subscription charges its cycle amount (every
 * item's unit × quantity) each cycle, a yearly one a twelfth of that each month (a row stored before cycles were is monthly).
 * Active and past-due subscriptions make the MRR; trialing ones what trials bring once they convert.
 * Rows without an amount or currency yet are left to REVENUE_UNPRICED.
 */
export const REVENUE_MRR = crossTenantStatement(
  'revenue.mrr',
  WHY,
  `SELECT lower(s.currency) AS currency,
     round(coalesce(sum(s.cycle_amount_cents::numeric / CASE WHEN s.cycle = 'yearly' THEN 12 ELSE 1 END)
       FILTER (WHERE s.status IN ('active', 'past_due')), 0))::text AS mrr_cents,
     round(coalesce(sum(s.cycle_amount_cents::numeric / CASE WHEN s.cycle = 'yearly' THEN 12 ELSE 1 END)
       FILTER (WHERE s.status = 'trialing'), 0))::text AS trial_mrr_cents
   FROM billing_subscriptions s
   WHERE s.status IN ('active', 'past_due', 'trialing')
     AND s.cycle_amount_cents IS NOT NULL AND s.currency IS NOT NULL
   GROUP BY lower(s.currency)`,
);

/** Live subscriptions whose amount is not known yet (stored before amounts were): not in the MRR. */
export const REVENUE_UNPRICED = crossTenantStatement(
  'revenue.unpriced',
  WHY,
  `SELECT count(*)::int AS unpriced
   FROM billing_subscriptions s
   WHERE s.status IN ('active', 'past_due', 'trialing')
     AND (s.cycle_amount_cents IS NULL OR s.currency IS NULL)`,
);

/** How many workspaces are in each billing status. */
export const REVENUE_STATUS_COUNTS = crossTenantStatement(
  'revenue.status-counts',
  WHY,
  `SELECT t.billing_status, count(*)::int AS workspaces FROM tenants t GROUP BY t.billing_status`,
);

/** Live subscriptions not set to end that renew (or leave their trial) from $1 until $2, soonest first. */
export const REVENUE_RENEWALS = crossTenantStatement(
  'revenue.renewals',
  WHY,
  `SELECT s.stripe_subscription_id AS subscription_id, s.tenant_id, t.name AS tenant_name, s.purpose, s.plan,
     coalesce(s.cycle, 'monthly') AS cycle, s.status, s.quantity,
     s.cycle_amount_cents AS amount_cents, lower(s.currency) AS currency,
     s.current_period_end AS renews_at
   FROM billing_subscriptions s
   JOIN tenants t ON t.id = s.tenant_id
   WHERE s.status IN ('active', 'past_due', 'trialing') AND NOT s.cancel_at_period_end
     AND s.current_period_end >= $1 AND s.current_period_end < $2
   ORDER BY s.current_period_end, s.stripe_subscription_id
   LIMIT 100`,
);

/** Invoices Stripe could not collect (open or uncollectible) issued since $1, newest first, with their workspace's state. */
export const REVENUE_FAILED_PAYMENTS = crossTenantStatement(
  'revenue.failed-payments',
  WHY,
  `SELECT i.stripe_invoice_id AS invoice_id, i.tenant_id, t.name AS tenant_name, t.billing_status, t.grace_ends_at,
     i.amount_cents, lower(i.currency) AS currency, i.status, i.issued_at, i.hosted_invoice_url
   FROM billing_invoices i
   JOIN tenants t ON t.id = i.tenant_id
   WHERE i.status IN ('open', 'uncollectible') AND i.issued_at >= $1
   ORDER BY i.issued_at DESC, i.id
   LIMIT 100`,
);
