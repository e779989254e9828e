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

/** Sequelize's prefix of a statement it logs: `Executed (default): `. */
const EXECUTED = /^Execut(?:ed|ing) \([^)]*\): /;

/** What a process learns of each statement it runs: its text, how long it took, its bound values. */
export type QueryObserver = (sql: string, ms: number, bind: unknown[] | undefined) => void;

export function createSequelize(
  url: string,
  options: { logger?: Logger; onQuery?: QueryObserver; poolMax?: number } = {},
): Sequelize {
  const { logger, onQuery } = options;
  return new Sequelize(url, {
    dialect: 'postgres',
    // With `benchmark`, Sequelize passes each statement's time to `logging`.
    benchmark: Boolean(onQuery),
    logging:
      logger || onQuery
        ? (message: string, ms?: number, options?: { bind?: unknown }) => {
            if (onQuery && typeof ms === 'number')
              onQuery(message.replace(EXECUTED, ''), ms, Array.isArray(options?.bind) ? options.bind : undefined);
            logger?.trace({ sql: message, ms }, 'sql');
          }
        : false,
    pool: { max: options.poolMax ?? 10, min: 0, idle: 10_000, acquire: 30_000 },
    define: { underscored: true, timestamps: true, createdAt: 'created_at', updatedAt: 'updated_at' },
  });
}
