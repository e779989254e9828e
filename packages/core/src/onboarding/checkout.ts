import type { BillingCycle } from '@portico/common';
import type { OnboardingState, TenantTier } from '../db/models';
import { planOf } from '../plans';
import { inTransaction, type ServiceContext } from '../scope';
import { badRequest, conflict, DomainError, forbidden, notFound } from '../kernel/errors';
import { checkoutTerms, priceIdOf, stripeCheckoutSession, stripeSubscription, subscriptionFacts } from '../billing';
import { getSettings } from '../settings';
import { findOnboarding, recordOnboardingEvent, setOnboardingCheckout } from './onboarding-data';
import { NOT_SIGNING_UP, openState, step } from './state';

/* The plan step's payment: Stripe Checkout for the chosen plan, and its verification when the browser comes back. */

export const NO_PAYMENTS =
  'This platform does not take card payments; your plan is recorded directly. Continue without checkout.';

const LIVE_STATUSES = new Set(['active', 'trialing']);

/**
 * POST /api/checkout: a Stripe Checkout session for the chosen plan (and the extra admin seats) in
 * the chosen cycle, at the plan table's Stripe prices, with Super Settings' trial, promotion codes
 * and tax, for a Stripe customer made for this signup; the browser comes back to `/signup?session_id=…`.
 */
export async function startOnboardingCheckout(
  ctx: ServiceContext,
  userId: string,
  input: { plan: TenantTier; cycle: BillingCycle; email: string },
): Promise<string> {
  return step(ctx, userId, 'checkout', async () => {
    const stripe = ctx.stripe;
    if (!stripe) throw conflict(NO_PAYMENTS, 'billing_by_operator');
    const state = await inTransaction(ctx, (transaction) => openState(ctx, userId, transaction));
    if (!state.plan_saved || state.plan !== input.plan)
      throw badRequest(`Choose the ${planOf(input.plan).name} plan on the plan step first.`, 'plan_not_chosen');
    if (state.paid) throw conflict('This plan is already paid for. Continue to branding.', 'already_paid');
    // Paid already, but the owner never came back to verify (the page was closed on the way): the
    // browser goes through verification instead of paying a second time.
    if (state.checkout_session_id) {
      const previous = await stripe.checkout.sessions.retrieve(state.checkout_session_id).catch(() => null);
      if (previous?.status === 'complete') return `${ctx.config.publicUrl}/signup?session_id=${previous.id}`;
    }
    const plan = planOf(input.plan);
    const unavailable = (error: unknown) =>
      new DomainError(
        503,
        `Stripe did not answer (${error instanceof Error ? error.message : String(error)}). Try again in a minute.`,
        'stripe_unavailable',
      );
    const customerId =
      state.stripe_customer_id ??
      (
        await stripe.customers
          .create(
            { name: state.company_name, email: input.email, metadata: { onboarding_id: state.id } },
            { idempotencyKey: `portico-onboarding-customer-${state.id}` },
          )
          .catch((error: unknown) => {
            throw unavailable(error);
          })
      ).id;
    const extraAdmins = Math.max(0, state.admin_seats - plan.admin_seats.included);
    const metadata = {
      onboarding_id: state.id,
      purpose: 'plan',
      plan: plan.key,
      cycle: input.cycle,
      tenant_id: state.workspace_id,
    };
    const prices = await Promise.all([
      priceIdOf(stripe, plan, 'plan', input.cycle),
      ...(extraAdmins > 0 && plan.admin_seats.extra_price_monthly !== null
        ? [priceIdOf(stripe, plan, 'admin-seat', input.cycle)]
        : []),
    ]).catch((error: unknown) => {
      throw unavailable(error);
    });
    const terms = checkoutTerms((await getSettings(ctx)).billing, { trial: true });
    const session = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: state.workspace_id,
        // Extra admin seats are a second item of the plan's subscription, on its cycle.
        line_items: prices.map((price, index) => ({ price, quantity: index === 0 ? 1 : extraAdmins })),
        metadata,
        ...terms,
        subscription_data: { metadata, ...terms.subscription_data },
        success_url: `${ctx.config.publicUrl}/signup?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${ctx.config.publicUrl}/onboarding?checkout=cancelled&cycle=${input.cycle}`,
      })
      .catch((error: unknown) => {
        throw unavailable(error);
      });
    await inTransaction(ctx, async (transaction) => {
      await setOnboardingCheckout(
        ctx,
        state.id,
        { stripe_customer_id: customerId, checkout_session_id: session.id },
        transaction,
      );
      await recordOnboardingEvent(
        ctx,
        {
          userId,
          action: 'checkout',
          context: { plan: plan.key, cycle: input.cycle, session: session.id, adminSeats: state.admin_seats },
        },
        transaction,
      );
    });
    if (!session.url) throw new DomainError(503, 'Stripe did not give a checkout page. Try again in a minute.');
    return session.url;
  });
}

/**
 * GET /api/checkout-verify: reads the Checkout session back from Stripe; a completed one of this
 * signup, whose subscription is live, marks the plan paid.
 */
export async function verifyOnboardingCheckout(
  ctx: ServiceContext,
  userId: string,
  input: { sessionId: string },
): Promise<OnboardingState> {
  return step(ctx, userId, 'verify', async () => {
    const stripe = ctx.stripe;
    if (!stripe) throw conflict(NO_PAYMENTS, 'billing_by_operator');
    const current = await findOnboarding(ctx, userId);
    if (!current) throw notFound(NOT_SIGNING_UP);
    if (current.paid && current.checkout_session_id === input.sessionId) return current;
    const unreadable = () =>
      new DomainError(503, 'Stripe answered what Portico cannot read. Try again in a minute.', 'stripe_unreadable');
    const session = stripeCheckoutSession.safeParse(
      await stripe.checkout.sessions.retrieve(input.sessionId).catch((error: unknown) => {
        const missing = (error as { statusCode?: number }).statusCode === 404;
        throw missing
          ? badRequest('This checkout session does not exist.', 'no_such_checkout')
          : new DomainError(503, `Stripe did not answer. Try again in a minute.`, 'stripe_unavailable');
      }),
    ).data;
    if (!session) throw unreadable();
    if (session.metadata.onboarding_id !== current.id)
      throw forbidden('This checkout belongs to another signup.', 'checkout_mismatch');
    if (session.status !== 'complete' || !session.subscription)
      throw badRequest('The payment is not complete. Choose your plan again to pay.', 'checkout_incomplete');
    const subscriptionId = session.subscription;
    const subscription = stripeSubscription.safeParse(
      await stripe.subscriptions.retrieve(subscriptionId).catch(() => {
        throw new DomainError(503, 'Stripe did not answer. Try again in a minute.', 'stripe_unavailable');
      }),
    ).data;
    if (!subscription) throw unreadable();
    if (!LIVE_STATUSES.has(subscription.status))
      throw badRequest('The payment did not go through. Choose your plan again to pay.', 'checkout_unpaid');
    const facts = subscriptionFacts(subscription);
    const iso = (date: Date | null) => date?.toISOString() ?? null;
    return inTransaction(ctx, async (transaction) => {
      const state = await openState(ctx, userId, transaction);
      const plan = planOf(session.metadata.plan);
      await state.update(
        {
          paid: true,
          plan: plan.key,
          checkout_session_id: session.id,
          subscription: {
            id: subscription.id,
            status: subscription.status,
            quantity: facts.quantity,
            startedAt: iso(facts.started_at),
            currentPeriodEnd: iso(facts.current_period_end),
            currentPeriodStart: iso(facts.current_period_start),
            cycle: facts.cycle,
            unitAmountCents: facts.unit_amount_cents,
            cycleAmountCents: facts.cycle_amount_cents,
            currency: facts.currency,
            itemId: facts.stripe_item_id,
            trialEnd: iso(facts.trial_end),
          },
        },
        { transaction },
      );
      await recordOnboardingEvent(
        ctx,
        { userId, action: 'verify', context: { plan: plan.key, session: session.id, subscription: subscription.id } },
        transaction,
      );
      return state;
    });
  });
}
