import { Webhook as StandardWebhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../src/kernel/crypto';
import {
  generateWebhookSecret,
  porticoSignature,
  standardWebhookSignature,
  webhookHeaders,
} from '../src/integrations/webhook-signing';
import { parseRetryAfter, WEBHOOK_MAX_RETRY_DELAY_MS, webhookRetryDelay } from '../src/integrations/webhook-delivery';
import { subscriptionsFor, webhookBody } from '../src/integrations/webhooks';

const KEY = 'a-secrets-key-for-tests-0123456789abcdef';

describe('stored secrets', () => {
  it('round-trips, with a fresh IV each time, and refuses a changed value or another key', () => {
    const secret = generateWebhookSecret();
    const a = encryptSecret(secret, KEY);
    const b = encryptSecret(secret, KEY);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret.slice(6));
    expect(decryptSecret(a, KEY)).toBe(secret);
    const [format, iv, tag, body] = a.split('.');
    const flipped = `${format}.${iv}.${tag}.${body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`}`;
    expect(() => decryptSecret(flipped, KEY)).toThrow();
    expect(() => decryptSecret(a, `${KEY}-other`)).toThrow();
    expect(() => decryptSecret('plain text', KEY)).toThrow('The stored secret is not in a known format.');
  });
});

describe('signatures', () => {
  it('agree with the standardwebhooks library and the documented x-portico-signature', () => {
    const secret = generateWebhookSecret();
    const body = webhookBody({
      id: 'msg_1',
      type: 'ping',
      tenant_id: 't',
      timestamp: '2026-01-01T00:00:00.000Z',
      data: { a: 1 },
    });
    expect(body).toBe(
      '{"id":"msg_1","type":"ping","tenant_id":"t","timestamp":"2026-01-01T00:00:00.000Z","data":{"a":1}}',
    );
    const timestamp = 1_767_225_600;
    expect(standardWebhookSignature(secret, 'msg_1', timestamp, body)).toBe(
      new StandardWebhook(secret).sign('msg_1', new Date(timestamp * 1000), body),
    );
    expect(porticoSignature(secret, timestamp, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(webhookHeaders(secret, 'msg_1', timestamp, body)).toMatchObject({
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'content-type': 'application/json',
    });
  });
});

describe('retry delays', () => {
  it('grow exponentially from the base with full jitter, capped at one hour', () => {
    expect(webhookRetryDelay(1, 5000, undefined, () => 0.999)).toBe(4995);
    expect(webhookRetryDelay(3, 5000, undefined, () => 0.5)).toBe(10_000);
    expect(webhookRetryDelay(3, 5000, undefined, () => 0)).toBe(0);
    expect(webhookRetryDelay(30, 5000, undefined, () => 0.999)).toBeLessThan(WEBHOOK_MAX_RETRY_DELAY_MS);
    for (let n = 1; n <= 8; n++) {
      const delay = webhookRetryDelay(n, 5000);
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(5000 * 2 ** (n - 1));
    }
  });

  it('follow Retry-After when the receiver gave one, capped too', () => {
    expect(webhookRetryDelay(1, 5000, 30_000)).toBe(30_000);
    expect(webhookRetryDelay(1, 5000, 10 * 60 * 60 * 1000)).toBe(WEBHOOK_MAX_RETRY_DELAY_MS);
  });

  it('read Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(['7'], now)).toBe(7000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('subscriptions', () => {
  it('send forms and files events to their group and to all; member events to all only', () => {
    expect(subscriptionsFor('form.submitted')).toEqual(['all', 'forms']);
    expect(subscriptionsFor('file.deleted')).toEqual(['all', 'files']);
    expect(subscriptionsFor('file.restored')).toEqual(['all', 'files']);
    expect(subscriptionsFor('member.joined')).toEqual(['all']);
    expect(subscriptionsFor('ping')).toEqual([]);
  });
});
