import { runProcess } from '@portico/core';
import { createEmailWorker } from './email-worker';
import { createWebhookWorker } from './webhook-worker';

runProcess('worker', async (ctx) => {
  const workers = [createEmailWorker(ctx), createWebhookWorker(ctx)];
  for (const worker of workers) {
    worker.on('failed', (job, error) =>
      ctx.logger.warn({ queue: worker.name, jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'job failed'),
    );
  }
  ctx.logger.info({ queues: workers.map((w) => w.name) }, 'worker started');
  // close() waits for the jobs in progress to finish.
  return async () => void (await Promise.all(workers.map((w) => w.close())));
});
