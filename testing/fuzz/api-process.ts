import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, killProcessTree, startProcess, type RunningProcess } from '../processes';
import { TEST_PASSWORD_HASHING } from '../harness';

const PROTOTYPE_GUARD = fileURLToPath(new URL('./prototype-guard.ts', import.meta.url));

/*
 * The API under fuzzing runs as its own process, as `npm start` runs it (`api/src/main.ts` through
 * tsx), so an error nobody catches ends a real process and is seen as an exit, not swallowed by the
 * test runner; so does a polluted prototype (`prototype-guard.ts`, imported before the app). It logs at `error`, so its output holds the stack of every
 * unhandled error and of the crash, and nothing else.
 */

/** One exit of the API process the suite did not ask for. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines the process printed. */
  tail: string;
}

export interface FuzzApiOptions {
  databaseUrl: string;
  redisPrefix?: string;
  /** More variables for the API (they win over the defaults below). */
  env?: Record<string, string>;
}

/** The secrets and accounts the suite shares with the API process. */
export const FUZZ_SECRETS = {
  JWT_SECRET: 'fuzz-jwt-secret-fuzz-jwt-secret-0123456789',
  SECRETS_KEY: 'fuzz-secrets-key-fuzz-secrets-key-0123456',
  SUPERADMIN_EMAIL: 'root@portico.test',
  SUPERADMIN_PASSWORD: 'root-password-1',
};

export class FuzzApi {
  readonly env: Record<string, string>;
  readonly url: string;
  readonly port: number;
  readonly storageDir: string;
  private running: RunningProcess;
  /** Output of earlier runs of the process (before a restart), so offsets stay meaningful. */
  private previousOutput = '';
  private stopping = false;
  readonly exits: ProcessExit[] = [];

  private constructor(port: number, env: Record<string, string>, storageDir: string) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    this.env = env;
    this.storageDir = storageDir;
    this.running = this.spawn();
  }

  static async start(options: FuzzApiOptions): Promise<FuzzApi> {
    const port = await freePort();
    const storageDir = path.join(tmpdir(), `portico-fuzz-${randomBytes(4).toString('hex')}`);
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: options.redisPrefix ?? `fz${randomBytes(5).toString('hex')}`,
      ...FUZZ_SECRETS,
      LOG_LEVEL: 'error',
      ...TEST_PASSWORD_HASHING,
      STORAGE_DIR: storageDir,
      // Rate limits and the sign-in throttle must not hide paths: a 429 is fine, but thousands would
      // stop the generated requests from reaching anything.
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      // Small, so "too large" paths are cheap to reach.
      MAX_UPLOAD_MB: '1',
      // The suite connects over loopback: as a trusted proxy its X-Forwarded-For values reach req.ip,
      // the audit rows and the sign-in throttle (the worst case: a proxy passing on what a client wrote).
      TRUST_PROXY: 'loopback',
      ...options.env,
    };
    const api = new FuzzApi(port, env, storageDir);
    await api.waitUntilHealthy();
    return api;
  }

  private spawn(): RunningProcess {
    // A polluted prototype ends the process like a crash (see prototype-guard.ts).
    const running = startProcess('api/src/main.ts', this.env, ['--import', PROTOTYPE_GUARD]);
    void running.exit.then((code) => {
      if (this.stopping && running === this.running) return;
      this.exits.push({ code, signal: running.child.signalCode, tail: tailOf(running.output(), 40) });
    });
    return running;
  }

  /** Everything the process (and its earlier incarnations) printed. */
  output(): string {
    return this.previousOutput + this.running.output();
  }

  /** Whether the process is still running. */
  alive(): boolean {
    return this.running.child.exitCode === null && this.running.child.signalCode === null;
  }

  /** Alive, and `GET /api/health` answers 200 within the deadline. */
  async healthy(timeoutMs = 5000): Promise<boolean> {
    if (!this.alive()) return false;
    try {
      const res = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.status === 200 && this.alive();
    } catch {
      return false;
    }
  }

  private async waitUntilHealthy(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.alive())
        throw new Error(`The API process exited while starting:\n${tailOf(this.running.output(), 40)}`);
      if (await this.healthy(2000)) return;
      if (Date.now() > deadline)
        throw new Error(
          `The API did not answer GET /api/health within ${timeoutMs} ms:\n${tailOf(this.running.output(), 40)}`,
        );
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Starts the process again after it died (same database, Redis prefix and port). */
  async restart(): Promise<void> {
    if (this.alive()) return;
    await this.running.exit;
    this.previousOutput += this.running.output() + '\n[fuzz: process restarted]\n';
    this.running = this.spawn();
    await this.waitUntilHealthy();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.alive()) {
      killProcessTree(this.running, 'SIGTERM');
      const timer = setTimeout(() => killProcessTree(this.running, 'SIGKILL'), 10_000);
      await this.running.exit;
      clearTimeout(timer);
    }
    rmSync(this.storageDir, { recursive: true, force: true });
  }
}

export function tailOf(text: string, lines: number): string {
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
