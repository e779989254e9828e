import pg from 'pg';
import { Sequelize } from 'sequelize';
import type { Logger } from '../logger';

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!name)
    throw new Error('DATABASE_URL must name a database, for example postgres://postgres@127.0.0.1:5432/portico');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
      } catch (error) {
        // 42P04: another process created it in the meantime.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export function createSequelize(url: string, logger?: Logger, pool = { max: 10 }): Sequelize {
  return new Sequelize(url, {
    dialect: 'postgres',
    logging: logger ? (sql: string) => logger.trace({ sql }, 'sql') : false,
    pool: { max: pool.max, min: 0, idle: 10_000, acquire: 30_000 },
    define: { underscored: true, timestamps: true, createdAt: 'created_at', updatedAt: 'updated_at' },
  });
}
