import { statfs } from 'node:fs/promises';
import type { AppContext } from '../context';
import type { AlertMetric, AlertWindow, MetricWindow } from '@portico/common';
import type { AlertRule } from '../db/models';
import { WINDOW_STEPS, queueDepth, quantileOf, readHistory, readUptime } from '../metrics-history';
import { readSlowQueries, statementStatistics, type SlowStatement } from '../slow-queries';
import { checkDependencies } from './dependencies';
import { listErrorTraces } from './error-traces';
import { countActiveUsers, findFiringAlertRules, platformStorageBytes } from './console-data';
import { firingPrometheusAlerts } from './prometheus-alerts';

/*
 * The figures of the console's Mission Control and App Health (platform-console §7 Metrics). The
 * time series come from one MetricsSource: Prometheus when PROMETHEUS_URL is set, else the embedded
 * history every process keeps in Redis. Counts of people and bytes come from the database, queue
 * depths from BullMQ, slow statements and error traces from their stores.
 */

export interface RequestPoint {
  x: string;
  requests: number;
  errors: number;
}
export interface LatencyPoint {
  x: string;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}
export interface QueuePoint {
  x: string;
  queued: number | null;
  failed: number | null;
}
export interface EndpointCount {
  endpoint: string;
  requests: number;
  errors: number;
}

/** Where the console's time series come from. */
export interface MetricsSource {
  readonly kind: 'embedded' | 'prometheus';
  /** The share of time the API answered over the last `days` (null before anything was recorded). */
  uptime(days: number): Promise<number | null>;
  requestsErrors(window: MetricWindow): Promise<RequestPoint[]>;
  latency(window: MetricWindow): Promise<LatencyPoint[]>;
  queueDepth(window: MetricWindow): Promise<QueuePoint[]>;
  endpoints(window: MetricWindow): Promise<EndpointCount[]>;
  authAttempts(window: MetricWindow): Promise<Record<string, number>>;
  /** Webhook delivery attempts over the window by outcome (succeeded, retried, failed). */
  webhookAttempts(window: MetricWindow): Promise<Record<string, number>>;
}

type SourceContext = Pick<AppContext, 'config' | 'redis' | 'clock'>;

const round = (value: number | null, places = 1) =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 10 ** places) / 10 ** places;

function embeddedSource(ctx: SourceContext): MetricsSource {
  const sumOf = (points: Awaited<ReturnType<typeof readHistory>>, match: (field: string) => string | null) => {
    const totals = new Map<string, number>();
    for (const point of points)
      for (const [field, value] of point.fields) {
        const key = match(field);
        if (key !== null) totals.set(key, (totals.get(key) ?? 0) + value);
      }
    return totals;
  };
  return {
    kind: 'embedded',
    uptime: (days) => readUptime(ctx, days),
    requestsErrors: async (window) =>
      (await readHistory(ctx, window)).map((p) => ({
        x: p.at.toISOString(),
        requests: Math.round(p.fields.get('requests') ?? 0),
        errors: Math.round(p.fields.get('errors') ?? 0),
      })),
    latency: async (window) =>
      (await readHistory(ctx, window)).map((p) => ({
        x: p.at.toISOString(),
        p50: round(quantileOf(p.fields, 0.5)),
        p95: round(quantileOf(p.fields, 0.95)),
        p99: round(quantileOf(p.fields, 0.99)),
      })),
    queueDepth: async (window) =>
      (await readHistory(ctx, window)).map((p) => ({
        x: p.at.toISOString(),
        queued: p.fields.get('queued') ?? null,
        failed: p.fields.get('failed') ?? null,
      })),
    endpoints: async (window) => {
      const points = await readHistory(ctx, window);
      const requests = sumOf(points, (f) => (f.startsWith('route:') ? f.slice('route:'.length) : null));
      const errors = sumOf(points, (f) => (f.startsWith('route-errors:') ? f.slice('route-errors:'.length) : null));
      return [...requests].map(([endpoint, count]) => ({
        endpoint,
        requests: Math.round(count),
        errors: Math.round(errors.get(endpoint) ?? 0),
      }));
    },
    authAttempts: async (window) =>
      Object.fromEntries(
        [...sumOf(await readHistory(ctx, window), (f) => (f.startsWith('auth:') ? f.slice('auth:'.length) : null))].map(
          ([outcome, count]) => [outcome, Math.round(count)],
        ),
      ),
    webhookAttempts: async (window) =>
      Object.fromEntries(
        [
          ...sumOf(await readHistory(ctx, window), (f) =>
            f.startsWith('webhooks:') ? f.slice('webhooks:'.length) : null,
          ),
        ].map(([outcome, count]) => [outcome, Math.round(count)]),
      ),
  };
}

/** The Prometheus job whose `up` says whether the API answered (infra/prometheus names it so). */
export const PROMETHEUS_API_JOB = 'api';
const COUNTED = 'route!~"web app|/metrics"';
const PROMETHEUS_DEADLINE_MS = 5000;

interface PromSample {
  metric: Record<string, string>;
  value?: [number, string];
  values?: Array<[number, string]>;
}

function prometheusSource(ctx: SourceContext, base: string): MetricsSource {
  const ask = async (path: string, params: Record<string, string>): Promise<PromSample[]> => {
    const url = new URL(path, base);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const res = await fetch(url, { signal: AbortSignal.timeout(PROMETHEUS_DEADLINE_MS) });
    const body = (await res.json().catch(() => null)) as {
      status?: string;
      error?: string;
      data?: { result?: PromSample[] };
    } | null;
    if (!res.ok || body?.status !== 'success')
      throw new Error(`Prometheus answered ${res.status}: ${body?.error ?? 'no result'}.`);
    return body.data?.result ?? [];
  };
  const now = () => Math.floor(ctx.clock.now().getTime() / 1000);
  const instant = (query: string) => ask('/api/v1/query', { query, time: String(now()) });
  /**
   * One value per step of the window, oldest first, null where Prometheus has none. Prometheus
   * evaluates a step at its end, over the step before it; each point is named by its start, as the
   * embedded history's are, and the last one is the step in progress.
   */
  const range = async (query: string, window: MetricWindow): Promise<Array<{ x: string; value: number | null }>> => {
    const { seconds, step } = WINDOW_STEPS[window];
    const end = now() - (now() % step) + step;
    const start = end - seconds + step;
    const [series] = await ask('/api/v1/query_range', {
      query,
      start: String(start),
      end: String(end),
      step: String(step),
    });
    const byTime = new Map((series?.values ?? []).map(([t, v]) => [t, Number(v)]));
    return Array.from({ length: seconds / step }, (_, i) => {
      const t = start + i * step;
      const value = byTime.get(t);
      return {
        x: new Date((t - step) * 1000).toISOString(),
        value: value === undefined || Number.isNaN(value) ? null : value,
      };
    });
  };
  /**
   * What a counter counted in each step of the window, summed by `by`: the difference of its values at
   * the step's two ends, read per process (job and instance), where a drop is a restart and all after
   * it is new and a process first seen counts from zero. `increase(x[step])` would see only the
   * samples inside one step, losing what was counted between its last scrape and the next step's
   * first, and nothing at all when the scrape interval is the step (15 s in infra/prometheus).
   */
  const stepIncreases = async (
    selector: string,
    by: string[],
    window: MetricWindow,
  ): Promise<Array<{ x: string; counts: Map<string, number> }>> => {
    const { seconds, step } = WINDOW_STEPS[window];
    const end = now() - (now() % step) + step;
    const start = end - seconds + step;
    const series = await ask('/api/v1/query_range', {
      query: `sum by (job, instance${by.map((label) => `, ${label}`).join('')}) (${selector})`,
      start: String(start - step),
      end: String(end),
      step: String(step),
    });
    return Array.from({ length: seconds / step }, (_, i) => {
      const t = start + i * step;
      const counts = new Map<string, number>();
      for (const { metric, values = [] } of series) {
        const at = new Map(values.map(([time, value]) => [time, Number(value)]));
        const after = at.get(t);
        if (after === undefined) continue;
        const before = at.get(t - step) ?? 0;
        const key = by.map((label) => metric[label] ?? '').join(' ');
        counts.set(key, (counts.get(key) ?? 0) + (after >= before ? after - before : after));
      }
      return { x: new Date((t - step) * 1000).toISOString(), counts };
    });
  };
  return {
    kind: 'prometheus',
    uptime: async (days) => {
      const [result] = await instant(`avg_over_time((max(up{job="${PROMETHEUS_API_JOB}"}))[${days}d:15s])`);
      return result?.value ? Number(result.value[1]) : null;
    },
    requestsErrors: async (window) =>
      (await stepIncreases(`portico_http_requests_total{${COUNTED}}`, ['status_class'], window)).map(
        ({ x, counts }) => ({
          x,
          requests: Math.round([...counts.values()].reduce((sum, count) => sum + count, 0)),
          errors: Math.round(counts.get('5xx') ?? 0),
        }),
      ),
    latency: async (window) =>
      (await stepIncreases(`portico_http_request_duration_seconds_bucket{${COUNTED}}`, ['le'], window)).map(
        ({ x, counts }) => {
          const buckets = new Map([...counts].map(([le, count]) => [`le:${le}`, count]));
          return {
            x,
            p50: round(quantileOf(buckets, 0.5)),
            p95: round(quantileOf(buckets, 0.95)),
            p99: round(quantileOf(buckets, 0.99)),
          };
        },
      ),
    queueDepth: async (window) => {
      // Every API replica reports the same queues when scraped: one of them is the depth.
      const [queued, failed] = await Promise.all([
        range(`max(sum by (instance) (portico_queue_jobs{state=~"waiting|delayed"}))`, window),
        range(`max(sum by (instance) (portico_queue_jobs{state="failed"}))`, window),
      ]);
      return queued.map((point, i) => ({ x: point.x, queued: point.value, failed: failed[i]?.value ?? null }));
    },
    endpoints: async (window) => {
      const [requests, errors] = await Promise.all([
        instant(`sum by (method, route) (increase(portico_http_requests_total{${COUNTED}}[${window}]))`),
        instant(
          `sum by (method, route) (increase(portico_http_requests_total{${COUNTED},status_class="5xx"}[${window}]))`,
        ),
      ]);
      const name = (s: PromSample) => `${s.metric.method} ${s.metric.route}`;
      const errorsOf = new Map(errors.map((s) => [name(s), Number(s.value?.[1] ?? 0)]));
      return requests.map((s) => ({
        endpoint: name(s),
        requests: Math.round(Number(s.value?.[1] ?? 0)),
        errors: Math.round(errorsOf.get(name(s)) ?? 0),
      }));
    },
    authAttempts: async (window) =>
      Object.fromEntries(
        (await instant(`sum by (outcome) (increase(portico_auth_attempts_total[${window}]))`)).map((s) => [
          s.metric.outcome,
          Math.round(Number(s.value?.[1] ?? 0)),
        ]),
      ),
    webhookAttempts: async (window) =>
      Object.fromEntries(
        (await instant(`sum by (outcome) (increase(portico_webhook_deliveries_total[${window}]))`)).map((s) => [
          s.metric.outcome,
          Math.round(Number(s.value?.[1] ?? 0)),
        ]),
      ),
  };
}

/** Prometheus when PROMETHEUS_URL is set, else the embedded history. */
export function metricsSource(ctx: SourceContext): MetricsSource {
  return ctx.config.prometheusUrl ? prometheusSource(ctx, ctx.config.prometheusUrl) : embeddedSource(ctx);
}

type ConsoleContext = Pick<
  AppContext,
  'config' | 'redis' | 'boundedRedis' | 'clock' | 'sequelize' | 'db' | 'queues' | 'storage' | 'mail'
>;

/** GET /api/metrics/uptime. */
export async function platformUptime(ctx: ConsoleContext) {
  const source = metricsSource(ctx);
  const [p24h, p7d, p30d] = await Promise.all([source.uptime(1), source.uptime(7), source.uptime(30)]);
  const percent = (share: number | null) => (share === null ? null : Math.round(share * 100_000) / 1000);
  return { p24h: percent(p24h), p7d: percent(p7d), p30d: percent(p30d), source: source.kind };
}

/**
 * GET /api/metrics/active-users: people who signed in or renewed a session since midnight (UTC),
 * the workspaces they belong to, and accounts created in the last 7 days.
 */
export async function activeUsers(ctx: ConsoleContext) {
  const row = await countActiveUsers(ctx, ctx.clock.now());
  return { today: Number(row?.today ?? 0), tenants: Number(row?.tenants ?? 0), signups7d: Number(row?.signups7d ?? 0) };
}

const TB = 1e12;

/**
 * GET /api/metrics/storage: bytes of every workspace's files, and what the store can hold: the
 * size of the disk for local storage; an S3 bucket has no size to read (null).
 */
export async function storageUsage(ctx: ConsoleContext) {
  const used = await platformStorageBytes(ctx);
  let quota: number | null = null;
  if (ctx.storage.driver === 'local') {
    const disk = await statfs(ctx.config.storage.dir).catch(() => null);
    quota = disk ? disk.blocks * disk.bsize : null;
  }
  return {
    usedBytes: used,
    quotaBytes: quota,
    usedTb: used / TB,
    quotaTb: quota === null ? null : quota / TB,
    driver: ctx.storage.driver,
  };
}

/** GET /api/metrics/jobs: jobs in the queues now, and the depth over the window. */
export async function jobsNow(ctx: ConsoleContext, window: MetricWindow) {
  const [now, series] = await Promise.all([queueDepth(ctx), metricsSource(ctx).queueDepth(window)]);
  return { ...now, series };
}

/** GET /api/metrics/auth: sign-in attempts over the window and the share that succeeded. */
export async function authSuccess(ctx: ConsoleContext, window: MetricWindow) {
  const attempts = await metricsSource(ctx).authAttempts(window);
  const success = attempts.success ?? 0;
  const failure = attempts.failure ?? 0;
  const throttled = attempts.throttled ?? 0;
  const total = success + failure + throttled;
  return { success, failure, throttled, rate: total === 0 ? null : Math.round((success / total) * 1000) / 10 };
}

/** GET /api/metrics/errors/top-endpoints: endpoints by share of 5xx answers, with their newest trace. */
export async function topErrorEndpoints(ctx: ConsoleContext, window: MetricWindow) {
  const [counts, traces] = await Promise.all([
    metricsSource(ctx).endpoints(window),
    listErrorTraces(ctx, { limit: 1000 }),
  ]);
  const since = ctx.clock.now().getTime() - WINDOW_STEPS[window].seconds * 1000;
  return counts
    .filter((c) => c.errors > 0)
    .map((c) => {
      const newest = traces.find((t) => `${t.method} ${t.endpoint}` === c.endpoint && Date.parse(t.at) >= since);
      return {
        endpoint: c.endpoint,
        requests: c.requests,
        errors: c.errors,
        errorPct: Math.round((c.errors / Math.max(c.requests, 1)) * 1000) / 10,
        lastErrorAt: newest?.at ?? null,
        lastRequestId: newest?.request_id ?? null,
      };
    })
    .sort((a, b) => b.errorPct - a.errorPct || b.errors - a.errors)
    .slice(0, 20);
}

/** GET /api/metrics/db/slow-queries: the app's own timings, then pg_stat_statements when loaded. */
export async function slowQueries(ctx: ConsoleContext, window: MetricWindow): Promise<SlowStatement[]> {
  const since = ctx.clock.now().getTime() - WINDOW_STEPS[window].seconds * 1000;
  const [timed, statistics] = await Promise.all([
    readSlowQueries(ctx.redis, ctx.config.redisPrefix, since),
    statementStatistics(ctx.sequelize, { limit: 20, minMeanMs: ctx.config.slowQueryMs }),
  ]);
  return [...timed.slice(0, 50), ...statistics];
}

/** The `metrics` event: jobs in the queues now, and requests, 5xx answers and latency of the last 5 minutes. */
export async function liveSnapshot(ctx: ConsoleContext) {
  const source = metricsSource(ctx);
  const [jobs, requests, latency] = await Promise.all([
    queueDepth(ctx),
    source.requestsErrors('5m'),
    source.latency('5m'),
  ]);
  const answered = latency.filter((p) => p.p95 !== null);
  return {
    at: ctx.clock.now().toISOString(),
    jobs,
    requests5m: requests.reduce((n, p) => n + p.requests, 0),
    errors5m: requests.reduce((n, p) => n + p.errors, 0),
    p95Ms: answered.at(-1)?.p95 ?? null,
  };
}

/**
 * The figure an alert rule compares with its value, from the same source as the charts: the share
 * of API answers that were 5xx over the window (percent, 0 without traffic), failed webhook delivery
 * attempts over the window (retried or given up), and the most jobs waiting or delayed at any reading
 * of the window, or now.
 */
export async function alertFigure(ctx: ConsoleContext, metric: AlertMetric, window: AlertWindow): Promise<number> {
  const source = metricsSource(ctx);
  switch (metric) {
    case 'errorRate': {
      const points = await source.requestsErrors(window);
      const requests = points.reduce((n, p) => n + p.requests, 0);
      const errors = points.reduce((n, p) => n + p.errors, 0);
      return requests === 0 ? 0 : Math.round((errors / requests) * 10_000) / 100;
    }
    case 'webhookFailures': {
      const attempts = await source.webhookAttempts(window);
      return (attempts.retried ?? 0) + (attempts.failed ?? 0);
    }
    case 'queueDepth': {
      const [now, series] = await Promise.all([queueDepth(ctx), source.queueDepth(window)]);
      return Math.max(now.queued, ...series.map((p) => p.queued ?? 0));
    }
  }
}

/** How a rule reads: `errorRate > 5 over 5m`. */
export const alertCondition = (rule: Pick<AlertRule, 'metric' | 'operator' | 'threshold' | 'window'>) =>
  `${rule.metric} ${rule.operator} ${rule.threshold} over ${rule.window}`;

/** Queued jobs above this are an alert (jobs arrive faster than the workers finish them). */
export const QUEUE_BACKLOG_ALERT = 1000;

export interface ConsoleAlert {
  id: string;
  severity: 'critical' | 'warning';
  title: string;
  detail: string;
}

/**
 * The console shell's figures: the environment's name, failed jobs, and as Active Alerts Prometheus's
 * alerts firing now (from Alertmanager), the alert rules firing now (breached at their last
 * evaluation) and the problems the platform sees without a rule (dependencies down or slow, failed
 * jobs, a queue backlog).
 */
export async function consoleOverview(ctx: ConsoleContext) {
  const [jobs, dependencies, firing, prometheus] = await Promise.all([
    queueDepth(ctx),
    checkDependencies(ctx),
    findFiringAlertRules(ctx),
    firingPrometheusAlerts(ctx),
  ]);
  const alerts: ConsoleAlert[] = prometheus.map((alert) => ({
    id: `prometheus:${alert.fingerprint}`,
    severity: alert.severity,
    title: `${alert.name}: ${alert.summary}`,
    detail: alert.runbook || `Firing since ${alert.startsAt}.`,
  }));
  for (const rule of firing)
    alerts.push({
      id: `rule:${rule.id}`,
      severity: 'critical',
      title: alertCondition(rule),
      detail: `The figure is ${rule.last_value}; fired at ${rule.last_triggered_at?.toISOString() ?? 'its last evaluation'}.`,
    });
  for (const d of dependencies) {
    if (d.status === 'down')
      alerts.push({
        id: `dependency:${d.provider}`,
        severity: 'critical',
        title: `${d.provider} is down`,
        detail: d.lastError ?? 'No answer.',
      });
    if (d.status === 'degraded')
      alerts.push({
        id: `dependency:${d.provider}`,
        severity: 'warning',
        title: `${d.provider} is slow`,
        detail: `Answered in ${d.latencyMs} ms.`,
      });
  }
  if (jobs.failed > 0)
    alerts.push({
      id: 'jobs:failed',
      severity: 'warning',
      title: `${jobs.failed} failed ${jobs.failed === 1 ? 'job' : 'jobs'}`,
      detail: 'Retry or inspect them on Queues and Jobs.',
    });
  if (jobs.queued > QUEUE_BACKLOG_ALERT)
    alerts.push({
      id: 'jobs:backlog',
      severity: 'warning',
      title: `${jobs.queued} jobs waiting`,
      detail: 'The workers are behind.',
    });
  return { environment: ctx.config.environmentName, failedJobs: jobs.failed, alerts };
}
