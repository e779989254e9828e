import type { BillingCycle } from '@portico/common';
import { z } from 'zod';

/*
 * What Portico reads of Stripe's objects, parsed before anything is applied (issue 28): Stripe's
 * answers and events change shape between API versions, and a field that is missing or of another
 * type must end as a fallback or as an event stored with the reason it was not applied, never as a
 * 500 or "Invalid date" in SQL. Fields Portico does not read pass through unchecked.
 */

/** An id, or the object it names when Stripe expanded it. */
const idOrObject = z
  .union([z.string().min(1), z.looseObject({ id: z.string().min(1) })])
  .transform((value) => (typeof value === 'string' ? value : value.id));
/** A Unix time in seconds, or null when absent. */
const unixTime = z
  .number()
  .int()
  .nonnegative()
  .nullish()
  .transform((value) => value ?? null);

/** Stripe's subscription statuses (any other is refused, not guessed at). */
export const STRIPE_SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type StripeSubscriptionStatus = (typeof STRIPE_SUBSCRIPTION_STATUSES)[number];

export const stripePrice = z.looseObject({
  id: z.string().min(1),
  lookup_key: z.string().nullish(),
  unit_amount: z.number().int().nonnegative().nullish(),
  currency: z.string().length(3),
  recurring: z.looseObject({ interval: z.string() }).nullish(),
});
export type StripePrice = z.infer<typeof stripePrice>;

const stripeSubscriptionItem = z.looseObject({
  id: z.string().min(1),
  quantity: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .transform((value) => value ?? 1),
  current_period_start: unixTime,
  current_period_end: unixTime,
  price: stripePrice.nullish(),
});

export const stripeSubscription = z.looseObject({
  id: z.string().min(1).max(255),
  customer: idOrObject,
  status: z.enum(STRIPE_SUBSCRIPTION_STATUSES),
  start_date: unixTime,
  trial_end: unixTime,
  canceled_at: unixTime,
  cancel_at_period_end: z
    .boolean()
    .nullish()
    .transform((value) => value ?? false),
  // Before API version 2025-03-31 the periods were the subscription's; now they are each item's.
  current_period_start: unixTime,
  current_period_end: unixTime,
  metadata: z
    .record(z.string(), z.string())
    .nullish()
    .transform((value) => value ?? {}),
  items: z
    .looseObject({ data: z.array(stripeSubscriptionItem) })
    .nullish()
    .transform((value) => value?.data ?? []),
});
export type StripeSubscription = z.infer<typeof stripeSubscription>;

export const stripeInvoice = z.looseObject({
  id: z.string().min(1).max(255),
  customer: idOrObject,
  status: z.string().nullish(),
  amount_due: z.number().int(),
  amount_paid: z.number().int(),
  currency: z.string().length(3),
  created: z.number().int().nonnegative(),
  hosted_invoice_url: z.string().nullish(),
});
export type StripeInvoice = z.infer<typeof stripeInvoice>;

export const stripeCheckoutSession = z.looseObject({
  id: z.string().min(1),
  status: z.string().nullish(),
  subscription: idOrObject.nullish(),
  metadata: z
    .record(z.string(), z.string())
    .nullish()
    .transform((value) => value ?? {}),
});
export type StripeCheckoutSession = z.infer<typeof stripeCheckoutSession>;

/** The sentence saying which field of which Stripe object could not be read. */
export function unreadable(what: string, error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || 'object';
  return `Stripe's ${what} could not be read: ${field} is missing or not what Stripe documents (${issue?.message ?? 'invalid'}).`;
}

/** A price's cycle: from its recurring interval, else from a lookup key of ours; null when neither says. */
export function cycleOfPrice(price: StripePrice | null | undefined): BillingCycle | null {
  const interval = price?.recurring?.interval;
  if (interval === 'month') return 'monthly';
  if (interval === 'year') return 'yearly';
  const suffix = /-(monthly|yearly)$/.exec(price?.lookup_key ?? '')?.[1];
  return (suffix as BillingCycle | undefined) ?? null;
}

const dateOf = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000));

/**
 * What Portico stores of a subscription: its one item's price, quantity and periods (Stripe's
 * current API puts periods on the item; older ones on the subscription, used as the fallback).
 */
/** What the items charge each cycle together; null when one's amount is unknown (or there are none). */
function cycleAmountOf(items: StripeSubscription['items']): number | null {
  if (items.length === 0 || items.some((item) => item.price?.unit_amount == null)) return null;
  return items.reduce((sum, item) => sum + item.price!.unit_amount! * (item.quantity ?? 1), 0);
}

export function subscriptionFacts(subscription: StripeSubscription) {
  const item = subscription.items[0];
  return {
    status: subscription.status,
    quantity: item?.quantity ?? 1,
    cycle: cycleOfPrice(item?.price),
    unit_amount_cents: item?.price?.unit_amount ?? null,
    currency: item?.price?.currency ?? null,
    cycle_amount_cents: cycleAmountOf(subscription.items),
    stripe_item_id: item?.id ?? null,
    current_period_start: dateOf(item?.current_period_start ?? subscription.current_period_start),
    current_period_end: dateOf(item?.current_period_end ?? subscription.current_period_end),
    trial_end: dateOf(subscription.trial_end),
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: dateOf(subscription.canceled_at),
    started_at: dateOf(subscription.start_date),
  };
}
