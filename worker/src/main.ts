import { observeJobs, runProcess, serveMetrics } from '@portico/core';
import { createEmailWorker } from './email-worker';
import { createMessageWorker } from './message-worker';
import { createProvisioningWorker } from './provisioning-worker';
import { createWebhookWorker } from './webhook-worker';

/** The worker's metrics port unless METRICS_PORT names another. */
const METRICS_PORT = 9464;

runProcess('worker', async (ctx) => {
  const workers = [
    createEmailWorker(ctx),
    createWebhookWorker(ctx),
    createProvisioningWorker(ctx),
    createMessageWorker(ctx),
  ];
  for (const worker of workers) {
    observeJobs(worker, ctx);
    worker.on('failed', (job, error) =>
      ctx.logger.warn({ queue: worker.name, jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'job failed'),
    );
  }
  const metrics = await serveMetrics(ctx.metrics, {
    port: ctx.config.metricsPort ?? METRICS_PORT,
    token: ctx.config.metricsToken,
    logger: ctx.logger,
  });
  ctx.logger.info({ queues: workers.map((w) => w.name) }, 'worker started');
  // close() waits for the jobs in progress to finish.
  return async () => {
    await Promise.all(workers.map((w) => w.close()));
    metrics.close();
  };
});
