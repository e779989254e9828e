import { observeJobs, runProcess, serveMetrics } from '@portico/core';
import { createMaintenanceWorker, registerSchedules } from './scheduler';

/** The scheduler's metrics port unless METRICS_PORT names another. */
const METRICS_PORT = 9465;

runProcess('scheduler', async (ctx) => {
  await registerSchedules(ctx);
  const worker = createMaintenanceWorker(ctx);
  observeJobs(worker, ctx);
  worker.on('failed', (job, error) =>
    ctx.logger.warn({ jobId: job?.id, task: job?.data.task, err: error }, 'maintenance job failed'),
  );
  const metrics = await serveMetrics(ctx.metrics, {
    port: ctx.config.metricsPort ?? METRICS_PORT,
    token: ctx.config.metricsToken,
    logger: ctx.logger,
  });
  ctx.logger.info('scheduler started');
  return async () => {
    await worker.close();
    metrics.close();
  };
});
