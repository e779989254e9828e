/*
 * The delivery pipeline of outgoing webhooks: fan-out of committed tenant events into deliveries,
 * the sweep that re-queues anything a crash left behind, and recording what each attempt gave.
 * The worker sends; webhooks.ts holds the webhooks themselves and what people do with them.
 */
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction } from '../scope';
import type { DeliveryStatus } from '../db/models';
import { webhookDisabledEmail } from '../mail/templates';
import { planOf } from '../plans';
import { queueWebhookJobs, webhookJobId, type TenantEventType, type WebhookJob } from '../kernel/events';
import {
  disableWebhook,
  failPendingDelivery,
  findTenantBrand,
  findTenantPlan,
  insertAttempts,
  insertDeliveries,
  insertFailedAttempt,
  listPendingDeliveriesOfEvent,
  listStalePendingDeliveries,
  listSubscribedWebhooks,
  listUndispatchedEvents,
  lockTenantEvent,
  type AttemptRow,
  type DeliveryToSend,
  type StaleRow,
  type WebhookPayload,
} from './integrations-data';
import { emailTenantAdmins } from './mail';
import { queueDeliveries, subscriptionsFor } from './webhooks';
import { tenantOrigin } from '../tenancy';
import { tenantIntegrationEnabled } from './tenant-integrations';

/* ---------- fan-out and the sweep ---------- */

/**
 * Turns a committed event into one delivery per enabled webhook of its tenant subscribed to it,
 * marks the event dispatched, and queues the deliveries after commit. Running it again for the
 * same event creates nothing new (the event row is locked and checked; a unique index backs it)
 * but queues again any delivery of it still pending, so a crash between the steps loses nothing.
 */
export async function fanoutEvent(
  ctx: Pick<AppContext, 'db' | 'sequelize' | 'queues' | 'config' | 'logger' | 'clock'>,
  eventId: string,
): Promise<number> {
  const ids = await inTransaction(ctx, async (transaction) => {
    // After the outermost commit (a caller's transaction too): each job must find its delivery.
    const queuedOnCommit = (ids: string[]) => {
      transaction.afterCommit(() => queueDeliveries(ctx, ids));
      return ids;
    };
    const event = await lockTenantEvent(ctx, eventId, transaction);
    if (!event) return [];
    if (event.dispatched_at) {
      const pending = await listPendingDeliveriesOfEvent(ctx, event.tenant_id, event.id, transaction);
      return queuedOnCommit(pending.map((d) => d.id));
    }
    const tenant = await findTenantPlan(ctx, event.tenant_id, transaction);
    // A tenant whose plan has no integrations (e.g. moved down to starter) gets no deliveries, nor
    // does a suspended one: its webhooks stop with everything else (issue 14), nor one whose
    // webhooks the platform turned off (the console's Integrations page).
    const webhooks =
      tenant &&
      tenant.status !== 'suspended' &&
      planOf(tenant.tier).integrations &&
      (await tenantIntegrationEnabled(ctx, tenant.id, 'webhooks', transaction))
        ? await listSubscribedWebhooks(ctx, event.tenant_id, subscriptionsFor(event.type), transaction)
        : [];
    const payload: WebhookPayload = {
      id: event.id,
      type: event.type as TenantEventType,
      tenant_id: event.tenant_id,
      timestamp: event.created_at.toISOString(),
      data: event.data,
    };
    const created = await insertDeliveries(
      ctx,
      webhooks.map((w) => ({
        tenant_id: event.tenant_id,
        webhook_id: w.id,
        event_id: event.id,
        message_id: event.id,
        event_type: event.type,
        payload: payload as unknown as Record<string, unknown>,
      })),
      transaction,
    );
    event.dispatched_at = ctx.clock.now();
    await event.save({ transaction });
    return queuedOnCommit(created.map((d) => d.id));
  });
  return ids.length;
}

/** Events not fanned out, and deliveries still pending without a job, after this long are queued again. */
export const EVENT_SWEEP_AFTER_MS = 30_000;
/** Pages of WEBHOOK_FANOUT_BATCH rows one sweep reads at most, of events and of deliveries each. */
const SWEEP_MAX_PAGES = 10;

/** Reads stale rows page by page, oldest first, at most SWEEP_MAX_PAGES pages. */
async function* stalePages(
  read: (cursor: StaleRow | null, limit: number) => Promise<StaleRow[]>,
  size: number,
): AsyncGenerator<StaleRow[]> {
  let cursor: StaleRow | null = null;
  for (let n = 0; n < SWEEP_MAX_PAGES; n++) {
    const page = await read(cursor, size);
    if (page.length > 0) yield page;
    if (page.length < size) return;
    cursor = page[page.length - 1]!;
  }
}

/**
 * Queues those of these jobs the queue holds no live job for. A job that ended (completed or
 * failed) while its row is still unfinished — e.g. it stalled out while workers were killed — is
 * removed and queued afresh.
 */
async function requeueMissing(ctx: Pick<AppContext, 'queues' | 'config'>, jobs: WebhookJob[]): Promise<number> {
  const queue = ctx.queues.webhooks;
  const states = await Promise.all(jobs.map((job) => queue.getJobState(webhookJobId(job))));
  const missing = jobs
    .map((job, i) => ({ job, state: states[i] }))
    .filter(({ state }) => state === 'unknown' || state === 'completed' || state === 'failed');
  await Promise.all(
    missing.filter(({ state }) => state !== 'unknown').map(({ job }) => queue.remove(webhookJobId(job))),
  );
  await queueWebhookJobs(
    ctx,
    missing.map(({ job }) => job),
  );
  return missing.length;
}

/**
 * The scheduler's `sweep-events` (every minute): fans out events left undispatched for ~30 s
 * (their enqueue after commit was lost) and queues again pending deliveries with no job waiting,
 * delayed or running (a job lost with Redis, or one that stalled out).
 */
export async function sweepEvents(
  ctx: Pick<AppContext, 'db' | 'queues' | 'config' | 'clock'>,
): Promise<{ events: number; deliveries: number }> {
  const before = new Date(ctx.clock.now().getTime() - EVENT_SWEEP_AFTER_MS);
  const size = ctx.config.webhooks.fanoutBatch;
  let events = 0;
  const undispatched = (cursor: StaleRow | null, limit: number) => listUndispatchedEvents(ctx, before, cursor, limit);
  for await (const page of stalePages(undispatched, size))
    events += await requeueMissing(
      ctx,
      page.map((event) => ({ kind: 'fanout', eventId: event.id })),
    );

  let deliveries = 0;
  const pending = (cursor: StaleRow | null, limit: number) => listStalePendingDeliveries(ctx, before, cursor, limit);
  for await (const page of stalePages(pending, size))
    deliveries += await requeueMissing(
      ctx,
      page.map((delivery) => ({ kind: 'deliver', deliveryId: delivery.id })),
    );
  return { events, deliveries };
}

/* ---------- delivery outcomes (the worker sends; these record) ---------- */

type DeliveryContext = Pick<AppContext, 'sequelize' | 'db' | 'config' | 'queues' | 'logger'>;

/** What one attempt gave: the answer's status and first bytes, or why there was none. */
export interface DeliveryOutcome {
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
}

/** Closes a delivery without sending it (its webhook was switched off by a person meanwhile). */
export async function closeUnsentDelivery(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  delivery: Pick<DeliveryToSend, 'id' | 'tenant_id'>,
  reason: string,
): Promise<void> {
  await failPendingDelivery(ctx, delivery.tenant_id, delivery.id, reason, ctx.clock.now());
}

/** The tenant's admins are told (once, in the transaction that disabled it) that a webhook was disabled. */
async function emailAdminsWebhookDisabled(
  ctx: DeliveryContext,
  tenantId: string,
  url: string,
  failures: number,
  lastError: string,
  transaction: Transaction,
): Promise<void> {
  const tenant = await findTenantBrand(ctx, tenantId, transaction);
  if (!tenant) return;
  const rendered = await webhookDisabledEmail(
    { name: tenant.name, primaryColor: tenant.primary_color },
    {
      url,
      failures,
      lastError,
      integrationsUrl: `${tenantOrigin(ctx.config, tenant)}/dashboard/admin/integrations?tenant_id=${tenant.id}`,
    },
  );
  await emailTenantAdmins(ctx, tenant.id, rendered, transaction);
}

/** One attempt to log: the delivery, what the attempt gave, and the status it leaves the delivery in. */
export interface AttemptRecord {
  delivery: DeliveryToSend;
  outcome: DeliveryOutcome;
  status: DeliveryStatus;
}

/** The row an attempt logs: the delivery's next attempt number, with what it gave. */
function attemptRow({ delivery, outcome, status }: AttemptRecord): AttemptRow {
  return {
    deliveryId: delivery.id,
    webhookId: delivery.webhook_id,
    attempt: delivery.attempts + 1,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    excerpt: outcome.excerpt,
    error: outcome.error,
    status,
  };
}

/**
 * Logs attempts of one tenant's deliveries that did not fail for good (succeeded, or pending a
 * retry) and moves each delivery on, in one statement (the hot path of the worker, which gathers
 * the attempts that finish together). A success resets its webhook's failure count. Each row
 * changes only while its delivery is still pending, so logging an attempt twice changes nothing.
 */
export async function recordAttempts(
  ctx: Pick<AppContext, 'sequelize'>,
  tenantId: string,
  records: readonly AttemptRecord[],
): Promise<void> {
  if (records.some((r) => r.status === 'failed' || r.delivery.tenant_id !== tenantId))
    throw new Error('recordAttempts takes one tenant’s attempts that did not fail for good');
  await insertAttempts(ctx, tenantId, records.map(attemptRow));
}

/**
 * Logs an attempt and moves the delivery on. A delivery that failed for good adds one to its
 * webhook's failure count and, at WEBHOOK_DISABLE_AFTER, disables the webhook and emails its
 * admins in the same transaction. The row lock the count takes orders concurrent failures, so
 * only the one that finds the webhook still enabled disables it and sends the email.
 */
export async function recordDeliveryOutcome(
  ctx: DeliveryContext,
  delivery: DeliveryToSend,
  outcome: DeliveryOutcome,
  status: DeliveryStatus,
): Promise<void> {
  if (status !== 'failed') return recordAttempts(ctx, delivery.tenant_id, [{ delivery, outcome, status }]);
  await inTransaction(ctx, async (transaction) => {
    const counted = await insertFailedAttempt(
      ctx,
      delivery.tenant_id,
      attemptRow({ delivery, outcome, status }),
      transaction,
    );
    if (!counted?.enabled || counted.consecutive_failures < ctx.config.webhooks.disableAfter) return;
    const failures = counted.consecutive_failures;
    const lastError = outcome.error ?? 'unknown';
    await disableWebhook(
      ctx,
      delivery.tenant_id,
      delivery.webhook_id,
      `Disabled automatically after ${failures} failed deliveries in a row. Last error: ${lastError}`,
      transaction,
    );
    ctx.logger.warn(
      { webhookId: delivery.webhook_id, tenantId: delivery.tenant_id, failures },
      'webhook disabled after repeated failures',
    );
    await emailAdminsWebhookDisabled(ctx, delivery.tenant_id, delivery.url, failures, lastError, transaction);
  });
}

/* ---------- retries ---------- */

/** No retry waits longer than this, whatever Retry-After asks. */
export const WEBHOOK_MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

/**
 * The delay before retry number `attemptsMade` (1 after the first failure): the receiver's
 * Retry-After when it gave one, else exponential from `baseMs` with full jitter
 * (a uniform pick in [0, base·2^(n−1)]), both capped at one hour.
 */
export function webhookRetryDelay(
  attemptsMade: number,
  baseMs: number,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), WEBHOOK_MAX_RETRY_DELAY_MS);
  const ceiling = Math.min(WEBHOOK_MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.floor(random() * ceiling);
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
