import { Op, type CreationAttributes, type Order, type Transaction, type WhereOptions } from 'sequelize';
import type { GlobalSecretKey, RoleKind, TenantIntegrationKey } from '@portico/common';
import type { AppContext } from '../context';
import type {
  ApiKey,
  DeliveryStatus,
  EmailOutbox,
  GlobalIntegration,
  Membership,
  Tenant,
  TenantEvent,
  TenantIntegration,
  TenantSlackWebhook,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvents,
} from '../db/models';
import { crossTenantStatement, execute, select, tenantStatement } from '../db/statements';
import type { WebhookEventType } from '../kernel/events';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of the integrations domain: its model calls and its SQL. Functions are named
 * for what they read or write; "not found" is null, and the services decide what that means.
 */

type Db = Pick<ServiceContext, 'db'>;
type Sql = Pick<ServiceContext, 'sequelize'>;

/** Columns of `tenants` read here, by what they serve. */
const TENANT_NAME = ['id', 'name'] as const;
const TENANT_SENDER = ['email_from_name', 'email_from_address'] as const;
const TENANT_PLAN = ['id', 'tier', 'status'] as const;
const TENANT_BRAND = ['id', 'name', 'slug', 'domain', 'primary_color'] as const;

/* ---------- workspaces and people ---------- */

export function findTenant(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { transaction });
}

/** Its id and name only. */
export function findTenantName(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { attributes: [...TENANT_NAME], transaction });
}

export async function tenantExists(ctx: Db, tenantId: string): Promise<boolean> {
  return (await ctx.db.Tenant.findByPk(tenantId, { attributes: ['id'] })) !== null;
}

/** The name and reply-to address its mail goes out with. */
export function findTenantSender(ctx: Db, tenantId: string): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { attributes: [...TENANT_SENDER] });
}

/** Its tier and status, which decide whether its webhooks get deliveries. */
export function findTenantPlan(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { attributes: [...TENANT_PLAN], transaction });
}

/** What an email to its admins is branded with and links to. */
export function findTenantBrand(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { attributes: [...TENANT_BRAND], transaction });
}

/** Every workspace's id and name, by name. */
export function listTenantNames(ctx: Db): Promise<Tenant[]> {
  return ctx.db.Tenant.findAll({ attributes: [...TENANT_NAME], order: [['name', 'ASC']] });
}

export async function findUserEmail(ctx: Db, userId: string): Promise<string | null> {
  return (await ctx.db.User.findByPk(userId, { attributes: ['email'] }))?.email ?? null;
}

/** The active owners and admins of a workspace, each with their user's id and email. */
export function listActiveAdmins(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Membership[]> {
  return ctx.db.Membership.findAll({
    where: { tenant_id: tenantId, status: 'active', role: { [Op.in]: ['owner', 'admin'] } },
    include: [{ model: ctx.db.User, as: 'user', attributes: ['id', 'email'] }],
    transaction,
  });
}

/* ---------- API keys ---------- */

export function insertApiKey(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<ApiKey>, 'tenant_id'>,
  transaction: Transaction,
): Promise<ApiKey> {
  return ctx.db.ApiKey.create({ ...values, tenant_id: tenantId }, { transaction });
}

/** A live key of the tenant, locked for the transaction. */
export function lockLiveApiKey(
  ctx: Db,
  tenantId: string,
  id: string,
  transaction: Transaction,
): Promise<ApiKey | null> {
  return ctx.db.ApiKey.findOne({
    where: { tenant_id: tenantId, id, revoked_at: null },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

/** The tenant's live keys, newest first. */
export function listLiveApiKeys(ctx: Db, tenantId: string): Promise<ApiKey[]> {
  return ctx.db.ApiKey.findAll({
    where: { tenant_id: tenantId, revoked_at: null },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
  });
}

export function findLiveApiKeyOfTenant(ctx: Db, tenantId: string, id: string): Promise<ApiKey | null> {
  return ctx.db.ApiKey.findOne({ where: { tenant_id: tenantId, id, revoked_at: null } });
}

/** The live key with this hash, whichever tenant's: the key is what tells the tenant. */
export function findLiveApiKeyByHash(ctx: Db, keyHash: string): Promise<ApiKey | null> {
  return ctx.db.ApiKey.findOne({ where: { key_hash: keyHash, revoked_at: null }, allTenants: true });
}

const ADD_API_KEY_CALLS = crossTenantStatement(
  'api-keys.add-calls',
  'the usage flush covers every tenant’s keys at once; each row is matched on its own tenant_id and id',
  `UPDATE api_keys k SET calls_count = k.calls_count + u.calls
   FROM unnest($1::uuid[], $2::uuid[], $3::bigint[]) AS u(tenant_id, id, calls)
   WHERE k.tenant_id = u.tenant_id AND k.id = u.id`,
);

/** Adds calls to `api_keys.calls_count`, of any tenant's keys. */
export async function addApiKeyCalls(
  ctx: Sql,
  calls: readonly { tenantId: string; keyId: string; count: number }[],
): Promise<void> {
  await execute(ctx, ADD_API_KEY_CALLS, [
    calls.map((c) => c.tenantId),
    calls.map((c) => c.keyId),
    calls.map((c) => c.count),
  ]);
}

const ADVANCE_API_KEYS_LAST_USED = crossTenantStatement(
  'api-keys.advance-last-used',
  'the usage flush covers every tenant’s keys at once; each row is matched on its own tenant_id and id',
  `UPDATE api_keys k SET last_used_at = GREATEST(k.last_used_at, u.at)
   FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS u(tenant_id, id, at)
   WHERE k.tenant_id = u.tenant_id AND k.id = u.id`,
);

/** Moves `api_keys.last_used_at` forward (never back), of any tenant's keys; answers how many rows it matched. */
export function advanceApiKeysLastUsed(
  ctx: Sql,
  uses: readonly { tenantId: string; keyId: string; at: string }[],
): Promise<number> {
  return execute(ctx, ADVANCE_API_KEYS_LAST_USED, [
    uses.map((u) => u.tenantId),
    uses.map((u) => u.keyId),
    uses.map((u) => u.at),
  ]);
}

/* ---------- global integrations ---------- */

export function listGlobalIntegrationRows(ctx: Db): Promise<GlobalIntegration[]> {
  return ctx.db.GlobalIntegration.findAll();
}

export function findGlobalIntegration(
  ctx: Db,
  key: GlobalSecretKey,
  transaction?: Transaction,
): Promise<GlobalIntegration | null> {
  return ctx.db.GlobalIntegration.findByPk(key, { transaction });
}

/** Its saved value, still encrypted. */
export async function findGlobalIntegrationSecret(ctx: Db, key: GlobalSecretKey): Promise<string | null> {
  return (await ctx.db.GlobalIntegration.findByPk(key, { attributes: ['value_encrypted'] }))?.value_encrypted ?? null;
}

export function countGlobalIntegrations(ctx: Db, key: GlobalSecretKey): Promise<number> {
  return ctx.db.GlobalIntegration.count({ where: { key } });
}

/** Inserts or replaces in one statement, so two saves of the same key at once cannot collide. */
export async function upsertGlobalIntegration(
  ctx: Db,
  values: CreationAttributes<GlobalIntegration>,
  transaction: Transaction,
): Promise<GlobalIntegration> {
  const [row] = await ctx.db.GlobalIntegration.upsert(values, { transaction, returning: true });
  return row;
}

export async function setGlobalIntegrationLastUsed(ctx: Db, key: GlobalSecretKey, at: Date): Promise<void> {
  await ctx.db.GlobalIntegration.update({ last_used_at: at }, { where: { key } });
}

/* ---------- a workspace's integration switches and its Slack ---------- */

/** The switches of these workspaces that have a row (no row: on). */
export function listIntegrationSwitches(
  ctx: Db,
  tenantIds: string[],
  transaction?: Transaction,
): Promise<TenantIntegration[]> {
  return ctx.db.TenantIntegration.findAll({ where: { tenant_id: { [Op.in]: tenantIds } }, transaction });
}

export function findIntegrationSwitch(
  ctx: Db,
  tenantId: string,
  key: TenantIntegrationKey,
  transaction?: Transaction,
): Promise<TenantIntegration | null> {
  return ctx.db.TenantIntegration.findOne({ where: { tenant_id: tenantId, key }, transaction });
}

export async function upsertIntegrationSwitch(
  ctx: Db,
  tenantId: string,
  key: TenantIntegrationKey,
  enabled: boolean,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TenantIntegration.upsert(
    { tenant_id: tenantId, key, enabled },
    { transaction, conflictFields: ['tenant_id', 'key'] },
  );
}

export function findTenantSlack(ctx: Db, tenantId: string): Promise<TenantSlackWebhook | null> {
  return ctx.db.TenantSlackWebhook.findOne({ where: { tenant_id: tenantId } });
}

export function countTenantSlack(ctx: Db, tenantId: string, transaction?: Transaction): Promise<number> {
  return ctx.db.TenantSlackWebhook.count({ where: { tenant_id: tenantId }, transaction });
}

export async function upsertTenantSlack(
  ctx: Db,
  tenantId: string,
  values: Pick<CreationAttributes<TenantSlackWebhook>, 'url_encrypted' | 'url_last4'>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TenantSlackWebhook.upsert({ ...values, tenant_id: tenantId }, { transaction });
}

/* ---------- the email outbox ---------- */

export function insertOutboxEmail(
  ctx: Db,
  values: CreationAttributes<EmailOutbox>,
  transaction?: Transaction,
): Promise<EmailOutbox> {
  return ctx.db.EmailOutbox.create(values, { transaction });
}

/** An outbox row by id, whichever tenant's (the email job knows only the id). */
export function findOutboxEmail(ctx: Db, id: string): Promise<EmailOutbox | null> {
  return ctx.db.EmailOutbox.findOne({ where: { id }, allTenants: true });
}

/** The owner whose unconfirmed address holds the workspace's mail to clients, or null. */
export async function findClientMailHold(ctx: Db, tenantId: string, transaction?: Transaction): Promise<string | null> {
  const tenant = await ctx.db.Tenant.findByPk(tenantId, { attributes: ['client_mail_held_for'], transaction });
  return tenant?.client_mail_held_for ?? null;
}

/** The role of the workspace's member with this address, and its kind there when it is one of the workspace's own. */
export async function findMemberRoleByEmail(
  ctx: Db,
  tenantId: string,
  email: string,
  transaction?: Transaction,
): Promise<{ role: string; kind: RoleKind | null } | null> {
  const membership = await ctx.db.Membership.findOne({
    where: { tenant_id: tenantId },
    attributes: ['role'],
    include: [{ model: ctx.db.User, as: 'user', attributes: [], where: { email: email.trim().toLowerCase() } }],
    transaction,
  });
  if (!membership) return null;
  const type = await ctx.db.TenantRoleType.findOne({
    where: { tenant_id: tenantId, role_key: membership.role },
    attributes: ['kind'],
    transaction,
  });
  return { role: membership.role, kind: type?.kind ?? null };
}

/** How many of the workspace's emails are held. */
export function countHeldOutboxEmails(ctx: Db, tenantId: string): Promise<number> {
  return ctx.db.EmailOutbox.count({ where: { tenant_id: tenantId, status: 'held' } });
}

/**
 * The workspaces whose mail waited for this owner stop waiting, and their held rows become queued:
 * answers those rows' ids.
 */
export async function releaseHeldOutboxEmails(ctx: Db, ownerId: string, transaction: Transaction): Promise<string[]> {
  const [, tenants] = await ctx.db.Tenant.update(
    { client_mail_held_for: null },
    { where: { client_mail_held_for: ownerId }, returning: ['id'], transaction },
  );
  if (tenants.length === 0) return [];
  const [, rows] = await ctx.db.EmailOutbox.update(
    { status: 'queued' },
    { where: { tenant_id: tenants.map((t) => t.id), status: 'held' }, returning: ['id'], transaction },
  );
  return rows.map((row) => row.id);
}

/** The ids of rows of every tenant still queued since before `before`. */
export function listQueuedOutboxEmails(ctx: Db, before: Date, limit: number): Promise<EmailOutbox[]> {
  return ctx.db.EmailOutbox.findAll({
    where: { status: 'queued', created_at: { [Op.lt]: before } },
    allTenants: true,
    attributes: ['id'],
    limit,
  });
}

/* ---------- webhooks ---------- */

/** The tenant's webhooks, oldest first. */
export function listTenantWebhooks(ctx: Db, tenantId: string, transaction?: Transaction): Promise<Webhook[]> {
  return ctx.db.Webhook.findAll({
    where: { tenant_id: tenantId },
    order: [
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
}

/** A webhook of the tenant, locked for the transaction when there is one. */
export function findWebhook(ctx: Db, tenantId: string, id: string, transaction?: Transaction): Promise<Webhook | null> {
  return ctx.db.Webhook.findOne({
    where: { tenant_id: tenantId, id },
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
}

export function countWebhooks(ctx: Db, tenantId: string, transaction: Transaction): Promise<number> {
  return ctx.db.Webhook.count({ where: { tenant_id: tenantId }, transaction });
}

/** The ids of the tenant's enabled webhooks subscribed to any of these choices. */
export function listSubscribedWebhooks(
  ctx: Db,
  tenantId: string,
  subscriptions: WebhookEvents[],
  transaction: Transaction,
): Promise<Webhook[]> {
  return ctx.db.Webhook.findAll({
    where: { tenant_id: tenantId, enabled: true, events: { [Op.in]: subscriptions } },
    attributes: ['id'],
    transaction,
  });
}

export function insertWebhook(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<Webhook>, 'tenant_id'>,
  transaction: Transaction,
): Promise<Webhook> {
  return ctx.db.Webhook.create({ ...values, tenant_id: tenantId }, { transaction });
}

const LOCK_WEBHOOK_CREATION = crossTenantStatement(
  'webhooks.lock-creation',
  'an advisory lock on a key naming the tenant; it reads and writes no table',
  'SELECT pg_advisory_xact_lock(hashtext($1))',
);

/** Holds the tenant's webhook creations to one at a time until the transaction ends. */
export async function lockWebhookCreation(ctx: Sql, tenantId: string, transaction: Transaction): Promise<void> {
  await select(ctx, LOCK_WEBHOOK_CREATION, [`webhooks:${tenantId}`], transaction);
}

/** The last delivery of a webhook as its list row shows it. */
export interface LastDelivery {
  status: DeliveryStatus;
  status_code: number | null;
  at: Date;
}

const LAST_DELIVERIES = tenantStatement(
  'webhooks.last-deliveries',
  `SELECT w.id AS webhook_id, d.status, d.last_status_code AS status_code, COALESCE(d.completed_at, d.created_at) AS at
   FROM webhooks w
   CROSS JOIN LATERAL (
     SELECT status, last_status_code, completed_at, created_at FROM webhook_deliveries
     WHERE tenant_id = w.tenant_id AND webhook_id = w.id ORDER BY created_at DESC LIMIT 1
   ) d
   WHERE w.tenant_id = $1 AND ($2::uuid IS NULL OR w.id = $2::uuid)`,
);

/** The last delivery of each of the tenant's webhooks (of `webhookId` only, when given), by webhook id. */
export async function findLastDeliveries(
  ctx: Sql,
  tenantId: string,
  webhookId: string | null,
  transaction?: Transaction,
): Promise<Map<string, LastDelivery>> {
  const rows = await select<LastDelivery & { webhook_id: string }>(
    ctx,
    LAST_DELIVERIES,
    [tenantId, webhookId],
    transaction,
  );
  return new Map(rows.map((r) => [r.webhook_id, { status: r.status, status_code: r.status_code, at: r.at }]));
}

/* ---------- deliveries ---------- */

/** The JSON body every delivery sends, kept with the delivery. */
export interface WebhookPayload {
  id: string;
  type: WebhookEventType;
  tenant_id: string;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

export function insertDelivery(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<WebhookDelivery>, 'tenant_id'>,
  transaction: Transaction,
): Promise<WebhookDelivery> {
  return ctx.db.WebhookDelivery.create({ ...values, tenant_id: tenantId }, { transaction });
}

/** Inserts the deliveries; one that exists already (same webhook and event) is skipped. */
export function insertDeliveries(
  ctx: Db,
  rows: CreationAttributes<WebhookDelivery>[],
  transaction: Transaction,
): Promise<WebhookDelivery[]> {
  return ctx.db.WebhookDelivery.bulkCreate(rows, { transaction, ignoreDuplicates: true });
}

export function findDelivery(
  ctx: Db,
  tenantId: string,
  webhookId: string,
  id: string,
  transaction: Transaction,
): Promise<WebhookDelivery | null> {
  return ctx.db.WebhookDelivery.findOne({ where: { tenant_id: tenantId, webhook_id: webhookId, id }, transaction });
}

/** A delivery's id, tenant and webhook, whichever tenant's it is (the console's debugger). */
export function findDeliveryOfAnyTenant(ctx: Db, id: string): Promise<WebhookDelivery | null> {
  return ctx.db.WebhookDelivery.findOne({
    where: { id },
    attributes: ['id', 'tenant_id', 'webhook_id'],
    allTenants: true,
  });
}

/** The tenant's newest deliveries without their bodies, of one webhook when given. */
export function listNewestDeliveries(
  ctx: Db,
  tenantId: string,
  webhookId: string | null,
  limit: number,
): Promise<WebhookDelivery[]> {
  return ctx.db.WebhookDelivery.findAll({
    where: webhookId ? { tenant_id: tenantId, webhook_id: webhookId } : { tenant_id: tenantId },
    attributes: { exclude: ['payload'] },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit,
  });
}

/** The attempts of these deliveries, in attempt order. */
export function listAttempts(ctx: Db, tenantId: string, deliveryIds: string[]): Promise<WebhookAttempt[]> {
  return ctx.db.WebhookAttempt.findAll({
    where: { tenant_id: tenantId, delivery_id: { [Op.in]: deliveryIds } },
    order: [['attempt', 'ASC']],
  });
}

/** The ids of an event's deliveries still pending. */
export function listPendingDeliveriesOfEvent(
  ctx: Db,
  tenantId: string,
  eventId: string,
  transaction: Transaction,
): Promise<WebhookDelivery[]> {
  return ctx.db.WebhookDelivery.findAll({
    where: { tenant_id: tenantId, event_id: eventId, status: 'pending' },
    attributes: ['id'],
    transaction,
  });
}

/** Closes a delivery as failed with this reason, if it is still pending. */
export async function failPendingDelivery(
  ctx: Db,
  tenantId: string,
  id: string,
  reason: string,
  at: Date,
): Promise<void> {
  await ctx.db.WebhookDelivery.update(
    { status: 'failed', last_error: reason, completed_at: at },
    { where: { tenant_id: tenantId, id, status: 'pending' } },
  );
}

/* ---------- events and the sweep ---------- */

/** An event by id, whichever tenant's (the fan-out job knows only the id), locked for the transaction. */
export function lockTenantEvent(ctx: Db, eventId: string, transaction: Transaction): Promise<TenantEvent | null> {
  return ctx.db.TenantEvent.findOne({
    where: { id: eventId },
    allTenants: true,
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

/** A row of a sweep's page, and where the next page starts. */
export type StaleRow = { id: string; created_at: Date };

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

/** Events of every tenant created before `before` and not fanned out, oldest first, after `cursor`. */
export function listUndispatchedEvents(
  ctx: Db,
  before: Date,
  cursor: StaleRow | null,
  limit: number,
): Promise<TenantEvent[]> {
  return ctx.db.TenantEvent.findAll({
    where: { dispatched_at: null, created_at: { [Op.lt]: before }, ...after(cursor) },
    allTenants: true,
    attributes: ['id', 'created_at'],
    order: OLDEST_FIRST,
    limit,
  });
}

/** Deliveries of every tenant created before `before` and still pending, oldest first, after `cursor`. */
export function listStalePendingDeliveries(
  ctx: Db,
  before: Date,
  cursor: StaleRow | null,
  limit: number,
): Promise<WebhookDelivery[]> {
  return ctx.db.WebhookDelivery.findAll({
    where: { status: 'pending', created_at: { [Op.lt]: before }, ...after(cursor) },
    allTenants: true,
    attributes: ['id', 'created_at'],
    order: OLDEST_FIRST,
    limit,
  });
}

/* ---------- sending and recording (the worker's hot path) ---------- */

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

const DELIVERIES_TO_SEND = crossTenantStatement(
  'webhooks.deliveries-to-send',
  'a system job knows only the delivery id; the row read names its tenant, and everything after it does',
  `SELECT d.id, d.tenant_id, d.webhook_id, d.message_id, d.event_type, d.payload, d.status, d.attempts, d.replay_of, w.url, w.enabled, w.secret_encrypted,
            t.status AS tenant_status,
            COALESCE((SELECT i.enabled FROM tenant_integrations i WHERE i.tenant_id = d.tenant_id AND i.key = 'webhooks'), true) AS webhooks_on
     FROM webhook_deliveries d JOIN webhooks w ON w.tenant_id = d.tenant_id AND w.id = d.webhook_id
     JOIN tenants t ON t.id = d.tenant_id
     WHERE d.id = ANY($1::uuid[])`,
);

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
  const rows = await select<DeliveryToSend>({ sequelize }, DELIVERIES_TO_SEND, [deliveryIds]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** One attempt as `webhook_attempts` logs it, and the status it leaves its delivery in. */
export interface AttemptRow {
  deliveryId: string;
  webhookId: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  excerpt: string | null;
  error: string | null;
  status: DeliveryStatus;
}

const RECORD_ATTEMPTS = tenantStatement(
  'webhooks.record-attempts',
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
);

/**
 * Logs the tenant's attempts and moves each delivery to its status, in one statement; a success
 * resets its webhook's failure count. A delivery no longer pending is left as it is.
 */
export async function insertAttempts(ctx: Sql, tenantId: string, rows: readonly AttemptRow[]): Promise<void> {
  await execute(ctx, RECORD_ATTEMPTS, [
    tenantId,
    rows.map((r) => r.deliveryId),
    rows.map((r) => r.webhookId),
    rows.map((r) => r.attempt),
    rows.map((r) => r.statusCode),
    rows.map((r) => r.durationMs),
    rows.map((r) => r.excerpt),
    rows.map((r) => r.error),
    rows.map((r) => r.status),
  ]);
}

const RECORD_FAILED_ATTEMPT = tenantStatement(
  'webhooks.record-failed-attempt',
  `WITH attempt AS (
     INSERT INTO webhook_attempts (tenant_id, delivery_id, attempt, status_code, duration_ms, response_excerpt, error)
     VALUES ($1, $2, $4, $5::int, $6, $7::text, $8::text)
   ), delivery AS (
     UPDATE webhook_deliveries
     SET attempts = $4, status = 'failed', last_status_code = $5::int, last_error = $8::text,
         completed_at = now(), updated_at = now()
     WHERE tenant_id = $1 AND id = $2 AND status = 'pending'
     RETURNING id
   )
   UPDATE webhooks w SET consecutive_failures = w.consecutive_failures + 1
   FROM delivery
   WHERE w.tenant_id = $1 AND w.id = $3
   RETURNING w.consecutive_failures, w.enabled`,
);

/**
 * Logs an attempt that failed for good, closes its delivery and adds one to its webhook's failure
 * count (taking the webhook's row lock); answers the count and whether the webhook is enabled,
 * or null when the delivery was no longer pending.
 */
export async function insertFailedAttempt(
  ctx: Sql,
  tenantId: string,
  row: Omit<AttemptRow, 'status'>,
  transaction: Transaction,
): Promise<{ consecutive_failures: number; enabled: boolean } | null> {
  const [counted] = await select<{ consecutive_failures: number; enabled: boolean }>(
    ctx,
    RECORD_FAILED_ATTEMPT,
    [tenantId, row.deliveryId, row.webhookId, row.attempt, row.statusCode, row.durationMs, row.excerpt, row.error],
    transaction,
  );
  return counted ?? null;
}

const DISABLE_WEBHOOK = tenantStatement(
  'webhooks.disable',
  'UPDATE webhooks SET enabled = false, disabled_reason = $3, updated_at = now() WHERE tenant_id = $1 AND id = $2',
);

export async function disableWebhook(
  ctx: Sql,
  tenantId: string,
  webhookId: string,
  reason: string,
  transaction: Transaction,
): Promise<void> {
  await execute(ctx, DISABLE_WEBHOOK, [tenantId, webhookId, reason], transaction);
}
