import type { BillingCycle, PlatformSettings } from '@portico/common';
import type { Stripe } from 'stripe';
import type { Tenant, SubscriptionPurpose, TenantTier } from '../db/models';
import { planOf, type Plan } from '../plans';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { audit } from '../kernel/audit';
import { workspaceOriginFor } from '../tenancy';
import { conflict } from '../kernel/errors';
import { assertFitsCaps } from '../people';
import { getSettings } from '../settings';
import { countPlanSubscriptions, findTenant, lockTenant, setStripeCustomerIfNone } from './billing-data';
import { askStripe, liveSubscriptionsOf, stripeOf, subscriptionAnswer } from './billing';
import { applySubscription } from './stripe-events';
import type { StripeSubscription } from './stripe-objects';
import { priceIdOf, type PriceKind } from './stripe-prices';

/* What a tenant's admin buys on Stripe's pages: Checkout for a plan or seats, the billing portal, and the switch of cycle. */

/** The tenant's Stripe customer, created the first time it is needed (Stripe's idempotency key keeps it one). */
async function customerOf(
  ctx: Pick<ServiceContext, 'db'>,
  stripe: Stripe,
  tenant: Tenant,
  email: string | null,
): Promise<string> {
  if (tenant.stripe_customer_id) return tenant.stripe_customer_id;
  const customer = await askStripe(() =>
    stripe.customers.create(
      {
        name: tenant.name,
        ...((tenant.support_email ?? email) && { email: (tenant.support_email ?? email)! }),
        metadata: { tenant_id: tenant.id },
      },
      { idempotencyKey: `portico-customer-${tenant.id}` },
    ),
  );
  await setStripeCustomerIfNone(ctx, tenant.id, customer.id);
  await tenant.reload();
  return tenant.stripe_customer_id ?? customer.id;
}

export type CheckoutRequest =
  | { purpose: 'upgrade_plan'; plan: TenantTier; cycle: BillingCycle }
  | { purpose: 'add_seats'; seats: number; seat_kind: 'team' | 'admin' };

interface LineItem {
  kind: PriceKind;
  quantity: number;
  purpose: SubscriptionPurpose;
  plan: Plan;
  cycle: BillingCycle;
}

export const STARTER_NEEDS_NO_PLAN =
  'Starter is bought by a workspace without a plan subscription. To move to Starter, change plans in the billing portal.';

/** What a checkout sells, after checking the tenant may buy it. */
async function lineItemOf(ctx: ServiceContext, tenant: Tenant, request: CheckoutRequest): Promise<LineItem> {
  const current = planOf(tenant.tier);
  const livePlan = (await liveSubscriptionsOf(ctx, tenant.id)).find((row) => row.purpose === 'plan');
  if (request.purpose === 'upgrade_plan') {
    const plan = planOf(request.plan);
    // Starter without a subscription was free before every plan was paid: buying it starts paying.
    // Pro or Advanced without one was given by the operator, and stays theirs to change.
    if (livePlan?.plan === plan.key || (tenant.tier === plan.key && (plan.key !== 'starter' || livePlan)))
      throw conflict(`This workspace is already on the ${plan.name} plan.`, 'same_plan');
    if (plan.key === 'starter' && livePlan) throw conflict(STARTER_NEEDS_NO_PLAN, 'same_plan');
    await assertFitsCaps(ctx, tenant.id, { ...tenant.get(), tier: plan.key });
    return { kind: 'plan', quantity: 1, purpose: 'plan', plan, cycle: request.cycle };
  }
  // Seats are charged on the plan's cycle, so they renew with it.
  const cycle = livePlan?.cycle ?? 'monthly';
  if (request.seat_kind === 'team') {
    if (current.seat_price_monthly === null)
      throw conflict(
        `Team seats can be bought on the Pro and Advanced plans. Upgrade from ${current.name} first.`,
        'seats_unavailable',
      );
    return { kind: 'team-seat', quantity: request.seats, purpose: 'team_seats', plan: current, cycle };
  }
  const { extra_price_monthly: price, max_extra: max } = current.admin_seats;
  if (price === null)
    throw conflict(
      `Extra admin seats can be bought on the Pro and Advanced plans. Upgrade from ${current.name} first.`,
      'seats_unavailable',
    );
  if (max !== null && tenant.admin_seats_extra + request.seats > max)
    throw conflict(
      `The ${current.name} plan allows up to ${max} extra admin seats; this workspace has ${tenant.admin_seats_extra}.`,
      'seats_unavailable',
    );
  return { kind: 'admin-seat', quantity: request.seats, purpose: 'admin_seats', plan: current, cycle };
}

/**
 * What Super Settings' billing section adds to a Checkout: a trial for a new plan subscription
 * (without a card when the operator says so: Stripe pauses it at the end if none was given),
 * promotion codes, and Stripe Tax collecting the customer's address.
 */
export function checkoutTerms(
  settings: PlatformSettings['billing'],
  input: { trial: boolean },
): Pick<
  Stripe.Checkout.SessionCreateParams,
  'payment_method_collection' | 'allow_promotion_codes' | 'automatic_tax' | 'customer_update'
> & {
  subscription_data: Pick<Stripe.Checkout.SessionCreateParams.SubscriptionData, 'trial_period_days' | 'trial_settings'>;
} {
  const trial = input.trial && settings.trialDays > 0;
  const cardless = trial && !settings.trialNeedsCard;
  return {
    subscription_data: {
      ...(trial && { trial_period_days: settings.trialDays }),
      ...(cardless && { trial_settings: { end_behavior: { missing_payment_method: 'pause' } } }),
    },
    ...(cardless && { payment_method_collection: 'if_required' }),
    ...(settings.promotionCodes && { allow_promotion_codes: true }),
    ...(settings.automaticTax && { automatic_tax: { enabled: true }, customer_update: { address: 'auto' } }),
  };
}

/** The Billing page Stripe sends the browser back to: on the request's host if it is the workspace's own, else at its address. */
async function billingPageOf(ctx: ServiceContext, tenant: Tenant, host: string): Promise<string> {
  return `${await workspaceOriginFor(ctx, tenant, host)}/dashboard/admin/billing`;
}

/**
 * A Stripe Checkout session (subscription mode) for a plan or seats; the browser goes to its URL
 * and comes back to the Billing page (`host` is the request's, used only when it is the workspace's).
 */
export async function startCheckout(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { request: CheckoutRequest; host: string; email: string | null },
): Promise<string | null> {
  const tenant = (await findTenant(ctx, scope.tenantId))!;
  const stripe = stripeOf(ctx, tenant);
  const returnUrl = await billingPageOf(ctx, tenant, input.host);
  const item = await lineItemOf(ctx, tenant, input.request);
  const customer = await customerOf(ctx, stripe, tenant, input.email);
  const price = await askStripe(() => priceIdOf(stripe, item.plan, item.kind, item.cycle));
  // A trial is for a workspace's first plan subscription, not for each plan change after it.
  const firstPlan = item.purpose === 'plan' && (await countPlanSubscriptions(ctx, tenant.id)) === 0;
  const terms = checkoutTerms((await getSettings(ctx)).billing, { trial: firstPlan });
  const metadata = { tenant_id: tenant.id, purpose: item.purpose, plan: item.plan.key, cycle: item.cycle };
  const session = await askStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: tenant.id,
      line_items: [{ price, quantity: item.quantity }],
      metadata,
      ...terms,
      subscription_data: { metadata, ...terms.subscription_data },
      success_url: `${returnUrl}?checkout=success`,
      cancel_url: `${returnUrl}?checkout=cancelled`,
    }),
  );
  return session.url;
}

/** A Stripe Billing Portal session: cards, invoices and cancelling, on Stripe's page. */
export async function openBillingPortal(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { host: string; email: string | null },
): Promise<string | null> {
  const tenant = (await findTenant(ctx, scope.tenantId))!;
  const stripe = stripeOf(ctx, tenant);
  const customer = await customerOf(ctx, stripe, tenant, input.email);
  const returnUrl = await billingPageOf(ctx, tenant, input.host);
  const session = await askStripe(() => stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
  return session.url;
}

export const NO_PLAN_TO_SWITCH = 'This workspace has no plan subscription to switch. Choose a plan first.';
export const sameCycleMessage = (cycle: BillingCycle) => `This workspace is already billed ${cycle}.`;

const PRICE_KINDS: Record<SubscriptionPurpose, PriceKind> = {
  plan: 'plan',
  team_seats: 'team-seat',
  admin_seats: 'admin-seat',
};

/**
 * `POST /api/billing/cycle`: moves the plan subscription, and the seats bought on it, to the other
 * cycle's price at Stripe, prorated. What Stripe answers is applied at once; its events for the
 * change arrive later and change nothing more.
 */
export async function switchBillingCycle(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { cycle: BillingCycle },
): Promise<void> {
  const tenant = (await findTenant(ctx, scope.tenantId))!;
  const stripe = stripeOf(ctx, tenant);
  const live = await liveSubscriptionsOf(ctx, tenant.id);
  const plan = live[0]?.purpose === 'plan' ? live[0] : undefined;
  if (!plan) throw conflict(NO_PLAN_TO_SWITCH, 'no_plan_subscription');
  const from = plan.cycle ?? 'monthly';
  if (from === input.cycle) throw conflict(sameCycleMessage(input.cycle), 'same_cycle');
  const updated: StripeSubscription[] = [];
  for (const row of live) {
    const held = subscriptionAnswer(await askStripe(() => stripe.subscriptions.retrieve(row.stripe_subscription_id)));
    // Every item moves, or Stripe refuses a subscription mixing cycles: a signup's extra admin seats
    // are a second item of its plan's subscription.
    const items = await Promise.all(
      held.items.map(async (item, index) => ({
        id: item.id,
        price: await askStripe(() =>
          priceIdOf(
            stripe,
            planOf(row.plan ?? tenant.tier),
            index === 0 ? PRICE_KINDS[row.purpose] : 'admin-seat',
            input.cycle,
          ),
        ),
      })),
    );
    const answer = await askStripe(() =>
      stripe.subscriptions.update(row.stripe_subscription_id, { items, proration_behavior: 'create_prorations' }),
    );
    updated.push(subscriptionAnswer(answer));
  }
  await inTransaction(ctx, async (transaction) => {
    const locked = (await lockTenant(ctx, tenant.id, transaction))!;
    for (const subscription of updated) await applySubscription(ctx, subscription, locked, transaction);
    await locked.save({ transaction });
    await audit(
      ctx,
      scope,
      {
        action: 'billing.cycle_changed',
        entity: { type: 'tenant', id: tenant.id },
        details: { from, to: input.cycle, subscriptions: updated.map((s) => s.id) },
      },
      transaction,
    );
  });
}
