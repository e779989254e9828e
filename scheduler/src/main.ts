import { runProcess } from '@portico/core';
import { createMaintenanceWorker, registerSchedules } from './scheduler';

runProcess('scheduler', async (ctx) => {
  await registerSchedules(ctx);
  const worker = createMaintenanceWorker(ctx);
  worker.on('failed', (job, error) =>
    ctx.logger.warn({ jobId: job?.id, task: job?.data.task, err: error }, 'maintenance job failed'),
  );
  ctx.logger.info('scheduler started');
  return () => worker.close();
});
