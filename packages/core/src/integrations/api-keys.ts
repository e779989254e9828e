import { randomBytes } from 'node:crypto';
import { isUuid } from '@portico/common';
import type { AppContext } from '../context';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import type { ApiKey, Tenant } from '../db/models';
import { audit } from '../kernel/audit';
import { sha256 } from '../kernel/crypto';
import { notFound } from '../kernel/errors';
import {
  addApiKeyCalls,
  advanceApiKeysLastUsed,
  findLiveApiKeyOfTenant,
  findLiveApiKeyByHash,
  findTenant,
  insertApiKey,
  listLiveApiKeys,
  lockLiveApiKey,
} from './integrations-data';

/** Every key starts with this, so a key is recognisable in logs, secret scanners and headers. */
export const API_KEY_PREFIX = 'ptk_';
/** `ptk_` and 43 base64url characters (32 random bytes). */
const API_KEY_FORMAT = /^ptk_[A-Za-z0-9_-]{43}$/;
/** How much of a key stays readable in lists to tell keys apart: `ptk_` and 8 characters. */
const KEY_PREFIX_LENGTH = 12;

export const API_KEY_NOT_FOUND = 'This API key does not exist.';

/** Whether a bearer token is shaped like an API key (it may still be unknown or revoked). */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** Creates a key; the full key is returned here once and only its SHA-256 hash is kept. */
export async function createApiKey(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { label: string },
): Promise<{ apiKey: ApiKey; key: string }> {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const apiKey = await inTransaction(ctx, async (transaction) => {
    const row = await insertApiKey(
      ctx,
      scope.tenantId,
      {
        label: input.label,
        key_prefix: key.slice(0, KEY_PREFIX_LENGTH),
        key_hash: sha256(key),
        created_by: scope.actor.userId,
      },
      transaction,
    );
    await audit(
      ctx,
      scope,
      {
        action: 'api_key.created',
        entity: { type: 'api_key', id: row.id },
        details: { label: row.label, key_prefix: row.key_prefix },
      },
      transaction,
    );
    return row;
  });
  return { apiKey, key };
}

/** Revokes a key of this tenant; the next request with it is refused. */
export async function revokeApiKey(ctx: ServiceContext, scope: TenantScope, input: { id: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const row = await lockLiveApiKey(ctx, scope.tenantId, input.id, transaction);
    if (!row) throw notFound(API_KEY_NOT_FOUND);
    await row.update({ revoked_at: ctx.clock.now() }, { transaction });
    await audit(
      ctx,
      scope,
      {
        action: 'api_key.revoked',
        entity: { type: 'api_key', id: row.id },
        details: { label: row.label, key_prefix: row.key_prefix },
      },
      transaction,
    );
  });
}

/* ---------- last use, kept in Redis ---------- */

/**
 * One Redis hash per installation: field `{tenantId}:{keyId}`, value the last use in milliseconds.
 * Every request writes here, never to the database; `flushApiKeyUsage` copies it to `last_used_at`.
 */
function usageHash(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.redisPrefix}:api-keys:last-used`;
}

function usageField(key: Pick<ApiKey, 'id' | 'tenant_id'>): string {
  return `${key.tenant_id}:${key.id}`;
}

/** The calls made with each key since the last flush, fields as in `usageHash`. */
function callsHash(ctx: Pick<AppContext, 'config'>): string {
  return `${ctx.config.redisPrefix}:api-keys:calls`;
}

/** One call made with the key: its last use, and one more to its count. */
export async function recordApiKeyUse(
  ctx: Pick<AppContext, 'config' | 'redis' | 'clock'>,
  key: Pick<ApiKey, 'id' | 'tenant_id'>,
): Promise<void> {
  await ctx.redis
    .multi()
    .hset(usageHash(ctx), usageField(key), String(ctx.clock.now().getTime()))
    .hincrby(callsHash(ctx), usageField(key), 1)
    .exec();
}

/** The tenant's live keys, newest first, each with the newer of its stored and its Redis last use. */
export async function listApiKeys(ctx: ServiceContext, scope: TenantScope): Promise<ApiKey[]> {
  const keys = await listLiveApiKeys(ctx, scope.tenantId);
  if (keys.length === 0) return keys;
  const recent = await ctx.redis.hmget(usageHash(ctx), ...keys.map(usageField));
  keys.forEach((key, i) => {
    const ms = Number(recent[i]);
    if (recent[i] && Number.isFinite(ms) && (!key.last_used_at || key.last_used_at.getTime() < ms))
      key.last_used_at = new Date(ms);
  });
  return keys;
}

/** Deletes each field whose value is still the one flushed; a use recorded meanwhile stays for the next flush. */
const DELETE_IF_UNCHANGED = `
local removed = 0
for i = 1, #ARGV, 2 do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[i + 1] then
    redis.call('HDEL', KEYS[1], ARGV[i])
    removed = removed + 1
  end
end
return removed`;

/** Takes the flushed counts off each field, dropping the fields left at nothing; calls counted meanwhile stay. */
const SUBTRACT_FLUSHED = `
for i = 1, #ARGV, 2 do
  if redis.call('HINCRBY', KEYS[1], ARGV[i], -tonumber(ARGV[i + 1])) <= 0 then
    redis.call('HDEL', KEYS[1], ARGV[i])
  end
end
return 1`;

/** A Redis field `{tenantId}:{keyId}`, or null for one nothing could ever flush. */
function parseUsageField(field: string): { tenantId: string; keyId: string } | null {
  const [tenantId, keyId] = field.split(':');
  return isUuid(tenantId) && isUuid(keyId) ? { tenantId: tenantId!, keyId: keyId! } : null;
}

/** Adds the calls counted in Redis to `api_keys.calls_count`, then takes them off Redis. */
async function flushApiKeyCalls(ctx: Pick<AppContext, 'config' | 'redis' | 'sequelize'>): Promise<void> {
  const hash = callsHash(ctx);
  const entries = Object.entries(await ctx.redis.hgetall(hash));
  if (entries.length === 0) return;
  const calls = entries.flatMap(([field, value]) => {
    const key = parseUsageField(field);
    const count = Number(value);
    return key && Number.isSafeInteger(count) && count > 0 ? [{ ...key, count }] : [];
  });
  if (calls.length > 0) await addApiKeyCalls(ctx, calls);
  // What was not a count is dropped whole.
  await ctx.redis.eval(
    SUBTRACT_FLUSHED,
    1,
    hash,
    ...entries.flatMap(([field, value]) => {
      const count = Number(value);
      return [field, String(Number.isSafeInteger(count) && parseUsageField(field) ? count : Number.MAX_SAFE_INTEGER)];
    }),
  );
}

/**
 * The scheduler's `flush-api-key-usage` task: writes the last uses kept in Redis to `api_keys`
 * (one statement for every key, never moving a time backwards) and adds the calls counted, then
 * clears what it wrote.
 */
export async function flushApiKeyUsage(ctx: Pick<AppContext, 'config' | 'redis' | 'sequelize'>): Promise<number> {
  await flushApiKeyCalls(ctx);
  const hash = usageHash(ctx);
  const entries = Object.entries(await ctx.redis.hgetall(hash));
  if (entries.length === 0) return 0;
  const uses = entries.flatMap(([field, value]) => {
    const key = parseUsageField(field);
    const ms = Number(value);
    return key && Number.isFinite(ms) ? [{ ...key, at: new Date(ms).toISOString() }] : [];
  });
  const updated = uses.length > 0 ? await advanceApiKeysLastUsed(ctx, uses) : 0;
  // Malformed fields are dropped too: nothing could ever flush them.
  await ctx.redis.eval(DELETE_IF_UNCHANGED, 1, hash, ...entries.flat());
  return updated;
}

/* ---------- authentication ---------- */

export interface ApiKeyHolder {
  apiKey: ApiKey;
  tenant: Tenant;
}

/**
 * The live key a bearer token names, with its tenant; null for anything else. The lookup is by
 * hash across tenants on purpose: the key is what tells us the tenant.
 */
export async function findApiKeyByToken(ctx: Pick<ServiceContext, 'db'>, token: string): Promise<ApiKeyHolder | null> {
  if (!API_KEY_FORMAT.test(token)) return null;
  const apiKey = await findLiveApiKeyByHash(ctx, sha256(token));
  return apiKey ? withTenant(ctx, apiKey) : null;
}

/** A live key of this tenant by id (signed download links name the key, not its secret). */
export async function findLiveApiKey(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
): Promise<ApiKeyHolder | null> {
  if (!isUuid(tenantId) || !isUuid(id)) return null;
  const apiKey = await findLiveApiKeyOfTenant(ctx, tenantId.toLowerCase(), id.toLowerCase());
  return apiKey ? withTenant(ctx, apiKey) : null;
}

async function withTenant(ctx: Pick<ServiceContext, 'db'>, apiKey: ApiKey): Promise<ApiKeyHolder | null> {
  const tenant = await findTenant(ctx, apiKey.tenant_id);
  return tenant ? { apiKey, tenant } : null;
}
