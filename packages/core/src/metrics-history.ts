import type { MetricWindow } from '@portico/common';
import type { MetricValueWithName } from 'prom-client';
import type { AppContext } from './context';
import type { Metrics } from './metrics';
import { QUEUE_NAMES } from './queues';

/*
 * The embedded metrics history, for platforms that run no Prometheus (the default of `npm start`).
 * Every 15 s each process reads its own registry and adds what it counted since its last sample to
 * two buckets in Redis: a 15 s one kept 2 h and a 15 min one kept 25 h. Adding (HINCRBY) makes
 * several replicas of a process sum up as Prometheus's `sum(rate())` would. API processes also set
 * the bit of the 15 s slot in the day's uptime bitmap (kept 31 days) and the queue depths of the slot.
 */

export const SAMPLE_SECONDS = 15;

/** A bucket size and how long its buckets live. */
interface Resolution {
  name: 'fine' | 'coarse';
  seconds: number;
  keepSeconds: number;
}

const FINE: Resolution = { name: 'fine', seconds: SAMPLE_SECONDS, keepSeconds: 2 * 3600 };
const COARSE: Resolution = { name: 'coarse', seconds: 900, keepSeconds: 25 * 3600 };

/** Each chart window the console asks for: its length, the bucket size it reads and its step, in seconds. */
export const WINDOW_STEPS: Record<MetricWindow, { seconds: number; resolution: Resolution; step: number }> = {
  '5m': { seconds: 300, resolution: FINE, step: 15 },
  '15m': { seconds: 900, resolution: FINE, step: 15 },
  '1h': { seconds: 3600, resolution: FINE, step: 60 },
  '24h': { seconds: 86_400, resolution: COARSE, step: 900 },
};

/** Routes that are not the API's work: the web app's files and Prometheus's own scrapes. */
const UNCOUNTED_ROUTES = new Set(['web app', '/metrics']);

/** A bucket's fields: counters since the last sample, keyed as below. */
type Fields = Map<string, number>;

function add(fields: Fields, key: string, value: number): void {
  fields.set(key, (fields.get(key) ?? 0) + value);
}

/** The counters of a registry that the console charts, flattened to bucket fields. */
async function countersOf(metrics: Metrics): Promise<Fields> {
  const fields: Fields = new Map();
  const read = async (name: string): Promise<Array<MetricValueWithName<string>>> =>
    (await metrics.registry.getSingleMetric(name)?.get())?.values ?? [];
  for (const { labels, value } of await read('portico_http_requests_total')) {
    if (UNCOUNTED_ROUTES.has(String(labels.route))) continue;
    const endpoint = `${labels.method} ${labels.route}`;
    add(fields, 'requests', value);
    add(fields, `route:${endpoint}`, value);
    if (labels.status_class === '5xx') {
      add(fields, 'errors', value);
      add(fields, `route-errors:${endpoint}`, value);
    }
  }
  for (const { labels, value, metricName } of await read('portico_http_request_duration_seconds')) {
    if (metricName?.endsWith('_bucket') && !UNCOUNTED_ROUTES.has(String(labels.route)))
      add(fields, `le:${labels.le}`, value);
  }
  for (const { labels, value } of await read('portico_auth_attempts_total'))
    add(fields, `auth:${labels.outcome}`, value);
  for (const { labels, value } of await read('portico_jobs_total')) add(fields, `jobs:${labels.outcome}`, value);
  for (const { labels, value } of await read('portico_webhook_deliveries_total'))
    add(fields, `webhooks:${labels.outcome}`, value);
  return fields;
}

function bucketKey(prefix: string, resolution: Resolution, slot: number): string {
  return `${prefix}:metrics:${resolution.name}:${slot}`;
}

function uptimeKey(prefix: string, at: number): string {
  return `${prefix}:uptime:${new Date(at).toISOString().slice(0, 10)}`;
}

const SLOTS_PER_DAY = 86_400 / SAMPLE_SECONDS;

function slotOfDay(at: number): number {
  return Math.floor((at % 86_400_000) / (SAMPLE_SECONDS * 1000));
}

export interface MetricsHistory {
  /** Adds what the registry counted since the last sample to Redis (and the slow statements seen). */
  sample(): Promise<void>;
  /** Samples every 15 s, on the slot's boundary, until stopped. */
  start(): void;
  stop(): void;
}

type HistoryContext = Pick<AppContext, 'metrics' | 'redis' | 'config' | 'logger' | 'queues' | 'clock' | 'sequelize'> &
  Partial<Pick<AppContext, 'slowQueries'>>;

/**
 * One process's sampler. `serves` is true for an API process: its samples also mark the platform up
 * for their slot and record the queue depths.
 */
export function createMetricsHistory(ctx: HistoryContext, options: { serves: boolean }): MetricsHistory {
  let previous: Fields = new Map();
  let timer: NodeJS.Timeout | undefined;
  const prefix = ctx.config.redisPrefix;

  const sample = async () => {
    const at = ctx.clock.now().getTime();
    const current = await countersOf(ctx.metrics);
    const multi = ctx.redis.multi();
    const keys = [FINE, COARSE].map((r) => ({
      key: bucketKey(prefix, r, Math.floor(at / 1000 / r.seconds)),
      keep: r.keepSeconds,
    }));
    for (const [field, value] of current) {
      // A counter below its last reading means the registry was reset: all of it is new.
      const before = previous.get(field) ?? 0;
      const delta = value >= before ? value - before : value;
      if (delta > 0) for (const { key } of keys) multi.hincrbyfloat(key, field, delta);
    }
    previous = current;
    if (options.serves) {
      const depth = await queueDepth(ctx);
      for (const { key } of keys)
        multi.hset(key, 'queued', depth.queued, 'active', depth.active, 'failed', depth.failed);
      multi.setbit(uptimeKey(prefix, at), slotOfDay(at), 1);
      multi.expire(uptimeKey(prefix, at), 31 * 86_400);
      multi.set(`${prefix}:uptime:since`, String(at - (at % (SAMPLE_SECONDS * 1000))), 'NX');
    }
    for (const { key, keep } of keys) multi.expire(key, keep);
    await multi.exec();
    await ctx.slowQueries?.flush({ redis: ctx.redis, prefix, sequelize: ctx.sequelize, logger: ctx.logger });
  };

  const schedule = () => {
    const period = SAMPLE_SECONDS * 1000;
    // One sample per slot: just after each boundary, so every slot of a running process is marked.
    const wait = period - (ctx.clock.now().getTime() % period) + 250;
    timer = setTimeout(() => {
      sample()
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'metrics sample could not be kept'))
        .finally(() => {
          if (timer) schedule();
        });
    }, wait);
    timer.unref();
  };

  return {
    sample,
    start: schedule,
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Jobs waiting or delayed, running, and failed, across every queue, now. */
export async function queueDepth(
  ctx: Pick<AppContext, 'queues'>,
): Promise<{ queued: number; active: number; failed: number }> {
  const counts = await Promise.all(
    QUEUE_NAMES.map((queue) => ctx.queues[queue].getJobCounts('waiting', 'delayed', 'active', 'failed')),
  );
  const sum = (pick: (c: Record<string, number>) => number) => counts.reduce((total, c) => total + pick(c), 0);
  return {
    queued: sum((c) => (c.waiting ?? 0) + (c.delayed ?? 0)),
    active: sum((c) => c.active ?? 0),
    failed: sum((c) => c.failed ?? 0),
  };
}

/** One point of a window: the start of its step and the fields its buckets add up to. */
export interface HistoryPoint {
  at: Date;
  fields: Map<string, number>;
  /** Whether any process sampled in the step. */
  sampled: boolean;
}

/** The window's steps, oldest first, the last one the step in progress. */
export async function readHistory(
  ctx: Pick<AppContext, 'redis' | 'config' | 'clock'>,
  window: MetricWindow,
): Promise<HistoryPoint[]> {
  const { seconds, resolution, step } = WINDOW_STEPS[window];
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const lastStep = now - (now % step);
  const steps = seconds / step;
  const firstSlot = Math.floor((lastStep - (steps - 1) * step) / resolution.seconds);
  const lastSlot = Math.floor(now / resolution.seconds);
  const pipeline = ctx.redis.pipeline();
  for (let slot = firstSlot; slot <= lastSlot; slot++)
    pipeline.hgetall(bucketKey(ctx.config.redisPrefix, resolution, slot));
  const buckets = ((await pipeline.exec()) ?? []).map(([, value]) => (value ?? {}) as Record<string, string>);
  const points: HistoryPoint[] = Array.from({ length: steps }, (_, i) => ({
    at: new Date((lastStep - (steps - 1 - i) * step) * 1000),
    fields: new Map(),
    sampled: false,
  }));
  buckets.forEach((bucket, i) => {
    const slotStart = (firstSlot + i) * resolution.seconds;
    const point = points[Math.floor((slotStart - (lastStep - (steps - 1) * step)) / step)];
    if (!point || Object.keys(bucket).length === 0) return;
    point.sampled = true;
    for (const [field, text] of Object.entries(bucket)) {
      // Queue depths are readings, not counts: a step shows its latest.
      if (field === 'queued' || field === 'active' || field === 'failed') point.fields.set(field, Number(text));
      else add(point.fields, field, Number(text));
    }
  });
  return points;
}

/**
 * The share of 15 s slots an API process was up, over the last `days`, counted from the first slot
 * any process marked (null before that).
 */
export async function readUptime(
  ctx: Pick<AppContext, 'redis' | 'config' | 'clock'>,
  days: number,
): Promise<number | null> {
  const prefix = ctx.config.redisPrefix;
  const period = SAMPLE_SECONDS * 1000;
  const now = ctx.clock.now().getTime();
  // The slot in progress may not be marked yet; the window ends before it.
  const end = now - (now % period);
  const since = Number(await ctx.redis.get(`${prefix}:uptime:since`));
  if (!since) return null;
  const start = Math.max(end - days * 86_400_000, since);
  if (end <= start) return null;
  const dayStarts: number[] = [];
  for (let day = start - (start % 86_400_000); day < end; day += 86_400_000) dayStarts.push(day);
  const maps = await Promise.all(dayStarts.map((day) => ctx.redis.getBuffer(uptimeKey(prefix, day))));
  let up = 0;
  dayStarts.forEach((day, i) => {
    const bits = maps[i];
    if (!bits) return;
    const from = day < start ? slotOfDay(start) : 0;
    const to = day + 86_400_000 > end ? slotOfDay(end) : SLOTS_PER_DAY;
    for (let slot = from; slot < to; slot++) if ((bits[slot >> 3] ?? 0) & (0x80 >> (slot & 7))) up++;
  });
  return up / ((end - start) / period);
}

/** A quantile of the requests whose durations the step's `le:` buckets counted, in ms (histogram_quantile). */
export function quantileOf(fields: Map<string, number>, q: number): number | null {
  const buckets = [...fields]
    .filter(([key]) => key.startsWith('le:'))
    .map(([key, count]) => ({ le: key === 'le:+Inf' ? Infinity : Number(key.slice(3)), count }))
    .sort((a, b) => a.le - b.le);
  const total = buckets.at(-1)?.count ?? 0;
  if (total === 0) return null;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const { le, count } of buckets) {
    if (count >= rank) {
      // Beyond the last finite bound nothing is known but that bound (as Prometheus answers).
      if (le === Infinity) return lower * 1000;
      return (lower + ((le - lower) * (rank - below)) / Math.max(count - below, 1e-9)) * 1000;
    }
    lower = le;
    below = count;
  }
  return lower * 1000;
}
