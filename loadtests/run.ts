/**
 * `npm run loadtest`: the scenarios of loadtests/scenarios.json (the ones k6 runs in compose) on this
 * machine, with autocannon: the compiled API and worker on a fresh database, the webhook receiver
 * compose runs for the storm (dist/webhook-receiver.js), the data each scenario needs made through
 * the API as k6's setup does, then each scenario against its thresholds and beside a bare Express
 * route loaded the same way in the same run; last, every webhook the submissions made must reach the
 * receiver. Exits non-zero when a threshold is missed or a delivery is missing.
 * `LOADTEST_ONLY=member-browsing,webhook-storm` runs those scenarios; `LOADTEST_DURATION` overrides
 * each scenario's seconds; `LOADTEST_API_PROCESSES=2` runs that many API processes and splits each
 * scenario's connections among them (what a replica buys on this machine); `LOADTEST_PROXY=caddy`
 * loads them as k6 does in compose, over HTTPS through Caddy running proxy/Caddyfile (thresholds as
 * k6's: p95 and errors; no bare Express beside it, which would not go through the proxy).
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createRedis } from '@portico/core';
import { buildProd } from '../scripts/build-prod';
import { localProxyEnvironment, startCaddy, type LocalCaddy } from '../testing/caddy';
import { freePort, startProcess, waitForHttp, type RunningProcess } from '../testing/processes';

const SERVER = 'postgres://postgres@127.0.0.1:5432';

export interface ScenarioRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  upload?: { name: string; assigned_roles: string };
}

export interface Scenario {
  name: string;
  description: string;
  actor: 'admin' | 'member' | 'anonymous';
  connections: number;
  duration_s: number;
  requests: ScenarioRequest[];
  thresholds: { p95_ms: number; max_error_rate: number; min_ratio_to_bare?: number };
}

export interface LoadConfig {
  setup: {
    tier: string;
    members: number;
    password: string;
    form: { title: string; fields: unknown[] };
    webhooks: number;
    upload_bytes: number;
  };
  scenarios: Scenario[];
}

export async function readScenarios(): Promise<LoadConfig> {
  return JSON.parse(await readFile(path.join(import.meta.dirname, 'scenarios.json'), 'utf8')) as LoadConfig;
}

/** What a run's setup made: who acts, in which workspace, and the placeholders' values. */
interface Prepared {
  tenantId: string;
  tokens: { admin: string; member: string };
  values: Record<string, string>;
  /** The members' addresses, which `{memberEmail}` takes in turn. */
  members: string[];
}

async function call<T>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; tenantId?: string; body?: unknown } = {},
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...(options.tenantId && { 'x-tenant-id': options.tenantId }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Signs up the person an invitation link is for, accepts it, and answers their access token. */
async function join(base: string, signupUrl: string, email: string, password: string): Promise<string> {
  const token = new URL(signupUrl).searchParams.get('invite')!;
  await call(base, 'POST', '/api/auth/signup', { body: { email, password, full_name: 'Load Tester' } });
  const { access_token } = await call<{ access_token: string }>(base, 'POST', '/api/auth/login', {
    body: { email, password },
  });
  await call(base, 'POST', '/api/public/invitations/accept', { token: access_token, body: { token } });
  return access_token;
}

/** The same steps as k6's setup(): a workspace through the console, its admin and members through invitations, a form, webhooks. */
async function prepare(
  base: string,
  config: LoadConfig,
  superAdmin: { email: string; password: string },
  webhookUrl: string,
): Promise<Prepared> {
  const { setup } = config;
  const run = randomBytes(3).toString('hex');
  const root = await call<{ access_token: string }>(base, 'POST', '/api/auth/login', { body: superAdmin });
  const adminEmail = `load-admin-${run}@example.test`;
  const invited = await call<{ signup_url: string; tenant_id: string }>(base, 'POST', '/api/super/invitations', {
    token: root.access_token,
    body: {
      tenant: { name: `Load Test ${run}`, tier: setup.tier, seats_total: 10 },
      admin: { email: adminEmail },
      bypass_billing: true,
    },
  });
  const tenantId = invited.tenant_id;
  const admin = await join(base, invited.signup_url, adminEmail, setup.password);
  const members: string[] = [];
  let memberToken = '';
  for (let i = 0; i < setup.members; i++) {
    const email = `load-member-${run}-${i}@example.test`;
    const sent = await call<{ signup_url: string }>(base, 'POST', '/api/invite', {
      token: admin,
      tenantId,
      body: { email, role: 'role2' },
    });
    memberToken = await join(base, sent.signup_url, email, setup.password);
    members.push(email);
  }
  const { form } = await call<{ form: { id: string } }>(base, 'POST', '/api/forms', {
    token: admin,
    tenantId,
    body: { ...setup.form, assigned_roles: ['role2'], status: 'published' },
  });
  for (let i = 0; i < setup.webhooks; i++)
    await call(base, 'POST', '/api/integrations/webhooks', {
      token: admin,
      tenantId,
      body: { url: `${webhookUrl}/hook-${i}`, events: 'forms', enabled: true },
    });
  return {
    tenantId,
    tokens: { admin, member: memberToken },
    values: { formId: form.id, password: setup.password },
    members,
  };
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? `{${key}}`);

function multipart(upload: NonNullable<ScenarioRequest['upload']>, bytes: number): { body: Buffer; type: string } {
  const boundary = `----portico${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="assigned_roles"\r\n\r\n${upload.assigned_roles}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    randomBytes(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

export interface Measured {
  name: string;
  rps: number;
  p95: number;
  errorRate: number;
  total: number;
  /** Requests answered 2xx. */
  ok: number;
}

/**
 * Loads `requests` (cycled per connection) and measures throughput, the 95th percentile and failures;
 * with several `urls` the connections are split among them, loaded at the same time.
 */
async function measure(
  name: string,
  urls: string[],
  requests: autocannon.Request[],
  connections: number,
  durationS: number,
): Promise<Measured> {
  const latencies: number[] = [];
  const results = await Promise.all(
    urls.map((url, i) =>
      autocannon({
        url,
        connections: Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0),
        duration: durationS,
        requests,
        setupClient: (client) =>
          client.on('response', (_status: number, _bytes: number, time: number) => latencies.push(time)),
      }),
    ),
  );
  latencies.sort((a, b) => a - b);
  const sum = (of: (r: autocannon.Result) => number) => results.reduce((total, r) => total + of(r), 0);
  const total = sum((r) => r.requests.total);
  return {
    name,
    rps: sum((r) => r.requests.average),
    p95: Math.round((latencies[Math.floor(latencies.length * 0.95)] ?? 0) * 10) / 10,
    errorRate: sum((r) => r.non2xx + r.errors + r.timeouts) / (total || 1),
    total,
    ok: sum((r) => r['2xx']),
  };
}

function requestsOf(scenario: Scenario, prepared: Prepared, uploadBytes: number): autocannon.Request[] {
  // Each sign-in in flight holds one of its address's attempts until answered (LOGIN_MAX_FAILURES_PER_EMAIL),
  // so `{memberEmail}` takes the members in turn, spreading the connections' sign-ins over them.
  let turn = 0;
  const nextMember = () => prepared.members[turn++ % prepared.members.length]!;
  const auth: Record<string, string> =
    scenario.actor === 'anonymous'
      ? {}
      : { authorization: `Bearer ${prepared.tokens[scenario.actor]}`, 'x-tenant-id': prepared.tenantId };
  return scenario.requests.map((r) => {
    if (r.upload) {
      const { body, type } = multipart(r.upload, uploadBytes);
      return { method: r.method, path: r.path, headers: { ...auth, 'content-type': type }, body };
    }
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const request: autocannon.Request = {
      method: r.method,
      path: fill(r.path, prepared.values),
      headers: { ...auth, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: fill(body, prepared.values) }),
    };
    if (!body?.includes('{memberEmail}')) return request;
    return {
      ...request,
      setupRequest: (req) => ({ ...req, body: fill(body, { ...prepared.values, memberEmail: nextMember() }) }),
    };
  });
}

export interface LoadTestOptions {
  /** Scenario names (all when empty). */
  only?: string[];
  /** Seconds per scenario instead of each one's own. */
  durationS?: number;
  apiProcesses?: number;
  /** Through Caddy (proxy/Caddyfile) over HTTPS, as k6 runs in compose. */
  throughProxy?: boolean;
  /** How long the receiver may take to get every webhook once the load stops. */
  deliveryTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface ScenarioOutcome {
  scenario: Scenario;
  measured: Measured;
  /** Of bare Express under the same load (direct runs only). */
  ratio?: number;
  misses: string[];
}

export interface LoadTestReport {
  outcomes: ScenarioOutcome[];
  /** Webhook deliveries the accepted submissions made, and those the receiver got. */
  deliveries: { expected: number; received: number };
  failed: boolean;
}

/** Whether every request of the scenario submits a form (each makes one delivery per webhook). */
const submitsForms = (scenario: Scenario) =>
  scenario.requests.every((r) => r.method === 'POST' && /^\/api\/forms\/[^/]+\/responses$/.test(r.path));

/** The compose stack's webhook receiver (dist/webhook-receiver.js) on a free loopback port. */
async function startReceiver(): Promise<{ url: string; process: RunningProcess; received: () => Promise<number> }> {
  const port = await freePort();
  const receiver = startProcess('dist/webhook-receiver.js', { PORT: String(port), HOST: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/count`);
  const received = async () => ((await (await fetch(`${url}/count`)).json()) as { received: number }).received;
  return { url, process: receiver, received };
}

/** The load test on the compiled processes of dist/ (built already: `npm run build:prod`). */
export async function runLoadTest(options: LoadTestOptions = {}): Promise<LoadTestReport> {
  const log = options.log ?? ((line: string) => console.log(line));
  const config = await readScenarios();
  const apiProcesses = options.apiProcesses ?? 1;
  const scenarios = config.scenarios.filter((s) => !options.only?.length || options.only.includes(s.name));
  if (scenarios.length === 0)
    throw new Error(`No scenario named ${options.only?.join(', ')} in loadtests/scenarios.json.`);

  await buildProd();
  const database = `portico_load_${randomBytes(3).toString('hex')}`;
  const superAdmin = { email: 'load-root@example.test', password: `root-${randomBytes(8).toString('hex')}` };
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: `${SERVER}/${database}`,
    REDIS_PREFIX: `load${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    SUPERADMIN_EMAIL: superAdmin.email,
    SUPERADMIN_PASSWORD: superAdmin.password,
    STORAGE_DIR: path.join('/tmp', `portico-load-${randomBytes(3).toString('hex')}`),
    // The webhook receiver, on loopback, is the one private host outbound calls may reach (as
    // compose's load-test stack names webhook-receiver).
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    // Behind the proxy on loopback when there is one.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: 'warn',
  };
  const processes: RunningProcess[] = [];
  let caddy: LocalCaddy | undefined;
  const outcomes: ScenarioOutcome[] = [];
  let deliveries = { expected: 0, received: 0 };
  try {
    const setup = startProcess('dist/setup.js', env);
    if ((await setup.exit) !== 0) throw new Error(`setup failed:\n${setup.output()}`);
    const receiver = await startReceiver();
    processes.push(receiver.process);
    const apiPorts = await Promise.all(Array.from({ length: apiProcesses }, () => freePort()));
    const barePort = await freePort();
    const bare = options.throughProxy ? undefined : startProcess('bench/bare-server.ts', { PORT: String(barePort) });
    processes.push(
      ...(bare ? [bare] : []),
      startProcess('dist/worker.js', env),
      ...apiPorts.map((port) => startProcess('dist/api.js', { ...env, PORT: String(port) })),
    );
    const direct = apiPorts.map((port) => `http://127.0.0.1:${port}`);
    await Promise.all([
      ...direct.map((base) => waitForHttp(`${base}/api/health/ready`)),
      bare?.waitForOutput(/bare listening/),
    ]);
    if (options.throughProxy) {
      caddy = await startCaddy({
        ...localProxyEnvironment(`127.0.0.1:${apiPorts[0]}`, 'localhost'),
        API_UPSTREAMS: apiPorts.map((port) => `127.0.0.1:${port}`).join(' '),
      });
    }
    // Loaded through the proxy (one address, Caddy spreads the load), or each API process directly.
    const targets = caddy ? [`https://localhost:${caddy.httpsPort}`] : direct;
    const prepared = await prepare(direct[0]!, config, superAdmin, receiver.url);

    log(
      `\nPortico load test: ${scenarios.length} scenario(s), compiled API (${apiProcesses} process${apiProcesses > 1 ? 'es' : ''}) and worker, ${caddy ? 'through Caddy over HTTPS' : 'loopback'}\n`,
    );
    let submissions = 0;
    for (const scenario of scenarios) {
      const seconds = options.durationS ?? scenario.duration_s;
      const baseline = bare
        ? await measure(
            'bare Express',
            [`http://127.0.0.1:${barePort}/bare`],
            [{ method: 'GET', path: '/bare' }],
            scenario.connections,
            seconds,
          )
        : undefined;
      const measured = await measure(
        scenario.name,
        targets,
        requestsOf(scenario, prepared, config.setup.upload_bytes),
        scenario.connections,
        seconds,
      );
      if (submitsForms(scenario)) submissions += measured.ok;
      const ratio = baseline && measured.rps / Math.max(baseline.rps, 1);
      const { thresholds } = scenario;
      const misses = [
        measured.p95 > thresholds.p95_ms && `p95 ${measured.p95} ms > ${thresholds.p95_ms} ms`,
        measured.errorRate > thresholds.max_error_rate &&
          `errors ${(measured.errorRate * 100).toFixed(2)}% > ${thresholds.max_error_rate * 100}%`,
        ratio !== undefined &&
          thresholds.min_ratio_to_bare !== undefined &&
          ratio < thresholds.min_ratio_to_bare &&
          `ratio ${ratio.toFixed(2)} < ${thresholds.min_ratio_to_bare}`,
      ].filter((miss): miss is string => typeof miss === 'string');
      outcomes.push({ scenario, measured, ratio, misses });
      log(
        `${scenario.name.padEnd(18)} ${measured.rps.toFixed(0).padStart(6)} req/s  p95 ${String(measured.p95).padStart(5)} ms  errors ${(measured.errorRate * 100).toFixed(2).padStart(5)}%  ` +
          `${baseline && ratio !== undefined ? `${ratio.toFixed(2)} of bare Express (${baseline.rps.toFixed(0)} req/s)  ` : ''}${misses.length ? `MISSED: ${misses.join('; ')}` : 'ok'}`,
      );
    }
    // Every accepted submission sends one delivery to each webhook; the worker may still be at it.
    const expected = submissions * config.setup.webhooks;
    const deadline = Date.now() + (options.deliveryTimeoutMs ?? 120_000);
    let received = await receiver.received();
    while (received < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      received = await receiver.received();
    }
    deliveries = { expected, received };
    log(`\nwebhook deliveries: ${received} received of the ${expected} the accepted submissions made`);
  } finally {
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exit));
    await caddy?.close();
    await rm(env.STORAGE_DIR, { recursive: true, force: true });
    const redis = createRedis('redis://127.0.0.1:6379');
    const keys = await redis.keys(`${env.REDIS_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
  }
  const failed = outcomes.some((o) => o.misses.length > 0) || deliveries.received < deliveries.expected;
  return { outcomes, deliveries, failed };
}

async function main() {
  const apiProcesses = Number(process.env.LOADTEST_API_PROCESSES ?? 1);
  if (!Number.isInteger(apiProcesses) || apiProcesses < 1)
    throw new Error('LOADTEST_API_PROCESSES must be a whole number of at least 1.');
  const proxy = process.env.LOADTEST_PROXY;
  if (proxy && proxy !== 'caddy') throw new Error('LOADTEST_PROXY is caddy or unset.');
  await buildProd();
  const report = await runLoadTest({
    only: process.env.LOADTEST_ONLY?.split(',').map((name) => name.trim()),
    durationS: process.env.LOADTEST_DURATION ? Number(process.env.LOADTEST_DURATION) : undefined,
    apiProcesses,
    throughProxy: proxy === 'caddy',
  });
  if (report.failed) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
