import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import { createRedis, REPO_ROOT } from '@portico/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProd } from '../../scripts/build-prod';
import { startCaddy, type LocalCaddy } from '../../testing/caddy';
import { createTestDatabase } from '../../testing/harness';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../testing/processes';
import { startPrometheus, type LocalPrometheus } from '../../testing/prometheus';
import { startLocalS3, type LocalS3 } from '../../testing/s3';
import { startSmtpServer } from '../../testing/smtp';

/*
 * The stack compose.yaml describes, as processes on this machine (no Docker engine here): what it
 * runs that can run here — Caddy with proxy/Caddyfile, two API processes, two workers and the
 * scheduler, compiled (npm run build:prod), after the migrate one-shot, and Prometheus with
 * infra/prometheus — with the compose environment's addresses rewritten to loopback.
 */

const BASE = 'portico.test';
const ROOT = { email: 'stack-root@example.test', password: `root-${randomBytes(6).toString('hex')}` };
/** Waiting on Prometheus's scrapes and on twenty emails takes longer than a request on a busy machine. */
const SLOW_TEST_MS = 60_000;
/** Jobs of infra/prometheus that need what cannot run here (node-exporter reads a host's disks). */
const NOT_RUN_HERE = ['node'];

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
}

let compose: { services: Record<string, ComposeService>; 'x-portico-env': Record<string, string> };
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let s3: LocalS3;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let caddy: LocalCaddy;
let prometheus: LocalPrometheus;
let ca: string;
let env: Record<string, string>;
const apiPorts: number[] = [];
const processes: Record<string, RunningProcess> = {};
const sockets: Socket[] = [];

/** The compiled entry of a compose service: its command is `node --enable-source-maps dist/….js`. */
function entryOf(service: string): string {
  const command = compose.services[service]?.command ?? [];
  expect(command.slice(0, 2), service).toEqual(['node', '--enable-source-maps']);
  return command[2]!;
}

/** This machine's value of every variable compose gives the Portico processes. */
function localEnvironment(ports: { https: number; prometheus: number }): Record<string, string> {
  const local: Record<string, string> = {
    NODE_ENV: 'production',
    PUBLIC_URL: `https://localhost:${ports.https}`,
    BASE_DOMAIN: BASE,
    DATABASE_URL: db.url,
    REDIS_URL: 'redis://127.0.0.1:6379',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    SUPERADMIN_EMAIL: ROOT.email,
    SUPERADMIN_PASSWORD: ROOT.password,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Portico <no-reply@portico.test>',
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: 'user-files',
    STRIPE_SECRET_KEY: '',
    STRIPE_WEBHOOK_SECRET: '',
    PROMETHEUS_URL: `http://127.0.0.1:${ports.prometheus}`,
    PROXY_URL: `https://127.0.0.1:${ports.https}`,
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
  };
  const composed = Object.keys(compose['x-portico-env']);
  expect(Object.keys(local).sort(), 'every variable of x-portico-env has a local value').toEqual(composed.sort());
  return { ...local, REDIS_PREFIX: `stack${randomBytes(4).toString('hex')}` };
}

beforeAll(async () => {
  compose = parse(await readFile(path.join(REPO_ROOT, 'compose.yaml'), 'utf8'), { merge: true });
  await buildProd();
  [db, s3, smtp] = await Promise.all([createTestDatabase(), startLocalS3(), startSmtpServer()]);
  const [prometheusPort, apiA, apiB, workerA, workerB, scheduler] = (await Promise.all(
    Array.from({ length: 6 }, () => freePort()),
  )) as [number, number, number, number, number, number];
  apiPorts.push(apiA, apiB);

  caddy = await startCaddy({ apiUpstream: `127.0.0.1:${apiA} 127.0.0.1:${apiB}`, platformHost: 'localhost' });
  env = localEnvironment({ https: caddy.httpsPort, prometheus: prometheusPort });

  const migrate = startProcess(entryOf('migrate'), env);
  expect(await migrate.exit, migrate.output()).toBe(0);
  processes.apiA = startProcess(entryOf('api'), { ...env, PORT: String(apiA) });
  processes.apiB = startProcess(entryOf('api'), { ...env, PORT: String(apiB) });
  processes.workerA = startProcess(entryOf('worker'), { ...env, METRICS_PORT: String(workerA) });
  processes.workerB = startProcess(entryOf('worker'), { ...env, METRICS_PORT: String(workerB) });
  processes.scheduler = startProcess(entryOf('scheduler'), { ...env, METRICS_PORT: String(scheduler) });
  await Promise.all([
    waitForHttp(`http://127.0.0.1:${apiA}/api/health/ready`),
    waitForHttp(`http://127.0.0.1:${apiB}/api/health/ready`),
    // The worker and the scheduler serve their metrics once started.
    waitForHttp(`http://127.0.0.1:${workerA}/metrics`),
    waitForHttp(`http://127.0.0.1:${workerB}/metrics`),
    waitForHttp(`http://127.0.0.1:${scheduler}/metrics`),
  ]);

  // infra/prometheus's jobs, each pointed at this machine's processes.
  const config = parse(await readFile(path.join(REPO_ROOT, 'infra', 'prometheus', 'prometheus.yml'), 'utf8')) as {
    scrape_configs: { job_name: string }[];
    rule_files: string[];
  };
  const here: Record<string, string[]> = {
    api: [`127.0.0.1:${apiA}`, `127.0.0.1:${apiB}`],
    worker: [`127.0.0.1:${workerA}`, `127.0.0.1:${workerB}`],
    scheduler: [`127.0.0.1:${scheduler}`],
    proxy: [`127.0.0.1:${caddy.metricsPort}`],
  };
  expect(config.scrape_configs.map((c) => c.job_name).sort()).toEqual([...Object.keys(here), ...NOT_RUN_HERE].sort());
  prometheus = await startPrometheus(prometheusPort, here, {
    ruleFiles: config.rule_files.map((f) => path.join(REPO_ROOT, 'infra', 'prometheus', f)),
  });
  ca = await caddy.rootCa();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  const running = Object.values(processes).filter((p) => p.child.exitCode === null && p.child.signalCode === null);
  for (const p of running) p.child.kill('SIGTERM');
  await Promise.all(running.map((p) => p.exit));
  await prometheus?.close();
  await caddy?.close();
  await smtp?.close();
  await s3?.close();
  if (env) {
    const redis = createRedis(env.REDIS_URL!);
    const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await db?.drop();
});

/** A call through Caddy over HTTPS, as a browser on `host` makes it (SNI and Host), trusting Caddy's local CA. */
function throughProxy(
  host: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: caddy.httpsPort,
        servername: host,
        method,
        path: url,
        ca,
        headers: {
          host,
          ...(payload && { 'content-type': 'application/json' }),
          ...(options.token && { authorization: `Bearer ${options.token}` }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function direct(port: number, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

async function rootToken(): Promise<string> {
  const res = await throughProxy('localhost', 'POST', '/api/auth/login', { body: ROOT });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

describe('the stack as compose describes it', () => {
  it('serves the platform and a workspace subdomain over HTTPS through Caddy', async () => {
    const token = await rootToken();
    const created = await throughProxy('localhost', 'POST', '/api/super/invitations', {
      token,
      body: { tenant: { name: 'Stack Harbor', tier: 'pro' }, admin: { email: `owner-${Date.now()}@example.test` } },
    });
    expect(created.status).toBe(201);
    const tenants = await throughProxy('localhost', 'GET', '/api/super/tenants?q=Stack%20Harbor', { token });
    const slug = tenants.body.items[0].slug as string;
    const site = await throughProxy(`${slug}.${BASE}`, 'GET', '/api/public/site');
    expect(site.body.site).toMatchObject({ kind: 'tenant', name: 'Stack Harbor' });
    const page = await throughProxy(`${slug}.${BASE}`, 'GET', '/login');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it(
    'carries socket.io through the proxy, with events from either API process',
    async () => {
      const token = await rootToken();
      const socket = io(`https://localhost:${caddy.httpsPort}`, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        ca,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // An audited action on each API process directly: the socket hears both through Redis.
      const audits: { action: string }[] = [];
      socket.on('audit', (row: { action: string }) => audits.push(row));
      for (const port of apiPorts) {
        const res = await direct(port, 'POST', '/super/cache/purge', { token, body: { reason: `from ${port}` } });
        expect(res.status).toBe(200);
      }
      const deadline = Date.now() + 10_000;
      while (audits.filter((a) => a.action === 'cache.purged').length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(audits.filter((a) => a.action === 'cache.purged')).toHaveLength(2);
    },
    SLOW_TEST_MS,
  );

  it(
    'has every target up in Prometheus, and its alert rules evaluated',
    async () => {
      const url = prometheus.url;
      const deadline = Date.now() + 30_000;
      let targets: { labels: { job: string }; health: string }[] = [];
      let rules: { health: string; lastEvaluation: string }[] = [];
      for (;;) {
        targets = ((await (await fetch(`${url}/api/v1/targets`)).json()) as any).data.activeTargets;
        rules = ((await (await fetch(`${url}/api/v1/rules`)).json()) as any).data.groups.flatMap((g: any) => g.rules);
        if (
          (targets.length === 6 &&
            targets.every((t) => t.health === 'up') &&
            rules.length === 8 &&
            rules.every((r) => r.health === 'ok')) ||
          Date.now() > deadline
        )
          break;
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(targets.map((t) => `${t.labels.job} ${t.health}`).sort()).toEqual([
        'api up',
        'api up',
        'proxy up',
        'scheduler up',
        'worker up',
        'worker up',
      ]);
      expect(rules).toHaveLength(8);
      for (const rule of rules) expect(rule).toMatchObject({ health: 'ok' });
    },
    SLOW_TEST_MS,
  );

  it('refuses at once on one API process a session revoked through the other', async () => {
    const [a, b] = apiPorts as [number, number];
    const login = await direct(a, 'POST', '/auth/login', { body: ROOT });
    const { access_token: token, refresh_token } = login.body;
    expect((await direct(b, 'GET', '/auth/user', { token })).status).toBe(200);
    expect((await direct(a, 'GET', '/auth/user', { token })).status).toBe(200);
    expect((await direct(b, 'POST', '/auth/logout', { token, body: { refresh_token } })).status).toBeLessThan(300);
    expect((await direct(a, 'GET', '/auth/user', { token })).status).toBe(401);
  });

  it(
    'has the two workers deliver each job exactly once',
    async () => {
      const token = await rootToken();
      const before = smtp.messages.length;
      const tenant = await direct(apiPorts[0]!, 'POST', '/super/invitations', {
        token,
        body: {
          tenant: { name: `Stack Mail ${Date.now()}`, tier: 'advanced' },
          admin: { email: `first-${Date.now()}@example.test` },
        },
      });
      const tenantId = tenant.body.tenant_id as string;
      const emails = Array.from({ length: 20 }, (_, i) => `stack-${i}-${Date.now()}@example.test`);
      await Promise.all(
        emails.map((email, i) =>
          direct(apiPorts[i % 2]!, 'POST', '/super/invitations', {
            token,
            body: { email, role: 'member', tenant_id: tenantId },
          }).then((res) => expect(res.status).toBe(201)),
        ),
      );
      await Promise.all(emails.map((email) => smtp.waitFor(email, 20_000)));
      await new Promise((r) => setTimeout(r, 1500));
      const sent = smtp.messages.slice(before).flatMap((m) => m.to);
      for (const email of emails)
        expect(
          sent.filter((to) => to === email),
          email,
        ).toHaveLength(1);
    },
    SLOW_TEST_MS,
  );

  it('keeps the site answering through the other API process when one is killed', async () => {
    processes.apiA!.child.kill('SIGKILL');
    await processes.apiA!.exit;
    for (let i = 0; i < 10; i++) {
      const res = await throughProxy('localhost', 'GET', '/api/health/live');
      expect(res.status, `request ${i}`).toBe(200);
    }
    expect((await throughProxy('localhost', 'POST', '/api/auth/login', { body: ROOT })).status).toBe(200);
  });
});
