import { z } from 'zod';
import { count, timestamp } from './wire';

/* The console's figures (platform-console §3 Metrics, §7 Metrics). */

export const METRIC_WINDOWS = ['5m', '15m', '1h', '24h'] as const;
export type MetricWindow = (typeof METRIC_WINDOWS)[number];

/** `?window=`: one of the chart windows, 24h when not given. */
export const metricsWindowQuery = z.object({
  window: z
    .enum(METRIC_WINDOWS, { error: `Window must be one of ${METRIC_WINDOWS.join(', ')}.` })
    .default('24h')
    .meta({ description: 'How far back the figures reach.' }),
});

const percent = z.number().min(0).max(100).nullable();
const milliseconds = z.number().nonnegative().nullable();
const source = z.enum(['embedded', 'prometheus']).meta({ description: 'Where the series came from.' });

export const uptimeAnswer = z.object({
  p24h: percent.meta({ description: 'Percent of the last 24 h the API answered; null before anything was recorded.' }),
  p7d: percent,
  p30d: percent,
  source,
});

export const activeUsersAnswer = z.object({
  today: count.meta({ description: 'People who signed in or renewed a session since midnight UTC.' }),
  tenants: count.meta({ description: 'Workspaces those people belong to.' }),
  signups7d: count.meta({ description: 'Accounts created in the last 7 days.' }),
});

export const storageAnswer = z.object({
  usedBytes: count,
  quotaBytes: count.nullable().meta({ description: 'The disk’s size for local storage; null for S3.' }),
  usedTb: z.number().nonnegative(),
  quotaTb: z.number().nonnegative().nullable(),
  driver: z.enum(['local', 's3']),
});

export const jobsMetricsAnswer = z.object({
  queued: count.meta({ description: 'Jobs waiting or delayed in every queue now.' }),
  active: count,
  failed: count,
  series: z.array(z.object({ x: timestamp, queued: count.nullable(), failed: count.nullable() })),
});

export const requestsErrorsAnswer = z.object({
  series: z.array(z.object({ x: timestamp, requests: count, errors: count })),
});

export const latencyAnswer = z.object({
  series: z.array(z.object({ x: timestamp, p50: milliseconds, p95: milliseconds, p99: milliseconds })),
});

export const authMetricsAnswer = z.object({
  success: count,
  failure: count,
  throttled: count,
  rate: percent.meta({ description: 'Percent of sign-in attempts that succeeded; null without attempts.' }),
});

export const topEndpointsAnswer = z.object({
  endpoints: z.array(
    z.object({
      endpoint: z.string().meta({ description: 'Method and route template, such as `GET /api/files/:id`.' }),
      requests: count,
      errors: count,
      errorPct: z.number().min(0),
      lastErrorAt: timestamp.nullable(),
      lastRequestId: z.string().nullable(),
    }),
  ),
});

export const errorTracesQuery = z.object({
  endpoint: z
    .string({ error: 'Endpoint must be given once.' })
    .max(300, 'Endpoint must be at most 300 characters.')
    .regex(/^[A-Z]+ \S+$/, 'Endpoint must be a method and a route, such as GET /api/files.')
    .optional(),
});

export const errorTracesAnswer = z.object({
  traces: z.array(
    z.object({
      at: timestamp,
      method: z.string(),
      endpoint: z.string(),
      request_id: z.string().nullable(),
      tenant_id: z.string().nullable(),
      status: z.number().int(),
      error: z.string().nullable(),
      payload: z
        .string()
        .nullable()
        .meta({ description: "The body's shape: its field names with each value's JSON type, never a value." }),
    }),
  ),
});

export const slowQueriesAnswer = z.object({
  queries: z.array(
    z.object({
      sql: z.string().meta({ description: 'The statement with its values replaced by `?`.' }),
      count,
      p95Ms: milliseconds,
      meanMs: milliseconds,
      lastSeen: timestamp.nullable(),
      suggestedIndex: z.string().nullable(),
      source: z.enum(['app', 'pg_stat_statements']),
    }),
  ),
});

export const DEPENDENCY_STATUSES = ['ok', 'degraded', 'down', 'not_configured'] as const;

export const dependenciesAnswer = z.object({
  dependencies: z.array(
    z.object({
      provider: z.enum(['postgres', 'redis', 'storage', 'smtp', 'stripe', 'prometheus']),
      status: z.enum(DEPENDENCY_STATUSES),
      latencyMs: milliseconds,
      lastError: z.string().nullable(),
      lastErrorAt: timestamp.nullable(),
    }),
  ),
});

export const consoleOverviewAnswer = z.object({
  environment: z.string().meta({ description: 'ENVIRONMENT_NAME: what the console’s badge shows.' }),
  failedJobs: count,
  alerts: z.array(
    z.object({
      id: z.string(),
      severity: z.enum(['critical', 'warning']),
      title: z.string(),
      detail: z.string(),
    }),
  ),
});
export type ConsoleOverview = z.infer<typeof consoleOverviewAnswer>;

export type Uptime = z.infer<typeof uptimeAnswer>;
export type ActiveUsers = z.infer<typeof activeUsersAnswer>;
export type StorageUsage = z.infer<typeof storageAnswer>;
export type JobsMetrics = z.infer<typeof jobsMetricsAnswer>;
export type RequestPoint = z.infer<typeof requestsErrorsAnswer>['series'][number];
export type LatencyPoint = z.infer<typeof latencyAnswer>['series'][number];
export type AuthMetrics = z.infer<typeof authMetricsAnswer>;
export type EndpointErrors = z.infer<typeof topEndpointsAnswer>['endpoints'][number];
export type ErrorTraceRow = z.infer<typeof errorTracesAnswer>['traces'][number];
export type SlowQuery = z.infer<typeof slowQueriesAnswer>['queries'][number];
export type Dependency = z.infer<typeof dependenciesAnswer>['dependencies'][number];
