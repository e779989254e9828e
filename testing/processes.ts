import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '@portico/core';

export interface RunningProcess {
  child: ChildProcess;
  output: () => string;
  waitForOutput: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  exit: Promise<number | null>;
}

/** A TCP port on loopback that nothing listens on at this moment. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The Node.js major the image runs: the Dockerfile's `FROM node:<major>-…`. */
export function imageNodeMajor(): string {
  const major = /^FROM node:(\d+)-/m.exec(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'))?.[1];
  if (!major) throw new Error('The Dockerfile names no node:<major> image.');
  return major;
}

/**
 * The `node` of the image's line, which the compiled processes run on: this one when it is, else
 * the one `.ci/install-node` unpacks into .cache/node-<major> (CI runs everything on it).
 */
export function imageNode(): string {
  const major = imageNodeMajor();
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const installed = path.join(REPO_ROOT, '.cache', `node-${major}`, 'bin', 'node');
  if (existsSync(installed)) return installed;
  throw new Error(`The compiled processes run on Node ${major}, as the image does: run .ci/install-node first.`);
}

/**
 * Starts one of Portico's processes (api, worker, scheduler, setup) exactly as `npm start`'s
 * supervisor does (one Node process importing tsx: signals reach the process's own handlers, where
 * tsx's CLI would relay them and kill a child that has not confirmed within 30 ms, as happens under
 * load), or compiled as the image runs it when `entry` is JavaScript (`dist/api.js`, from
 * `npm run build:prod`), on the image's Node line (imageNode).
 * `nodeFlags` go to Node itself (such as `--cpu-prof`, which NODE_OPTIONS refuses), after tsx's own
 * `--import`, so a module they `--import` may be TypeScript.
 */
export function startProcess(entry: string, env: Record<string, string>, nodeFlags: string[] = []): RunningProcess {
  const file = path.join(REPO_ROOT, entry);
  const [command, args] = entry.endsWith('.js')
    ? [imageNode(), [...nodeFlags, file]]
    : [process.execPath, ['--import', 'tsx', ...nodeFlags, file]];
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    // Metrics on a free port unless the caller names one: test files start workers side by side.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exit,
    waitForOutput: async (pattern, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`${entry} did not print ${pattern}:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** Resolves once `url` answers 200. */
export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The process and all its descendants, deepest first (tsx runs the script in a child node process). */
function processTree(pid: number): number[] {
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (listed) children.push(...listed.split(/\s+/).map(Number));
    }
  } catch {
    // The process has ended.
  }
  return [...children.flatMap(processTree), pid];
}

/**
 * Sends a signal to a started process and every process under it. SIGKILL to tsx alone would leave
 * the real process running as an orphan; a crash test must kill the process doing the work.
 */
export function killProcessTree(running: RunningProcess, signal: NodeJS.Signals): void {
  if (running.child.pid === undefined) return;
  for (const pid of processTree(running.child.pid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}
