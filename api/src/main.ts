import { runProcess } from '@portico/core';
import { createApp } from './app';

runProcess('api', async (ctx) => {
  const { server } = createApp(ctx);
  await new Promise<void>((resolve) => server.listen(ctx.config.port, resolve));
  ctx.logger.info({ port: ctx.config.port, url: ctx.config.publicUrl }, 'Portico API listening');
  return () =>
    new Promise<void>((resolve) => {
      // Stop accepting, let requests in progress finish, drop idle keep-alive connections.
      server.close(() => resolve());
      server.closeIdleConnections();
    });
});
