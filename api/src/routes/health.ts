import { isDraining, type AppContext } from '@portico/core';
import { Router, type RequestHandler } from 'express';

/** Readiness answers within 2 s (DECISIONS §6): each dependency gets this long, checked at the same time. */
export const READY_DEADLINE_MS = 1500;

type Check = 'ok' | 'no answer' | 'failed';

/** How a dependency answered: in time, not in time, or with an error. Never waits past the deadline. */
async function check(work: () => Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('no answer'), READY_DEADLINE_MS);
  });
  try {
    // The bounded Redis client gives up on its own before the deadline ("Command timed out"): that is no answer too.
    const answered = work().then(
      (): Check => 'ok',
      (error: unknown): Check => (error instanceof Error && /timed out/i.test(error.message) ? 'no answer' : 'failed'),
    );
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

const NAMES = { database: 'PostgreSQL', redis: 'Redis' } as const;

/**
 * Liveness (`/health/live`: the process answers) and readiness (`/health/ready`, and `/health` as
 * before: PostgreSQL and Redis answer within the deadline, and the process is not draining after
 * SIGTERM). Redis is asked on the bounded client, so a Redis that hangs makes a 503, not a wait.
 */
export function healthRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/health/live', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });

  const ready: RequestHandler = async (_req, res) => {
    res.set('cache-control', 'no-store');
    if (isDraining()) {
      res.status(503).json({ error: 'This API process is shutting down and takes no new work.', code: 'draining' });
      return;
    }
    const [database, redis] = await Promise.all([
      check(() => ctx.sequelize.query('SELECT 1')),
      check(() => ctx.boundedRedis.ping()),
    ]);
    const checks = { database, redis };
    const failing = (Object.keys(checks) as Array<keyof typeof checks>).filter((name) => checks[name] !== 'ok');
    if (failing.length === 0) {
      res.json({ status: 'ok' });
      return;
    }
    const sentences = failing.map((name) =>
      checks[name] === 'no answer'
        ? `${NAMES[name]} did not answer in time`
        : `${NAMES[name]} cannot be reached or answered with an error`,
    );
    res.status(503).json({ error: `Not ready: ${sentences.join('; ')}.`, code: 'not_ready', details: checks });
  };
  router.get('/health', ready);
  router.get('/health/ready', ready);

  return router;
}
