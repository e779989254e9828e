import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createSequelize, ensureDatabase, migrateUp } from '@portico/core/db';
import { buildProd } from '../scripts/build-prod';

export const TEST_DATABASE_SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

async function dropDatabases(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${TEST_DATABASE_SERVER}/postgres` });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${prefix}%`,
    ]);
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The run's one build of dist/, shared by the projects whose global setup this is. */
const RUN_BUILD = Symbol.for('portico.test-run.build-prod');

/**
 * Migrates one template database per project; each test file clones it (CREATE DATABASE … TEMPLATE).
 * Compiles dist/ (npm run build:prod) once per run too, for the test files that start the compiled
 * processes: neither test files nor projects running side by side may each write it.
 */
export default async function setup(project: TestProject) {
  const run = globalThis as { [RUN_BUILD]?: Promise<void> };
  await (run[RUN_BUILD] ??= buildProd());
  const runPrefix = `portico_t${randomBytes(4).toString('hex')}`;
  const template = `${runPrefix}_template`;
  const url = `${TEST_DATABASE_SERVER}/${template}`;
  await ensureDatabase(url);
  const sequelize = createSequelize(url);
  await migrateUp(sequelize);
  await sequelize.close();
  project.provide('templateDatabase', template);
  return async () => dropDatabases(runPrefix);
}
