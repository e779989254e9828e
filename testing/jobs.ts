import { randomUUID } from 'node:crypto';
import type { AppContext, MaintenanceTask } from '@portico/core';
import { createMaintenanceWorker } from '../scheduler/src/scheduler';

/**
 * Runs one maintenance task through the real queue and a real worker and returns its result.
 * It listens on the worker itself, set up before the job exists, because a QueueEvents stream
 * opened alongside the job can miss a completion that lands before its first read.
 */
export async function runMaintenanceTask(ctx: AppContext, task: MaintenanceTask): Promise<unknown> {
  const worker = createMaintenanceWorker(ctx);
  const jobId = randomUUID();
  try {
    const finished = new Promise<unknown>((resolve, reject) => {
      worker.on('completed', (job, result) => {
        if (job.id === jobId) resolve(result);
      });
      worker.on('failed', (job, error) => {
        if (job?.id === jobId) reject(error);
      });
    });
    await ctx.queues.maintenance.add(task, { task }, { jobId, attempts: 1 });
    return await finished;
  } finally {
    await worker.close();
  }
}
