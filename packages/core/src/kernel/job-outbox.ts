import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import type { JobOutbox } from '../db/models';
import type { QueueName, QueuePayloads } from '../queues';
import { deleteOutboxJob, findOutboxJobsBefore, insertOutboxJob } from './kernel-data';

/*
 * The outbox of follow-up jobs (emails have their own, integrations/mail.ts): a job a change needs is
 * recorded in that change's transaction and queued once it commits, so a rolled-back change queues
 * nothing and a committed one loses nothing. Its row is removed once the job reached the queue; the
 * scheduler's `sweep-outbox` queues rows left behind (the process died, Redis did not answer).
 * Jobs queued this way must be safe to run twice.
 */

export type OutboxJob = {
  [Q in QueueName]: { queue: Q; name: string; jobId: string; payload: QueuePayloads[Q] };
}[QueueName];

/** Rows older than this are assumed lost on the way to Redis. */
export const JOB_OUTBOX_STALE_MS = 2 * 60 * 1000;

async function enqueue(
  ctx: Pick<AppContext, 'db' | 'queues'>,
  job: Pick<JobOutbox, 'queue' | 'name' | 'job_id' | 'payload'>,
) {
  // The row's queue and payload were written from an `OutboxJob`, so they agree.
  const queue = ctx.queues[job.queue as QueueName] as AppContext['queues']['provisioning'];
  await queue.add(job.name, job.payload as QueuePayloads['provisioning'], { jobId: job.job_id });
  await deleteOutboxJob(ctx, job.job_id);
}

/** Records `job` in `transaction` and queues it once that commits. */
export async function queueAfterCommit(
  ctx: Pick<AppContext, 'db' | 'queues' | 'logger' | 'clock'>,
  job: OutboxJob,
  transaction: Transaction,
): Promise<void> {
  const row = await insertOutboxJob(
    ctx,
    { job_id: job.jobId, queue: job.queue, name: job.name, payload: job.payload, created_at: ctx.clock.now() },
    transaction,
  );
  transaction.afterCommit(() => {
    enqueue(ctx, row).catch((error: unknown) =>
      ctx.logger.error({ err: error, jobId: job.jobId }, 'could not queue a follow-up job; the outbox sweep will'),
    );
  });
}

/** Queues the outbox's jobs that never reached the queue; BullMQ ignores ids it already holds. */
export async function sweepJobOutbox(ctx: Pick<AppContext, 'db' | 'queues' | 'clock'>): Promise<number> {
  const stale = await findOutboxJobsBefore(ctx, new Date(ctx.clock.now().getTime() - JOB_OUTBOX_STALE_MS));
  for (const row of stale) await enqueue(ctx, row);
  return stale.length;
}
