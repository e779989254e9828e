import type { BillingCycle } from '@portico/common';
import type { Stripe } from 'stripe';
import type { Plan } from '../plans';
import { stripePrice, unreadable } from './stripe-objects';

/*
 * Stripe prices from the one plan table (DECISIONS §4), found by lookup key and created (with their
 * product) the first time one is missing, so Checkout, cycle switches and seat add-ons charge
 * exactly what the pricing page says. Keys: `{plan}-{cycle}`, `{plan}-team-seat-{cycle}`,
 * `{plan}-admin-seat-{cycle}`.
 */

export type PriceKind = 'plan' | 'team-seat' | 'admin-seat';

const INTERVALS: Record<BillingCycle, 'month' | 'year'> = { monthly: 'month', yearly: 'year' };

export function lookupKeyOf(plan: Plan, kind: PriceKind, cycle: BillingCycle): string {
  return kind === 'plan' ? `${plan.key}-${cycle}` : `${plan.key}-${kind}-${cycle}`;
}

/** What one unit costs per cycle in cents, or null when the plan does not sell it. */
export function unitAmountOf(plan: Plan, kind: PriceKind, cycle: BillingCycle): number | null {
  // The plan table's yearly price is per month, billed for twelve months at once.
  if (kind === 'plan') return Math.round((cycle === 'yearly' ? plan.price_yearly * 12 : plan.price_monthly) * 100);
  const monthly = kind === 'team-seat' ? plan.seat_price_monthly : plan.admin_seats.extra_price_monthly;
  if (monthly === null) return null;
  // A yearly seat is ten months' price: "2 months free", as the plans themselves are sold.
  return Math.round(monthly * (cycle === 'yearly' ? 10 : 1) * 100);
}

function productNameOf(plan: Plan, kind: PriceKind): string {
  return kind === 'plan' ? `Portico ${plan.name}` : `Portico ${plan.name} ${kind.replace('-', ' ')}`;
}

/** Price ids already found, per Stripe client (one per process): a lookup key's price changes only with the plan table. */
const known = new WeakMap<Stripe, Map<string, string>>();

/**
 * The id of the Stripe price for a plan, team seat or admin seat in a cycle. A price under the key
 * whose amount is not the plan table's (the table changed) is replaced: the new price takes the key.
 */
export async function priceIdOf(stripe: Stripe, plan: Plan, kind: PriceKind, cycle: BillingCycle): Promise<string> {
  const lookupKey = lookupKeyOf(plan, kind, cycle);
  const unitAmount = unitAmountOf(plan, kind, cycle);
  if (unitAmount === null) throw new Error(`The ${plan.name} plan sells no ${kind}.`);
  const cache = known.get(stripe) ?? new Map<string, string>();
  known.set(stripe, cache);
  const cached = cache.get(lookupKey);
  if (cached) return cached;

  const listed = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const parsed = stripePrice.array().safeParse(listed.data);
  if (!parsed.success) throw new Error(unreadable('price list', parsed.error));
  const existing = parsed.data.find((price) => price.unit_amount === unitAmount && price.currency === 'usd');
  const id =
    existing?.id ??
    (
      await stripe.prices.create(
        {
          lookup_key: lookupKey,
          transfer_lookup_key: true,
          currency: 'usd',
          unit_amount: unitAmount,
          recurring: { interval: INTERVALS[cycle] },
          product_data: { name: productNameOf(plan, kind) },
          metadata: { plan: plan.key, kind, cycle },
        },
        { idempotencyKey: `portico-price-${lookupKey}-${unitAmount}` },
      )
    ).id;
  cache.set(lookupKey, id);
  return id;
}
