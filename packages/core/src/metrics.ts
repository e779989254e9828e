/*
 * Prometheus metrics of one process (prom-client). Each process builds one registry in
 * createContext: default process metrics plus Portico's own, named as Prometheus asks (`portico_`,
 * base units, `_total` counters). No label carries an id, a raw path or a tenant: only the small sets
 * named here, so a series count never grows with the data.
 */
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job, Worker } from 'bullmq';
import ipaddr from 'ipaddr.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Clock } from './clock';
import { jobRow, type JobRow, type JobStatus } from './job-rows';
import type { Live } from './live';
import type { Logger } from './logger';
import type { QueueName } from './queues';

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'transaction' | 'other';

export interface Metrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status_class'>;
  httpRequests: Counter<'method' | 'route' | 'status_class'>;
  authAttempts: Counter<'outcome'>;
  jobs: Counter<'queue' | 'outcome'>;
  jobDuration: Histogram<'queue'>;
  queueJobs: Gauge<'queue' | 'state'>;
  webhookDeliveries: Counter<'outcome'>;
  emails: Counter<'outcome'>;
  certificates: Counter<'outcome'>;
  dbQueryDuration: Histogram<'kind'>;
  storageBytes: Gauge;
  tenants: Gauge<'tier' | 'status'>;
  schedulerLastRun: Gauge<'job'>;
}

/** Every metric Portico defines, with its labels: what tests hold the registry to. */
export const METRIC_LABELS: Readonly<Record<string, readonly string[]>> = {
  portico_http_request_duration_seconds: ['method', 'route', 'status_class'],
  portico_http_requests_total: ['method', 'route', 'status_class'],
  portico_auth_attempts_total: ['outcome'],
  portico_jobs_total: ['queue', 'outcome'],
  portico_job_duration_seconds: ['queue'],
  portico_queue_jobs: ['queue', 'state'],
  portico_webhook_deliveries_total: ['outcome'],
  portico_emails_total: ['outcome'],
  portico_certificate_checks_total: ['outcome'],
  portico_db_query_duration_seconds: ['kind'],
  portico_storage_bytes: [],
  portico_tenants: ['tier', 'status'],
  portico_scheduler_last_run_timestamp_seconds: ['job'],
};

/** One registry per process, its metrics labelled with the process's name. */
export function createMetrics(processName: string): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'portico_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route template.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    httpRequests: new Counter({
      name: 'portico_http_requests_total',
      help: 'Requests answered, by route template.',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    }),
    authAttempts: new Counter({
      name: 'portico_auth_attempts_total',
      help: 'Sign-in attempts by outcome.',
      labelNames: ['outcome'],
      registers,
    }),
    jobs: new Counter({
      name: 'portico_jobs_total',
      help: 'Jobs a worker finished, by queue and outcome (a failed attempt that will be retried counts as failed).',
      labelNames: ['queue', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'portico_job_duration_seconds',
      help: 'Time a worker spent on one job attempt.',
      labelNames: ['queue'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    queueJobs: new Gauge({
      name: 'portico_queue_jobs',
      help: 'Jobs in each queue by state, read when scraped.',
      labelNames: ['queue', 'state'],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'portico_webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome.',
      labelNames: ['outcome'],
      registers,
    }),
    emails: new Counter({
      name: 'portico_emails_total',
      help: 'Email sending attempts by outcome.',
      labelNames: ['outcome'],
      registers,
    }),
    certificates: new Counter({
      name: 'portico_certificate_checks_total',
      help: 'Certificate checks of verified custom domains through the proxy, by outcome (ready, retried, failed).',
      labelNames: ['outcome'],
      registers,
    }),
    dbQueryDuration: new Histogram({
      name: 'portico_db_query_duration_seconds',
      help: 'Time of one database statement, by kind.',
      labelNames: ['kind'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
    storageBytes: new Gauge({
      name: 'portico_storage_bytes',
      help: 'Bytes of files stored for all tenants, read when scraped.',
      registers,
    }),
    tenants: new Gauge({
      name: 'portico_tenants',
      help: 'Workspaces by plan and status, read when scraped.',
      labelNames: ['tier', 'status'],
      registers,
    }),
    schedulerLastRun: new Gauge({
      name: 'portico_scheduler_last_run_timestamp_seconds',
      help: 'When each scheduled job last ran (Unix time).',
      labelNames: ['job'],
      registers,
    }),
  };
}

export function statusClass(status: number): StatusClass {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  if (status >= 200) return '2xx';
  return '1xx';
}

const KINDS: Record<string, StatementKind> = {
  select: 'select',
  with: 'select',
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  start: 'transaction',
  begin: 'transaction',
  commit: 'transaction',
  rollback: 'transaction',
  savepoint: 'transaction',
  release: 'transaction',
  set: 'transaction',
};

/** The kind of a statement from its first word (a `WITH` counts as a read). */
export function statementKind(sql: string): StatementKind {
  const word = /^\s*\(?\s*([A-Za-z]+)/.exec(sql)?.[1]?.toLowerCase() ?? '';
  return KINDS[word] ?? 'other';
}

const INTERNAL_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'linkLocal']);

/**
 * Metrics are not public: they answer a caller on loopback or a private network, or one sending
 * `Authorization: Bearer $METRICS_TOKEN` when that is set.
 */
export function metricsAllowed(
  address: string | undefined,
  authorization: string | undefined,
  token?: string,
): boolean {
  if (token && authorization?.startsWith('Bearer ')) {
    const given = Buffer.from(authorization.slice('Bearer '.length));
    const expected = Buffer.from(token);
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
  }
  return isInternalAddress(address);
}

/** A caller on loopback or a private network (metrics, Caddy's certificate `ask`). */
export function isInternalAddress(address: string | undefined): boolean {
  if (!address || !ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return INTERNAL_RANGES.has(parsed.range());
}

/**
 * The worker's and the scheduler's `GET /metrics` on their own port (the API serves its registry on
 * its own port). Anything else, or a caller metrics are not for, gets 404. Port 0 takes a free one.
 */
export function serveMetrics(
  metrics: Metrics,
  options: { port: number; token?: string; logger: Logger },
): Promise<Server> {
  const server = createServer((req, res) => {
    const allowed = metricsAllowed(req.socket.remoteAddress, req.headers.authorization, options.token);
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics' || !allowed) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found."}');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics could not be read');
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Metrics could not be read."}');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      options.logger.info({ port }, `metrics on port ${port}`);
      resolve(server);
    });
  });
}

/** A queue's starts and completions reach the console at most this often (the latest one); failures always do. */
export const JOB_EVENT_INTERVAL_MS = 1000;

/** Calls `send` at most once per interval (monotonic time); what arrives meanwhile is sent, latest only, when it ends. */
function throttle<T>(send: (value: T) => void, intervalMs: number): (value: T) => void {
  let last = -Infinity;
  let latest: T | undefined;
  let timer: NodeJS.Timeout | undefined;
  return (value) => {
    const now = performance.now();
    if (now - last >= intervalMs && !timer) {
      last = now;
      send(value);
      return;
    }
    latest = value;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        last = performance.now();
        send(latest as T);
      },
      Math.max(0, intervalMs - (now - last)),
    );
    timer.unref();
  };
}

/**
 * Counts and times every job a BullMQ worker finishes, by queue and outcome, and tells the console
 * live when a job starts, completes or fails. A busy queue (a webhook storm) sends about one start
 * or completion a second, not one per job: the console only needs to know the table changed.
 */
export function observeJobs(worker: Worker, ctx: { metrics: Metrics; live: Live; clock: Clock }): void {
  const { metrics, live, clock } = ctx;
  const queue = worker.name as QueueName;
  const seconds = (job: Job) => {
    const now = clock.now().getTime();
    return ((job.finishedOn ?? now) - (job.processedOn ?? now)) / 1000;
  };
  const rowOf = (job: Job, status: JobStatus) => jobRow(queue, job, status, clock.now().getTime());
  const progress = throttle<JobRow>((row) => live.toSuper('job', row), JOB_EVENT_INTERVAL_MS);
  worker.on('active', (job) => progress(rowOf(job, 'active')));
  worker.on('completed', (job) => {
    metrics.jobs.inc({ queue, outcome: 'completed' });
    metrics.jobDuration.observe({ queue }, seconds(job));
    progress(rowOf(job, 'completed'));
  });
  worker.on('failed', (job) => {
    metrics.jobs.inc({ queue, outcome: 'failed' });
    if (!job) return;
    metrics.jobDuration.observe({ queue }, seconds(job));
    // A failed attempt with attempts left waits for its retry (delayed); the last one, or one that cannot succeed, stays failed.
    void job.getState().then(
      (state) => live.toSuper('job', rowOf(job, state === 'failed' ? 'failed' : 'delayed')),
      () => undefined,
    );
  });
}
