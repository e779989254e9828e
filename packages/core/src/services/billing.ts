import type { Stripe } from 'stripe';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { z } from 'zod';
import { BillingEvent, BillingInvoice, BillingSubscription, Tenant, type SubscriptionPurpose } from '../db/models';
import { planOf, type Plan } from '../plans';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import type { PlatformActor } from './platform';
import { recordAudit } from './audit';
import { reconcileBillingState } from './billing-dunning';
import { forgetHosts, hostsOfTenant, workspaceOriginFor } from './sites';
import { badRequest, conflict, DomainError } from './errors';
import { livePlanSubscription } from './billing-ending';
import { assertFitsCaps, capsOf, lockPlanCaps, usageOf, type Caps, type Usage } from './plan-caps';

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

export interface BillingSummary {
  tenant: Tenant;
  managedBy: 'stripe' | 'operator';
  usage: Usage;
  caps: Caps;
  invoices: BillingInvoice[];
  /** The close of the live plan subscription's period (null without one). */
  periodEnd: Date | null;
}

/** The Billing page: plan, what is used of each cap, the live plan's period and the last 10 invoices. */
export async function billingSummary(ctx: ServiceContext, scope: TenantScope): Promise<BillingSummary> {
  const tenant = (await Tenant.findByPk(scope.tenantId, { transaction: ctx.transaction }))!;
  const [usage, plan, invoices] = await Promise.all([
    usageOf(scope.tenantId, scope.roleTypes, ctx.transaction),
    livePlanSubscription(scope.tenantId, ctx.transaction),
    BillingInvoice.findAll({
      where: { tenant_id: scope.tenantId },
      order: [
        ['issued_at', 'DESC'],
        ['id', 'DESC'],
      ],
      limit: 10,
      transaction: ctx.transaction,
    }),
  ]);
  const managedBy = ctx.stripe && !tenant.bypass_billing ? 'stripe' : 'operator';
  return { tenant, managedBy, usage, caps: capsOf(tenant), invoices, periodEnd: plan?.current_period_end ?? null };
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
  | { purpose: 'upgrade_plan'; plan: 'pro' | 'advanced' }
  | { purpose: 'add_seats'; seats: number; seat_kind: 'team' | 'admin' };

interface LineItem {
  name: string;
  dollars: number;
  quantity: number;
  purpose: SubscriptionPurpose;
  plan: Plan;
}

/** What a checkout sells, after checking the tenant may buy it. */
async function lineItemOf(tenant: Tenant, request: CheckoutRequest): Promise<LineItem> {
  const current = planOf(tenant.tier);
  if (request.purpose === 'upgrade_plan') {
    const plan = planOf(request.plan);
    if (tenant.tier === plan.key) throw conflict(`This workspace is already on the ${plan.name} plan.`, 'same_plan');
    await assertFitsCaps(tenant.id, { ...tenant.get(), tier: plan.key });
    return { name: `Portico ${plan.name}`, dollars: plan.price_monthly, quantity: 1, purpose: 'plan', plan };
  }
  if (request.seat_kind === 'team') {
    if (current.seat_price_monthly === null)
      throw conflict(
        `Team seats can be bought on the Pro and Advanced plans. Upgrade from ${current.name} first.`,
        'seats_unavailable',
      );
    return {
      name: `Portico ${current.name} team seat`,
      dollars: current.seat_price_monthly,
      quantity: request.seats,
      purpose: 'team_seats',
      plan: current,
    };
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
  return {
    name: `Portico ${current.name} admin seat`,
    dollars: price,
    quantity: request.seats,
    purpose: 'admin_seats',
    plan: current,
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
  const item = await lineItemOf(tenant, input.request);
  const customer = await customerOf(stripe, tenant, input.email);
  const metadata = { tenant_id: tenant.id, purpose: item.purpose, plan: item.plan.key };
  const session = await askStripe(() =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: tenant.id,
      line_items: [
        {
          quantity: item.quantity,
          price_data: {
            currency: 'usd',
            unit_amount: Math.round(item.dollars * 100),
            recurring: { interval: 'month' },
            product_data: { name: item.name },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
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

/* Stripe's events. */

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The tenant a Stripe object belongs to: its customer must be the tenant's own. */
async function tenantOfCustomer(customer: string | null, transaction: Transaction): Promise<Tenant | null> {
  if (!customer) return null;
  return Tenant.findOne({ where: { stripe_customer_id: customer }, transaction, lock: transaction.LOCK.UPDATE });
}

export type Change = { action: string; details: Record<string, unknown> };

/** Applies a subscription as Stripe has it now; answers the other plan subscriptions it replaces. */
export async function applySubscription(
  subscription: Stripe.Subscription,
  tenant: Tenant,
  transaction: Transaction,
): Promise<{ changes: Change[]; replaced: string[] }> {
  const purpose = (['plan', 'team_seats', 'admin_seats'] as const).find((p) => p === subscription.metadata.purpose);
  if (!purpose) return { changes: [], replaced: [] };
  const item = subscription.items.data[0];
  const quantity = item?.quantity ?? 1;
  const periodEnd = item?.current_period_end ?? null;
  const live = LIVE_STATUSES.has(subscription.status);
  const values = {
    tenant_id: tenant.id,
    purpose,
    plan: purpose === 'plan' ? planOf(subscription.metadata.plan).key : null,
    status: subscription.status,
    quantity,
    current_period_end: periodEnd ? new Date(periodEnd * 1000) : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    started_at: new Date(subscription.start_date * 1000),
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

  // The newest live plan subscription decides the plan; without one the tenant is on starter.
  const plans = await BillingSubscription.findAll({
    where: { tenant_id: tenant.id, purpose: 'plan' },
    // Stripe's start dates are whole seconds: of two started in one, the later known is newer.
    order: [
      ['started_at', 'DESC'],
      ['created_at', 'DESC'],
    ],
    transaction,
  });
  const current = plans.find((p) => LIVE_STATUSES.has(p.status));
  const tier = current?.plan ?? 'starter';
  if (tier !== tenant.tier) {
    changes.push({
      action: 'billing.plan_changed',
      details: { from: tenant.tier, to: tier, subscription: subscription.id },
    });
    tenant.tier = tier;
  }
  tenant.billing_status = !current
    ? plans.length > 0
      ? 'canceled'
      : 'none'
    : current.status === 'past_due'
      ? 'past_due'
      : 'active';
  tenant.plan_ends_at = current?.cancel_at_period_end ? current.current_period_end : null;
  const replaced = current
    ? plans.filter((p) => p !== current && LIVE_STATUSES.has(p.status)).map((p) => p.stripe_subscription_id)
    : [];
  return { changes, replaced };
}

/** Records an invoice as Stripe has it now; a failed payment marks the tenant past due until one is paid. */
async function applyInvoice(
  invoice: Stripe.Invoice,
  tenant: Tenant,
  eventType: string,
  transaction: Transaction,
): Promise<Change[]> {
  const paid = invoice.status === 'paid';
  const values = {
    tenant_id: tenant.id,
    stripe_invoice_id: invoice.id!,
    amount_cents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: invoice.status ?? 'open',
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    issued_at: new Date(invoice.created * 1000),
  };
  const [row, created] = await BillingInvoice.findOrCreate({
    where: { tenant_id: tenant.id, stripe_invoice_id: invoice.id! },
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
  let subject: { subscription?: Stripe.Subscription; invoice?: Stripe.Invoice } = {};
  if (event.type === 'checkout.session.completed') {
    const id = idOf(object.subscription);
    if (id) subject = { subscription: await askStripe(() => stripe.subscriptions.retrieve(id)) };
  } else if (readsBackObject(event.type)) {
    // The envelope requires the object's id for these types.
    const id = object.id!;
    subject = event.type.startsWith('customer.subscription.')
      ? { subscription: await askStripe(() => stripe.subscriptions.retrieve(id)) }
      : { invoice: await askStripe(() => stripe.invoices.retrieve(id)) };
  }

  const replaced: string[] = [];
  const duplicate = await inTransaction(ctx, async (transaction) => {
    try {
      await BillingEvent.create({ id: event.id, type: event.type, tenant_id: null }, { transaction });
    } catch (error) {
      // The same event, delivered twice at once: the other delivery applies it.
      if (error instanceof UniqueConstraintError) return true;
      throw error;
    }
    const customer = idOf((subject.subscription ?? subject.invoice)?.customer as string | null);
    const tenant = await tenantOfCustomer(customer, transaction);
    if (!tenant) return false;
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
      await recordAudit(
        {
          actorUserId: null,
          action: change.action,
          entityType: 'tenant',
          entityId: tenant.id,
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
      await assertFitsCaps(tenantId, next, transaction);
    const before = Object.fromEntries(Object.keys(changes).map((k) => [k, tenant.get(k as keyof TenantPlanChanges)]));
    await tenant.update(changes, { transaction });
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'tenant.plan_updated',
        entityType: 'tenant',
        entityId: tenant.id,
        tenantId: tenant.id,
        reason: reason ?? null,
        details: { before, after: changes },
        ip: actor.ip,
      },
      transaction,
    );
    return tenant;
  });
  // A suspended workspace's hosts stop answering for it, and stop getting certificates, at once.
  if (changes.status !== undefined) await forgetHosts(ctx, await hostsOfTenant(ctx, tenant));
  return tenant;
}
