import { randomBytes } from 'node:crypto';
import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../logger';
import type { Redis } from '../redis';

/*
 * The session cache: what every authenticated request is built from (the session's liveness, the
 * user, their global roles, memberships, tenants and role types) kept in this process for a few
 * seconds, yet never served after it changed — on any process (docs/architecture.md, "Sessions").
 *
 * Redis holds a version for everything at once (the epoch), for each user and for each session
 * (refresh-token family). A cache entry records the versions it was read under; every request reads
 * the current ones in one MGET and uses the entry only when they are equal. A change sets new
 * versions after its transaction commits and before the request that made it answers, so:
 *  - the next request anywhere sees the new version and reads PostgreSQL again;
 *  - a process that read PostgreSQL before the commit stored its entry under the versions it read
 *    first, which are the old ones, so that entry is refused too — the versions are always read
 *    before the rows, and set only after the commit.
 * When Redis does not answer, requests read PostgreSQL and the process drops its entries (it may
 * have missed a change); the TTL bounds what a lost version write could leave behind.
 */

/** How long an entry is used at most, even when no version changed (a safety net, not the mechanism). */
export const SESSION_CACHE_TTL_MS = 10_000;
/** Entries kept per process; the oldest goes first. */
const MAX_ENTRIES = 10_000;
/** Per-user and per-session versions expire long after any entry read under them. */
const VERSION_KEY_TTL_SECONDS = 86_400;

/** What changed: some users (anything about them), some sessions, or everything (tenants, role types, unknown rows). */
export interface SessionTargets {
  users?: Iterable<string | null | undefined>;
  families?: Iterable<string | null | undefined>;
  everything?: boolean;
}

interface Pending {
  users: Set<string>;
  families: Set<string>;
  everything: boolean;
}

interface Entry {
  value: unknown;
  userId: string;
  familyId: string;
  versions: string;
  expiresAt: number;
}

interface Store {
  redis: Redis;
  prefix: string;
  logger?: Logger;
  entries: Map<string, Entry>;
  inflight: Map<string, { versions: string; promise: Promise<unknown> }>;
  /** Bumped whenever this process drops entries; a load that started before does not store its result. */
  generation: number;
  lastWarning: number;
}

const stores = new WeakMap<Sequelize, Store>();

/** The Redis keys of the versions (exported for tests and operators). */
export const sessionVersionKeys = {
  epoch: (prefix: string) => `${prefix}:session-v:all`,
  user: (prefix: string, userId: string) => `${prefix}:session-v:u:${userId}`,
  family: (prefix: string, familyId: string) => `${prefix}:session-v:f:${familyId}`,
};

/** A version is never reused, so a key that expired or was deleted cannot match an old entry again. */
function newVersion(): string {
  return `${Date.now().toString(36)}.${randomBytes(6).toString('hex')}`;
}

/**
 * Turns the cache on for the models bound to `sequelize` (createContext does this for every
 * process). Without it, sessions are read from PostgreSQL on every request and changes set no version.
 */
export function useSessionCache(
  sequelize: Sequelize,
  options: { redis: Redis; prefix: string; logger?: Logger },
): void {
  stores.set(sequelize, { ...options, entries: new Map(), inflight: new Map(), generation: 0, lastWarning: 0 });
  // The epoch must exist: an entry is only stored under one, and losing Redis's data then changes it.
  options.redis.set(sessionVersionKeys.epoch(options.prefix), newVersion(), 'NX').catch(() => undefined);
}

function dropEntries(store: Store, targets: Pending): void {
  store.generation++;
  if (targets.everything) {
    store.entries.clear();
    return;
  }
  for (const [key, entry] of store.entries) {
    if (targets.users.has(entry.userId) || targets.families.has(entry.familyId)) store.entries.delete(key);
  }
}

function warn(store: Store, error: unknown, message: string): void {
  // Once per 10 s at most: with Redis down, every request would say it.
  if (Date.now() - store.lastWarning < 10_000) return;
  store.lastWarning = Date.now();
  store.logger?.warn({ err: error }, message);
}

async function publish(store: Store, targets: Pending, attempt = 1): Promise<void> {
  // This process forgets at once, whatever Redis does.
  dropEntries(store, targets);
  if (store.redis.status === 'end') return;
  const version = newVersion();
  const multi = store.redis.multi();
  if (targets.everything) multi.set(sessionVersionKeys.epoch(store.prefix), version);
  for (const userId of targets.users)
    multi.set(sessionVersionKeys.user(store.prefix, userId), version, 'EX', VERSION_KEY_TTL_SECONDS);
  for (const familyId of targets.families)
    multi.set(sessionVersionKeys.family(store.prefix, familyId), version, 'EX', VERSION_KEY_TTL_SECONDS);
  try {
    await multi.exec();
  } catch (error) {
    // Other processes cannot reach Redis either (they then read PostgreSQL); try again in the background.
    store.logger?.error({ err: error, attempt }, 'could not record a session change in Redis; retrying');
    if (attempt < 30)
      setTimeout(() => void publish(store, targets, attempt + 1), Math.min(1000 * attempt, 5000)).unref();
  }
}

function collect(pending: Pending, targets: SessionTargets): void {
  if (targets.everything) pending.everything = true;
  for (const id of targets.users ?? []) if (id) pending.users.add(id);
  for (const id of targets.families ?? []) if (id) pending.families.add(id);
}

/** Changes waiting for their transaction to commit, per outermost transaction. */
const pendingByTransaction = new WeakMap<Transaction, Pending>();

/**
 * Says that sessions built from `targets` changed. Inside a transaction the new versions are set once
 * the outermost transaction commits (the commit awaits it, so the caller answers after); outside one, now.
 * Model hooks call this for every write to the models a session is built from (`db/session-hooks.ts`);
 * a raw SQL statement writing those tables must call it itself.
 */
export async function invalidateSessions(
  sequelize: Sequelize | undefined,
  targets: SessionTargets,
  transaction?: Transaction | null,
): Promise<void> {
  if (!transaction) {
    const store = sequelize && stores.get(sequelize);
    const pending: Pending = { users: new Set(), families: new Set(), everything: false };
    collect(pending, targets);
    if (store) await publish(store, pending);
    return;
  }
  // A savepoint's own "commit" is not the commit: wait for the outermost transaction.
  let root = transaction;
  while ((root as Transaction & { parent?: Transaction }).parent)
    root = (root as Transaction & { parent: Transaction }).parent;
  let pending = pendingByTransaction.get(root);
  if (!pending) {
    const created: Pending = { users: new Set(), families: new Set(), everything: false };
    pending = created;
    pendingByTransaction.set(root, created);
    root.afterCommit(async () => {
      pendingByTransaction.delete(root);
      const store = sequelize && stores.get(sequelize);
      if (store) await publish(store, created);
    });
  }
  collect(pending, targets);
}

/** The versions an entry for this session must carry, or null when Redis cannot say (then nothing is cached). */
async function currentVersions(store: Store, userId: string, familyId: string): Promise<string | null> {
  try {
    const [epoch, user, family] = await store.redis.mget(
      sessionVersionKeys.epoch(store.prefix),
      sessionVersionKeys.user(store.prefix, userId),
      sessionVersionKeys.family(store.prefix, familyId),
    );
    if (epoch === null) {
      // Redis lost its data (or never had the epoch): every entry here predates that.
      await store.redis.set(sessionVersionKeys.epoch(store.prefix), newVersion(), 'NX');
      dropEntries(store, { users: new Set(), families: new Set(), everything: true });
      return null;
    }
    return `${epoch}|${user ?? ''}|${family ?? ''}`;
  } catch (error) {
    // A change may be going unannounced while Redis is away: keep nothing from before.
    dropEntries(store, { users: new Set(), families: new Set(), everything: true });
    warn(store, error, 'Redis does not answer: sessions are read from PostgreSQL until it does');
    return null;
  }
}

/**
 * The value `load` reads for this session, from the cache when the versions it was read under are
 * still current. `load` answers null for a session that is not live (never cached) or the value and
 * when it stops being valid (the session's expiry).
 */
export async function cachedSession<T>(
  sequelize: Sequelize,
  userId: string,
  familyId: string,
  load: () => Promise<{ value: T; expiresAt: number } | null>,
): Promise<T | null> {
  const store = stores.get(sequelize);
  if (!store) return (await load())?.value ?? null;
  const key = `${userId}:${familyId}`;
  const versions = await currentVersions(store, userId, familyId);
  if (versions === null) return (await load())?.value ?? null;
  const now = Date.now();
  const entry = store.entries.get(key);
  if (entry && entry.versions === versions && entry.expiresAt > now) return entry.value as T;
  if (entry) store.entries.delete(key);

  // Requests that arrive together for the same session under the same versions share one read.
  const running = store.inflight.get(key);
  if (running && running.versions === versions) return (await running.promise) as T | null;
  const generation = store.generation;
  const promise = load().then((loaded) => {
    if (!loaded) return null;
    if (store.generation === generation) {
      if (store.entries.size >= MAX_ENTRIES) store.entries.delete(store.entries.keys().next().value!);
      store.entries.set(key, {
        value: loaded.value,
        userId,
        familyId,
        versions,
        expiresAt: Math.min(now + SESSION_CACHE_TTL_MS, loaded.expiresAt),
      });
    }
    return loaded.value;
  });
  store.inflight.set(key, { versions, promise });
  try {
    return await promise;
  } finally {
    if (store.inflight.get(key)?.promise === promise) store.inflight.delete(key);
  }
}

/** Forgets every entry of this process (tests; the console's Purge Cache may call it). */
export function clearSessionCache(sequelize: Sequelize): void {
  const store = stores.get(sequelize);
  if (store) dropEntries(store, { users: new Set(), families: new Set(), everything: true });
}
