/**
 * Webhooks benchmark, part of `npm run bench`: deliveries per second from one worker process (the
 * real `worker/src/main.ts`, at concurrency 10 and 50) to a local receiver, signed, through the
 * outbound guard, each attempt logged in PostgreSQL; against a BullMQ worker process running no-op
 * jobs with the same concurrency on the same Redis, in the same run. Both queues are filled first,
 * then each worker is timed from its first job to its last.
 */
import { randomUUID } from 'node:crypto';
import { encryptSecret, generateWebhookSecret, loadConfig, type AppContext, type WebhookPayload } from '@portico/core';

import { Queue } from 'bullmq';
import { Op } from 'sequelize';
import { startProcess } from '../testing/processes';
import { startWebhookReceiver } from '../testing/webhook-receiver';
import type { Figure } from './figures';
import { profileFlags } from './profile';

const DELIVERIES = Number(process.env.BENCH_WEBHOOKS ?? 2000);
const CHUNK = 500;

export interface WebhooksBenchInput {
  ctx: AppContext;
  env: Record<string, string>;
  tenantId: string;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`webhooks bench: ${what} did not finish within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Deliveries per second of the webhook worker. */
async function measureDeliveries(input: WebhooksBenchInput): Promise<number> {
  const { ctx, env, tenantId } = input;
  const receiver = await startWebhookReceiver();
  let worker: ReturnType<typeof startProcess> | undefined;
  try {
    const webhook = await ctx.db.Webhook.create({
      tenant_id: tenantId,
      url: `${receiver.url}/bench`,
      // Only the form submissions queued here: the files bench's uploads raised events of their own.
      events: 'forms',
      secret_encrypted: encryptSecret(generateWebhookSecret(), env.SECRETS_KEY!),
      created_by: null,
    });
    // A body of the size a form submission with a few answers has.
    const answers = Array.from({ length: 8 }, (_, i) => ({
      question_id: `q${i}`,
      label: `Question ${i}`,
      type: 'text',
      value: 'An answer of a few words.',
    }));
    for (let start = 0; start < DELIVERIES; start += CHUNK) {
      const rows = await ctx.db.WebhookDelivery.bulkCreate(
        Array.from({ length: Math.min(CHUNK, DELIVERIES - start) }, (_, i) => {
          const id = randomUUID();
          const payload: WebhookPayload = {
            id,
            type: 'form.submitted',
            tenant_id: tenantId,
            timestamp: new Date().toISOString(),
            data: { n: start + i, answers },
          };
          return {
            tenant_id: tenantId,
            webhook_id: webhook.id,
            event_id: null,
            message_id: id,
            event_type: 'form.submitted',
            payload: payload as unknown as Record<string, unknown>,
          };
        }),
      );
      await ctx.queues.webhooks.addBulk(
        rows.map((row) => ({
          name: 'deliver',
          data: { kind: 'deliver' as const, deliveryId: row.id },
          opts: { jobId: row.id },
        })),
      );
    }
    // Started once the queue is full, so what is timed is the worker, not how fast the queue fills.
    worker = startProcess(
      'worker/src/main.ts',
      { ...env, OUTBOUND_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'info' },
      profileFlags(),
    );
    await worker.waitForOutput(/worker started/);
    const succeeded = () =>
      ctx.db.WebhookDelivery.count({ where: { tenant_id: tenantId, webhook_id: webhook.id, status: 'succeeded' } });
    // The receiver's own count first: polling PostgreSQL meanwhile would take CPU from what is measured.
    await until(async () => receiver.received.length >= DELIVERIES, 300_000, 'the deliveries');
    await until(async () => (await succeeded()) >= DELIVERIES, 30_000, 'the attempt log');
    const unfinished = await ctx.db.WebhookDelivery.findAll({
      where: { tenant_id: tenantId, webhook_id: webhook.id, status: { [Op.ne]: 'succeeded' } },
      attributes: ['status', 'last_error'],
    });
    if (unfinished.length > 0)
      throw new Error(
        `webhooks bench: ${unfinished.length} deliveries did not succeed, e.g. ${unfinished[0]!.status}: ${unfinished[0]!.last_error}`,
      );
    const last = (await ctx.db.WebhookDelivery.max('completed_at', {
      where: { tenant_id: tenantId, webhook_id: webhook.id },
    })) as Date;
    const first = Math.min(...receiver.received.map((r) => r.at));
    return DELIVERIES / ((last.getTime() - first) / 1000);
  } finally {
    worker?.child.kill('SIGTERM');
    await worker?.exit;
    await receiver.close();
  }
}

/** Jobs per second of a no-op BullMQ worker with the same concurrency. */
async function measureNoop(input: WebhooksBenchInput): Promise<number> {
  const { ctx, env } = input;
  const config = loadConfig(env);
  const connection = ctx.redis.duplicate();
  const queue = new Queue('bench-noop', { connection, prefix: config.redisPrefix });
  const worker = startProcess('bench/noop-worker.ts', {
    REDIS_URL: config.redisUrl,
    REDIS_PREFIX: config.redisPrefix,
    CONCURRENCY: String(config.webhooks.concurrency),
  });
  try {
    for (let start = 0; start < DELIVERIES; start += CHUNK) {
      await queue.addBulk(
        Array.from({ length: Math.min(CHUNK, DELIVERIES - start) }, (_, i) => ({
          name: 'noop',
          data: { n: start + i },
        })),
      );
    }
    await worker.waitForOutput(/noop worker ready/);
    await until(async () => (await queue.getCompletedCount()) >= DELIVERIES, 120_000, 'the no-op jobs');
    const jobs = await queue.getCompleted(0, DELIVERIES);
    const first = Math.min(...jobs.map((j) => j.processedOn!));
    const last = Math.max(...jobs.map((j) => j.finishedOn!));
    return DELIVERIES / ((last - first) / 1000);
  } finally {
    worker.child.kill('SIGTERM');
    await worker.exit;
    await queue.obliterate({ force: true });
    await queue.close();
    // A connection handed to BullMQ is the caller's to close.
    await connection.quit();
  }
}

/** The worker's concurrency the goal is set at, and a higher one reported beside it. */
const CONCURRENCIES = [10, 50];

export async function benchWebhooks(input: WebhooksBenchInput): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const concurrency of CONCURRENCIES) {
    const at = { ...input, env: { ...input.env, WEBHOOK_CONCURRENCY: String(concurrency) } };
    const deliveries = await measureDeliveries(at);
    const noop = await measureNoop(at);
    console.log(
      `\nWebhooks: ${DELIVERIES} deliveries by one worker process, concurrency ${concurrency}, to a local receiver`,
    );
    console.log(
      `${'webhook deliveries'.padEnd(28)} ${deliveries.toFixed(0).padStart(8)} /s   (signed, guarded, attempt logged)`,
    );
    console.log(`${'BullMQ no-op jobs'.padEnd(28)} ${noop.toFixed(0).padStart(8)} /s   (same Redis, same concurrency)`);
    console.log(`ratio deliveries / no-op jobs: ${(deliveries / noop).toFixed(3)}`);
    figures.push({
      name: `webhook deliveries vs no-op jobs, concurrency ${concurrency}`,
      value: deliveries / noop,
      unit: '×',
      ...(concurrency === CONCURRENCIES[0] ? { goal: { atLeast: 0.3 } } : {}),
    });
  }
  return figures;
}
