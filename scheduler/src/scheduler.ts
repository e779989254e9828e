import {
  flushApiKeyUsage,
  purgeExpired,
  sweepEvents,
  sweepOutbox,
  type AppContext,
  type QueuePayloads,
} from '@portico/core';
import { Worker, type Job } from 'bullmq';
import { CRON_TABLE } from './cron-table';

export async function registerSchedules(ctx: AppContext): Promise<void> {
  for (const entry of CRON_TABLE) {
    await ctx.queues.maintenance.upsertJobScheduler(
      entry.name,
      { pattern: entry.pattern, tz: 'UTC' },
      { name: entry.name, data: { task: entry.name } },
    );
  }
}

export async function runMaintenance(ctx: AppContext, job: Job<QueuePayloads['maintenance']>): Promise<unknown> {
  switch (job.data.task) {
    case 'purge-expired': {
      const purged = await purgeExpired();
      ctx.logger.info({ purged }, 'expired tokens and invitations purged');
      return purged;
    }
    case 'sweep-outbox':
      return { requeued: await sweepOutbox(ctx) };
    case 'flush-api-key-usage':
      return { updated: await flushApiKeyUsage(ctx) };
    case 'sweep-events': {
      const requeued = await sweepEvents(ctx);
      if (requeued.events + requeued.deliveries > 0)
        ctx.logger.info(requeued, 'undispatched webhook events and deliveries queued again');
      return requeued;
    }
  }
}

export function createMaintenanceWorker(ctx: AppContext): Worker<QueuePayloads['maintenance']> {
  const run = async (job: Job<QueuePayloads['maintenance']>) => {
    const result = await runMaintenance(ctx, job);
    ctx.metrics.schedulerLastRun.set({ job: job.data.task }, Date.now() / 1000);
    return result;
  };
  return new Worker<QueuePayloads['maintenance']>('maintenance', run, {
    connection: ctx.redis.duplicate(),
    prefix: ctx.config.redisPrefix,
    concurrency: 1,
  });
}
