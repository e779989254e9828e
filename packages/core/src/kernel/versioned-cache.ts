import { randomBytes } from 'node:crypto';
import type { Sequelize, Transaction } from 'sequelize';
import { systemClock } from '../clock';
import type { Logger } from '../logger';
import type { Redis } from '../redis';

/*
 * A per-process cache of what PostgreSQL answered, never served after it changed — on any process
 * (docs/architecture.md, "Caches"). The session cache and the workspace read cache are two of these.
 *
 * Redis holds a version for everything at once (the epoch) and one per key an entry depends on (a
 * user, a session, a workspace). An entry records the versions it was read under; every read fetches
 * the current ones in one MGET and uses the entry only when they are equal. A change sets new
 * versions after its transaction commits and before the request that made it answers, so:
 *  - the next read anywhere sees the new version and reads PostgreSQL again;
 *  - a process that read PostgreSQL before the commit stored its entry under the versions it read
 *    first, which are the old ones, so that entry is refused too — the versions are always read
 *    before the rows, and set only after the commit.
 * When Redis does not answer, reads go to PostgreSQL and the process drops its entries (it may have
 * missed a change); the TTL bounds what a lost version write could leave behind.
 */

/** What changed: the rows behind some version keys, or everything. */
export interface CacheTargets {
  keys?: Iterable<string | null | undefined>;
  everything?: boolean;
}

interface Pending {
  keys: Set<string>;
  everything: boolean;
}

interface Entry {
  value: unknown;
  dependsOn: readonly string[];
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

/** Versions expire long after any entry read under them. */
const VERSION_KEY_TTL_SECONDS = 86_400;

/** A version is never reused, so a key that expired or was deleted cannot match an old entry again. */
function newVersion(): string {
  return `${systemClock.now().getTime().toString(36)}.${randomBytes(6).toString('hex')}`;
}

export interface VersionedCache {
  /** The Redis key of the epoch, or of one key's version (tests and operators). */
  versionKey(prefix: string, key?: string): string;
  /**
   * Turns the cache on for the models bound to `sequelize` (createContext does this for every
   * process). Without it, every read goes to PostgreSQL and changes set no version.
   */
  use(sequelize: Sequelize, options: { redis: Redis; prefix: string; logger?: Logger }): void;
  /**
   * Says that what `targets` name changed. Inside a transaction the new versions are set once the
   * outermost transaction commits (the commit awaits it, so the caller answers after); outside one, now.
   */
  invalidate(sequelize: Sequelize | undefined, targets: CacheTargets, transaction?: Transaction | null): Promise<void>;
  /**
   * The current versions of `dependsOn`, or null when Redis cannot say. A request that reads them
   * early, beside another cache's, sends both to Redis together (the client pipelines what is asked
   * in the same tick), then passes them to `read`.
   */
  versionsNow(sequelize: Sequelize, dependsOn: readonly string[]): Promise<string | null>;
  /**
   * The value `load` reads, from this process's memory when the versions of `dependsOn` it was read
   * under are still current (`readEarlier`: read earlier in the same request by `versionsNow`, else now).
   * `load` answers null for something never cached, or the value and when it stops being valid.
   */
  read<T>(
    sequelize: Sequelize,
    entryKey: string,
    dependsOn: readonly string[],
    load: () => Promise<{ value: T; expiresAt: number } | null>,
    readEarlier?: Promise<string | null>,
  ): Promise<T | null>;
  /** Forgets every entry of this process. */
  clear(sequelize: Sequelize): void;
}

/**
 * A cache named `name` (its Redis keys are `{prefix}:{name}-v:…`), keeping entries at most `ttlMs`
 * even when no version changed (a safety net, not the mechanism), and at most `maxEntries` per process.
 */
export function versionedCache(
  name: string,
  { ttlMs, maxEntries }: { ttlMs: number; maxEntries: number },
): VersionedCache {
  const stores = new WeakMap<Sequelize, Store>();
  const pendingByTransaction = new WeakMap<Transaction, Pending>();
  const versionKey = (prefix: string, key?: string) => `${prefix}:${name}-v:${key ?? 'all'}`;

  function dropEntries(store: Store, targets: Pending): void {
    store.generation++;
    if (targets.everything) {
      store.entries.clear();
      return;
    }
    for (const [key, entry] of store.entries) {
      if (entry.dependsOn.some((k) => targets.keys.has(k))) store.entries.delete(key);
    }
  }

  function warn(store: Store, error: unknown, message: string): void {
    // Once per 10 s at most: with Redis down, every request would say it.
    if (performance.now() - store.lastWarning < 10_000) return;
    store.lastWarning = performance.now();
    store.logger?.warn({ err: error }, message);
  }

  async function publish(store: Store, targets: Pending, attempt = 1): Promise<void> {
    // This process forgets at once, whatever Redis does.
    dropEntries(store, targets);
    if (store.redis.status === 'end') return;
    const version = newVersion();
    const multi = store.redis.multi();
    if (targets.everything) multi.set(versionKey(store.prefix), version);
    for (const key of targets.keys) multi.set(versionKey(store.prefix, key), version, 'EX', VERSION_KEY_TTL_SECONDS);
    try {
      await multi.exec();
    } catch (error) {
      // Other processes cannot reach Redis either (they then read PostgreSQL); try again in the background.
      store.logger?.error({ err: error, attempt, cache: name }, 'could not record a change in Redis; retrying');
      if (attempt < 30)
        setTimeout(() => void publish(store, targets, attempt + 1), Math.min(1000 * attempt, 5000)).unref();
    }
  }

  function collect(pending: Pending, targets: CacheTargets): void {
    if (targets.everything) pending.everything = true;
    for (const key of targets.keys ?? []) if (key) pending.keys.add(key);
  }

  /** The versions an entry must carry, or null when Redis cannot say (then nothing is cached). */
  async function currentVersions(store: Store, dependsOn: readonly string[]): Promise<string | null> {
    try {
      const [epoch, ...rest] = await store.redis.mget(
        versionKey(store.prefix),
        ...dependsOn.map((key) => versionKey(store.prefix, key)),
      );
      if (epoch === null) {
        // Redis lost its data (or never had the epoch): every entry here predates that.
        await store.redis.set(versionKey(store.prefix), newVersion(), 'NX');
        dropEntries(store, { keys: new Set(), everything: true });
        return null;
      }
      return [epoch, ...rest.map((v) => v ?? '')].join('|');
    } catch (error) {
      // A change may be going unannounced while Redis is away: keep nothing from before.
      dropEntries(store, { keys: new Set(), everything: true });
      warn(store, error, `Redis does not answer: the ${name} cache reads PostgreSQL until it does`);
      return null;
    }
  }

  return {
    versionKey,

    versionsNow(sequelize, dependsOn) {
      const store = stores.get(sequelize);
      return store ? currentVersions(store, dependsOn) : Promise.resolve(null);
    },

    use(sequelize, options) {
      stores.set(sequelize, {
        ...options,
        entries: new Map(),
        inflight: new Map(),
        generation: 0,
        lastWarning: -Infinity,
      });
      // The epoch must exist: an entry is only stored under one, and losing Redis's data then changes it.
      options.redis.set(versionKey(options.prefix), newVersion(), 'NX').catch(() => undefined);
    },

    async invalidate(sequelize, targets, transaction) {
      if (!transaction) {
        const store = sequelize && stores.get(sequelize);
        const pending: Pending = { keys: new Set(), everything: false };
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
        const created: Pending = { keys: new Set(), everything: false };
        pending = created;
        pendingByTransaction.set(root, created);
        root.afterCommit(async () => {
          pendingByTransaction.delete(root);
          const store = sequelize && stores.get(sequelize);
          if (store) await publish(store, created);
        });
      }
      collect(pending, targets);
    },

    async read<T>(
      sequelize: Sequelize,
      entryKey: string,
      dependsOn: readonly string[],
      load: () => Promise<{ value: T; expiresAt: number } | null>,
      readEarlier?: Promise<string | null>,
    ): Promise<T | null> {
      const store = stores.get(sequelize);
      if (!store) return (await load())?.value ?? null;
      const versions = await (readEarlier ?? currentVersions(store, dependsOn));
      if (versions === null) return (await load())?.value ?? null;
      // An entry's expiresAt is a real time (a session's end), checked as PostgreSQL's now() checks it in the load.
      const now = systemClock.now().getTime();
      const entry = store.entries.get(entryKey);
      if (entry && entry.versions === versions && entry.expiresAt > now) return entry.value as T;
      if (entry) store.entries.delete(entryKey);

      // Reads that arrive together for the same entry under the same versions share one load.
      const running = store.inflight.get(entryKey);
      if (running && running.versions === versions) return (await running.promise) as T | null;
      const generation = store.generation;
      const promise = load().then((loaded) => {
        if (!loaded) return null;
        if (store.generation === generation) {
          if (store.entries.size >= maxEntries) store.entries.delete(store.entries.keys().next().value!);
          store.entries.set(entryKey, {
            value: loaded.value,
            dependsOn,
            versions,
            expiresAt: Math.min(now + ttlMs, loaded.expiresAt),
          });
        }
        return loaded.value;
      });
      store.inflight.set(entryKey, { versions, promise });
      try {
        return await promise;
      } finally {
        if (store.inflight.get(entryKey)?.promise === promise) store.inflight.delete(entryKey);
      }
    },

    clear(sequelize) {
      const store = stores.get(sequelize);
      if (store) dropEntries(store, { keys: new Set(), everything: true });
    },
  };
}
