import { DomainError, isDraining, probe, type AppContext } from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import type { OpenApiDocument } from '../openapi';

/** Readiness answers within 2 s (DECISIONS §6): each dependency gets this long, checked at the same time. */
export const READY_DEADLINE_MS = 1500;

const NAMES = { database: 'PostgreSQL', redis: 'Redis' } as const;

/**
 * Readiness: PostgreSQL and Redis answer within the deadline, and the process is not draining after
 * SIGTERM. Redis is asked on the bounded client, so a Redis that hangs makes a 503, not a wait.
 */
async function assertReady(ctx: AppContext): Promise<{ status: 'ok' }> {
  if (isDraining()) throw new DomainError(503, 'This API process is shutting down and takes no new work.', 'draining');
  const [database, redis] = await Promise.all([
    probe(() => ctx.sequelize.query('SELECT 1'), READY_DEADLINE_MS),
    probe(() => ctx.boundedRedis.ping(), READY_DEADLINE_MS),
  ]);
  const checks = { database: database.outcome, redis: redis.outcome };
  const failing = (Object.keys(checks) as Array<keyof typeof checks>).filter((name) => checks[name] !== 'ok');
  if (failing.length === 0) return { status: 'ok' };
  const sentences = failing.map((name) =>
    checks[name] === 'no answer'
      ? `${NAMES[name]} did not answer in time`
      : `${NAMES[name]} cannot be reached or answered with an error`,
  );
  throw new DomainError(503, `Not ready: ${sentences.join('; ')}.`, 'not_ready', checks);
}

const statusOk = z.object({ status: z.literal('ok') });
const NOT_READY =
  'PostgreSQL or Redis did not answer within 1.5 s or answered with an error (`not_ready`; `details` has `database` and `redis`, each `ok`, `no answer` or `failed`), or the process is shutting down (`draining`).';

/** Liveness, readiness and `openApiDocument()`, the document of every route, these among them. */
export function systemRoutes(openApiDocument: () => OpenApiDocument) {
  return defineRoutes('public', { name: 'System', description: 'Health and this document.' }, (route) => [
    route({
      method: 'get',
      path: '/health',
      operationId: 'health',
      summary: 'Check the API, its database and Redis (readiness)',
      description: 'The same as `GET /health/ready`, kept for existing probes.',
      responses: { 200: { description: 'Everything answers.', schema: statusOk } },
      refusals: { 503: NOT_READY },
      handle: ({ ctx }) => assertReady(ctx),
    }),
    route({
      method: 'get',
      path: '/health/live',
      operationId: 'healthLive',
      summary: 'Check the API process answers (liveness)',
      description: 'Asks nothing of the database or Redis: a failing dependency is no reason to restart the process.',
      responses: { 200: { description: 'The process answers.', schema: statusOk } },
      handle: async () => ({ status: 'ok' as const }),
    }),
    route({
      method: 'get',
      path: '/health/ready',
      operationId: 'healthReady',
      summary: 'Check the API can serve: its database and Redis answer (readiness)',
      description: 'Answers within 2 s whatever PostgreSQL and Redis do; 503 while the process drains after SIGTERM.',
      responses: { 200: { description: 'Everything answers.', schema: statusOk } },
      refusals: { 503: NOT_READY },
      handle: ({ ctx }) => assertReady(ctx),
    }),
    route({
      method: 'get',
      path: '/openapi.json',
      operationId: 'openApiDocument',
      summary: 'This document',
      responses: {
        200: {
          description: 'The OpenAPI 3.1 document of the whole API.',
          schema: z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document.' }),
        },
      },
      handle: async () => ({ ...openApiDocument() }),
    }),
  ]);
}
