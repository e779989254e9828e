import { z } from 'zod';
import { BILLING_STATUSES } from '../tenants';
import { requiredText } from './profile';
import { timestamp } from './wire';

/*
 * A workspace's billing state as its banner and the console show it (issue 28): trial, past due
 * with its grace period, read-only, or asked by the operator to subscribe from a date.
 */

export const BILLING_STATES = ['ok', 'trial', 'past_due', 'read_only', 'billing_scheduled'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

export const workspaceBillingState = z
  .object({
    state: z.enum(BILLING_STATES).meta({
      description:
        '`trial` until `trial_ends_at`; `past_due` after a failed payment, until `grace_ends_at`; `read_only` (writes answer 402 `billing_read_only`); `billing_scheduled`: the operator asked the workspace to subscribe from `billing_starts_at`.',
    }),
    read_only_reason: z.string().nullable().meta({ description: 'While `read_only`: why, as the 402 says it.' }),
    trial_ends_at: timestamp.nullable(),
    grace_ends_at: timestamp.nullable(),
    billing_starts_at: timestamp.nullable(),
  })
  .meta({ id: 'WorkspaceBillingState' });
export type WorkspaceBillingState = z.infer<typeof workspaceBillingState>;

/** The console's view of a workspace's billing: its Stripe status and the state above. */
export const tenantBillingRow = workspaceBillingState.extend({ billing_status: z.enum(BILLING_STATUSES) });

const reason = requiredText('The reason', 500);

/** POST /api/super/tenants/{id}/grace. */
export const graceExtension = z.object({
  days: z
    .number({ error: 'Days must be a whole number from 1 to 90.' })
    .int('Days must be a whole number from 1 to 90.')
    .min(1, 'Days must be a whole number from 1 to 90.')
    .max(90, 'Days must be a whole number from 1 to 90.'),
  reason,
});

/** POST /api/super/tenants/{id}/ask-to-subscribe; the earliest date (tomorrow) is checked by the service. */
export const subscriptionRequest = z.object({
  starts_at: z.iso
    .date({ error: 'The start date must be a date such as 2027-01-31.' })
    .transform((day) => new Date(`${day}T00:00:00Z`)),
  reason,
});

/** DELETE /api/super/tenants/{id}/ask-to-subscribe. */
export const subscriptionRequestWithdrawal = z.object({ reason });
