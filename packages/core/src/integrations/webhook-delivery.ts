/*
 * The delivery pipeline of outgoing webhooks: fan-out of committed tenant events into deliveries,
 * the sweep that re-queues anything a crash left behind, and recording what each attempt gave.
 * The worker sends; webhooks.ts holds the webhooks themselves and what people do with them.
 */
import { Op, QueryTypes, type Order, type Transaction, type WhereOptions } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction } from '../scope';
import type { Tenant, DeliveryStatus } from '../db/models';
import { webhookDisabledEmail } from '../mail/templates';
import { planOf } from '../plans';
import { queueWebhookJobs, webhookJobId, type TenantEventType, type WebhookJob } from '../kernel/events';
import { emailTenantAdmins } from './mail';
import { queueDeliveries, subscriptionsFor, type WebhookPayload } from './webhooks';
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
    const event = await ctx.db.TenantEvent.findOne({
      where: { id: eventId },
      allTenants: true,
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    if (!event) return [];
    if (event.dispatched_at) {
      const pending = await ctx.db.WebhookDelivery.findAll({
        where: { tenant_id: event.tenant_id, event_id: event.id, status: 'pending' },
        attributes: ['id'],
        transaction,
      });
      return queuedOnCommit(pending.map((d) => d.id));
    }
    const tenant = await ctx.db.Tenant.findByPk(event.tenant_id, { attributes: ['id', 'tier', 'status'], transaction });
    // A tenant whose plan has no integrations (e.g. moved down to starter) gets no deliveries, nor
    // does a suspended one: its webhooks stop with everything else (issue 14), nor one whose
    // webhooks the platform turned off (the console's Integrations page).
    const webhooks =
      tenant &&
      tenant.status !== 'suspended' &&
      planOf(tenant.tier).integrations &&
      (await tenantIntegrationEnabled(ctx, tenant.id, 'webhooks', transaction))
        ? await ctx.db.Webhook.findAll({
            where: { tenant_id: event.tenant_id, enabled: true, events: { [Op.in]: subscriptionsFor(event.type) } },
            attributes: ['id'],
            transaction,
          })
        : [];
    const payload: WebhookPayload = {
      id: event.id,
      type: event.type as TenantEventType,
      tenant_id: event.tenant_id,
      timestamp: event.created_at.toISOString(),
      data: event.data,
    };
    const created = await ctx.db.WebhookDelivery.bulkCreate(
      webhooks.map((w) => ({
        tenant_id: event.tenant_id,
        webhook_id: w.id,
        event_id: event.id,
        message_id: event.id,
        event_type: event.type,
        payload: payload as unknown as Record<string, unknown>,
      })),
      { transaction, ignoreDuplicates: true },
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

type StaleRow = { id: string; created_at: Date };

/** Rows after `cursor` in (created_at, id) order. */
function after(cursor: StaleRow | null): WhereOptions {
  if (!cursor) return {};
  return {
    [Op.or]: [
      { created_at: { [Op.gt]: cursor.created_at } },
      { created_at: cursor.created_at, id: { [Op.gt]: cursor.id } },
    ],
  };
}

const OLDEST_FIRST: Order = [
  ['created_at', 'ASC'],
  ['id', 'ASC'],
];

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
  const undispatched = (cursor: StaleRow | null, limit: number) =>
    ctx.db.TenantEvent.findAll({
      where: { dispatched_at: null, created_at: { [Op.lt]: before }, ...after(cursor) },
      allTenants: true,
      attributes: ['id', 'created_at'],
      order: OLDEST_FIRST,
      limit,
    });
  for await (const page of stalePages(undispatched, size))
    events += await requeueMissing(
      ctx,
      page.map((event) => ({ kind: 'fanout', eventId: event.id })),
    );

  let deliveries = 0;
  const pending = (cursor: StaleRow | null, limit: number) =>
    ctx.db.WebhookDelivery.findAll({
      where: { status: 'pending', created_at: { [Op.lt]: before }, ...after(cursor) },
      allTenants: true,
      attributes: ['id', 'created_at'],
      order: OLDEST_FIRST,
      limit,
    });
  for await (const page of stalePages(pending, size))
    deliveries += await requeueMissing(
      ctx,
      page.map((delivery) => ({ kind: 'deliver', deliveryId: delivery.id })),
    );
  return { events, deliveries };
}

/* ---------- delivery outcomes (the worker sends; these record) ---------- */

type DeliveryContext = Pick<AppContext, 'sequelize' | 'db' | 'config' | 'queues' | 'logger'>;

/** A delivery with what sending it needs from its webhook, read in one query on the hot path. */
export interface DeliveryToSend {
  id: string;
  tenant_id: string;
  webhook_id: string;
  message_id: string;
  event_type: string;
  payload: WebhookPayload;
  status: DeliveryStatus;
  attempts: number;
  replay_of: string | null;
  url: string;
  enabled: boolean;
  secret_encrypted: string;
  tenant_status: Tenant['status'];
  /** Whether the platform leaves this workspace's webhooks on (the console's Integrations page). */
  webhooks_on: boolean;
}

/**
 * Loads queued deliveries with their webhooks, in one query (the worker gathers the jobs that start
 * together). A system job knows only the delivery id, so this read does not name a tenant (as
 * `allTenants: true` would); everything after it does. Ids not found (gone with their webhook)
 * are missing from the map.
 */
export async function loadDeliveriesToSend(
  sequelize: AppContext['sequelize'],
  deliveryIds: readonly string[],
): Promise<Map<string, DeliveryToSend>> {
  const rows = await sequelize.query<DeliveryToSend>(
    `SELECT d.id, d.tenant_id, d.webhook_id, d.message_id, d.event_type, d.payload, d.status, d.attempts, d.replay_of, w.url, w.enabled, w.secret_encrypted,
            t.status AS tenant_status,
            COALESCE((SELECT i.enabled FROM tenant_integrations i WHERE i.tenant_id = d.tenant_id AND i.key = 'webhooks'), true) AS webhooks_on
     FROM webhook_deliveries d JOIN webhooks w ON w.tenant_id = d.tenant_id AND w.id = d.webhook_id
     JOIN tenants t ON t.id = d.tenant_id
     WHERE d.id = ANY($1::uuid[])`,
    { bind: [deliveryIds], type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [row.id, row]));
}

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
  await ctx.db.WebhookDelivery.update(
    { status: 'failed', last_error: reason, completed_at: ctx.clock.now() },
    { where: { tenant_id: delivery.tenant_id, id: delivery.id, status: 'pending' } },
  );
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
  const tenant = await ctx.db.Tenant.findByPk(tenantId, {
    attributes: ['id', 'name', 'slug', 'domain', 'primary_color'],
    transaction,
  });
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
  await ctx.sequelize.query(
    `WITH input AS (
       SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[], $9::varchar[])
         AS i(delivery_id, webhook_id, attempt, status_code, duration_ms, excerpt, error, status)
     ), attempt AS (
       INSERT INTO webhook_attempts (tenant_id, delivery_id, attempt, status_code, duration_ms, response_excerpt, error)
       SELECT $1, delivery_id, attempt, status_code, duration_ms, excerpt, error FROM input
     ), delivery AS (
       UPDATE webhook_deliveries d
       SET attempts = i.attempt, status = i.status, last_status_code = i.status_code, last_error = i.error,
           completed_at = CASE WHEN i.status = 'pending' THEN NULL ELSE now() END, updated_at = now()
       FROM input i
       WHERE d.tenant_id = $1 AND d.id = i.delivery_id AND d.status = 'pending'
       RETURNING i.webhook_id, i.status
     )
     UPDATE webhooks w SET consecutive_failures = 0
     FROM (SELECT DISTINCT webhook_id FROM delivery WHERE status = 'succeeded') s
     WHERE w.tenant_id = $1 AND w.id = s.webhook_id AND w.consecutive_failures <> 0`,
    {
      bind: [
        tenantId,
        records.map((r) => r.delivery.id),
        records.map((r) => r.delivery.webhook_id),
        records.map((r) => r.delivery.attempts + 1),
        records.map((r) => r.outcome.statusCode),
        records.map((r) => r.outcome.durationMs),
        records.map((r) => r.outcome.excerpt),
        records.map((r) => r.outcome.error),
        records.map((r) => r.status),
      ],
    },
  );
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
  const bind = {
    tenantId: delivery.tenant_id,
    deliveryId: delivery.id,
    webhookId: delivery.webhook_id,
    attempt: delivery.attempts + 1,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    excerpt: outcome.excerpt,
    error: outcome.error,
  };
  await inTransaction(ctx, async (transaction) => {
    const [counted] = await ctx.sequelize.query<{ consecutive_failures: number; enabled: boolean }>(
      `WITH attempt AS (
         INSERT INTO webhook_attempts (tenant_id, delivery_id, attempt, status_code, duration_ms, response_excerpt, error)
         VALUES ($tenantId, $deliveryId, $attempt, $statusCode::int, $durationMs, $excerpt::text, $error::text)
       ), delivery AS (
         UPDATE webhook_deliveries
         SET attempts = $attempt, status = 'failed', last_status_code = $statusCode::int, last_error = $error::text,
             completed_at = now(), updated_at = now()
         WHERE tenant_id = $tenantId AND id = $deliveryId AND status = 'pending'
         RETURNING id
       )
       UPDATE webhooks w SET consecutive_failures = w.consecutive_failures + 1
       FROM delivery
       WHERE w.tenant_id = $tenantId AND w.id = $webhookId
       RETURNING w.consecutive_failures, w.enabled`,
      { bind, type: QueryTypes.SELECT, transaction },
    );
    if (!counted?.enabled || counted.consecutive_failures < ctx.config.webhooks.disableAfter) return;
    const failures = counted.consecutive_failures;
    const lastError = outcome.error ?? 'unknown';
    await ctx.sequelize.query(
      'UPDATE webhooks SET enabled = false, disabled_reason = $reason, updated_at = now() WHERE tenant_id = $tenantId AND id = $webhookId',
      {
        bind: {
          tenantId: delivery.tenant_id,
          webhookId: delivery.webhook_id,
          reason: `Disabled automatically after ${failures} failed deliveries in a row. Last error: ${lastError}`,
        },
        transaction,
      },
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
