/**
 * Runs api, worker and scheduler as three processes. SIGTERM or SIGINT is passed to each, and the
 * launcher exits once all have stopped; if one dies on its own the others are stopped too, so a
 * supervisor (compose, systemd) sees the failure and restarts the set.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@portico/core';

const PROCESSES = { api: 'api/src/main.ts', worker: 'worker/src/main.ts', scheduler: 'scheduler/src/main.ts' };

const children = new Map<string, ChildProcess>();
let stopping = false;
let exitCode = 0;

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children.values()) child.kill(signal);
}

for (const [name, entry] of Object.entries(PROCESSES)) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], { cwd: REPO_ROOT, stdio: 'inherit' });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!stopping) {
      console.error(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the others.`);
      exitCode = 1;
      stopAll('SIGTERM');
    } else if (code !== 0 && code !== null) {
      exitCode = code;
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

process.once('SIGTERM', () => stopAll('SIGTERM'));
process.once('SIGINT', () => stopAll('SIGTERM'));
