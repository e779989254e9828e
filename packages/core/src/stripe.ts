import Stripe from 'stripe';
import type { Config } from './config';

export type { Stripe };

/**
 * The Stripe client, or null when the platform runs without Stripe (STRIPE_SECRET_KEY unset): then
 * the platform operator sets plans and seats. STRIPE_API_URL points it at another server (tests).
 */
export function createStripe(config: Config): Stripe | null {
  const { secretKey, apiUrl } = config.stripe;
  if (!secretKey) return null;
  const target = apiUrl ? new URL(apiUrl) : undefined;
  const protocol = target?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
    ...(target && {
      host: target.hostname,
      port: Number(target.port || (protocol === 'http' ? 80 : 443)),
      protocol,
    }),
  });
}
