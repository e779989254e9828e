import { createMetricsHistory, PROMETHEUS_ALERT_STALE_MS, systemClock, type MetricsHistory } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, withoutTable, type TestApp } from '../../testing/harness';
import { freePort } from '../../testing/processes';

/** The console's figures through the embedded history (the Prometheus source is in console-metrics-prometheus.test.ts). */

const SUPER_ONLY = 'Only platform super admins can do that.';
const WINDOW_MESSAGE = 'Window must be one of 5m, 15m, 1h, 24h.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
let history: MetricsHistory;
beforeAll(async () => {
  // Behind a proxy on loopback, as in compose: a caller from outside is named by X-Forwarded-For.
  app = await startTestApp({ SLOW_QUERY_MS: '150', TRUST_PROXY: 'loopback' });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
  history = createMetricsHistory(app.ctx, { serves: true });
});
afterAll(() => app.close());

const asRoot = (path: string) => app.request('GET', path, { token: root.token });

const CALLS = [
  '/super/overview',
  '/metrics/uptime',
  '/metrics/active-users',
  '/metrics/storage',
  '/metrics/jobs',
  '/metrics/requests-errors?window=1h',
  '/metrics/latency?window=24h',
  '/metrics/auth',
  '/metrics/errors/top-endpoints?window=24h',
  '/metrics/errors/traces',
  '/metrics/db/slow-queries?window=24h',
  '/metrics/dependencies',
];

describe('who may read the figures', () => {
  it.each(CALLS)('%s: super admins only', async (path) => {
    expect((await asRoot(path)).status).toBe(200);
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request('GET', path, { token: person.token, tenantId: workspace.tenant.id });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: SUPER_ONLY });
    }
    expect((await app.request('GET', path)).status).toBe(401);
  });

  it.each(['/metrics/jobs', '/metrics/requests-errors', '/metrics/latency', '/metrics/auth'])(
    '%s: a window that is not one of the charts is refused with a sentence',
    async (path) => {
      for (const window of ['2h', '', '24h&window=1h']) {
        const res = await asRoot(`${path}?window=${window}`);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe(WINDOW_MESSAGE);
      }
    },
  );

  it('a trace filter that names no endpoint is refused', async () => {
    const res = await asRoot('/metrics/errors/traces?endpoint=nothing');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Endpoint must be a method and a route, such as GET /api/files.');
  });
});

describe('figures that move with traffic', () => {
  it('counts requests, 5xx answers, latency and sign-ins per step, and names the failing endpoint', async () => {
    await history.sample();
    const before = (await asRoot('/metrics/requests-errors?window=5m')).body.series.at(-1);
    const authBefore = (await asRoot('/metrics/auth?window=5m')).body;

    for (let i = 0; i < 5; i++)
      await app.request('GET', '/tenant-config', { token: workspace.admin.token, tenantId: workspace.tenant.id });
    await app.request('POST', '/auth/login', {
      body: { email: workspace.admin.user.email, password: 'wrong-password' },
    });
    const failed = await withoutTable(app.ctx, 'files', () =>
      app.request('GET', '/files', { token: workspace.admin.token, tenantId: workspace.tenant.id }),
    );
    expect(failed.status).toBe(500);
    await history.sample();

    const series = (await asRoot('/metrics/requests-errors?window=5m')).body.series;
    expect(series).toHaveLength(20);
    const last = series.at(-1);
    // The sample also counted the figure reads above; at least our 7 calls and the one 5xx are in.
    expect(last.requests - (before.x === last.x ? before.requests : 0)).toBeGreaterThanOrEqual(7);
    expect(last.errors - (before.x === last.x ? before.errors : 0)).toBe(1);

    const latency = (await asRoot('/metrics/latency?window=5m')).body.series.at(-1);
    expect(latency.p50).toBeGreaterThan(0);
    expect(latency.p99).toBeGreaterThanOrEqual(latency.p95);
    expect(latency.p95).toBeGreaterThanOrEqual(latency.p50);

    const auth = (await asRoot('/metrics/auth?window=5m')).body;
    expect(auth.failure).toBe(authBefore.failure + 1);
    expect(auth.rate).toBeGreaterThan(0);
    expect(auth.rate).toBeLessThan(100);

    const { endpoints } = (await asRoot('/metrics/errors/top-endpoints?window=1h')).body;
    const files = endpoints.find((e: { endpoint: string }) => e.endpoint === 'GET /api/files');
    expect(files).toMatchObject({ errors: 1, lastRequestId: failed.headers.get('x-request-id') });
    expect(files.errorPct).toBeGreaterThan(0);
    const traces = (await asRoot(`/metrics/errors/traces?endpoint=${encodeURIComponent('GET /api/files')}`)).body
      .traces;
    expect(traces[0]).toMatchObject({ endpoint: '/api/files', status: 500, tenant_id: workspace.tenant.id });
  });

  it('counts people active today and new accounts', async () => {
    const before = (await asRoot('/metrics/active-users')).body;
    expect(before.today).toBeGreaterThanOrEqual(3);
    const someone = await makeUser(app.ctx);
    await signIn(app, someone.email);
    const after = (await asRoot('/metrics/active-users')).body;
    expect(after.today).toBe(before.today + 1);
    expect(after.signups7d).toBe(before.signups7d + 1);
    expect(after.tenants).toBe(before.tenants);
  });

  it('reads the bytes stored and the disk they are on', async () => {
    const before = (await asRoot('/metrics/storage')).body;
    const form = new FormData();
    form.set('assigned_roles', 'role2');
    form.set('file', new Blob(['x'.repeat(4096)], { type: 'text/plain' }), 'notes.txt');
    const upload = await fetch(`${app.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${workspace.admin.token}`, 'x-tenant-id': workspace.tenant.id },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const after = (await asRoot('/metrics/storage')).body;
    expect(after.usedBytes).toBe(before.usedBytes + 4096);
    expect(after.usedTb).toBeCloseTo(after.usedBytes / 1e12, 15);
    expect(after.quotaBytes).toBeGreaterThan(after.usedBytes);
    expect(after.driver).toBe('local');
  });

  it('counts jobs waiting in the queues now and records the depth per step', async () => {
    const before = (await asRoot('/metrics/jobs?window=5m')).body;
    await app.ctx.queues.maintenance.add('purge-expired', { task: 'purge-expired' }, { delay: 60_000 });
    await history.sample();
    const after = (await asRoot('/metrics/jobs?window=5m')).body;
    expect(after.queued).toBe(before.queued + 1);
    expect(after.series.at(-1).queued).toBe(after.queued);
  });
});

describe('slow statements', () => {
  it('keeps a statement over SLOW_QUERY_MS with its count and p95, and suggests the index its plan lacks', async () => {
    await app.ctx.sequelize.query('CREATE TABLE notes (id serial PRIMARY KEY, tenant_id uuid NOT NULL, title text)');
    // pg_sleep runs once per row found: 250 ms, well over SLOW_QUERY_MS (200) whatever the clocks' grain.
    await app.ctx.sequelize.query(`INSERT INTO notes (tenant_id, title) VALUES ($1, 'a'), ($1, 'b')`, {
      bind: [workspace.tenant.id],
    });
    for (const title of ['a', 'b'])
      await app.ctx.sequelize.query(
        `SELECT pg_sleep(0.25), id FROM notes WHERE tenant_id = $1 AND title = '${title}'`,
        {
          bind: [workspace.tenant.id],
        },
      );
    await history.sample();
    const { queries } = (await asRoot('/metrics/db/slow-queries?window=1h')).body;
    const notes = queries.find((q: { sql: string }) => q.sql.includes('FROM notes'));
    expect(notes).toMatchObject({
      sql: 'SELECT pg_sleep(?), id FROM notes WHERE tenant_id = $1 AND title = ?',
      count: 2,
      suggestedIndex: 'CREATE INDEX ON notes (tenant_id, title);',
      source: 'app',
    });
    expect(notes.p95Ms).toBeGreaterThanOrEqual(200);
    expect(queries.some((q: { sql: string }) => q.sql.includes('tenant-config'))).toBe(false);
  });

  it('suggests nothing where an index led by tenant_id exists', async () => {
    await app.ctx.sequelize.query('CREATE TABLE memos (id serial PRIMARY KEY, tenant_id uuid NOT NULL, body text)');
    await app.ctx.sequelize.query('CREATE INDEX ON memos (tenant_id)');
    await app.ctx.sequelize.query(`INSERT INTO memos (tenant_id, body) VALUES ($1, 'a')`, {
      bind: [workspace.tenant.id],
    });
    await app.ctx.sequelize.query(`SELECT pg_sleep(0.2), id FROM memos WHERE tenant_id = $1`, {
      bind: [workspace.tenant.id],
    });
    await history.sample();
    const { queries } = (await asRoot('/metrics/db/slow-queries?window=1h')).body;
    expect(queries.find((q: { sql: string }) => q.sql.includes('FROM memos'))).toMatchObject({ suggestedIndex: null });
  });
});

describe('dependencies', () => {
  it('asks each one for real: what is configured answers, what is not is said so', async () => {
    const { dependencies } = (await asRoot('/metrics/dependencies')).body;
    const byName = Object.fromEntries(dependencies.map((d: { provider: string }) => [d.provider, d]));
    expect(byName.postgres).toMatchObject({ status: expect.stringMatching(/^(ok|degraded)$/), lastError: null });
    expect(byName.redis.status).toMatch(/^(ok|degraded)$/);
    expect(byName.storage.status).toMatch(/^(ok|degraded)$/);
    for (const provider of ['smtp', 'stripe', 'prometheus'])
      expect(byName[provider]).toMatchObject({ status: 'not_configured', latencyMs: null });
  });

  it('a dependency that does not answer is down with its error, kept as the last error', async () => {
    const { config } = app.ctx;
    const closed = await freePort();
    config.prometheusUrl = `http://127.0.0.1:${closed}/`;
    try {
      const down = (await asRoot('/metrics/dependencies')).body.dependencies.find(
        (d: { provider: string }) => d.provider === 'prometheus',
      );
      expect(down).toMatchObject({
        status: 'down',
        lastError: `127.0.0.1:${closed} could not be reached (ECONNREFUSED).`,
      });
      expect(down.lastErrorAt).not.toBeNull();
      const overview = (await asRoot('/super/overview')).body;
      expect(overview.environment).toBe('development');
      expect(overview.alerts).toContainEqual({
        id: 'dependency:prometheus',
        severity: 'critical',
        title: 'prometheus is down',
        detail: `127.0.0.1:${closed} could not be reached (ECONNREFUSED).`,
      });
    } finally {
      config.prometheusUrl = undefined;
    }
  });
});

/** Alertmanager's webhook payload (version 4) for one alert, as infra/alertmanager's console receiver sends it. */
function alertmanagerPayload(status: 'firing' | 'resolved', fingerprint: string) {
  const labels = { alertname: 'QueueBacklog', severity: 'warning', queue: 'webhooks' };
  return {
    version: '4',
    groupKey: '{}/{}:{alertname="QueueBacklog"}',
    truncatedAlerts: 0,
    status,
    receiver: 'console',
    groupLabels: { alertname: 'QueueBacklog' },
    commonLabels: labels,
    commonAnnotations: {},
    externalURL: 'http://alertmanager:9093',
    alerts: [
      {
        status,
        labels,
        annotations: {
          summary: 'More than 1000 jobs wait in a queue.',
          runbook: 'Check the workers on Queues and Jobs.',
        },
        startsAt: '2026-11-30T10:00:00.000Z',
        endsAt: status === 'resolved' ? '2026-11-30T10:20:00.000Z' : '0001-01-01T00:00:00Z',
        generatorURL: 'http://prometheus:9090/graph',
        fingerprint,
      },
    ],
  };
}

describe('Prometheus’s alerts from Alertmanager (POST /api/internal/alerts)', () => {
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    app.request('POST', '/internal/alerts', { body, headers });
  const overviewAlerts = async () => (await asRoot('/super/overview')).body.alerts as { id: string }[];

  it('shows a firing alert in Active Alerts until Alertmanager sends it resolved', async () => {
    const fingerprint = `fp${Date.now()}`;
    expect(await post(alertmanagerPayload('firing', fingerprint))).toMatchObject({
      status: 200,
      body: { firing: 1, resolved: 0 },
    });
    expect(await overviewAlerts()).toContainEqual({
      id: `prometheus:${fingerprint}`,
      severity: 'warning',
      title: 'QueueBacklog: More than 1000 jobs wait in a queue.',
      detail: 'Check the workers on Queues and Jobs.',
    });
    expect(await post(alertmanagerPayload('resolved', fingerprint))).toMatchObject({
      status: 200,
      body: { firing: 0, resolved: 1 },
    });
    expect((await overviewAlerts()).map((a) => a.id)).not.toContain(`prometheus:${fingerprint}`);
  });

  it('drops a firing alert Alertmanager has stopped sending (its resolution was lost)', async () => {
    const fingerprint = `stale${Date.now()}`;
    await post(alertmanagerPayload('firing', fingerprint));
    const ownToken = root.token;
    app.ctx.clock = { now: () => new Date(Date.now() + PROMETHEUS_ALERT_STALE_MS + 60_000) };
    try {
      // Access tokens expire by that clock: root signs in again at the moved time.
      root.token = (await signIn(app, root.user.email, app.config.superAdmin.password!)).token;
      expect((await overviewAlerts()).map((a) => a.id)).not.toContain(`prometheus:${fingerprint}`);
    } finally {
      app.ctx.clock = systemClock;
      root.token = ownToken;
    }
  });

  it('refuses a caller outside the private network, and what is not Alertmanager’s payload', async () => {
    const outside = await post(alertmanagerPayload('firing', 'outside'), { 'x-forwarded-for': '203.0.113.9' });
    expect(outside).toMatchObject({
      status: 403,
      body: { error: 'Only the stack’s Alertmanager, on a private network, may post alerts.' },
    });
    expect((await overviewAlerts()).map((a) => a.id)).not.toContain('prometheus:outside');
    for (const body of [{}, { ...alertmanagerPayload('firing', 'x'), version: '3' }, { alerts: 'none' }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
