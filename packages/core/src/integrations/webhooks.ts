import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOKS_PER_TENANT,
  WEBHOOK_EVENT_CHOICES,
  WEBHOOK_MESSAGES,
  type WebhookChanges,
  type WebhookInput,
} from '@portico/common';
import { Op, QueryTypes, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import type { Webhook, WebhookAttempt, WebhookDelivery, DeliveryStatus, WebhookEvents } from '../db/models';
import { audit } from '../kernel/audit';
import { encryptSecret } from '../kernel/crypto';
import { badRequest, conflict, notFound } from '../kernel/errors';
import { queueWebhookJobs, TENANT_EVENT_TYPES, type TenantEventType, type WebhookEventType } from '../kernel/events';
import { assertPublicUrl, OutboundError, type OutboundPolicy, type Resolver } from '../kernel/outbound';
import { generateWebhookSecret } from './webhook-signing';

/* ---------- subscriptions ---------- */

export { MAX_WEBHOOKS_PER_TENANT, WEBHOOK_EVENT_CHOICES, WEBHOOK_MESSAGES } from '@portico/common';

/** The event types each subscription choice receives (`ping` goes only to the webhook tested). */
export const WEBHOOK_EVENT_GROUPS: Record<WebhookEvents, readonly TenantEventType[]> = {
  all: TENANT_EVENT_TYPES,
  forms: ['form.submitted', 'form.published'],
  files: ['file.uploaded', 'file.assigned', 'file.deleted'],
};

/** The subscription choices that receive an event type. */
export function subscriptionsFor(type: string): WebhookEvents[] {
  return WEBHOOK_EVENT_CHOICES.filter((choice) => (WEBHOOK_EVENT_GROUPS[choice] as readonly string[]).includes(type));
}

/** The deliveries list shows this many, newest first. */
export const DELIVERIES_LISTED = 50;

/* ---------- the URL guard at save time ---------- */

/**
 * Checks a webhook URL as the outbound guard will when delivering: http(s), no credentials, and
 * every address its host resolves to public (unless OUTBOUND_ALLOW_PRIVATE). Answers the
 * sentence a person sees.
 */
export async function checkWebhookUrl(url: string, policy: OutboundPolicy, resolver?: Resolver): Promise<void> {
  if (!/^https?:\/\//i.test(url)) throw badRequest(WEBHOOK_MESSAGES.urlScheme);
  try {
    await assertPublicUrl(url, policy, { resolver });
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    switch (error.reason) {
      case 'scheme':
        throw badRequest(WEBHOOK_MESSAGES.urlScheme);
      case 'credentials':
        throw badRequest(WEBHOOK_MESSAGES.urlCredentials);
      case 'private_address':
        throw badRequest(WEBHOOK_MESSAGES.urlPrivate, 'private_address');
      case 'dns':
        throw badRequest(`The host ${new URL(url).hostname} could not be found. Check the webhook URL.`, 'dns');
      default:
        throw badRequest(WEBHOOK_MESSAGES.urlInvalid);
    }
  }
}

/* ---------- commands and queries ---------- */

function policyOf(ctx: Pick<AppContext, 'config'>): OutboundPolicy {
  return ctx.config;
}

/** The last delivery of a webhook as its list row shows it. */
export interface LastDelivery {
  status: DeliveryStatus;
  status_code: number | null;
  at: Date;
}

/** A webhook with its last delivery, as its list row shows it. */
export interface WebhookListing {
  webhook: Webhook;
  lastDelivery: LastDelivery | null;
}

/** The last delivery of each of the tenant's webhooks (of `webhookId` only, when given). */
async function lastDeliveriesOf(
  ctx: ServiceContext,
  tenantId: string,
  webhookId?: string,
): Promise<Map<string, LastDelivery>> {
  const rows = await ctx.sequelize.query<LastDelivery & { webhook_id: string }>(
    `SELECT w.id AS webhook_id, d.status, d.last_status_code AS status_code, COALESCE(d.completed_at, d.created_at) AS at
     FROM webhooks w
     CROSS JOIN LATERAL (
       SELECT status, last_status_code, completed_at, created_at FROM webhook_deliveries
       WHERE tenant_id = w.tenant_id AND webhook_id = w.id ORDER BY created_at DESC LIMIT 1
     ) d
     WHERE w.tenant_id = $tenantId AND ($webhookId::uuid IS NULL OR w.id = $webhookId::uuid)`,
    { bind: { tenantId, webhookId: webhookId ?? null }, type: QueryTypes.SELECT, transaction: ctx.transaction },
  );
  return new Map(rows.map((r) => [r.webhook_id, { status: r.status, status_code: r.status_code, at: r.at }]));
}

/** The workspace's webhooks, oldest first, each with its last delivery. */
export async function listWebhooks(ctx: ServiceContext, scope: TenantScope): Promise<WebhookListing[]> {
  const [webhooks, lastDeliveries] = await Promise.all([
    ctx.db.Webhook.findAll({
      where: { tenant_id: scope.tenantId },
      order: [
        ['created_at', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction: ctx.transaction,
    }),
    lastDeliveriesOf(ctx, scope.tenantId),
  ]);
  return webhooks.map((webhook) => ({ webhook, lastDelivery: lastDeliveries.get(webhook.id) ?? null }));
}

/** A webhook of the tenant, locked for the transaction when there is one; 404 otherwise. */
async function findWebhook(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Webhook> {
  const webhook = await ctx.db.Webhook.findOne({
    where: { tenant_id: tenantId, id },
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
  if (!webhook) throw notFound(WEBHOOK_MESSAGES.notFound);
  return webhook;
}

/** Creates a webhook with a new signing secret, kept encrypted; the secret is returned this once. */
export async function createWebhook(
  ctx: ServiceContext,
  scope: TenantScope,
  input: WebhookInput,
): Promise<{ webhook: Webhook; secret: string }> {
  await checkWebhookUrl(input.url, policyOf(ctx));
  const secret = generateWebhookSecret();
  const webhook = await inTransaction(ctx, async (transaction) => {
    // One creation at a time per tenant, so the cap holds under concurrent requests.
    await ctx.sequelize.query('SELECT pg_advisory_xact_lock(hashtext(:key))', {
      replacements: { key: `webhooks:${scope.tenantId}` },
      transaction,
    });
    if ((await ctx.db.Webhook.count({ where: { tenant_id: scope.tenantId }, transaction })) >= MAX_WEBHOOKS_PER_TENANT)
      throw conflict(WEBHOOK_MESSAGES.tooMany, 'webhook_limit');
    const created = await ctx.db.Webhook.create(
      {
        tenant_id: scope.tenantId,
        url: input.url,
        events: input.events,
        enabled: input.enabled,
        secret_encrypted: encryptSecret(secret, ctx.config.secretsKey),
        created_by: scope.actor.userId,
      },
      { transaction },
    );
    await audit(
      ctx,
      scope,
      {
        action: 'webhook.created',
        entity: { type: 'webhook', id: created.id },
        details: { url: input.url, events: input.events, enabled: input.enabled },
      },
      transaction,
    );
    return created;
  });
  return { webhook, secret };
}

/** Changes url, events or enabled. Enabling clears the automatic-disable reason and the failure count. */
export async function updateWebhook(
  ctx: ServiceContext,
  scope: TenantScope,
  input: WebhookChanges & { id: string },
): Promise<WebhookListing> {
  if (input.url !== undefined) await checkWebhookUrl(input.url, policyOf(ctx));
  const webhook = await inTransaction(ctx, async (transaction) => {
    const webhook = await findWebhook(ctx, scope.tenantId, input.id, transaction);
    const changes: Record<string, unknown> = {};
    if (input.url !== undefined && input.url !== webhook.url) changes.url = webhook.url = input.url;
    if (input.events !== undefined && input.events !== webhook.events) changes.events = webhook.events = input.events;
    if (input.enabled === true) {
      if (!webhook.enabled) changes.enabled = true;
      webhook.enabled = true;
      webhook.disabled_reason = null;
      webhook.consecutive_failures = 0;
    } else if (input.enabled === false && webhook.enabled) {
      changes.enabled = webhook.enabled = false;
      // Disabled by a person: there is no automatic reason to show.
      webhook.disabled_reason = null;
    }
    if (webhook.changed()) await webhook.save({ transaction });
    if (Object.keys(changes).length > 0) {
      await audit(
        ctx,
        scope,
        { action: 'webhook.updated', entity: { type: 'webhook', id: webhook.id }, details: changes },
        transaction,
      );
    }
    return webhook;
  });
  const lastDeliveries = await lastDeliveriesOf(ctx, scope.tenantId, webhook.id);
  return { webhook, lastDelivery: lastDeliveries.get(webhook.id) ?? null };
}

/** Deletes a webhook with its deliveries; jobs still queued for them find nothing and end. */
export async function deleteWebhook(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const webhook = await findWebhook(ctx, scope.tenantId, input.id, transaction);
    await webhook.destroy({ transaction });
    await audit(
      ctx,
      scope,
      {
        action: 'webhook.deleted',
        entity: { type: 'webhook', id: webhook.id },
        details: { url: webhook.url, events: webhook.events },
      },
      transaction,
    );
  });
}

/** The JSON body every delivery sends. */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  tenant_id: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

/** The exact bytes sent: top-level keys in the documented order (jsonb does not keep key order). */
export function webhookBody(payload: WebhookPayload): string {
  const { id, type, tenant_id, timestamp, data } = payload;
  return JSON.stringify({ id, type, tenant_id, timestamp, data });
}

export function queueDeliveries(ctx: Pick<AppContext, 'queues' | 'config'>, ids: readonly string[]): Promise<void> {
  return queueWebhookJobs(
    ctx,
    ids.map((deliveryId) => ({ kind: 'deliver', deliveryId })),
  );
}

/** Queues the deliveries once the transaction commits (before the caller answers); `sweep-events` covers a failed enqueue. */
function queueAfterCommit(
  ctx: Pick<AppContext, 'queues' | 'config' | 'logger'>,
  ids: string[],
  transaction: Transaction,
): void {
  transaction.afterCommit(async () => {
    try {
      await queueDeliveries(ctx, ids);
    } catch (error) {
      ctx.logger.error({ err: error, deliveries: ids }, 'could not queue webhook deliveries');
    }
  });
}

/** The Test button: a real `ping` delivery to this webhook (also when it is disabled). */
export async function queueTestDelivery(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { id: string },
): Promise<WebhookDelivery> {
  return inTransaction(ctx, async (transaction) => {
    const webhook = await findWebhook(ctx, scope.tenantId, input.id, transaction);
    const messageId = randomUUID();
    const payload: WebhookPayload = {
      id: messageId,
      type: 'ping',
      tenant_id: scope.tenantId,
      timestamp: ctx.clock.now().toISOString(),
      data: { webhook: { id: webhook.id, url: webhook.url, events: webhook.events } },
    };
    const delivery = await ctx.db.WebhookDelivery.create(
      {
        tenant_id: scope.tenantId,
        webhook_id: webhook.id,
        event_id: null,
        message_id: messageId,
        event_type: 'ping',
        payload: payload as unknown as Record<string, unknown>,
      },
      { transaction },
    );
    await audit(
      ctx,
      scope,
      { action: 'webhook.tested', entity: { type: 'webhook', id: webhook.id }, details: { delivery_id: delivery.id } },
      transaction,
    );
    queueAfterCommit(ctx, [delivery.id], transaction);
    return delivery;
  });
}

/** Replay: a new delivery of the same body and `webhook-id`, so receivers can recognise it. */
export async function replayDelivery(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { webhookId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  return inTransaction(ctx, async (transaction) => {
    const webhook = await findWebhook(ctx, scope.tenantId, input.webhookId, transaction);
    const original = await ctx.db.WebhookDelivery.findOne({
      where: { tenant_id: scope.tenantId, webhook_id: webhook.id, id: input.deliveryId },
      transaction,
    });
    if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    const delivery = await ctx.db.WebhookDelivery.create(
      {
        tenant_id: scope.tenantId,
        webhook_id: webhook.id,
        event_id: original.event_id,
        message_id: original.message_id,
        event_type: original.event_type,
        payload: original.payload,
        replay_of: original.id,
      },
      { transaction },
    );
    await audit(
      ctx,
      scope,
      {
        action: 'webhook.delivery_replayed',
        entity: { type: 'webhook', id: webhook.id },
        details: { delivery_id: delivery.id, replay_of: original.id },
      },
      transaction,
    );
    queueAfterCommit(ctx, [delivery.id], transaction);
    return delivery;
  });
}

/** The newest deliveries of a webhook, each with its attempts in order. */
export async function listDeliveries(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { webhookId: string },
): Promise<{ deliveries: WebhookDelivery[]; attempts: Map<string, WebhookAttempt[]> }> {
  const { tenantId } = scope;
  const webhook = await findWebhook(ctx, tenantId, input.webhookId);
  const deliveries = await ctx.db.WebhookDelivery.findAll({
    where: { tenant_id: tenantId, webhook_id: webhook.id },
    attributes: { exclude: ['payload'] },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: DELIVERIES_LISTED,
  });
  const attempts = new Map<string, WebhookAttempt[]>(deliveries.map((d) => [d.id, []]));
  if (deliveries.length > 0) {
    const rows = await ctx.db.WebhookAttempt.findAll({
      where: { tenant_id: tenantId, delivery_id: { [Op.in]: deliveries.map((d) => d.id) } },
      order: [['attempt', 'ASC']],
    });
    for (const row of rows) attempts.get(row.delivery_id)!.push(row);
  }
  return { deliveries, attempts };
}
