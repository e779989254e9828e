import { createMetricsHistory, normaliseSql, quantileOf, readHistory, readUptime } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestContext, type TestContext } from '../../../testing/harness';

let test: TestContext;
beforeAll(async () => {
  test = await startTestContext();
});
afterAll(() => test.close());

/** Midnight UTC of a day in the past, so every slot below is whole. */
const DAY = Date.UTC(2026, 0, 10);
const at = (seconds: number) => ({ now: () => new Date(DAY + seconds * 1000) });

describe('uptime from the slots API processes marked', () => {
  it('is null before anything was marked, then the share of marked slots since the first', async () => {
    const { ctx } = test;
    ctx.clock = at(0);
    expect(await readUptime(ctx, 1)).toBeNull();
    const history = createMetricsHistory(ctx, { serves: true });
    // Marked at 0 s, 15 s and 45 s: the slot at 30 s was missed.
    for (const seconds of [0, 15, 45]) {
      ctx.clock = at(seconds + 1);
      await history.sample();
    }
    ctx.clock = at(60 + 3);
    expect(await readUptime(ctx, 1)).toBe(0.75);
    // A day later the window still starts at the first mark; slots of the night before count as down.
    ctx.clock = at(86_400 + 60);
    await history.sample();
    ctx.clock = at(86_400 + 75);
    expect(await readUptime(ctx, 30)).toBeCloseTo(4 / (86_400 / 15 + 5), 10);
  });

  it('a worker does not mark the platform up', async () => {
    const { ctx } = test;
    ctx.clock = at(10 * 86_400);
    await createMetricsHistory(ctx, { serves: false }).sample();
    ctx.clock = at(10 * 86_400 + 30);
    const before = await readUptime(ctx, 1);
    expect(before).toBe(0);
  });
});

describe('the history', () => {
  it('adds what several processes counted to the same step', async () => {
    const { ctx } = test;
    ctx.clock = at(20 * 86_400 + 5);
    ctx.metrics.httpRequests.inc({ method: 'GET', route: '/api/files', status_class: '2xx' }, 3);
    ctx.metrics.httpRequests.inc({ method: 'GET', route: 'web app', status_class: '2xx' }, 50);
    const first = createMetricsHistory(ctx, { serves: false });
    const second = createMetricsHistory(ctx, { serves: false });
    await first.sample();
    await second.sample();
    ctx.metrics.httpRequests.inc({ method: 'GET', route: '/api/files', status_class: '5xx' });
    await first.sample();
    const last = (await readHistory(ctx, '5m')).at(-1)!;
    // Both samplers read the same registry here, as two replicas would each read their own.
    expect(last.fields.get('requests')).toBe(7);
    expect(last.fields.get('errors')).toBe(1);
    expect(last.fields.get('route:GET /api/files')).toBe(7);
  });
});

describe('quantileOf', () => {
  it('interpolates inside the bucket the rank falls in, as histogram_quantile does', () => {
    const fields = new Map([
      ['le:0.01', 50],
      ['le:0.1', 90],
      ['le:1', 100],
      ['le:+Inf', 100],
    ]);
    expect(quantileOf(fields, 0.5)).toBeCloseTo(10, 6);
    expect(quantileOf(fields, 0.7)).toBeCloseTo(55, 6);
    expect(quantileOf(fields, 0.95)).toBeCloseTo(550, 6);
    expect(quantileOf(new Map(), 0.5)).toBeNull();
  });
});

describe('normaliseSql', () => {
  it('takes the values out of a statement and keeps its parameters', () => {
    expect(
      normaliseSql(
        `SELECT * FROM files  WHERE tenant_id = $1 AND title = 'it''s' AND size > 10 AND id IN (1, 2, 3) LIMIT 50`,
      ),
    ).toBe('SELECT * FROM files WHERE tenant_id = $1 AND title = ? AND size > ? AND id IN (?) LIMIT ?');
    expect(normaliseSql('SELECT "t1"."x2" FROM t1')).toBe('SELECT "t1"."x2" FROM t1');
  });
});
