import { randomUUID } from 'node:crypto';
import {
  MAX_WEBHOOKS_PER_TENANT,
  WEBHOOK_EVENT_CHOICES,
  WEBHOOK_MESSAGES,
  type WebhookChanges,
  type WebhookInput,
} from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import type { Webhook, WebhookAttempt, WebhookDelivery, WebhookEvents } from '../db/models';
import { audit } from '../kernel/audit';
import { encryptSecret } from '../kernel/crypto';
import { badRequest, conflict, notFound } from '../kernel/errors';
import { queueWebhookJobs, TENANT_EVENT_TYPES, type TenantEventType } from '../kernel/events';
import { assertPublicUrl, OutboundError, type OutboundPolicy, type Resolver } from '../kernel/outbound';
import {
  countWebhooks,
  findDelivery,
  findLastDeliveries,
  findWebhook,
  insertDelivery,
  insertWebhook,
  listAttempts,
  listNewestDeliveries,
  listTenantWebhooks,
  lockWebhookCreation,
  type LastDelivery,
  type WebhookPayload,
} from './integrations-data';
import { generateWebhookSecret } from './webhook-signing';

/* ---------- subscriptions ---------- */

export { MAX_WEBHOOKS_PER_TENANT, WEBHOOK_EVENT_CHOICES, WEBHOOK_MESSAGES } from '@portico/common';

/** The event types each subscription choice receives (`ping` goes only to the webhook tested). */
export const WEBHOOK_EVENT_GROUPS: Record<WebhookEvents, readonly TenantEventType[]> = {
  all: TENANT_EVENT_TYPES,
  forms: ['form.submitted', 'form.published'],
  files: ['file.uploaded', 'file.assigned', 'file.deleted', 'file.restored', 'file.version_uploaded'],
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

/** A webhook with its last delivery, as its list row shows it. */
export interface WebhookListing {
  webhook: Webhook;
  lastDelivery: LastDelivery | null;
}

/** The workspace's webhooks, oldest first, each with its last delivery. */
export async function listWebhooks(ctx: ServiceContext, scope: TenantScope): Promise<WebhookListing[]> {
  const [webhooks, lastDeliveries] = await Promise.all([
    listTenantWebhooks(ctx, scope.tenantId, ctx.transaction),
    findLastDeliveries(ctx, scope.tenantId, null, ctx.transaction),
  ]);
  return webhooks.map((webhook) => ({ webhook, lastDelivery: lastDeliveries.get(webhook.id) ?? null }));
}

/** A webhook of the tenant, locked for the transaction when there is one; 404 otherwise. */
async function webhookOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Webhook> {
  const webhook = await findWebhook(ctx, tenantId, id, transaction);
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
    await lockWebhookCreation(ctx, scope.tenantId, transaction);
    if ((await countWebhooks(ctx, scope.tenantId, transaction)) >= MAX_WEBHOOKS_PER_TENANT)
      throw conflict(WEBHOOK_MESSAGES.tooMany, 'webhook_limit');
    const created = await insertWebhook(
      ctx,
      scope.tenantId,
      {
        url: input.url,
        events: input.events,
        enabled: input.enabled,
        secret_encrypted: encryptSecret(secret, ctx.config.secretsKey),
        created_by: scope.actor.userId,
      },
      transaction,
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
    const webhook = await webhookOf(ctx, scope.tenantId, input.id, transaction);
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
  const lastDeliveries = await findLastDeliveries(ctx, scope.tenantId, webhook.id, ctx.transaction);
  return { webhook, lastDelivery: lastDeliveries.get(webhook.id) ?? null };
}

/** Deletes a webhook with its deliveries; jobs still queued for them find nothing and end. */
export async function deleteWebhook(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const webhook = await webhookOf(ctx, scope.tenantId, input.id, transaction);
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
    const webhook = await webhookOf(ctx, scope.tenantId, input.id, transaction);
    const messageId = randomUUID();
    const payload: WebhookPayload = {
      id: messageId,
      type: 'ping',
      tenant_id: scope.tenantId,
      timestamp: ctx.clock.now().toISOString(),
      data: { webhook: { id: webhook.id, url: webhook.url, events: webhook.events } },
    };
    const delivery = await insertDelivery(
      ctx,
      scope.tenantId,
      {
        webhook_id: webhook.id,
        event_id: null,
        message_id: messageId,
        event_type: 'ping',
        payload: payload as unknown as Record<string, unknown>,
      },
      transaction,
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
    const webhook = await webhookOf(ctx, scope.tenantId, input.webhookId, transaction);
    const original = await findDelivery(ctx, scope.tenantId, webhook.id, input.deliveryId, transaction);
    if (!original) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
    const delivery = await insertDelivery(
      ctx,
      scope.tenantId,
      {
        webhook_id: webhook.id,
        event_id: original.event_id,
        message_id: original.message_id,
        event_type: original.event_type,
        payload: original.payload,
        replay_of: original.id,
      },
      transaction,
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
  const webhook = await webhookOf(ctx, tenantId, input.webhookId);
  const deliveries = await listNewestDeliveries(ctx, tenantId, webhook.id, DELIVERIES_LISTED);
  const attempts = new Map<string, WebhookAttempt[]>(deliveries.map((d) => [d.id, []]));
  if (deliveries.length > 0) {
    const rows = await listAttempts(
      ctx,
      tenantId,
      deliveries.map((d) => d.id),
    );
    for (const row of rows) attempts.get(row.delivery_id)!.push(row);
  }
  return { deliveries, attempts };
}
