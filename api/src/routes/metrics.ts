import {
  activeUsersAnswer,
  authMetricsAnswer,
  dependenciesAnswer,
  errorTracesAnswer,
  errorTracesQuery,
  jobsMetricsAnswer,
  latencyAnswer,
  metricsWindowQuery,
  requestsErrorsAnswer,
  slowQueriesAnswer,
  storageAnswer,
  topEndpointsAnswer,
  uptimeAnswer,
} from '@portico/common';
import {
  activeUsers,
  authSuccess,
  checkDependencies,
  jobsNow,
  listErrorTraces,
  metricsSource,
  platformUptime,
  slowQueries,
  storageUsage,
  topErrorEndpoints,
} from '@portico/core';
import { defineRoutes } from '../http/route';

/** The console's figures (platform-console §7 Metrics), for super admins only. */
export const metricsRoutes = defineRoutes(
  'platform',
  {
    name: 'Platform metrics',
    description:
      'Mission Control and App Health: from Prometheus when PROMETHEUS_URL is set, else from the history every process keeps in Redis.',
  },
  (route) => [
    route({
      method: 'get',
      path: '/metrics/uptime',
      operationId: 'metricsUptime',
      summary: 'Uptime over 24 hours, 7 and 30 days',
      responses: { 200: { description: 'Percentages.', schema: uptimeAnswer } },
      handle: ({ ctx }) => platformUptime(ctx),
    }),
    route({
      method: 'get',
      path: '/metrics/active-users',
      operationId: 'metricsActiveUsers',
      summary: 'People active today and new accounts',
      responses: { 200: { description: 'Counts.', schema: activeUsersAnswer } },
      handle: ({ ctx }) => activeUsers(ctx),
    }),
    route({
      method: 'get',
      path: '/metrics/storage',
      operationId: 'metricsStorage',
      summary: 'Bytes stored and what the store holds',
      responses: { 200: { description: 'Bytes and terabytes.', schema: storageAnswer } },
      handle: ({ ctx }) => storageUsage(ctx),
    }),
    route({
      method: 'get',
      path: '/metrics/jobs',
      operationId: 'metricsJobs',
      summary: 'Jobs in the queues now and over the window',
      query: metricsWindowQuery,
      responses: { 200: { description: 'Counts and the depth series.', schema: jobsMetricsAnswer } },
      handle: ({ ctx, query }) => jobsNow(ctx, query.window),
    }),
    route({
      method: 'get',
      path: '/metrics/requests-errors',
      operationId: 'metricsRequestsErrors',
      summary: 'Requests and 5xx answers over the window',
      query: metricsWindowQuery,
      responses: { 200: { description: 'One point per step, oldest first.', schema: requestsErrorsAnswer } },
      handle: async ({ ctx, query }) => ({ series: await metricsSource(ctx).requestsErrors(query.window) }),
    }),
    route({
      method: 'get',
      path: '/metrics/latency',
      operationId: 'metricsLatency',
      summary: 'Answer time percentiles over the window',
      query: metricsWindowQuery,
      responses: {
        200: { description: 'Milliseconds per step; null where nothing was answered.', schema: latencyAnswer },
      },
      handle: async ({ ctx, query }) => ({ series: await metricsSource(ctx).latency(query.window) }),
    }),
    route({
      method: 'get',
      path: '/metrics/auth',
      operationId: 'metricsAuth',
      summary: 'Sign-in attempts over the window',
      query: metricsWindowQuery,
      responses: { 200: { description: 'Counts by outcome and the success rate.', schema: authMetricsAnswer } },
      handle: ({ ctx, query }) => authSuccess(ctx, query.window),
    }),
    route({
      method: 'get',
      path: '/metrics/errors/top-endpoints',
      operationId: 'metricsTopErrorEndpoints',
      summary: 'Endpoints with 5xx answers over the window',
      query: metricsWindowQuery,
      responses: { 200: { description: 'Highest error share first, at most 20.', schema: topEndpointsAnswer } },
      handle: async ({ ctx, query }) => ({ endpoints: await topErrorEndpoints(ctx, query.window) }),
    }),
    route({
      method: 'get',
      path: '/metrics/errors/traces',
      operationId: 'metricsErrorTraces',
      summary: 'The newest 5xx traces, of one endpoint when named',
      query: errorTracesQuery,
      responses: { 200: { description: 'Newest first, at most 50.', schema: errorTracesAnswer } },
      handle: async ({ ctx, query }) => {
        const [method, endpoint] = query.endpoint?.split(' ') ?? [];
        const traces = await listErrorTraces(ctx, { endpoint, limit: 1000 });
        return { traces: traces.filter((t) => !method || t.method === method).slice(0, 50) };
      },
    }),
    route({
      method: 'get',
      path: '/metrics/db/slow-queries',
      operationId: 'metricsSlowQueries',
      summary: 'Statements slower than SLOW_QUERY_MS',
      query: metricsWindowQuery,
      responses: { 200: { description: 'Slowest first.', schema: slowQueriesAnswer } },
      handle: async ({ ctx, query }) => ({ queries: await slowQueries(ctx, query.window) }),
    }),
    route({
      method: 'get',
      path: '/metrics/dependencies',
      operationId: 'metricsDependencies',
      summary: 'Whether each dependency answers',
      description: `Each is asked for real, with a 2 s deadline; slower than 0.5 s is degraded.`,
      responses: { 200: { description: 'Every dependency.', schema: dependenciesAnswer } },
      handle: async ({ ctx }) => ({ dependencies: await checkDependencies(ctx) }),
    }),
  ],
);
