import type { Sequelize } from 'sequelize';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { createSequelize, ensureDatabase } from './db/connection';
import { initModels } from './db/models';
import { announceAuditRows, createLive, type Live } from './live';
import { createLogger, type Logger } from './logger';
import { createMailer, type Mailer } from './mail/mailer';
import { createMetrics, statementKind, type Metrics } from './metrics';
import { closeQueues, createQueues, type Queues } from './queues';
import { createBoundedRedis, createRedis, type Redis } from './redis';
import { useSessionCache } from './services/session-cache';
import { useWorkspaceCache } from './services/workspace-cache';
import { useSettingsLogger } from './services/settings';
import { SlowQueryLog } from './slow-queries';
import { createStorage, type Storage } from './storage';
import { createStripe, type Stripe } from './stripe';

/**
 * What every process shares, built once by createContext: configuration, logs, the database,
 * Redis, the queues, file storage, outgoing mail, the clock and the process's metrics. Services take their dependencies
 * from here, never from module state.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  redis: Redis;
  /** Fails a command after a deadline instead of waiting for Redis: health, rate limits, the session cache. */
  boundedRedis: Redis;
  queues: Queues;
  storage: Storage;
  mail: Mailer;
  clock: Clock;
  metrics: Metrics;
  /** Statements slower than SLOW_QUERY_MS, until the metrics sample adds them to the shared table. */
  slowQueries: SlowQueryLog;
  /** Events for the browsers connected to any API process (socket.io through Redis). */
  live: Live;
  /** Payments; null when the platform runs without Stripe and its operator sets plans and seats. */
  stripe: Stripe | null;
}

export async function createContext(config: Config, processName: string): Promise<AppContext> {
  const logger = createLogger(config, processName);
  await ensureDatabase(config.databaseUrl);
  const metrics = createMetrics(processName);
  // Telemetry, stamped with the system clock: the log sees statements before the context exists.
  const slowQueries = new SlowQueryLog(config.slowQueryMs, systemClock);
  const sequelize = createSequelize(config.databaseUrl, {
    logger,
    onQuery: (sql, ms, bind) => {
      metrics.dbQueryDuration.observe({ kind: statementKind(sql) }, ms / 1000);
      slowQueries.observe(sql, ms, bind);
    },
  });
  initModels(sequelize);
  await sequelize.authenticate();
  const redis = createRedis(config.redisUrl);
  const queues = createQueues(redis, config.redisPrefix);
  const boundedRedis = createBoundedRedis(config.redisUrl);
  // Sessions are cached per process and every change to what they are built from is announced in Redis.
  useSessionCache(sequelize, { redis: boundedRedis, prefix: config.redisPrefix, logger });
  // So are what members browse in a workspace (files, forms, embeds, the checklist).
  useWorkspaceCache(sequelize, { redis: boundedRedis, prefix: config.redisPrefix, logger });
  // The settings and flags are kept in memory without Redis; a failed background read is logged.
  useSettingsLogger(sequelize, logger);
  const live = createLive(redis, config.redisPrefix);
  announceAuditRows(sequelize, live);
  return {
    config,
    logger,
    sequelize,
    redis,
    boundedRedis,
    queues,
    storage: createStorage(config),
    mail: createMailer(config),
    clock: systemClock,
    metrics,
    slowQueries,
    live,
    stripe: createStripe(config),
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await closeQueues(ctx.queues);
  await ctx.redis.quit().catch(() => ctx.redis.disconnect());
  await ctx.boundedRedis.quit().catch(() => ctx.boundedRedis.disconnect());
  await ctx.sequelize.close();
}
