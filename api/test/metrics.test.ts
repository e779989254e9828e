import { randomUUID } from 'node:crypto';
import { METRIC_LABELS } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';

// The test's requests come from loopback; X-Forwarded-For from it is believed, so a test can name another client.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'loopback', METRICS_TOKEN });
});
afterAll(() => app.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrape(headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  const res = await fetch(`${app.url}/metrics`, { headers });
  return { status: res.status, text: await res.text(), type: res.headers.get('content-type') ?? '' };
}

async function samples(): Promise<Sample[]> {
  const { status, text } = await scrape();
  expect(status).toBe(200);
  return parseSamples(text);
}

const valueOf = (all: Sample[], name: string, labels: Record<string, string>) =>
  all
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

describe('GET /metrics', () => {
  it('answers loopback and private networks, and the bearer token from anywhere; anyone else gets 404', async () => {
    const local = await scrape();
    expect(local.status).toBe(200);
    expect(local.type).toMatch(/^text\/plain/);
    expect(local.text).toContain('# TYPE portico_http_requests_total counter');
    expect((await scrape({ 'x-forwarded-for': '10.1.2.3' })).status).toBe(200);
    expect((await scrape({ 'x-forwarded-for': 'fd00::7' })).status).toBe(200);

    const outside = await scrape({ 'x-forwarded-for': '203.0.113.9' });
    expect(outside.status).toBe(404);
    expect(outside.text).not.toContain('portico_');
    expect(
      (await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer wrong-token-0123456789' })).status,
    ).toBe(404);
    const withToken = await scrape({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${METRICS_TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('portico_http_requests_total');
  });

  it('labels requests by route template and status class, never by path, id or tenant', async () => {
    const w = await makeWorkspace(app);
    const missing = randomUUID();
    const before = await samples();
    const labels = { method: 'GET', route: '/api/files/:id', status_class: '4xx' };
    const counted = valueOf(before, 'portico_http_requests_total', labels);
    for (let i = 0; i < 3; i++)
      expect(
        (await app.request('GET', `/files/${missing}`, { token: w.admin.token, tenantId: w.tenant.id })).status,
      ).toBe(404);
    expect((await app.request('GET', `/no-such-endpoint/${missing}`)).status).toBe(404);

    const after = await samples();
    expect(valueOf(after, 'portico_http_requests_total', labels)).toBe(counted + 3);
    expect(valueOf(after, 'portico_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(counted + 3);
    expect(
      valueOf(after, 'portico_http_requests_total', { route: 'unmatched', status_class: '4xx' }),
    ).toBeGreaterThanOrEqual(1);
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const sample of after.filter((s) => s.name.startsWith('portico_')))
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toMatch(uuid);
        expect(value).not.toContain(w.tenant.slug);
      }
  });

  it('defines every Portico metric with exactly its labels, beside the default process metrics', async () => {
    const { text } = await scrape();
    for (const name of Object.keys(METRIC_LABELS)) expect(text).toContain(`# HELP ${name} `);
    expect(text).toContain('process_cpu_user_seconds_total');
    const all = parseSamples(text).filter((s) => s.name.startsWith('portico_'));
    for (const sample of all) {
      const base = sample.name.replace(/_(bucket|sum|count)$/, '');
      const declared = METRIC_LABELS[base] ?? METRIC_LABELS[sample.name];
      expect(declared, sample.name).toBeDefined();
      const allowed = new Set([...declared!, 'process', ...(sample.name.endsWith('_bucket') ? ['le'] : [])]);
      for (const key of Object.keys(sample.labels)) expect(allowed.has(key), `${sample.name} ${key}`).toBe(true);
      expect(sample.labels.process).toBe('test');
    }
  });

  it('counts sign-ins by outcome', async () => {
    const w = await makeWorkspace(app);
    const before = await samples();
    const attempts = (all: Sample[], outcome: string) => valueOf(all, 'portico_auth_attempts_total', { outcome });
    expect(
      (await app.request('POST', '/auth/login', { body: { email: w.admin.user.email, password: 'not-it-at-all' } }))
        .status,
    ).toBe(401);
    expect(
      (
        await app.request('POST', '/auth/login', {
          body: { email: w.admin.user.email, password: 'correct-horse-battery' },
        })
      ).status,
    ).toBe(200);
    const after = await samples();
    expect(attempts(after, 'failure')).toBe(attempts(before, 'failure') + 1);
    expect(attempts(after, 'success')).toBe(attempts(before, 'success') + 1);

    // Past LOGIN_MAX_FAILURES_PER_EMAIL the sign-in is refused before the password is looked at.
    let status = 0;
    for (let i = 0; i < 10 && status !== 429; i++)
      status = (
        await app.request('POST', '/auth/login', { body: { email: w.member.user.email, password: 'not-it-at-all' } })
      ).status;
    expect(status).toBe(429);
    const throttled = await samples();
    expect(attempts(throttled, 'throttled')).toBe(attempts(after, 'throttled') + 1);
  });

  it('times database statements by kind, and reads queue depths and stored bytes when scraped', async () => {
    const w = await makeWorkspace(app);
    const before = await samples();
    const content = Buffer.alloc(4096, 7);
    expect(
      (await upload(app, { token: w.admin.token, tenantId: w.tenant.id, content, fields: { assigned_roles: 'role2' } }))
        .status,
    ).toBe(201);
    await app.ctx.queues.emails.add('bench', { outboxId: randomUUID() }, { delay: 60_000 });

    const after = await samples();
    for (const kind of ['select', 'insert'])
      expect(valueOf(after, 'portico_db_query_duration_seconds_count', { kind })).toBeGreaterThan(
        valueOf(before, 'portico_db_query_duration_seconds_count', { kind }),
      );
    expect(valueOf(after, 'portico_storage_bytes', {})).toBeGreaterThanOrEqual(
      valueOf(before, 'portico_storage_bytes', {}) + content.length,
    );
    expect(valueOf(after, 'portico_queue_jobs', { queue: 'emails', state: 'delayed' })).toBe(
      valueOf(before, 'portico_queue_jobs', { queue: 'emails', state: 'delayed' }) + 1,
    );
  });
});
