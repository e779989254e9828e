import type { Sequelize } from 'sequelize';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Models } from './db/models';
import type { Live } from './live';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { Queues } from './queues';
import type { Redis } from './redis';
import type { SlowQueryLog } from './slow-queries';
import type { Storage } from './storage';
import type { Stripe } from './stripe';

/**
 * What every process shares, built once by createContext (`wiring.ts`): configuration, logs, the database,
 * Redis, the queues, file storage, outgoing mail, the clock and the process's metrics. Services take their dependencies
 * from here, never from module state.
 */
export interface AppContext {
  config: Config;
  logger: Logger;
  sequelize: Sequelize;
  /** The models bound to `sequelize` (`db/models`): every model call of a service goes through them. */
  db: Models;
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
