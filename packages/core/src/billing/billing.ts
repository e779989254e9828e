import type { BillingCycle } from '@portico/common';
import type { Stripe } from 'stripe';
import type { Transaction } from 'sequelize';
import type { BillingInvoice, BillingSubscription, Tenant } from '../db/models';
import { inTransaction, type PlatformActor, type ServiceContext, type TenantScope } from '../scope';
import { audit } from '../kernel/audit';
import { forgetHosts, hostsOfTenant } from '../tenancy';
import { conflict, DomainError } from '../kernel/errors';
import { assertFitsCaps, capsOf, lockPlanCaps, usageOf, type Caps, type Usage } from '../people';
import { findLatestInvoices, findSubscriptionsInStatuses, findTenant, lockTenant } from './billing-data';
import { stripeSubscription, unreadable, type StripeSubscription } from './stripe-objects';

/*
 * Billing (tenant-portal §2 Billing, DECISIONS §4 and §6). Stripe is the truth for tenants who pay
 * through it: checkout and the billing portal happen on Stripe's pages, and every event Stripe sends
 * is applied by reading the subscription or invoice it names back from Stripe, so events arriving
 * twice or out of order leave the tenant as Stripe has it now. Without Stripe (or for a tenant with
 * `bypass_billing`) the platform operator sets plan and seats.
 *
 * This file holds the summary, the operator's changes and what the others share; what an admin buys is
 * `checkout.ts`, Stripe's events `stripe-events.ts`.
 */

export const BILLING_BY_OPERATOR =
  'Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats.';

/** Subscription statuses that keep what was bought (a failed payment is retried by Stripe before it ends). */
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/** The tenant's subscriptions Stripe still charges (or will, after a trial), the plan's first. */
export async function liveSubscriptionsOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<BillingSubscription[]> {
  const rows = await findSubscriptionsInStatuses(ctx, tenantId, LIVE_STATUSES, transaction);
  return [...rows.filter((row) => row.purpose === 'plan'), ...rows.filter((row) => row.purpose !== 'plan')];
}

export function stripeOf(ctx: ServiceContext, tenant: Tenant): Stripe {
  if (!ctx.stripe || tenant.bypass_billing) throw conflict(BILLING_BY_OPERATOR, 'billing_by_operator');
  return ctx.stripe;
}

function stripeUnavailable(error: unknown): DomainError {
  const detail = error instanceof Error ? error.message : String(error);
  return new DomainError(503, `Stripe did not answer (${detail}). Try again in a minute.`, 'stripe_unavailable');
}

export async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeUnavailable(error);
  }
}

export interface NextCharge {
  at: Date;
  amountCents: number;
  currency: string;
}

export interface BillingSummary {
  tenant: Tenant;
  managedBy: 'stripe' | 'operator';
  usage: Usage;
  caps: Caps;
  invoices: BillingInvoice[];
  /** The plan's cycle while a plan subscription is live; null otherwise. */
  cycle: BillingCycle | null;
  nextCharge: NextCharge | null;
  /** The close of the live plan subscription's period (null without one). */
  periodEnd: Date | null;
}

/**
 * What Stripe charges next, from the subscriptions stored here: every live one that goes on (its
 * unit amount × quantity), at the end of the plan's period. Null without a live plan subscription
 * that renews, or when an amount is unknown (a subscription stored before amounts were).
 */
function nextChargeOf(live: BillingSubscription[]): NextCharge | null {
  const plan = live[0];
  if (!plan || plan.purpose !== 'plan' || plan.cancel_at_period_end || !plan.current_period_end) return null;
  const renewing = live.filter((row) => !row.cancel_at_period_end && row.currency === plan.currency);
  if (renewing.some((row) => row.cycle_amount_cents === null) || !plan.currency) return null;
  return {
    at: plan.current_period_end,
    amountCents: renewing.reduce((sum, row) => sum + row.cycle_amount_cents!, 0),
    currency: plan.currency,
  };
}

/** The Billing page: plan, cycle and next charge, what is used of each cap, and the last 10 invoices. */
export async function billingSummary(ctx: ServiceContext, scope: TenantScope): Promise<BillingSummary> {
  const tenant = (await findTenant(ctx, scope.tenantId, ctx.transaction))!;
  const [usage, invoices, live] = await Promise.all([
    usageOf(ctx, scope.tenantId, scope.roleTypes, ctx.transaction),
    findLatestInvoices(ctx, scope.tenantId, 10, ctx.transaction),
    liveSubscriptionsOf(ctx, scope.tenantId, ctx.transaction),
  ]);
  const managedBy = ctx.stripe && !tenant.bypass_billing ? 'stripe' : 'operator';
  const plan = live[0]?.purpose === 'plan' ? live[0] : null;
  return {
    tenant,
    managedBy,
    usage,
    caps: capsOf(tenant),
    invoices,
    // A plan subscription stored before cycles were is monthly: every one was then.
    cycle: plan ? (plan.cycle ?? 'monthly') : null,
    nextCharge: nextChargeOf(live),
    periodEnd: plan?.current_period_end ?? null,
  };
}

/** A subscription Stripe answered, as Portico reads it; an answer it cannot read is Stripe's failure (503). */
export function subscriptionAnswer(answer: unknown): StripeSubscription {
  const parsed = stripeSubscription.safeParse(answer);
  if (!parsed.success)
    throw new DomainError(
      503,
      `${unreadable('subscription', parsed.error)} Try again in a minute.`,
      'stripe_unreadable',
    );
  return parsed.data;
}

export interface TenantPlanChanges {
  tier?: Tenant['tier'];
  seats_total?: number;
  admin_seats_extra?: number;
  status?: Tenant['status'];
  bypass_billing?: boolean;
  reason?: string;
}

/**
 * `PATCH /api/super/tenants/{id}`: the operator sets plan, seats, status or billing bypass, audited
 * with the reason. A plan or seat count the tenant's members do not fit in is refused, naming how
 * many to remove.
 */
export async function changeTenantPlan(
  ctx: ServiceContext,
  actor: PlatformActor,
  tenantId: string,
  input: TenantPlanChanges,
): Promise<Tenant> {
  const { reason, ...changes } = input;
  const tenant = await inTransaction(ctx, async (transaction) => {
    await lockPlanCaps(ctx, tenantId, transaction);
    const tenant = await lockTenant(ctx, tenantId, transaction);
    if (!tenant) throw new DomainError(404, 'This workspace does not exist.');
    const next = { ...tenant.get(), ...changes };
    if (changes.tier !== undefined || changes.seats_total !== undefined || changes.admin_seats_extra !== undefined)
      await assertFitsCaps(ctx, tenantId, next, transaction);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, tenant.get(k as keyof TenantPlanChanges)]));
    await tenant.update(changes, { transaction });
    await audit(
      ctx,
      { actor },
      {
        action: 'tenant.plan_updated',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        reason: reason ?? null,
        details: { before, after: changes },
      },
      transaction,
    );
    return tenant;
  });
  // A suspended workspace's hosts stop answering for it, and stop getting certificates, at once.
  if (changes.status !== undefined) await forgetHosts(ctx, await hostsOfTenant(ctx, tenant));
  return tenant;
}
