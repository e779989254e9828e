import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { closeContext, createContext, loadConfig, type AppContext, type Config } from '@portico/core';
import { createSequelize, ensureDatabase, migrateUp } from '@portico/core/db';
import { createApp } from '../api/src/app';
import { attachLive } from '../api/src/live';
import { TEST_DATABASE_SERVER } from './global-setup';

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/** A database cloned from the run's migrated template, for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} TEMPLATE ${pg.escapeIdentifier(template)}`);
        break;
      } catch (error) {
        // 55006: another file is cloning the template at this moment.
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  return { url: `${TEST_DATABASE_SERVER}/${name}`, drop: () => dropDatabase(name) };
}

/**
 * A new database migrated from scratch, for a script that starts the app outside a test run (where
 * there is no template to clone).
 */
export async function createMigratedDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const url = `${TEST_DATABASE_SERVER}/${name}`;
  await ensureDatabase(url);
  const sequelize = createSequelize(url);
  try {
    await migrateUp(sequelize);
  } finally {
    await sequelize.close();
  }
  return { url, drop: () => dropDatabase(name) };
}

async function dropDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * The cheapest argon2id cost, which only NODE_ENV=test accepts: a test signs people up and in by the
 * dozen, and at the production cost (64 MiB, 3 passes) hashing took most of the suite's time.
 */
export const TEST_PASSWORD_HASHING = { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' };

/** Configuration for a test: its own database and Redis key prefix, quiet logs, fixed secrets. */
export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `t${randomBytes(5).toString('hex')}`,
    JWT_SECRET: 'test-jwt-secret-test-jwt-secret-0123456789',
    SECRETS_KEY: 'test-secrets-key-test-secrets-key-012345',
    SUPERADMIN_EMAIL: 'root@portico.test',
    SUPERADMIN_PASSWORD: 'root-password-1',
    LOG_LEVEL: 'silent',
    ...TEST_PASSWORD_HASHING,
    // Uploaded test files go to the system's temp dir, not the repository's .data.
    STORAGE_DIR: path.join(tmpdir(), 'portico-test-storage'),
    ...env,
  });
}

async function deleteRedisKeys(ctx: AppContext): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await ctx.redis.scan(cursor, 'MATCH', `${ctx.config.redisPrefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await ctx.redis.del(...keys);
  } while (cursor !== '0');
}

export interface TestContext {
  ctx: AppContext;
  config: Config;
  close: () => Promise<void>;
}

/** A context (database, Redis, queues) without an HTTP server, for worker and service tests. */
export async function startTestContext(
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<TestContext> {
  const db = database ?? (await createTestDatabase());
  const config = testConfig(db.url, env);
  const ctx = await createContext(config, 'test');
  return {
    ctx,
    config,
    close: async () => {
      await deleteRedisKeys(ctx);
      await closeContext(ctx);
      await db.drop();
    },
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  tenantId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestApp extends TestContext {
  url: string;
  request: <T = any>(method: string, path: string, options?: RequestOptions) => Promise<ApiResponse<T>>;
}

/**
 * The real API on an ephemeral port with its own database and Redis prefix. Its models are its
 * context's (`app.ctx.db`), so a file may start more than one (api/test/two-apps.test.ts).
 * `options` serve another database or web app build than the test run's (scripts/screenshots.ts).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { database?: TestDatabase; webAppDir?: string } = {},
): Promise<TestApp> {
  const base = await startTestContext(env, options.database);
  const { server } = createApp(base.ctx, options.webAppDir);
  const live = attachLive(server, base.ctx);
  /*
   * fetch drops an idle connection after 4 s, the server after 5 s; on a loaded machine the timers run late
   * and the server's close could cross a reused connection's next request (ECONNRESET). Idle connections
   * are the client's to close here.
   */
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  // Links in emails must point at this server.
  base.ctx.config.publicUrl = env.PUBLIC_URL ?? url;
  const request = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.tenantId) headers['x-tenant-id'] = options.tenantId;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const res = await fetch(`${url}/api${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON answers (e.g. HTML) are returned as text.
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
  return {
    ...base,
    url,
    request,
    close: async () => {
      await live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await base.close();
    },
  };
}

/** Runs `during` while a table is renamed away, so the API's statements on it fail for real (a 5xx). */
export async function withoutTable<T>(ctx: AppContext, table: string, during: () => Promise<T>): Promise<T> {
  await ctx.sequelize.query(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    return await during();
  } finally {
    await ctx.sequelize.query(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}

/**
 * Makes PostgreSQL refuse the next `times` inserts or updates of `table` whose new row matches
 * `when` (SQL on `NEW`), with a raised error, as a failing database would; answers a function that
 * removes the fault. The count is a sequence, so a refused write (whose transaction rolls back)
 * still uses up one.
 */
export async function failWrites(
  ctx: AppContext,
  table: string,
  options: { when?: string; times?: number } = {},
): Promise<() => Promise<void>> {
  const name = `fault_${randomBytes(4).toString('hex')}`;
  await ctx.sequelize.query(`
    CREATE SEQUENCE ${name};
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (${options.when ?? 'true'}) AND nextval('${name}') <= ${options.times ?? Number.MAX_SAFE_INTEGER} THEN
        RAISE EXCEPTION 'write to ${table} refused by a test fault';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ${name} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}();
  `);
  return async () => {
    await ctx.sequelize.query(`DROP TRIGGER ${name} ON ${table}; DROP FUNCTION ${name}(); DROP SEQUENCE ${name};`);
  };
}
