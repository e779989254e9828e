import { z } from 'zod';
import { BILLING_CYCLES, BILLING_STATUSES, TENANT_STATUSES, TENANT_TIERS } from '../tenants';
import { count, id, timestamp } from './wire';

/* Billing (tenant-portal §2, §7) and the operator's plan changes (DECISIONS §6). */

const PURPOSE_MESSAGE = 'Choose what to buy: purpose must be upgrade_plan or add_seats.';
const SEATS_MESSAGE = 'Seats must be a whole number of at least 1.';

export const seatCount = z
  .number({ error: SEATS_MESSAGE })
  .int(SEATS_MESSAGE)
  .min(1, SEATS_MESSAGE)
  .max(1000, 'Seats must be at most 1000 at a time.');

const CYCLE_MESSAGE = 'Choose how often to pay: cycle must be monthly or yearly.';
const billingCycle = z.enum(BILLING_CYCLES, { error: CYCLE_MESSAGE });

/**
 * POST /api/billing/checkout: a plan or seats, paid on Stripe's Checkout page. Starter is sold to a
 * workspace without a plan subscription; seats are charged on the plan's cycle.
 */
export const checkoutBody = z.discriminatedUnion(
  'purpose',
  [
    z.object({
      purpose: z.literal('upgrade_plan'),
      plan: z.enum(TENANT_TIERS, { error: 'Choose a plan: starter, pro or advanced.' }),
      cycle: billingCycle
        .default('monthly')
        .meta({ description: 'How often the plan is charged (monthly by default).' }),
    }),
    z.object({
      purpose: z.literal('add_seats'),
      seats: seatCount,
      seat_kind: z
        .enum(['team', 'admin'], { error: 'seat_kind must be team or admin.' })
        .default('team')
        .meta({ description: 'Team seats (the default) or extra admin seats.' }),
    }),
  ],
  { error: PURPOSE_MESSAGE },
);
export type CheckoutBody = z.input<typeof checkoutBody>;

/** POST /api/billing/cycle: the plan (and its seats) moves to this cycle at Stripe, prorated. */
export const cycleBody = z.object({ cycle: billingCycle });
export type CycleBody = z.input<typeof cycleBody>;

export const redirectAnswer = z.object({
  url: z.string().nullable().meta({ description: 'Where to send the browser (a Stripe page).' }),
});

const capped = z.number().int().nullable().meta({ description: 'null = unlimited.' });

export const invoiceRow = z
  .object({
    id,
    created_at: timestamp,
    amount_cents: z.number().int(),
    currency: z.string(),
    status: z.string().meta({ description: 'Stripe’s: paid, open, void, uncollectible, draft.' }),
    hosted_invoice_url: z.string().nullable(),
  })
  .meta({ id: 'Invoice' });
export type Invoice = z.infer<typeof invoiceRow>;

/**
 * Where the workspace's billing stands, as the Billing page says it: `trial` while trialing (with
 * `trial_ends_at`); the others as `billing_status`.
 */
export const BILLING_SUMMARY_STATUSES = ['none', 'trial', 'active', 'past_due', 'unpaid', 'canceled'] as const;
export type BillingSummaryStatus = (typeof BILLING_SUMMARY_STATUSES)[number];

/** GET /api/billing/summary. */
export const billingSummaryAnswer = z.object({
  tenant: z.object({
    id,
    name: z.string(),
    tier: z.enum(TENANT_TIERS),
    plan: z.enum(TENANT_TIERS),
    status: z.enum(TENANT_STATUSES),
    billing_status: z.enum(BILLING_STATUSES),
    plan_ends_at: timestamp
      .nullable()
      .meta({ description: 'A cancelled plan ends then; the workspace returns to starter.' }),
    period_ends_at: timestamp.nullable().meta({
      description: 'The close of the live plan subscription’s period: it renews then, or ends then when cancelled.',
    }),
    seats_purchased: z.number().int().meta({ description: 'Team seats.' }),
    admin_seats_extra: count,
  }),
  managed_by: z.enum(['stripe', 'operator']).meta({
    description: '`operator`: no Stripe here (or billing bypassed); the platform operator sets plan and seats.',
  }),
  message: z.string().nullable().meta({ description: 'What to tell the admin when billing is not theirs to change.' }),
  usage: z.object({
    clients_count: count,
    clients_cap: capped,
    team_count: count,
    team_seats: z.number().int(),
    admin_count: count,
    admin_seats: z.number().int(),
  }),
  invoices: z.array(invoiceRow).meta({ description: 'The last 10, newest first.' }),
  cycle: z
    .enum(BILLING_CYCLES)
    .nullable()
    .meta({ description: 'How often the plan is charged; null without a live plan subscription.' }),
  status: z.enum(BILLING_SUMMARY_STATUSES),
  trial_ends_at: timestamp.nullable().meta({ description: 'While `status` is `trial`: when Stripe first charges.' }),
  next_charge: z
    .object({ at: timestamp, amount_cents: z.number().int(), currency: z.string() })
    .nullable()
    .meta({ description: 'The live subscriptions’ next renewal, from what is stored here; null when none renews.' }),
});
export type BillingSummaryAnswer = z.infer<typeof billingSummaryAnswer>;

export const stripeEventAnswer = z.object({
  received: z.literal(true),
  duplicate: z.boolean().meta({ description: 'The event had been applied before; nothing changed.' }),
});

export const SUSPEND_REASON_REQUIRED = 'Give a reason to suspend a workspace.';

/** PATCH /api/super/tenants/{id}: the operator's changes, at least one; suspending needs a reason. */
export const tenantPlanPatch = z
  .object({
    tier: z.enum(TENANT_TIERS, { error: `Tier must be one of ${TENANT_TIERS.join(', ')}.` }).optional(),
    seats_total: z
      .number({ error: 'seats_total must be a whole number of at least 1.' })
      .int('seats_total must be a whole number of at least 1.')
      .min(1, 'seats_total must be a whole number of at least 1.')
      .max(10_000, 'seats_total must be at most 10000.')
      .optional(),
    admin_seats_extra: z
      .number({ error: 'admin_seats_extra must be a whole number (0 or more).' })
      .int('admin_seats_extra must be a whole number (0 or more).')
      .min(0, 'admin_seats_extra must be a whole number (0 or more).')
      .max(10_000, 'admin_seats_extra must be at most 10000.')
      .optional(),
    status: z.enum(TENANT_STATUSES, { error: `Status must be one of ${TENANT_STATUSES.join(', ')}.` }).optional(),
    bypass_billing: z.boolean({ error: 'bypass_billing must be true or false.' }).optional(),
    reason: z
      .string({ error: 'The reason must be text.' })
      .trim()
      .max(500, 'The reason must be at most 500 characters.')
      .optional(),
  })
  .refine(
    (v) => Object.keys(v).some((k) => k !== 'reason'),
    'Nothing to change: send tier, seats_total, admin_seats_extra, status or bypass_billing.',
  )
  .refine((v) => v.status !== 'suspended' || Boolean(v.reason), {
    message: SUSPEND_REASON_REQUIRED,
    path: ['reason'],
  });
