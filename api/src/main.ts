import { setTimeout as sleep } from 'node:timers/promises';
import { isDraining, runProcess, sweepUnfinishedUploads } from '@portico/core';
import { createApp } from './app';
import { attachLive } from './live';

runProcess('api', async (ctx) => {
  const { server } = createApp(ctx);
  const live = attachLive(server, ctx);
  // While draining, each answer closes its connection, so keep-alive clients move to another process.
  server.prependListener('request', (_req, res) => {
    if (isDraining()) res.shouldKeepAlive = false;
  });
  await new Promise<void>((resolve) => server.listen(ctx.config.port, ctx.config.host, resolve));
  ctx.logger.info({ port: ctx.config.port, url: ctx.config.publicUrl }, 'Portico API listening');
  // What an API process that died mid-upload left behind; the scheduler's sweep-uploads repeats it hourly.
  sweepUnfinishedUploads(ctx).then(
    (removed) => {
      if (removed > 0) ctx.logger.info({ removed }, 'unfinished uploads swept');
    },
    (error: unknown) => ctx.logger.warn({ err: error }, 'sweeping unfinished uploads failed'),
  );
  return async () => {
    // Readiness already answers 503; a load balancer needs a moment to notice before the port closes.
    if (ctx.config.shutdownDrainMs > 0) await sleep(ctx.config.shutdownDrainMs);
    await live.close();
    await new Promise<void>((resolve) => {
      // Stop accepting, let requests in progress finish, drop idle keep-alive connections.
      server.close(() => resolve());
      server.closeIdleConnections();
    });
  };
});
