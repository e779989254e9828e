import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpsRequest } from 'node:https';
import path from 'node:path';
import { createRedis, REPO_ROOT } from '@portico/core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startCaddy, type LocalCaddy } from '../../testing/caddy';
import { operatorEnv, renderCompose, withValues, type RenderedCompose } from '../../testing/compose';
import { createTestDatabase } from '../../testing/harness';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../../testing/processes';
import { startPrometheus, type LocalPrometheus } from '../../testing/prometheus';
import { startLocalS3, type LocalS3 } from '../../testing/s3';
import { startSmtpServer } from '../../testing/smtp';

/*
 * The stack compose.yaml describes, as processes on this machine (no Docker engine here), started
 * from compose's own rendering of it (testing/compose.ts) with an operator's .env: each service's
 * command and environment as rendered, only the addresses of what runs elsewhere here replaced
 * (PostgreSQL, Redis, S3, SMTP, ports). Caddy runs proxy/Caddyfile with the proxy's rendered
 * environment; two API processes answer as compose's replicas api-1 and api-2 do, on one port at two
 * addresses, each the proxy's upstream (API_UPSTREAMS, with those addresses for the services' names).
 * Then two workers, the scheduler (compiled, dist/ of the run) after the migrate one-shot, and
 * Prometheus with infra/prometheus.
 */

const BASE = 'portico.test';
const ROOT = { email: 'stack-root@example.test', password: `root-${randomBytes(6).toString('hex')}` };
/** The replicas: compose's api services, each at its own address, all on port 8080. */
const REPLICAS = [
  { service: 'api-1', address: '127.0.0.2' },
  { service: 'api-2', address: '127.0.0.3' },
] as const;
/** Waiting on Prometheus's scrapes and on twenty emails takes longer than a request on a busy machine. */
const SLOW_TEST_MS = 60_000;
/** Jobs of infra/prometheus that need what cannot run here (node-exporter reads a host's disks). */
const NOT_RUN_HERE = ['node'];

let rendered: RenderedCompose;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let s3: LocalS3;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let caddy: LocalCaddy;
let prometheus: LocalPrometheus;
let ca: string;
let apiPort: number;
const redisPrefix = `stack${randomBytes(4).toString('hex')}`;
const processes: Record<string, RunningProcess> = {};
const sockets: Socket[] = [];

/** A rendered service's environment with `here` replacing some of its values (never adding one). */
function renderedWith(service: string, here: Record<string, string>): Record<string, string> {
  const environment = rendered.services[service]?.environment ?? {};
  for (const name of Object.keys(here))
    expect(environment, `${service} is given ${name} by compose`).toHaveProperty(name);
  return { ...environment, ...here };
}

/** The compiled entry of a compose service: its command is `node --enable-source-maps dist/….js`. */
function entryOf(service: string): string {
  const command = rendered.services[service]?.command ?? [];
  expect(command.slice(0, 2), service).toEqual(['node', '--enable-source-maps']);
  return command[2]!;
}

/** A Portico service's environment here: the rendered one with this machine's addresses. */
function portico(service: string, ports: { https: number; prometheus: number }, extra: Record<string, string> = {}) {
  return {
    ...renderedWith(service, {
      PUBLIC_URL: `https://localhost:${ports.https}`,
      DATABASE_URL: db.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      SMTP_URL: smtp.url,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      PROMETHEUS_URL: `http://127.0.0.1:${ports.prometheus}`,
      PROXY_URL: `https://127.0.0.1:${ports.https}`,
      TRUST_PROXY: 'loopback',
    }),
    REDIS_PREFIX: redisPrefix,
    ...extra,
  };
}

let environmentOf: (service: string, extra?: Record<string, string>) => Record<string, string>;

/** Starts an API replica (compose's container) at its address, as its service's rendering says. */
function startApi({ service, address }: (typeof REPLICAS)[number]): RunningProcess {
  return startProcess(entryOf(service), environmentOf(service, { HOST: address, PORT: String(apiPort) }));
}

beforeAll(async () => {
  const env = withValues(await operatorEnv(() => randomBytes(16).toString('hex')), {
    PLATFORM_HOST: 'localhost',
    BASE_DOMAIN: BASE,
    CERT_ISSUER: 'internal',
    SUPERADMIN_EMAIL: ROOT.email,
    SUPERADMIN_PASSWORD: ROOT.password,
    LOG_LEVEL: 'warn',
  });
  rendered = await renderCompose(env);
  [db, s3, smtp] = await Promise.all([createTestDatabase(), startLocalS3(), startSmtpServer()]);
  const [prometheusPort, port, workerA, workerB, scheduler] = (await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  )) as [number, number, number, number, number];
  apiPort = port;
  // The proxy's upstreams are compose's api services, each at its address here.
  const upstreams = renderedWith('proxy', {}).API_UPSTREAMS!.split(' ');
  expect(upstreams).toEqual(REPLICAS.map(({ service }) => `${service}:8080`));
  caddy = await startCaddy(
    renderedWith('proxy', {
      API_UPSTREAMS: REPLICAS.map(({ address }) => `${address}:${apiPort}`).join(' '),
      API_ASK: `http://${REPLICAS[0].address}:${apiPort}/api/internal/tls-ask`,
    }),
  );
  environmentOf = (service, extra) => portico(service, { https: caddy.httpsPort, prometheus: prometheusPort }, extra);

  const migrate = startProcess(entryOf('migrate'), environmentOf('migrate'));
  expect(await migrate.exit, migrate.output()).toBe(0);
  processes.apiA = startApi(REPLICAS[0]);
  processes.apiB = startApi(REPLICAS[1]);
  processes.workerA = startProcess(entryOf('worker'), environmentOf('worker', { METRICS_PORT: String(workerA) }));
  processes.workerB = startProcess(entryOf('worker'), environmentOf('worker', { METRICS_PORT: String(workerB) }));
  processes.scheduler = startProcess(
    entryOf('scheduler'),
    environmentOf('scheduler', { METRICS_PORT: String(scheduler) }),
  );
  await Promise.all([
    ...REPLICAS.map(({ address }) => waitForHttp(`http://${address}:${apiPort}/api/health/ready`)),
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
    api: REPLICAS.map(({ address }) => `${address}:${apiPort}`),
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
  const redis = createRedis('redis://127.0.0.1:6379');
  const keys = await redis.keys(`${redisPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
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

/** A call to one API replica itself, past the proxy. */
async function direct(address: string, method: string, url: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`http://${address}:${apiPort}/api${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/**
 * Resolves once the replica (just started) has answered a call the proxy sent it: the proxy's health
 * check has passed it. The clients of the test keep calling meanwhile.
 */
async function proxySendsTo({ address }: (typeof REPLICAS)[number]): Promise<void> {
  const served =
    /^portico_http_requests_total\{(?=[^}]*method="GET")(?=[^}]*route="[^"]*auth\/user")(?=[^}]*status_class="2xx")[^}]*\} [1-9]/m;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const metrics = await fetch(`http://${address}:${apiPort}/metrics`)
      .then((res) => res.text())
      .catch(() => '');
    if (served.test(metrics)) return;
    if (Date.now() > deadline) throw new Error(`The proxy sent nothing to ${address} within 60 s.`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Resolves once the proxy's active health check of the replica has failed, in what Caddy logged after `since`. */
async function healthCheckFailed({ address }: (typeof REPLICAS)[number], since: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  const failed = (line: string) =>
    line.includes('health_checker.active') &&
    line.includes(`"host":"${address}:${apiPort}"`) &&
    /HTTP request failed|status code out of tolerances/.test(line);
  while (!caddy.output().slice(since).split('\n').some(failed)) {
    if (Date.now() > deadline) throw new Error(`The proxy's health check did not fail ${address} within 30 s.`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
      for (const { address } of REPLICAS) {
        const res = await direct(address, 'POST', '/super/cache/purge', { token, body: { reason: `from ${address}` } });
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
    'keeps a socket.io session that starts by long-polling on one API process',
    async () => {
      const token = await rootToken();
      // The browser's default start: every poll of a session must reach the process that holds it.
      const polling = Array.from({ length: 4 }, () =>
        io(`https://localhost:${caddy.httpsPort}`, {
          path: '/socket.io',
          auth: { token },
          transports: ['polling'],
          reconnection: false,
          ca,
        }),
      );
      sockets.push(...polling);
      const heard = polling.map((socket) => {
        const actions: string[] = [];
        socket.on('audit', (row: { action: string }) => actions.push(row.action));
        return actions;
      });
      await Promise.all(
        polling.map(
          (socket) =>
            new Promise<void>((resolve, reject) => {
              socket.once('connect', () => resolve());
              socket.once('connect_error', reject);
            }),
        ),
      );
      for (const { address } of REPLICAS) {
        const res = await direct(address, 'POST', '/super/cache/purge', { token, body: { reason: `poll ${address}` } });
        expect(res.status).toBe(200);
      }
      const purges = (actions: string[]) => actions.filter((action) => action === 'cache.purged').length;
      const deadline = Date.now() + 15_000;
      while (heard.some((actions) => purges(actions) < 2) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(heard.map(purges)).toEqual([2, 2, 2, 2]);
      expect(polling.every((socket) => socket.connected)).toBe(true);
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
    const [a, b] = REPLICAS.map(({ address }) => address) as [string, string];
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
      const tenant = await direct(REPLICAS[0].address, 'POST', '/super/invitations', {
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
          direct(REPLICAS[i % 2]!.address, 'POST', '/super/invitations', {
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

  it(
    'keeps every request answered when a replica is killed: retried on the other, then skipped once its check fails',
    async () => {
      const logged = caddy.output().length;
      processes.apiA!.child.kill('SIGKILL');
      await processes.apiA!.exit;
      const statuses: number[] = [];
      // Before the proxy's health check notices, a call that cannot reach the dead replica is sent to
      // the other one.
      for (let i = 0; i < 10; i++) statuses.push((await throughProxy('localhost', 'GET', '/api/health/live')).status);
      await healthCheckFailed(REPLICAS[0], logged);
      // Once it has noticed, nothing is sent to the dead one: a sign-in (a POST with a body) too.
      for (let i = 0; i < 10; i++) statuses.push((await throughProxy('localhost', 'GET', '/api/health/live')).status);
      statuses.push((await throughProxy('localhost', 'POST', '/api/auth/login', { body: ROOT })).status);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    },
    SLOW_TEST_MS,
  );

  it('loses no request while both replicas are restarted one after the other (an upgrade)', async () => {
    const token = await rootToken();
    let running = true;
    const failures: string[] = [];
    let answered = 0;
    // Four clients, as browsers keep calling: one reads, three POST with a body. A POST is what a
    // proxy that learns of a stopped replica only by failing to reach it loses: Debian's Caddy
    // cannot send it to another replica then (its body is spent), so it must never try the stopped one.
    const clients = Array.from({ length: 4 }, async (_, i) => {
      const posts = i > 0;
      while (running) {
        const res = posts
          ? await throughProxy('localhost', 'POST', '/api/auth/refresh', { body: { refresh_token: 'expired' } })
          : await throughProxy('localhost', 'GET', '/api/auth/user', { token });
        const expected = posts ? [401] : [200];
        if (expected.includes(res.status)) answered += 1;
        else failures.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    });
    // The replica killed above comes back first; then each in turn gets SIGTERM (compose stop): it
    // drains (readiness 503, SHUTDOWN_DRAIN_SECONDS) and exits, and its successor starts at the same
    // address, as compose recreates the service's container. As `docker compose up --wait` waits on
    // the health check, the next one stops only once the proxy sends to the new one.
    processes.apiA = startApi(REPLICAS[0]);
    await proxySendsTo(REPLICAS[0]);
    for (const [name, replica] of [
      ['apiB', REPLICAS[1]],
      ['apiA', REPLICAS[0]],
    ] as const) {
      processes[name]!.child.kill('SIGTERM');
      expect(await processes[name]!.exit, processes[name]!.output()).toBe(0);
      processes[name] = startApi(replica);
      await proxySendsTo(replica);
    }
    running = false;
    await Promise.all(clients);
    const healthChecks = caddy
      .output()
      .split('\n')
      .filter((line) => line.includes('health_checker'))
      .join('\n');
    expect(failures, `the proxy's health checks:\n${healthChecks}`).toEqual([]);
    expect(answered).toBeGreaterThan(20);
  }, 120_000);
});
