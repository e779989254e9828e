import Stripe from 'stripe';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';

import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { audit } from '../kernel/audit';
import { findSubscriptionIdsInStatuses, lockTenant } from './billing-data';
import { askStripe, LIVE_STATUSES, liveSubscriptionsOf, stripeOf, subscriptionAnswer } from './billing';
import { applySubscription, type Change } from './stripe-events';
import type { StripeSubscription } from './stripe-objects';
import { conflict } from '../kernel/errors';

/*
 * How paid plans end (issue 28): an admin cancels at the end of the period already paid (and can
 * take it back until then); a deleted workspace's subscriptions stop at once, through a provisioning
 * job retried until Stripe answers. Stripe stays the truth: what it answers is applied here as its
 * events would be, so the events arriving later change nothing.
 */

export const NO_PLAN_TO_CANCEL = 'This workspace has no paid plan to cancel.';
export const ALREADY_CANCELLING = 'The plan is already set to end when its billing period closes.';
export const NO_PLAN_TO_RESUME = 'This workspace has no paid plan to resume: it has already ended.';
export const NOT_CANCELLING = 'The plan is not set to end, so there is nothing to resume.';

/** The ids of a workspace's live subscriptions (plan and seats), read in the deletion's transaction. */
export async function liveSubscriptionIds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction: Transaction,
): Promise<string[]> {
  return findSubscriptionIdsInStatuses(ctx, tenantId, LIVE_STATUSES, transaction);
}

/** Whether Stripe no longer charges for `id`: it answers it canceled, or does not know it. */
async function alreadyEnded(stripe: Stripe, id: string, error: unknown): Promise<boolean> {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return false;
  if (error.code === 'resource_missing') return true;
  const current = await stripe.subscriptions.retrieve(id);
  return current.status === 'canceled' || current.status === 'incomplete_expired';
}

/**
 * The provisioning job after a deletion: cancels each subscription at Stripe now. No proration:
 * the workspace is gone, so a credit would be left on a customer nobody uses. One already canceled
 * counts as done, so the job can run again; Stripe not answering throws, and the queue retries.
 */
export async function cancelSubscriptionsAtStripe(
  ctx: Pick<AppContext, 'stripe' | 'logger'>,
  input: { tenantId: string; subscriptionIds: string[] },
): Promise<number> {
  const { stripe } = ctx;
  if (!stripe)
    throw new Error('Stripe is not configured (STRIPE_SECRET_KEY), so the subscriptions cannot be cancelled.');
  let canceled = 0;
  for (const id of input.subscriptionIds) {
    try {
      await stripe.subscriptions.cancel(id, { prorate: false });
      canceled++;
    } catch (error) {
      if (!(await alreadyEnded(stripe, id, error))) throw error;
      ctx.logger.info({ tenantId: input.tenantId, subscription: id }, 'subscription already ended at Stripe');
    }
  }
  return canceled;
}

/**
 * Sets (or clears) `cancel_at_period_end` at Stripe on the plan and its seats, then applies Stripe's
 * answers at once, audited. Stripe is asked outside the transaction: nothing here is half-written
 * if it does not answer, and asking again sets the same.
 */
async function setCancelAtPeriodEnd(ctx: ServiceContext, scope: TenantScope, cancel: boolean): Promise<void> {
  const stripe = stripeOf(ctx, scope.tenant);
  const [first, ...rest] = await liveSubscriptionsOf(ctx, scope.tenantId, ctx.transaction);
  const plan = first?.purpose === 'plan' ? first : null;
  const seats = rest.filter((row) => row.purpose !== 'plan');
  if (!plan) throw conflict(cancel ? NO_PLAN_TO_CANCEL : NO_PLAN_TO_RESUME, 'no_subscription');
  const targets = [plan, ...seats].filter((s) => s.cancel_at_period_end !== cancel);
  if (cancel && targets.length === 0) throw conflict(ALREADY_CANCELLING, 'already_cancelling');
  if (!cancel && !plan.cancel_at_period_end) throw conflict(NOT_CANCELLING, 'not_cancelling');
  const answers: StripeSubscription[] = [];
  for (const target of targets)
    answers.push(
      subscriptionAnswer(
        await askStripe(() =>
          stripe.subscriptions.update(target.stripe_subscription_id, { cancel_at_period_end: cancel }),
        ),
      ),
    );
  await inTransaction(ctx, async (transaction) => {
    const tenant = (await lockTenant(ctx, scope.tenantId, transaction))!;
    const changes: Change[] = [];
    for (const answer of answers) changes.push(...(await applySubscription(ctx, answer, tenant, transaction)).changes);
    await tenant.save({ transaction });
    const audits = [
      {
        action: cancel ? 'billing.cancel_requested' : 'billing.cancel_withdrawn',
        details: { ends_at: tenant.plan_ends_at, subscriptions: answers.map((a) => a.id) },
      },
      ...changes,
    ];
    for (const { action, details } of audits)
      await audit(ctx, scope, { action, entity: { type: 'tenant', id: tenant.id }, details }, transaction);
  });
}

/** `POST /api/billing/cancel`: the paid plan and its seats end when the period already paid closes. */
export async function cancelPlanAtPeriodEnd(ctx: ServiceContext, scope: TenantScope): Promise<void> {
  await setCancelAtPeriodEnd(ctx, scope, true);
}

/** `POST /api/billing/resume`: takes back a cancellation before the period closes. */
export async function resumePlan(ctx: ServiceContext, scope: TenantScope): Promise<void> {
  await setCancelAtPeriodEnd(ctx, scope, false);
}
