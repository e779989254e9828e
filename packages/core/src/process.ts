import { ConfigError, loadConfig } from './config';
import type { AppContext } from './context';
import { createMetricsHistory } from './metrics-history';
import { closeContext, createContext } from './wiring';

let draining = false;

/**
 * True from the moment SIGTERM or SIGINT arrives: the process finishes what it is doing and should be
 * sent nothing new (the API's readiness answers 503, DECISIONS §6).
 */
export function isDraining(): boolean {
  return draining;
}

/**
 * The life of one Portico process: load the configuration, open the shared context, start, keep the
 * metrics history, and on SIGTERM or SIGINT run the process's own stop (finish in-flight work) and a
 * last metrics sample before closing connections.
 * A configuration problem is printed as its sentence and exits 1. An error nothing handled is
 * logged as fatal before the process exits 1, for its supervisor to restart.
 */
export function runProcess(name: string, start: (ctx: AppContext) => Promise<() => Promise<void>>): void {
  const boot = async () => {
    const ctx = await createContext(loadConfig(), name);
    const crash = (error: unknown) => {
      ctx.logger.fatal({ err: error }, `${name} crashed`);
      process.exit(1);
    };
    process.on('uncaughtException', crash);
    process.on('unhandledRejection', crash);
    const stop = await start(ctx);
    // The console's embedded metrics: this process's counts every 15 s; an API process also marks itself up.
    const history = createMetricsHistory(ctx, { serves: name === 'api' });
    history.start();
    const shutdown = async (signal: string) => {
      ctx.logger.info({ signal }, `${name} shutting down`);
      draining = true;
      try {
        await stop();
        history.stop();
        await history.sample().catch(() => undefined);
        await closeContext(ctx);
        process.exit(0);
      } catch (error) {
        ctx.logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  };
  boot().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`,
    );
    process.exit(1);
  });
}
