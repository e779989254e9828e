import { randomBytes } from 'node:crypto';
import { closeContext, createContext, loadConfig, type AppContext } from '@portico/core';
import { createTestDatabase } from '../harness';
import { FuzzApi } from './api-process';
import { operationsOf, type OpenApiDocument, type Operation } from './openapi';
import { keepAliveAgent } from './wire';
import { World } from './world';

/*
 * What a fuzz test file sets up: its own database cloned from the template, the API as a separate
 * process on it with its own Redis prefix, the test's own context on the same database (only for
 * seeding through the factories and services), the seeded world, and the operations of the
 * document the running process serves.
 */

export interface FuzzSuite {
  api: FuzzApi;
  ctx: AppContext;
  world: World;
  doc: OpenApiDocument;
  operations: Operation[];
  close: () => Promise<void>;
}

export async function startFuzzSuite(env: Record<string, string> = {}): Promise<FuzzSuite> {
  const db = await createTestDatabase();
  const redisPrefix = `fz${randomBytes(5).toString('hex')}`;
  const api = await FuzzApi.start({ databaseUrl: db.url, redisPrefix, env });
  const ctx = await createContext(loadConfig({ ...api.env, LOG_LEVEL: 'silent' }), 'test');
  const close = async () => {
    keepAliveAgent.destroy();
    await api.stop();
    let cursor = '0';
    do {
      const [next, keys] = await ctx.redis.scan(cursor, 'MATCH', `${redisPrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await ctx.redis.del(...keys);
    } while (cursor !== '0');
    await closeContext(ctx);
    await db.drop();
  };
  try {
    const world = await World.seed(api, ctx);
    const res = await fetch(`${api.url}/api/openapi.json`);
    if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    const doc = (await res.json()) as OpenApiDocument;
    return { api, ctx, world, doc, operations: operationsOf(doc), close };
  } catch (error) {
    await close();
    throw error;
  }
}
