import { z } from 'zod';
import { BILLING_CYCLES, BILLING_STATUSES, TENANT_TIERS } from '../tenants';
import { count, id, timestamp } from './wire';

/* The operator's revenue (issue 28): GET /api/super/billing, from the subscriptions stored locally. */

const cents = z.number().int().meta({ description: 'In the currency’s smallest unit.' });
const currency = z.string().meta({ description: 'ISO 4217, lower case (`usd`).' });

export const revenueCurrencyRow = z.object({
  currency,
  mrr_cents: cents.meta({ description: 'Active and past-due subscriptions; a yearly one counts a twelfth.' }),
  trial_mrr_cents: cents.meta({ description: 'Trialing subscriptions: what they bring once they convert.' }),
});

export const revenueRenewal = z.object({
  subscription_id: z.string(),
  tenant_id: id,
  tenant_name: z.string(),
  purpose: z.enum(['plan', 'team_seats', 'admin_seats']),
  plan: z.enum(TENANT_TIERS).nullable(),
  cycle: z.enum(BILLING_CYCLES),
  status: z.string().meta({ description: 'Stripe’s: active, trialing (the trial ends then) or past_due.' }),
  quantity: count,
  amount_cents: cents.nullable().meta({ description: 'What the renewal charges; null when not known yet.' }),
  currency: currency.nullable(),
  renews_at: timestamp,
});

export const revenueFailedPayment = z.object({
  invoice_id: z.string(),
  tenant_id: id,
  tenant_name: z.string(),
  billing_status: z.enum(BILLING_STATUSES),
  grace_ends_at: timestamp.nullable(),
  amount_cents: cents,
  currency,
  status: z.enum(['open', 'uncollectible']),
  issued_at: timestamp,
  hosted_invoice_url: z.string().nullable(),
});

export const revenueAnswer = z.object({
  revenue: z.object({
    mrr_cents: cents.meta({ description: 'MRR in `currency`, the platform’s largest.' }),
    currency,
    trial_mrr_cents: cents,
    by_currency: z.array(revenueCurrencyRow).meta({ description: 'Every currency charged, largest MRR first.' }),
    unpriced_subscriptions: count.meta({
      description: 'Live subscriptions stored before their amount was: not in the MRR until Stripe’s next event.',
    }),
    counts: z.object(
      Object.fromEntries(BILLING_STATUSES.map((s) => [s, count])) as Record<
        (typeof BILLING_STATUSES)[number],
        typeof count
      >,
    ),
    renewals: z.array(revenueRenewal).meta({ description: 'The next 30 days, soonest first (at most 100).' }),
    failed_payments: z
      .array(revenueFailedPayment)
      .meta({ description: 'Invoices not collected in the last 30 days, newest first (at most 100).' }),
  }),
});
export type Revenue = z.infer<typeof revenueAnswer>['revenue'];
