import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import type { ServiceContext, TenantScope, WorkspaceVersions } from '../scope';
import { versionedCache } from '../kernel/versioned-cache';

/*
 * The workspace read cache: what members read again and again while moving around the portal (the
 * files list, forms, embeds, the dashboard checklist) kept in this process for a few seconds, yet
 * never served after anything in the workspace it was read from changed — on any process
 * (`versioned-cache.ts` says how). An entry depends on its workspace's version; model hooks set a new
 * one after every commit that writes the workspace's files, file events, forms, responses, embeds,
 * members or role types; a change to an account or profile names everything (`wiring.ts`).
 */

/** How long an entry is used at most, even when no version changed (a safety net, not the mechanism). */
export const WORKSPACE_CACHE_TTL_MS = 10_000;

// A files page of 100 rows is some 50 KB: 2 000 entries bound the memory a process gives this.
const cache = versionedCache('workspace', { ttlMs: WORKSPACE_CACHE_TTL_MS, maxEntries: 2_000 });
const tenantKey = (tenantId: string) => `t:${tenantId}`;

/** What changed: some workspaces, or everything. */
export interface WorkspaceTargets {
  tenants?: Iterable<string | null | undefined>;
  everything?: boolean;
}

/** The Redis keys of the versions (exported for tests and operators). */
export const workspaceVersionKeys = {
  epoch: (prefix: string) => cache.versionKey(prefix),
  tenant: (prefix: string, tenantId: string) => cache.versionKey(prefix, tenantKey(tenantId)),
};

/** Turns the cache on for the models bound to `sequelize` (createContext does this for every process). */
export function useWorkspaceCache(
  sequelize: Sequelize,
  options: { redis: Redis; prefix: string; logger?: Logger },
): void {
  cache.use(sequelize, options);
}

/**
 * Says that what members of `targets` read changed, once the outermost transaction commits. Model
 * hooks call this for every write to the models those reads come from; a raw SQL statement writing
 * those tables must call it itself.
 */
export function invalidateWorkspaces(
  sequelize: Sequelize | undefined,
  targets: WorkspaceTargets,
  transaction?: Transaction | null,
): Promise<void> {
  const keys = [...(targets.tenants ?? [])].map((id) => id && tenantKey(id));
  return cache.invalidate(sequelize, { keys, everything: targets.everything }, transaction);
}

/**
 * Starts reading the workspace's versions now. The API does so for a read request as it checks the
 * session: asked in the same tick, the two travel to Redis together, one round trip for both. Only
 * for requests that write nothing: a request's own change must not be judged by versions from before it.
 */
export function readWorkspaceVersions(sequelize: Sequelize, tenantId: string): WorkspaceVersions {
  return { tenantId, versions: cache.versionsNow(sequelize, [tenantKey(tenantId)]) };
}

/**
 * What `load` answers for `what` read with `input` in the scope's workspace, from this process's
 * memory while nothing in the workspace changed. The value is shared by every request that reads the
 * same: callers present it, they never change it. Inside a transaction it is always read afresh (the
 * transaction may have written what it reads).
 */
export async function cachedWorkspaceRead<T>(
  ctx: ServiceContext,
  scope: TenantScope,
  what: string,
  input: unknown,
  load: () => Promise<T>,
): Promise<T> {
  if (ctx.transaction) return load();
  const entryKey = `${scope.tenantId}:${what}:${JSON.stringify(input)}`;
  const early = scope.cacheVersions?.tenantId === scope.tenantId ? scope.cacheVersions.versions : undefined;
  const value = await cache.read(
    ctx.sequelize,
    entryKey,
    [tenantKey(scope.tenantId)],
    async () => ({ value: await load(), expiresAt: Number.POSITIVE_INFINITY }),
    early,
  );
  return value as T;
}

/** Forgets every entry of this process (tests). */
export function clearWorkspaceCache(sequelize: Sequelize): void {
  cache.clear(sequelize);
}
