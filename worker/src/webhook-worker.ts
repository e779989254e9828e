import { performance } from 'node:perf_hooks';
import {
  closeUnsentDelivery,
  decryptSecret,
  fanoutEvent,
  loadDeliveriesToSend,
  recordAttempts,
  OutboundConnections,
  OutboundError,
  parseRetryAfter,
  postTenantSlack,
  recordDeliveryOutcome,
  safeFetch,
  webhookBody,
  webhookHeaders,
  webhookRetryDelay,
  type AppContext,
  type AttemptRecord,
  type DeliveryOutcome,
  type DeliveryStatus,
  type DeliveryToSend,
  type QueuePayloads,
  type Resolver,
} from '@portico/core';
import { UnrecoverableError, Worker, type Job } from 'bullmq';

/** The first bytes of a receiver's answer kept in the attempt log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** A failure worth retrying (network, timeout, 5xx, 429); carries the receiver's Retry-After. */
export class RetryableDeliveryError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RetryableDeliveryError';
  }
}

export interface WebhookWorkerOptions {
  /** How webhook host names are resolved at delivery; the system resolver unless a test injects one. */
  resolver?: Resolver;
}

/**
 * Gathers what the jobs in progress ask for in the same turn of the event loop and answers them
 * with one call: the deliveries to load, the attempts to log. With several jobs at once this turns
 * a PostgreSQL round trip per job into one per turn. Each job still waits for its own answer, so a
 * job never completes before its attempt is written.
 */
class PerTurn<In, Out> {
  private waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];

  constructor(private readonly run: (inputs: In[]) => Promise<Out[]>) {}

  ask(input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) setImmediate(() => void this.flush());
      this.waiting.push({ input, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    try {
      const outs = await this.run(batch.map((entry) => entry.input));
      batch.forEach((entry, i) => entry.resolve(outs[i]!));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }
}

/** Loads the deliveries asked for in one turn with one query; null for one gone with its webhook. */
function deliveryLoader(ctx: AppContext): PerTurn<string, DeliveryToSend | null> {
  return new PerTurn(async (ids) => {
    const found = await loadDeliveriesToSend(ctx.sequelize, ids);
    return ids.map((id) => found.get(id) ?? null);
  });
}

/** Logs the attempts (that did not fail for good) finished in one turn: one statement per tenant. */
function attemptLog(ctx: AppContext): PerTurn<AttemptRecord, null> {
  return new PerTurn(async (records) => {
    const byTenant = new Map<string, AttemptRecord[]>();
    for (const record of records) {
      const group = byTenant.get(record.delivery.tenant_id);
      if (group) group.push(record);
      else byTenant.set(record.delivery.tenant_id, [record]);
    }
    await Promise.all([...byTenant].map(([tenantId, group]) => recordAttempts(ctx, tenantId, group)));
    return records.map(() => null);
  });
}

/** What one worker keeps between deliveries: kept-alive connections, the secrets it has read, its batched reads and writes. */
interface DeliveryKit extends WebhookWorkerOptions {
  connections: OutboundConnections;
  signingSecret: (stored: string) => string;
  deliveries: PerTurn<string, DeliveryToSend | null>;
  attempts: PerTurn<AttemptRecord, null>;
}

const SECRETS_KEPT = 1000;

/** Decrypts a stored signing secret once per webhook (per rotation: the stored form changes), not per attempt. */
function signingSecretReader(secretsKey: string): (stored: string) => string {
  const read = new Map<string, string>();
  return (stored) => {
    let secret = read.get(stored);
    if (secret === undefined) {
      secret = decryptSecret(stored, secretsKey);
      const oldest = read.keys().next();
      if (read.size >= SECRETS_KEPT && !oldest.done) read.delete(oldest.value);
      read.set(stored, secret);
    }
    return secret;
  };
}

interface AttemptOutcome extends DeliveryOutcome {
  verdict: 'succeeded' | 'retry' | 'fail';
  retryAfterMs?: number;
}

/** PostgreSQL text cannot hold NUL; a receiver's bytes may. */
const storable = (text: string) => text.replaceAll('\u0000', '');

/** Sends one signed attempt through the outbound guard (which resolves and checks the host again: no DNS rebinding). */
async function sendAttempt(ctx: AppContext, delivery: DeliveryToSend, kit: DeliveryKit): Promise<AttemptOutcome> {
  let secret: string;
  try {
    secret = kit.signingSecret(delivery.secret_encrypted);
  } catch {
    return {
      verdict: 'fail',
      statusCode: null,
      durationMs: 0,
      excerpt: null,
      error:
        'The signing secret cannot be read: SECRETS_KEY changed since the webhook was created. Delete the webhook and create it again.',
    };
  }
  const body = webhookBody(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = performance.now();
  try {
    const res = await safeFetch(
      delivery.url,
      {
        method: 'POST',
        headers: webhookHeaders(secret, delivery.message_id, timestamp, body),
        body,
        timeoutMs: ctx.config.webhooks.timeoutMs,
        maxBytes: RESPONSE_EXCERPT_BYTES,
        truncate: true,
        // A receiver that moved must be updated by a person; the signature names no other address.
        maxRedirects: 0,
        resolver: kit.resolver,
        connections: kit.connections,
      },
      ctx.config,
    );
    const durationMs = Math.round(performance.now() - started);
    const excerpt = storable(res.body.toString('utf8'));
    const status = res.status;
    if (status >= 200 && status < 300)
      return { verdict: 'succeeded', statusCode: status, durationMs, excerpt, error: null };
    if (status === 429 || status >= 500) {
      const retryAfterMs =
        status === 429 || status === 503
          ? parseRetryAfter(res.headers['retry-after'], ctx.clock.now().getTime())
          : undefined;
      return {
        verdict: 'retry',
        statusCode: status,
        durationMs,
        excerpt,
        error: `The endpoint answered HTTP ${status}.`,
        retryAfterMs,
      };
    }
    if (status >= 300 && status < 400)
      return {
        verdict: 'fail',
        statusCode: status,
        durationMs,
        excerpt,
        error: `The endpoint answered with a redirect (HTTP ${status}); webhooks do not follow redirects.`,
      };
    return { verdict: 'fail', statusCode: status, durationMs, excerpt, error: `The endpoint answered HTTP ${status}.` };
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    if (!(error instanceof OutboundError)) throw error;
    // Network errors, timeouts and DNS failures may pass; a refused address or URL will not.
    const retryable = error.reason === 'network' || error.reason === 'timeout' || error.reason === 'dns';
    return {
      verdict: retryable ? 'retry' : 'fail',
      statusCode: null,
      durationMs,
      excerpt: null,
      error: storable(error.message),
    };
  }
}

/**
 * One delivery job: a delivery already finished is not sent again (a retried or duplicated job),
 * one of a suspended workspace is closed unsent, and so is one whose webhooks the platform turned
 * off or whose webhook a person disabled — but the Test button's ping and replays, asked for by a
 * person, still go. 2xx succeeds; network errors, timeouts, 5xx and 429 are retried by BullMQ
 * with the `webhook` backoff; anything else fails at once; the last attempt's failure is final.
 */
async function deliverWebhook(
  ctx: AppContext,
  job: Job<QueuePayloads['webhooks']>,
  deliveryId: string,
  kit: DeliveryKit,
): Promise<string> {
  // Gone with its webhook, or already finished by an earlier run of this job.
  const delivery = await kit.deliveries.ask(deliveryId);
  if (!delivery) return 'gone';
  if (delivery.status !== 'pending') return delivery.status;
  if (delivery.tenant_status === 'suspended') {
    await closeUnsentDelivery(ctx, delivery, 'The workspace was suspended before this delivery was sent.');
    return 'skipped';
  }
  const manual = delivery.event_type === 'ping' || delivery.replay_of !== null;
  if (!delivery.webhooks_on && !manual) {
    await closeUnsentDelivery(
      ctx,
      delivery,
      'The platform turned this workspace’s webhooks off before this delivery was sent.',
    );
    return 'skipped';
  }
  if (!delivery.enabled && !manual) {
    await closeUnsentDelivery(ctx, delivery, 'The webhook was disabled before this delivery was sent.');
    return 'skipped';
  }

  const outcome = await sendAttempt(ctx, delivery, kit);
  const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const status: DeliveryStatus =
    outcome.verdict === 'succeeded' ? 'succeeded' : outcome.verdict === 'fail' || lastAttempt ? 'failed' : 'pending';
  if (status === 'failed') await recordDeliveryOutcome(ctx, delivery, outcome, status);
  else await kit.attempts.ask({ delivery, outcome, status });
  ctx.metrics.webhookDeliveries.inc({ outcome: status === 'pending' ? 'retried' : status });
  if (outcome.verdict === 'fail') throw new UnrecoverableError(outcome.error ?? 'delivery failed');
  if (outcome.verdict === 'retry')
    throw new RetryableDeliveryError(outcome.error ?? 'delivery failed', outcome.retryAfterMs);
  return 'succeeded';
}

/** The `webhooks` queue: fan-out of tenant events and delivery, with the `webhook` retry strategy. */
export function createWebhookWorker(
  ctx: AppContext,
  options: WebhookWorkerOptions = {},
): Worker<QueuePayloads['webhooks']> {
  const settings = ctx.config.webhooks;
  const kit: DeliveryKit = {
    ...options,
    connections: new OutboundConnections(),
    signingSecret: signingSecretReader(ctx.config.secretsKey),
    deliveries: deliveryLoader(ctx),
    attempts: attemptLog(ctx),
  };
  const worker = new Worker<QueuePayloads['webhooks']>(
    'webhooks',
    (job) =>
      job.data.kind === 'fanout'
        ? fanoutEvent(ctx, job.data.eventId)
        : job.data.kind === 'slack'
          ? postTenantSlack(ctx, job.data.tenantId, job.data.text)
          : deliverWebhook(ctx, job, job.data.deliveryId, kit),
    {
      connection: ctx.redis.duplicate(),
      prefix: ctx.config.redisPrefix,
      concurrency: settings.concurrency,
      // A killed worker's jobs are taken up again once their lock lapses.
      lockDuration: settings.lockMs,
      stalledInterval: settings.lockMs,
      settings: {
        backoffStrategy: (attemptsMade, _type, error) =>
          webhookRetryDelay(
            attemptsMade,
            settings.retryBaseMs,
            error instanceof RetryableDeliveryError ? error.retryAfterMs : undefined,
          ),
      },
    },
  );
  worker.on('closed', () => void kit.connections.close());
  return worker;
}
