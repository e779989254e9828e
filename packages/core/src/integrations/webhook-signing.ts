import { createHmac, randomBytes } from 'node:crypto';

/**
 * Signing of outgoing webhooks (DECISIONS §5): Standard Webhooks headers, plus the spec's header
 * naming sha256. Both HMACs use the same key: the bytes of the base64 part of the `whsec_` secret.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and the base64 of 24 random bytes. */
export function generateWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The HMAC key of a secret: its base64 part, decoded. */
export function webhookSigningKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` (Standard Webhooks). */
export function standardWebhookSignature(secret: string, messageId: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', webhookSigningKey(secret)).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** `sha256=<hex HMAC-SHA256 of "{timestamp}.{body}">` (the spec's signature header). */
export function porticoSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', webhookSigningKey(secret)).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Every header of one delivery attempt; `timestamp` is the attempt's time in Unix seconds. */
export function webhookHeaders(
  secret: string,
  messageId: string,
  timestamp: number,
  body: string,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Portico-Webhooks/1',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardWebhookSignature(secret, messageId, timestamp, body),
    'x-portico-signature': porticoSignature(secret, timestamp, body),
  };
}
