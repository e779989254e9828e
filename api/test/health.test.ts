import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { createTestDatabase, startTestApp, type TestApp } from '../../testing/harness';
import { freePort, killProcessTree, startProcess, waitForHttp } from '../../testing/processes';
import { createKey, v1 } from './public-api-support';

/*
 * This file runs its own redis-server, so it can stop it (SIGSTOP: the connection stays open and
 * nothing answers, as with a hung or overloaded Redis) without touching the Redis other tests share.
 */

let redis: ChildProcess;
let redisPort: number;
let app: TestApp;

beforeAll(async () => {
  redisPort = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  for (let tries = 0; ; tries++) {
    const probe = new Redis(redisPort, '127.0.0.1', {
      lazyConnect: true,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
    });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (error) {
      if (tries > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      probe.disconnect();
    }
  }
  app = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
});

afterAll(async () => {
  redis.kill('SIGCONT');
  await app?.close();
  redis.kill('SIGTERM');
});

/** Runs `work` while Redis neither answers nor closes its connections, then lets it go on. */
async function whileRedisHangs(work: () => Promise<void>): Promise<void> {
  redis.kill('SIGSTOP');
  try {
    await work();
  } finally {
    redis.kill('SIGCONT');
  }
}

/** The answer and how long it took. */
async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await call();
  return [result, Date.now() - started];
}

describe('health', () => {
  it('answers liveness and readiness while the database and Redis answer', async () => {
    for (const path of ['/health/live', '/health/ready', '/health']) {
      const res = await app.request('GET', path);
      expect([path, res.status, res.body]).toEqual([path, 200, { status: 'ok' }]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers 503 with a sentence within 2 s when Redis does not answer, and stays alive', async () => {
    await whileRedisHangs(async () => {
      for (const path of ['/health/ready', '/health']) {
        const [res, ms] = await timed(() => app.request('GET', path));
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          error: 'Not ready: Redis did not answer in time.',
          code: 'not_ready',
          details: { database: 'ok', redis: 'no answer' },
        });
        expect(ms).toBeLessThan(2000);
      }
      const [live, ms] = await timed(() => app.request('GET', '/health/live'));
      expect(live.status).toBe(200);
      expect(ms).toBeLessThan(500);
    });
    expect((await app.request('GET', '/health/ready')).status).toBe(200);
  });
});

describe('rate limits and sessions while Redis does not answer', () => {
  it('refuse sign-in and the public API with 503 within 2 s, and keep serving signed-in people from PostgreSQL', async () => {
    const ws = await makeWorkspace(app, { tier: 'pro' });
    const { key } = await createKey(app, ws.tenant, ws.admin);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    await whileRedisHangs(async () => {
      const [login, loginMs] = await timed(() =>
        app.request('POST', '/auth/login', { body: { email: ws.member.user.email, password: 'whatever-it-is' } }),
      );
      expect(login.status).toBe(503);
      expect(login.body).toMatchObject({
        code: 'rate_limit_unavailable',
        error: 'Sign-in is unavailable for a moment: the server cannot reach its rate-limit store. Try again shortly.',
      });
      expect(loginMs).toBeLessThan(2000);

      const [api, apiMs] = await timed(() => v1(app, key, 'GET', '/members'));
      expect(api.status).toBe(503);
      expect(api.body).toMatchObject({ code: 'rate_limit_unavailable' });
      expect(apiMs).toBeLessThan(2000);

      // The session cache cannot check its versions: the session is read from PostgreSQL instead.
      const [config, configMs] = await timed(() =>
        app.request('GET', '/tenant-config', { token: ws.member.token, tenantId: ws.tenant.id }),
      );
      expect(config.status).toBe(200);
      expect(configMs).toBeLessThan(2000);
    });
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
  });
});

describe('draining', () => {
  it('turns readiness to 503 after SIGTERM while the process still answers, then exits', async () => {
    const db = await createTestDatabase();
    const port = await freePort();
    const api = startProcess('api/src/main.ts', {
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: db.url,
      REDIS_PREFIX: `h${randomBytes(5).toString('hex')}`,
      JWT_SECRET: 'health-test-secret-health-test-secret-1',
      SECRETS_KEY: 'health-test-key-health-test-key-1234567',
      LOG_LEVEL: 'warn',
      // Long enough for the checks below to land inside the drain on a machine busy with other tests.
      SHUTDOWN_DRAIN_SECONDS: '8',
    });
    const base = `http://127.0.0.1:${port}/api`;
    try {
      await waitForHttp(`${base}/health/ready`, 45_000);
      api.child.kill('SIGTERM');
      await expect.poll(async () => (await fetch(`${base}/health/ready`)).status, { timeout: 6000 }).toBe(503);
      const ready = await fetch(`${base}/health/ready`);
      expect(await ready.json()).toEqual({
        error: 'This API process is shutting down and takes no new work.',
        code: 'draining',
      });
      // Each answer closes its connection, so keep-alive clients move on to another process.
      expect(ready.headers.get('connection')).toBe('close');
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      expect(await api.exit).toBe(0);
    } finally {
      killProcessTree(api, 'SIGKILL');
      await db.drop();
    }
  }, 60_000);
});
