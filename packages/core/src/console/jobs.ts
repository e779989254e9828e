import type { Job, JobType } from 'bullmq';
import type { AppContext } from '../context';
import { CRON_TABLE, type CronEntry } from '../cron-table';

import { excerpt, jobRow, type JobRow, type JobStatus } from '../job-rows';
import { QUEUE_NAMES, type QueueName, type QueuePayloads } from '../queues';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { conflict, notFound } from '../kernel/errors';
import {
  failPendingDelivery,
  failQueuedEmail,
  markEventDispatched,
  reopenFailedDelivery,
  reopenFailedEmail,
} from './console-data';

/*
 * Queues and Jobs (platform-console §2, §3 Job and Cron job): the recent jobs of every queue, Retry
 * for a failed one, Cancel for one waiting or delayed, and the scheduler's cron table whose Toggle
 * removes or restores the real BullMQ job scheduler. A job's id in the console is `queue:id`.
 * Retrying or cancelling a job also reopens or closes the row it works on, so the sweeps that
 * re-queue unfinished rows neither undo a cancel nor skip a retry.
 */

const LISTED_STATES: JobStatus[] = ['active', 'waiting', 'delayed', 'failed', 'completed'];
/** Jobs of each state of each queue the recent list reads. */
const PER_STATE = 50;

export const NO_SUCH_JOB = 'This job no longer exists.';
export const ONLY_FAILED_RETRY = 'Only a failed job can be retried.';
export const ONLY_WAITING_CANCEL = 'Only a waiting or delayed job can be cancelled.';
const CANCELLED = 'Cancelled from the platform console.';

/** The newest jobs of every queue (or one), newest first. */
export async function listRecentJobs(
  ctx: Pick<AppContext, 'queues' | 'clock'>,
  filters: { queue?: QueueName; status?: JobStatus; limit: number },
): Promise<JobRow[]> {
  const queues = filters.queue ? [filters.queue] : QUEUE_NAMES;
  const states = filters.status ? [filters.status] : LISTED_STATES;
  const now = ctx.clock.now().getTime();
  const lists = await Promise.all(
    queues.flatMap((queue) =>
      states.map(async (state) =>
        (await ctx.queues[queue].getJobs([state as JobType], 0, PER_STATE - 1, false))
          .filter((job): job is Job => Boolean(job))
          .map((job) => jobRow(queue, job, state, now)),
      ),
    ),
  );
  return lists
    .flat()
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, filters.limit);
}

async function findJob(ctx: Pick<AppContext, 'queues'>, id: string): Promise<{ queue: QueueName; job: Job }> {
  const cut = id.indexOf(':');
  const queue = id.slice(0, cut) as QueueName;
  if (cut < 1 || !QUEUE_NAMES.includes(queue)) throw notFound(NO_SUCH_JOB);
  const job = await ctx.queues[queue].getJob(id.slice(cut + 1));
  if (!job) throw notFound(NO_SUCH_JOB);
  return { queue, job };
}

/** The row a job works on, reopened for a retry or closed for a cancel. */
async function reopenOrClose(ctx: ServiceContext, queue: QueueName, job: Job, reopen: boolean): Promise<void> {
  const transaction = ctx.transaction;
  if (queue === 'emails') {
    const { outboxId } = job.data as QueuePayloads['emails'];
    if (reopen) await reopenFailedEmail(ctx, outboxId, transaction);
    else await failQueuedEmail(ctx, outboxId, CANCELLED, transaction);
  } else if (queue === 'webhooks') {
    const data = job.data as QueuePayloads['webhooks'];
    if (data.kind === 'deliver') {
      if (reopen) await reopenFailedDelivery(ctx, data.deliveryId, transaction);
      else await failPendingDelivery(ctx, data.deliveryId, CANCELLED, ctx.clock.now(), transaction);
    } else if (data.kind === 'fanout' && !reopen)
      await markEventDispatched(ctx, data.eventId, ctx.clock.now(), transaction);
  }
}

/** Runs a failed job again (its attempts start over), audited. */
export async function retryJob(ctx: ServiceContext, actor: PlatformActor, id: string): Promise<JobRow> {
  const { queue, job } = await findJob(ctx, id);
  if ((await job.getState()) !== 'failed') throw conflict(ONLY_FAILED_RETRY);
  await inTransaction(ctx, async (transaction) => {
    await reopenOrClose({ ...ctx, transaction }, queue, job, true);
    await audit(
      ctx,
      { actor },
      {
        action: 'job.retried',
        entity: { type: 'job', id: `${queue}:${job.id}` },
        details: { queue, name: job.name, attempts: job.attemptsMade, error: excerpt(job.failedReason) },
      },
      transaction,
    );
  });
  await job.retry('failed', { resetAttemptsMade: true });
  const row = jobRow(queue, job, 'waiting', ctx.clock.now().getTime());
  ctx.live.toSuper('job', row);
  return row;
}

/** Removes a job that has not started, and closes the row it would have worked on, audited. */
export async function cancelJob(ctx: ServiceContext, actor: PlatformActor, id: string): Promise<JobRow> {
  const { queue, job } = await findJob(ctx, id);
  const state = await job.getState();
  if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') throw conflict(ONLY_WAITING_CANCEL);
  const row = jobRow(queue, job, state === 'delayed' ? 'delayed' : 'waiting', ctx.clock.now().getTime());
  await inTransaction(ctx, async (transaction) => {
    await reopenOrClose({ ...ctx, transaction }, queue, job, false);
    await audit(
      ctx,
      { actor },
      { action: 'job.cancelled', entity: { type: 'job', id: row.id }, details: { queue, name: job.name, state } },
      transaction,
    );
    // Inside the transaction: a job that started meanwhile is locked, remove() fails and nothing is written.
    await job.remove();
  });
  ctx.live.toSuper('job', row);
  return row;
}

export interface CronRow {
  name: string;
  schedule: string;
  description: string;
  lastRunAt: string | null;
  nextRunAt: string | null;
  enabled: boolean;
  state: 'enabled' | 'disabled' | 'not_registered';
}

const cronKeys = (prefix: string) => ({
  disabled: `${prefix}:cron:disabled`,
  lastRun: `${prefix}:cron:last-run`,
});

/** The scheduler notes each periodic job's run for the cron table. */
export async function noteCronRun(ctx: Pick<AppContext, 'redis' | 'config'>, name: string, at: Date): Promise<void> {
  await ctx.redis.hset(cronKeys(ctx.config.redisPrefix).lastRun, name, at.toISOString());
}

/** Names of the periodic jobs a super admin switched off (the scheduler leaves them unregistered). */
export async function disabledCronJobs(ctx: Pick<AppContext, 'redis' | 'config'>): Promise<Set<string>> {
  return new Set(await ctx.redis.smembers(cronKeys(ctx.config.redisPrefix).disabled));
}

/** Registers the job scheduler of a periodic job (the scheduler at start, and Toggle on). */
export async function registerCronJob(ctx: Pick<AppContext, 'queues'>, entry: CronEntry): Promise<void> {
  await ctx.queues.maintenance.upsertJobScheduler(
    entry.name,
    { pattern: entry.pattern, tz: 'UTC' },
    { name: entry.name, data: { task: entry.name } },
  );
}

/** The cron table: each periodic job, when it last and next runs, and whether it is on. */
export async function listCronJobs(ctx: Pick<AppContext, 'queues' | 'redis' | 'config'>): Promise<CronRow[]> {
  const keys = cronKeys(ctx.config.redisPrefix);
  const [disabled, lastRuns] = await Promise.all([disabledCronJobs(ctx), ctx.redis.hgetall(keys.lastRun)]);
  return Promise.all(
    CRON_TABLE.map(async (entry) => {
      const scheduler = await ctx.queues.maintenance.getJobScheduler(entry.name);
      return {
        name: entry.name,
        schedule: entry.pattern,
        description: entry.description,
        lastRunAt: lastRuns[entry.name] ?? null,
        nextRunAt: scheduler?.next ? new Date(scheduler.next).toISOString() : null,
        enabled: !disabled.has(entry.name) && Boolean(scheduler),
        state: disabled.has(entry.name) ? 'disabled' : scheduler ? 'enabled' : 'not_registered',
      };
    }),
  );
}

export const NO_SUCH_CRON = 'There is no periodic job of that name.';

/** Switches a periodic job off (its BullMQ job scheduler is removed) or back on, audited. */
export async function toggleCronJob(ctx: ServiceContext, actor: PlatformActor, name: string): Promise<CronRow> {
  const entry = CRON_TABLE.find((e) => e.name === name);
  if (!entry) throw notFound(NO_SUCH_CRON);
  const keys = cronKeys(ctx.config.redisPrefix);
  const enable = (await disabledCronJobs(ctx)).has(name) || !(await ctx.queues.maintenance.getJobScheduler(name));
  await inTransaction(ctx, async (transaction) => {
    await audit(
      ctx,
      { actor },
      {
        action: enable ? 'cron.enabled' : 'cron.disabled',
        entity: { type: 'cron', id: name },
        details: { schedule: entry.pattern },
      },
      transaction,
    );
    if (enable) {
      await ctx.redis.srem(keys.disabled, name);
      await registerCronJob(ctx, entry);
    } else {
      await ctx.redis.sadd(keys.disabled, name);
      await ctx.queues.maintenance.removeJobScheduler(name);
    }
  });
  return (await listCronJobs(ctx)).find((row) => row.name === name)!;
}
