import { Redis } from 'ioredis';

/** BullMQ needs maxRetriesPerRequest: null on the connections it blocks on. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
}

/** How long a command on the bounded client may wait for Redis before it fails. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * A second connection for what must answer even when Redis does not: health checks, rate limits and
 * the session cache's version checks. The shared client waits for Redis forever (BullMQ needs that);
 * every command on this one fails after REDIS_COMMAND_TIMEOUT_MS, and after one reconnect attempt.
 */
export function createBoundedRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    enableAutoPipelining: true,
    enableReadyCheck: true,
    lazyConnect: false,
  });
}

export type { Redis };
