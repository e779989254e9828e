import type { BillingCycle, PlatformSettings } from '@portico/common';
import type { Stripe } from 'stripe';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { z } from 'zod';
import {
  BillingEvent,
  BillingInvoice,
  BillingSubscription,
  Tenant,
  type SubscriptionPurpose,
  type TenantTier,
} from '../db/models';
import { planOf, type Plan } from '../plans';
import { inTransaction, type PlatformActor, type ServiceContext, type TenantScope } from '../scope';
import { audit, systemScope } from '../kernel/audit';
import { reconcileBillingState } from './billing-dunning';
import { forgetHosts, hostsOfTenant, workspaceOriginFor } from '../tenancy';
import { badRequest, conflict, DomainError } from '../kernel/errors';
import { assertFitsCaps, capsOf, lockPlanCaps, usageOf, type Caps, type Usage } from '../people';
import { getSettings } from '../settings';
import {
  stripeInvoice,
  stripeSubscription,
  subscriptionFacts,
  unreadable,
  type StripeInvoice,
  type StripeSubscription,
} from './stripe-objects';
import { priceIdOf, type PriceKind } from './stripe-prices';

/*
 * Billing (tenant-portal §2 Billing, DECISIONS §4 and §6). Stripe is the truth for tenants who pay
 * through it: checkout and the billing portal happen on Stripe's pages, and every event Stripe sends
 * is applied by reading the subscription or invoice it names back from Stripe, so events arriving
 * twice or out of order leave the tenant as Stripe has it now. Without Stripe (or for a tenant with
 * `bypass_billing`) the platform operator sets plan and seats.
 */

export const BILLING_BY_OPERATOR =
  'Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats.';
export const WEBHOOKS_NOT_CONFIGURED = 'Stripe webhooks are not configured on this platform (STRIPE_WEBHOOK_SECRET).';
export const BAD_STRIPE_SIGNATURE = 'The Stripe-Signature header does not match this payload.';

/** Subscription statuses that keep what was bought (a failed payment is retried by Stripe before it ends). */
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);
/**
 * Statuses of a subscription Stripe stopped charging without ending it: payments gave up, or a trial
 * ended without a card. The plan is kept, and the workspace is `unpaid` until it is paid.
 */
const UNPAID_STATUSES = new Set(['unpaid', 'paused']);

const isUnpaid = (subscription: BillingSubscription) =>
  UNPAID_STATUSES.has(subscription.status) ||
  // A trial that ended without a payment method, under Stripe's `cancel` end behaviour.
  (subscription.status === 'incomplete_expired' && subscription.trial_end !== null);

/** The tenant's subscriptions Stripe still charges (or will, after a trial), the plan's first. */
export async function liveSubscriptionsOf(tenantId: string, transaction?: Transaction): Promise<BillingSubscription[]> {
  const rows = await BillingSubscription.findAll({
    where: { tenant_id: tenantId, status: [...LIVE_STATUSES] },
    // Stripe's start dates are whole seconds: of two started in one, the later known is newer.
    order: [
      ['started_at', 'DESC NULLS LAST'],
      ['created_at', 'DESC'],
    ],
    transaction,
  });
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
  const tenant = (await Tenant.findByPk(scope.tenantId, { transaction: ctx.transaction }))!;
  const [usage, invoices, live] = await Promise.all([
    usageOf(ctx, scope.tenantId, scope.roleTypes, ctx.transaction),
    BillingInvoice.findAll({
      where: { tenant_id: scope.tenantId },
      order: [
        ['issued_at', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: 10,
      transaction: ctx.transaction,
    }),
    liveSubscriptionsOf(scope.tenantId, ctx.transaction),
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

/** The tenant's Stripe customer, created the first time it is needed (Stripe's idempotency key keeps it one). */
async function customerOf(stripe: Stripe, tenant: Tenant, email: string | null): Promise<string> {
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
  await Tenant.update(
    { stripe_customer_id: customer.id },
    { where: { id: tenant.id, stripe_customer_id: { [Op.is]: null } } },
  );
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
  const livePlan = (await liveSubscriptionsOf(tenant.id)).find((row) => row.purpose === 'plan');
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
  const tenant = (await Tenant.findByPk(scope.tenantId))!;
  const stripe = stripeOf(ctx, tenant);
  const returnUrl = await billingPageOf(ctx, tenant, input.host);
  const item = await lineItemOf(ctx, tenant, input.request);
  const customer = await customerOf(stripe, tenant, input.email);
  const price = await askStripe(() => priceIdOf(stripe, item.plan, item.kind, item.cycle));
  // A trial is for a workspace's first plan subscription, not for each plan change after it.
  const firstPlan =
    item.purpose === 'plan' &&
    (await BillingSubscription.count({ where: { tenant_id: tenant.id, purpose: 'plan' } })) === 0;
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
  const tenant = (await Tenant.findByPk(scope.tenantId))!;
  const stripe = stripeOf(ctx, tenant);
  const customer = await customerOf(stripe, tenant, input.email);
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
  const tenant = (await Tenant.findByPk(scope.tenantId))!;
  const stripe = stripeOf(ctx, tenant);
  const live = await liveSubscriptionsOf(tenant.id);
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
    const locked = (await Tenant.findByPk(tenant.id, { transaction, lock: transaction.LOCK.UPDATE }))!;
    for (const subscription of updated) await applySubscription(subscription, locked, transaction);
    await locked.save({ transaction });
    await audit(
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

/* Stripe's events. */

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The tenant a Stripe object belongs to: its customer must be the tenant's own. */
async function tenantOfCustomer(customer: string | null, transaction: Transaction): Promise<Tenant | null> {
  if (!customer) return null;
  return Tenant.findOne({ where: { stripe_customer_id: customer }, transaction, lock: transaction.LOCK.UPDATE });
}

export type Change = { action: string; details: Record<string, unknown> };

/**
 * Applies a subscription as Stripe has it now (its price, quantity, periods and trial stored for
 * the Billing page and the operator's revenue); answers the other plan subscriptions it replaces.
 */
export async function applySubscription(
  subscription: StripeSubscription,
  tenant: Tenant,
  transaction: Transaction,
): Promise<{ changes: Change[]; replaced: string[] }> {
  const purpose = (['plan', 'team_seats', 'admin_seats'] as const).find((p) => p === subscription.metadata.purpose);
  if (!purpose) return { changes: [], replaced: [] };
  const facts = subscriptionFacts(subscription);
  const { quantity } = facts;
  const live = LIVE_STATUSES.has(subscription.status);
  const values = {
    tenant_id: tenant.id,
    purpose,
    plan: purpose === 'plan' ? planOf(subscription.metadata.plan).key : null,
    ...facts,
  };
  const [row] = await BillingSubscription.findOrBuild({
    where: { tenant_id: tenant.id, stripe_subscription_id: subscription.id },
    defaults: { stripe_subscription_id: subscription.id, ...values },
    transaction,
  });
  row.set(values);
  const changes: Change[] = [];
  if (purpose !== 'plan') {
    const applied = live ? quantity : 0;
    const delta = applied - row.applied_quantity;
    if (delta !== 0) {
      const field = purpose === 'team_seats' ? 'seats_total' : 'admin_seats_extra';
      const from = tenant[field];
      tenant.set(field, Math.max(field === 'seats_total' ? 1 : 0, from + delta));
      changes.push({
        action: 'billing.seats_changed',
        details: { kind: purpose, from, to: tenant[field], subscription: subscription.id },
      });
    }
    row.applied_quantity = applied;
  }
  await row.save({ transaction });
  if (purpose !== 'plan') return { changes, replaced: [] };

  // The newest live plan subscription decides the plan; one Stripe stopped charging keeps its plan
  // unpaid; without either the tenant is on starter.
  const plans = await BillingSubscription.findAll({
    where: { tenant_id: tenant.id, purpose: 'plan' },
    // Stripe's start dates are whole seconds: of two started in one, the later known is newer.
    order: [
      ['started_at', 'DESC NULLS LAST'],
      ['created_at', 'DESC'],
    ],
    transaction,
  });
  const current = plans.find((p) => LIVE_STATUSES.has(p.status));
  const unpaid = !current && plans[0] && isUnpaid(plans[0]) ? plans[0] : undefined;
  const tier = (current ?? unpaid)?.plan ?? 'starter';
  if (tier !== tenant.tier) {
    changes.push({
      action: 'billing.plan_changed',
      details: { from: tenant.tier, to: tier, subscription: subscription.id },
    });
    tenant.tier = tier;
  }
  tenant.billing_status = unpaid
    ? 'unpaid'
    : !current
      ? plans.length > 0
        ? 'canceled'
        : 'none'
      : current.status === 'past_due'
        ? 'past_due'
        : current.status === 'trialing'
          ? 'trialing'
          : 'active';
  tenant.plan_ends_at = current?.cancel_at_period_end ? current.current_period_end : null;
  tenant.trial_ends_at = current?.status === 'trialing' ? current.trial_end : null;
  // The workspace's status says `trial` while it trials; a suspension is the operator's and stays.
  if (tenant.status !== 'suspended') tenant.status = current?.status === 'trialing' ? 'trial' : 'active';
  const replaced = current
    ? plans.filter((p) => p !== current && LIVE_STATUSES.has(p.status)).map((p) => p.stripe_subscription_id)
    : [];
  return { changes, replaced };
}

/** Records an invoice as Stripe has it now; a failed payment marks the tenant past due until one is paid. */
async function applyInvoice(
  invoice: StripeInvoice,
  tenant: Tenant,
  eventType: string,
  transaction: Transaction,
): Promise<Change[]> {
  const paid = invoice.status === 'paid';
  const values = {
    tenant_id: tenant.id,
    stripe_invoice_id: invoice.id,
    amount_cents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: invoice.status ?? 'open',
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    issued_at: new Date(invoice.created * 1000),
  };
  const [row, created] = await BillingInvoice.findOrCreate({
    where: { tenant_id: tenant.id, stripe_invoice_id: invoice.id },
    defaults: values,
    transaction,
  });
  if (!created) await row.update(values, { transaction });
  const details = { invoice: invoice.id, amount_cents: values.amount_cents, currency: values.currency };
  if (paid) {
    if (tenant.billing_status === 'past_due') tenant.billing_status = 'active';
    return eventType === 'invoice.paid' ? [{ action: 'billing.invoice_paid', details }] : [];
  }
  if (eventType === 'invoice.payment_failed') {
    tenant.billing_status = 'past_due';
    return [{ action: 'billing.payment_failed', details }];
  }
  return [];
}

export const BILLING_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  // A trial that ends without a card pauses (Super Settings: trial without a card), and resumes once paid.
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * `POST /api/billing/webhook`: checks the signature of the raw body, then applies the event once
 * (its id is kept). What the event names is read back from Stripe first, so a late or repeated
 * event cannot undo a newer one. Answers whether the event had been applied before.
 */
/** Event types whose object is read back from Stripe by its id. */
const readsBackObject = (type: string) =>
  type.startsWith('customer.subscription.') || type === 'invoice.paid' || type === 'invoice.payment_failed';

/**
 * What Portico reads of a Stripe event, checked once its signature is: a signed body may still not
 * be an event Portico can apply, and that is bad input (400), not a failure. Ids and types fit the
 * columns of `billing_events`; other fields pass through.
 */
const stripeEventEnvelope = z
  .object({
    id: z.string().min(1).max(255),
    type: z.string().min(1).max(64),
    data: z.object({
      object: z.looseObject({
        id: z.string().min(1).max(255).optional(),
        subscription: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
      }),
    }),
  })
  .refine((event) => !readsBackObject(event.type) || event.data.object.id !== undefined, {
    path: ['data', 'object', 'id'],
  });

/** The sentence for an event that is not one: which field is wrong. */
function badEvent(error: z.ZodError): DomainError {
  const path = error.issues[0]?.path.join('.') || 'body';
  return badRequest(`This Stripe event has no valid ${path}; it was not applied.`, 'bad_event');
}

export async function receiveStripeEvent(
  ctx: ServiceContext,
  input: { payload: Buffer; signature: string | undefined },
): Promise<{ duplicate: boolean }> {
  const secret = ctx.config.stripe.webhookSecret;
  if (!ctx.stripe || !secret) throw conflict(WEBHOOKS_NOT_CONFIGURED, 'billing_not_configured');
  const stripe = ctx.stripe;
  let signed: Stripe.Event;
  try {
    signed = stripe.webhooks.constructEvent(input.payload, input.signature ?? '', secret);
  } catch {
    throw badRequest(BAD_STRIPE_SIGNATURE, 'bad_signature');
  }
  const parsed = stripeEventEnvelope.safeParse(signed);
  if (!parsed.success) throw badEvent(parsed.error);
  const event = parsed.data;
  if (await BillingEvent.findByPk(event.id)) return { duplicate: true };

  const object = event.data.object;
  let subject: { subscription?: StripeSubscription; invoice?: StripeInvoice } = {};
  let unapplied: string | null = null;
  /** Stripe's object as Portico reads it, or why it could not be (the event is then stored unapplied). */
  const readBack = async <T>(what: string, schema: z.ZodType<T>, read: () => Promise<unknown>) => {
    const parsed = schema.safeParse(await askStripe(read));
    if (parsed.success) return parsed.data;
    unapplied = unreadable(what, parsed.error);
    return undefined;
  };
  if (event.type === 'checkout.session.completed') {
    const id = idOf(object.subscription);
    if (id)
      subject = {
        subscription: await readBack('subscription', stripeSubscription, () => stripe.subscriptions.retrieve(id)),
      };
  } else if (readsBackObject(event.type)) {
    // The envelope requires the object's id for these types.
    const id = object.id!;
    subject = event.type.startsWith('customer.subscription.')
      ? { subscription: await readBack('subscription', stripeSubscription, () => stripe.subscriptions.retrieve(id)) }
      : { invoice: await readBack('invoice', stripeInvoice, () => stripe.invoices.retrieve(id)) };
  }

  const replaced: string[] = [];
  const duplicate = await inTransaction(ctx, async (transaction) => {
    try {
      await BillingEvent.create(
        { id: event.id, type: event.type, tenant_id: null, unapplied_reason: unapplied },
        { transaction },
      );
    } catch (error) {
      // The same event, delivered twice at once: the other delivery applies it.
      if (error instanceof UniqueConstraintError) return true;
      throw error;
    }
    if (unapplied) {
      ctx.logger.warn({ stripeEvent: event.id, type: event.type, reason: unapplied }, 'Stripe event not applied');
      return false;
    }
    const customer = (subject.subscription ?? subject.invoice)?.customer ?? null;
    const tenant = await tenantOfCustomer(customer, transaction);
    if (!tenant) {
      if (customer)
        await BillingEvent.update(
          { unapplied_reason: `No workspace has the Stripe customer ${customer}.` },
          { where: { id: event.id }, transaction },
        );
      return false;
    }
    await BillingEvent.update({ tenant_id: tenant.id }, { where: { id: event.id }, transaction });
    let changes: Change[] = [];
    if (subject.subscription) {
      const applied = await applySubscription(subject.subscription, tenant, transaction);
      changes = applied.changes;
      replaced.push(...applied.replaced);
    } else if (subject.invoice) {
      changes = await applyInvoice(subject.invoice, tenant, event.type, transaction);
    }
    await reconcileBillingState(ctx, tenant, transaction);
    await tenant.save({ transaction });
    for (const change of changes)
      await audit(
        systemScope,
        {
          action: change.action,
          entity: { type: 'tenant', id: tenant.id },
          tenantId: tenant.id,
          details: { ...change.details, stripe_event: event.id },
        },
        transaction,
      );
    return false;
  });
  // A new plan replaces the old one: Stripe stops charging for it (its deletion event arrives later).
  for (const id of replaced)
    await askStripe(() => stripe.subscriptions.cancel(id, { prorate: true })).catch((error: unknown) =>
      ctx.logger.warn({ err: error, subscription: id }, 'could not cancel a replaced plan subscription'),
    );
  return { duplicate };
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
    await lockPlanCaps(tenantId, transaction);
    const tenant = await Tenant.findByPk(tenantId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!tenant) throw new DomainError(404, 'This workspace does not exist.');
    const next = { ...tenant.get(), ...changes };
    if (changes.tier !== undefined || changes.seats_total !== undefined || changes.admin_seats_extra !== undefined)
      await assertFitsCaps(ctx, tenantId, next, transaction);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, tenant.get(k as keyof TenantPlanChanges)]));
    await tenant.update(changes, { transaction });
    await audit(
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
