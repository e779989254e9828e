import type { Sequelize } from 'sequelize';
import { SequelizeStorage, Umzug, type MigrationFn } from 'umzug';
import type { Logger } from '../logger';
import { migrations } from './migrations';

export type Migration = MigrationFn<Sequelize>;

/** Arbitrary constant: serialises migration runs of several processes on one database. */
const MIGRATION_LOCK_KEY = 7_431_002;

export function createMigrator(sequelize: Sequelize, logger?: Logger) {
  return new Umzug({
    migrations: migrations.map((m) => ({ name: m.name, up: m.up, down: m.down })),
    context: sequelize,
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: logger
      ? {
          info: (m) => logger.info(m, 'migration'),
          warn: (m) => logger.warn(m, 'migration'),
          error: (m) => logger.error(m, 'migration'),
          debug: (m) => logger.debug(m, 'migration'),
        }
      : undefined,
  });
}

/** Applies pending migrations, holding an advisory lock so concurrent starts apply them once. */
export async function migrateUp(sequelize: Sequelize, logger?: Logger): Promise<void> {
  const lockConnection = await sequelize.connectionManager.getConnection({ type: 'write' });
  const client = lockConnection as unknown as { query: (sql: string, params: unknown[]) => Promise<unknown> };
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await createMigrator(sequelize, logger).up();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    sequelize.connectionManager.releaseConnection(lockConnection);
  }
}
