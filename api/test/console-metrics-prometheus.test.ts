import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, withoutTable, type TestApp } from '../../testing/harness';
import { freePort, startPrometheus, type LocalPrometheus } from '../../testing/prometheus';

/** The console's figures asked of a real Prometheus scraping the API (PROMETHEUS_URL). */

let app: TestApp;
let prometheus: LocalPrometheus;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
beforeAll(async () => {
  const port = await freePort();
  app = await startTestApp({ PROMETHEUS_URL: `http://127.0.0.1:${port}` });
  prometheus = await startPrometheus(port, { api: [new URL(app.url).host] });
  root = await makeSuperAdmin(app);
  // The first sign-in makes the success series; Prometheus counts increases from its first scrape of it on.
  await scraped('portico_auth_attempts_total{outcome="success"}');
  workspace = await makeWorkspace(app);
}, 60_000);
afterAll(async () => {
  await prometheus?.close();
  await app?.close();
});

const asRoot = async (path: string) => {
  const res = await app.request('GET', path, { token: root.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Waits until Prometheus holds a sample of `selector` (it scrapes every second; a loaded machine lags). */
async function scraped(selector: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(selector)}`);
    const body = (await res.json()) as { data?: { result?: unknown[] } };
    if ((body.data?.result?.length ?? 0) > 0) return;
    if (Date.now() > deadline) throw new Error(`Prometheus has no sample of ${selector} after 30 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Asks until Prometheus has scraped what the test did (it scrapes every second). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe('figures from Prometheus', () => {
  it('requests, 5xx answers, latency, sign-ins, failing endpoints and uptime come from PromQL', async () => {
    const failFiles = async () => {
      const res = await withoutTable(app.ctx, 'files', () =>
        app.request('GET', '/files', { token: workspace.admin.token, tenantId: workspace.tenant.id }),
      );
      expect(res.status).toBe(500);
    };
    const traffic = async (calls: number) => {
      for (let i = 0; i < calls; i++)
        await app.request('GET', '/tenant-config', { token: workspace.admin.token, tenantId: workspace.tenant.id });
      await app.request('POST', '/auth/login', {
        body: { email: workspace.admin.user.email, password: 'wrong-password' },
      });
      await failFiles();
    };
    // Prometheus sees a counter's increase only from its first scrape on: each series is born first.
    await traffic(1);
    await scraped('portico_http_requests_total{status_class="5xx"}');
    await scraped('portico_auth_attempts_total{outcome="failure"}');
    await traffic(10);

    const total = (body: { series: Array<{ requests: number; errors: number }> }) => ({
      requests: body.series.reduce((n, p) => n + p.requests, 0),
      errors: body.series.reduce((n, p) => n + p.errors, 0),
    });
    const counted = await eventually(
      () => asRoot('/metrics/requests-errors?window=5m'),
      (body) => total(body).requests >= 12 && total(body).errors >= 2,
    );
    expect(counted.series).toHaveLength(20);
    expect(total(counted).requests).toBeGreaterThanOrEqual(12);
    // Exactly the two 5xx answers: the one that made the series and the one after it, wherever the
    // scrapes fell against the steps.
    expect(total(counted).errors).toBe(2);

    const latency = await asRoot('/metrics/latency?window=5m');
    expect(latency.series.some((p: { p50: number | null }) => p.p50 !== null && p.p50 > 0)).toBe(true);

    const auth = await eventually(
      () => asRoot('/metrics/auth?window=5m'),
      (body) => body.failure >= 1,
    );
    expect(auth.failure).toBeGreaterThanOrEqual(1);
    // Three sign-ins before: the first one creates the series, the other two (after a scrape) count.
    expect(auth.success).toBeGreaterThanOrEqual(2);

    const { endpoints } = await asRoot('/metrics/errors/top-endpoints?window=1h');
    expect(endpoints.find((e: { endpoint: string }) => e.endpoint === 'GET /api/files')).toMatchObject({
      errors: expect.any(Number),
    });

    // The subquery's points fall on 15 s boundaries: the first one after the first scrape gives a value.
    const uptime = await eventually(
      () => asRoot('/metrics/uptime'),
      (body) => body.p24h !== null,
    );
    expect(uptime.source).toBe('prometheus');
    // Every scrape answered unless the machine was too busy to answer one within its 1 s timeout.
    for (const share of [uptime.p24h, uptime.p7d, uptime.p30d]) {
      expect(share).toBeGreaterThan(50);
      expect(share).toBeLessThanOrEqual(100);
    }

    const jobs = await eventually(
      () => asRoot('/metrics/jobs?window=5m'),
      (body) => body.series.some((p: { queued: number | null }) => p.queued !== null),
    );
    expect(jobs.series.some((p: { queued: number | null }) => p.queued !== null)).toBe(true);

    const { dependencies } = await asRoot('/metrics/dependencies');
    expect(dependencies.find((d: { provider: string }) => d.provider === 'prometheus').status).toMatch(
      /^(ok|degraded)$/,
    );
  }, 60_000);
});
