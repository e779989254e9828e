import type { Sequelize, Transaction } from 'sequelize';
import type { Logger } from '../logger';
import type { Redis } from '../redis';
import { versionedCache } from '../kernel/versioned-cache';

/*
 * The session cache: what every authenticated request is built from (the session's liveness, the
 * user, their global roles, memberships, tenants and role types) kept in this process for a few
 * seconds, yet never served after it changed — on any process (`versioned-cache.ts` says how).
 * An entry depends on the user's version and the session's (refresh-token family).
 */

/** How long an entry is used at most, even when no version changed (a safety net, not the mechanism). */
export const SESSION_CACHE_TTL_MS = 10_000;

const cache = versionedCache('session', { ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 10_000 });
const userKey = (userId: string) => `u:${userId}`;
const familyKey = (familyId: string) => `f:${familyId}`;

/** What changed: some users (anything about them), some sessions, or everything (tenants, role types, unknown rows). */
export interface SessionTargets {
  users?: Iterable<string | null | undefined>;
  families?: Iterable<string | null | undefined>;
  everything?: boolean;
}

/** The Redis keys of the versions (exported for tests and operators). */
export const sessionVersionKeys = {
  epoch: (prefix: string) => cache.versionKey(prefix),
  user: (prefix: string, userId: string) => cache.versionKey(prefix, userKey(userId)),
  family: (prefix: string, familyId: string) => cache.versionKey(prefix, familyKey(familyId)),
};

/** Turns the cache on for the models bound to `sequelize` (createContext does this for every process). */
export function useSessionCache(
  sequelize: Sequelize,
  options: { redis: Redis; prefix: string; logger?: Logger },
): void {
  cache.use(sequelize, options);
}

/**
 * Says that sessions built from `targets` changed, once the outermost transaction commits.
 * Model hooks call this for every write to the models a session is built from (`db/cache-hooks.ts`);
 * a raw SQL statement writing those tables must call it itself.
 */
export function invalidateSessions(
  sequelize: Sequelize | undefined,
  targets: SessionTargets,
  transaction?: Transaction | null,
): Promise<void> {
  const keys = [
    ...[...(targets.users ?? [])].map((id) => id && userKey(id)),
    ...[...(targets.families ?? [])].map((id) => id && familyKey(id)),
  ];
  return cache.invalidate(sequelize, { keys, everything: targets.everything }, transaction);
}

/**
 * The value `load` reads for this session, from the cache when the versions it was read under are
 * still current. `load` answers null for a session that is not live (never cached) or the value and
 * when it stops being valid (the session's expiry).
 */
export function cachedSession<T>(
  sequelize: Sequelize,
  userId: string,
  familyId: string,
  load: () => Promise<{ value: T; expiresAt: number } | null>,
): Promise<T | null> {
  return cache.read(sequelize, `${userId}:${familyId}`, [userKey(userId), familyKey(familyId)], load);
}

/** Forgets every entry of this process (tests; the console's Purge Cache may call it). */
export function clearSessionCache(sequelize: Sequelize): void {
  cache.clear(sequelize);
}
