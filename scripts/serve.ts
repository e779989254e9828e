/**
 * Runs api, worker and scheduler as three supervised processes. A process that dies is started
 * again after a delay that doubles with each crash in a row (1 s up to 30 s) and is logged; the
 * others keep running, so one crash never takes the rest down. The configuration is checked once
 * before anything starts (a wrong one stops here with its sentence). SIGTERM or SIGINT is passed to
 * each process, and the supervisor exits once all have stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ConfigError, createLogger, loadConfig, REPO_ROOT, type Config } from '@portico/core';

const PROCESSES = { api: 'api/src/main.ts', worker: 'worker/src/main.ts', scheduler: 'scheduler/src/main.ts' } as const;
type Name = keyof typeof PROCESSES;

/**
 * One METRICS_PORT for the three processes of one machine: the worker takes it and the scheduler
 * the next (unset, each its default: 9464 and 9465; 0, each a free port).
 */
function metricsPorts(config: Config): Record<Name, Record<string, string>> {
  const port = config.metricsPort;
  if (port === undefined || port === 0) return { api: {}, worker: {}, scheduler: {} };
  return { api: {}, worker: { METRICS_PORT: String(port) }, scheduler: { METRICS_PORT: String(port + 1) } };
}

const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A process that ran this long before dying starts again after the first delay. */
const STABLE_AFTER_MS = 30_000;

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

const config = configOrExit();
const logger = createLogger(config, 'supervisor');
const METRICS_PORTS = metricsPorts(config);
const running = new Map<Name, ChildProcess>();
const pendingRestarts = new Map<Name, NodeJS.Timeout>();
const crashesInARow = new Map<Name, number>();
let stopping = false;
let exitCode = 0;

function exitWhenAllStopped(): void {
  if (stopping && running.size === 0) process.exit(exitCode);
}

function stopAll(): void {
  stopping = true;
  for (const timer of pendingRestarts.values()) clearTimeout(timer);
  pendingRestarts.clear();
  for (const child of running.values()) child.kill('SIGTERM');
  exitWhenAllStopped();
}

function start(name: Name): void {
  const startedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, PROCESSES[name])], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...METRICS_PORTS[name] },
  });
  running.set(name, child);
  logger.info({ process: name, pid: child.pid }, `${name} started`);
  child.on('exit', (code, signal) => {
    running.delete(name);
    if (stopping) {
      if (code !== 0 && code !== null) exitCode = code;
      exitWhenAllStopped();
      return;
    }
    const crashes = Date.now() - startedAt >= STABLE_AFTER_MS ? 1 : (crashesInARow.get(name) ?? 0) + 1;
    crashesInARow.set(name, crashes);
    const delayMs = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (crashes - 1));
    logger.error(
      { process: name, pid: child.pid, code, signal, crashesInARow: crashes, restartInMs: delayMs },
      `${name} stopped unexpectedly; restarting it in ${delayMs} ms`,
    );
    pendingRestarts.set(
      name,
      setTimeout(() => {
        pendingRestarts.delete(name);
        start(name);
      }, delayMs),
    );
  });
}

for (const name of Object.keys(PROCESSES) as Name[]) start(name);

process.once('SIGTERM', stopAll);
process.once('SIGINT', stopAll);
