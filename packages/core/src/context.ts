import type { Sequelize } from 'sequelize';
import type { Config } from './config';
import { createSequelize, ensureDatabase } from './db/connection';
import { initModels } from './db/models';
import { createLogger, type Logger } from './logger';
import { closeQueues, createQueues, type Queues } from './queues';
import { createRedis, type Redis } from './redis';
import { useEventQueue } from './services/events';

/** What every process shares: configuration, logs, the database, Redis and the queues. */
export interface AppContext {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  redis: Redis;
  queues: Queues;
}

export async function createContext(config: Config, processName: string): Promise<AppContext> {
  const logger = createLogger(config, processName);
  await ensureDatabase(config.databaseUrl);
  const sequelize = createSequelize(config.databaseUrl, logger);
  initModels(sequelize);
  await sequelize.authenticate();
  const redis = createRedis(config.redisUrl);
  const queues = createQueues(redis, config.redisPrefix);
  // Events recorded from here on are fanned out to webhooks as soon as their transaction commits.
  useEventQueue(queues.webhooks, logger);
  return { config, logger, sequelize, redis, queues };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await closeQueues(ctx.queues);
  await ctx.redis.quit().catch(() => ctx.redis.disconnect());
  await ctx.sequelize.close();
}
