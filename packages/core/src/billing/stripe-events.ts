import type { Stripe } from 'stripe';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { z } from 'zod';
import { TENANT_ADMIN_ROLES } from '@portico/common';
import type { BillingSubscription, Tenant } from '../db/models';
import { planOf } from '../plans';
import { inTransaction, type ServiceContext } from '../scope';
import { audit, systemScope } from '../kernel/audit';
import { notify } from '../inbox';
import { badRequest, conflict, type DomainError } from '../kernel/errors';
import { askStripe, LIVE_STATUSES } from './billing';
import {
  findBillingEvent,
  findOrBuildSubscription,
  findPlanSubscriptions,
  insertBillingEvent,
  lockTenantOfCustomer,
  setBillingEventTenant,
  setBillingEventUnapplied,
  storeInvoice,
} from './billing-data';
import { reconcileBillingState } from './billing-dunning';
import {
  stripeInvoice,
  stripeSubscription,
  subscriptionFacts,
  unreadable,
  type StripeInvoice,
  type StripeSubscription,
} from './stripe-objects';

/*
 * Stripe's events: each applied once, by reading back from Stripe the subscription or invoice it
 * names, onto the tenant whose Stripe customer it is.
 */

export const WEBHOOKS_NOT_CONFIGURED = 'Stripe webhooks are not configured on this platform (STRIPE_WEBHOOK_SECRET).';
export const BAD_STRIPE_SIGNATURE = 'The Stripe-Signature header does not match this payload.';

/**
 * Statuses of a subscription Stripe stopped charging without ending it: payments gave up, or a trial
 * ended without a card. The plan is kept, and the workspace is `unpaid` until it is paid.
 */
const UNPAID_STATUSES = new Set(['unpaid', 'paused']);

const isUnpaid = (subscription: BillingSubscription) =>
  UNPAID_STATUSES.has(subscription.status) ||
  // A trial that ended without a payment method, under Stripe's `cancel` end behaviour.
  (subscription.status === 'incomplete_expired' && subscription.trial_end !== null);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export type Change = { action: string; details: Record<string, unknown> };

/**
 * Applies a subscription as Stripe has it now (its price, quantity, periods and trial stored for
 * the Billing page and the operator's revenue); answers the other plan subscriptions it replaces.
 */
export async function applySubscription(
  ctx: Pick<ServiceContext, 'db'>,
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
  const row = await findOrBuildSubscription(
    ctx,
    tenant.id,
    subscription.id,
    { stripe_subscription_id: subscription.id, ...values },
    transaction,
  );
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
  const plans = await findPlanSubscriptions(ctx, tenant.id, transaction);
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
  ctx: Pick<ServiceContext, 'db'>,
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
  await storeInvoice(ctx, tenant.id, values, transaction);
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

/**
 * `POST /api/billing/webhook`: checks the signature of the raw body, then applies the event once
 * (its id is kept). What the event names is read back from Stripe first, so a late or repeated
 * event cannot undo a newer one. Answers whether the event had been applied before.
 */
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
  if (await findBillingEvent(ctx, event.id)) return { duplicate: true };

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
      await insertBillingEvent(
        ctx,
        { id: event.id, type: event.type, tenant_id: null, unapplied_reason: unapplied },
        transaction,
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
    // The workspace a Stripe object belongs to: its customer must be the workspace's own.
    const tenant = customer ? await lockTenantOfCustomer(ctx, customer, transaction) : null;
    if (!tenant) {
      if (customer)
        await setBillingEventUnapplied(ctx, event.id, `No workspace has the Stripe customer ${customer}.`, transaction);
      return false;
    }
    await setBillingEventTenant(ctx, event.id, tenant.id, transaction);
    let changes: Change[] = [];
    if (subject.subscription) {
      const applied = await applySubscription(ctx, subject.subscription, tenant, transaction);
      changes = applied.changes;
      replaced.push(...applied.replaced);
    } else if (subject.invoice) {
      changes = await applyInvoice(ctx, subject.invoice, tenant, event.type, transaction);
    }
    await reconcileBillingState(ctx, tenant, transaction);
    await tenant.save({ transaction });
    for (const change of changes)
      await audit(
        ctx,
        systemScope,
        {
          action: change.action,
          entity: { type: 'tenant', id: tenant.id },
          tenantId: tenant.id,
          details: { ...change.details, stripe_event: event.id },
        },
        transaction,
      );
    if (changes.some((change) => change.action === 'billing.payment_failed'))
      await notify(
        ctx,
        tenant.id,
        {
          kind: 'billing.payment_failed',
          userIds: [],
          roles: TENANT_ADMIN_ROLES,
          actorId: null,
          title: 'A payment failed: update the card to keep the workspace running',
          body: null,
          path: '/dashboard/admin/billing',
          entity: { type: 'tenant', id: tenant.id },
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
