import { useMutation, useQuery } from '@tanstack/react-query';
import type { MetricWindow } from '@portico/common';
import { client } from '../../../lib/api/typed-client';
import { useInvalidate } from '../../../lib/api/workspace-hooks';
import { saveBlob } from '../../../ui/download';

/* The platform console's calls (platform-console §7 Metrics, Jobs and audit). */

/** Every console query key starts with 'console', so a live event can refresh a family of them. */
export const consoleKeys = {
  all: ['console'] as const,
  overview: ['console', 'overview'] as const,
  metrics: ['console', 'metrics'] as const,
  metric: (name: string, window?: MetricWindow) => ['console', 'metrics', name, window ?? null] as const,
  jobs: ['console', 'jobs'] as const,
  cron: ['console', 'jobs', 'cron'] as const,
  audit: (filters: AuditFilters) => ['console', 'audit', filters] as const,
  auditAll: ['console', 'audit'] as const,
  revenue: ['console', 'revenue'] as const,
};

/** How often figures are asked again while the socket is down (the spec's 30 s for audit). */
export const CONSOLE_POLL_MS = 30_000;

function metric<T>(name: string, read: () => Promise<T>, window?: MetricWindow, poll = true) {
  return {
    queryKey: consoleKeys.metric(name, window),
    queryFn: read,
    refetchInterval: poll ? CONSOLE_POLL_MS : false,
  } as const;
}

/** The operator's revenue (GET /api/super/billing): read again on each billing audit event, and every 30 s. */
export const useRevenue = () =>
  useQuery({
    queryKey: consoleKeys.revenue,
    queryFn: async () => (await client.GET('/super/billing')).revenue,
    refetchInterval: CONSOLE_POLL_MS,
  });

export const useOverview = () =>
  useQuery({
    queryKey: consoleKeys.overview,
    queryFn: () => client.GET('/super/overview'),
    refetchInterval: CONSOLE_POLL_MS,
  });
export const useUptime = () => useQuery(metric('uptime', () => client.GET('/metrics/uptime')));
export const useActiveUsers = () => useQuery(metric('active-users', () => client.GET('/metrics/active-users')));
export const useStorage = () => useQuery(metric('storage', () => client.GET('/metrics/storage')));
export const useJobsMetrics = (window: MetricWindow) =>
  useQuery(metric('jobs', () => client.GET('/metrics/jobs', { params: { query: { window } } }), window));
export const useRequestsErrors = (window: MetricWindow) =>
  useQuery(
    metric('requests-errors', () => client.GET('/metrics/requests-errors', { params: { query: { window } } }), window),
  );
export const useLatency = (window: MetricWindow) =>
  useQuery(metric('latency', () => client.GET('/metrics/latency', { params: { query: { window } } }), window));
export const useAuthMetrics = (window: MetricWindow) =>
  useQuery(metric('auth', () => client.GET('/metrics/auth', { params: { query: { window } } }), window));
export const useTopEndpoints = (window: MetricWindow) =>
  useQuery(
    metric(
      'top-endpoints',
      () => client.GET('/metrics/errors/top-endpoints', { params: { query: { window } } }),
      window,
    ),
  );
export const useSlowQueries = (window: MetricWindow) =>
  useQuery(
    metric('slow-queries', () => client.GET('/metrics/db/slow-queries', { params: { query: { window } } }), window),
  );
/** Not under `metrics`: each read asks every dependency, so it follows the 30 s poll, not every snapshot. */
export const useDependencies = () =>
  useQuery({
    queryKey: ['console', 'dependencies'],
    queryFn: () => client.GET('/metrics/dependencies'),
    refetchInterval: CONSOLE_POLL_MS,
  });

export function useErrorTraces(endpoint: string | null) {
  return useQuery({
    queryKey: ['console', 'metrics', 'traces', endpoint],
    queryFn: () => client.GET('/metrics/errors/traces', { params: { query: { endpoint: endpoint! } } }),
    enabled: endpoint !== null,
  });
}

export function useRecentJobs() {
  return useQuery({
    queryKey: consoleKeys.jobs,
    queryFn: async () => (await client.GET('/jobs/recent', { params: { query: { limit: 100 } } })).jobs,
    refetchInterval: CONSOLE_POLL_MS,
  });
}

export function useCronJobs() {
  return useQuery({
    queryKey: consoleKeys.cron,
    queryFn: async () => (await client.GET('/jobs/cron')).cron,
    refetchInterval: CONSOLE_POLL_MS,
  });
}

export interface AuditFilters {
  actor: string;
  action: string;
  tenant_id: string;
  from: string;
  to: string;
}

/** The spec fetches 100 and shows at most 200; with filters the newest 200 that match. */
export const AUDIT_LIMIT = 200;

/** The query of the list and the export: blank filters left out, the `to` day included whole. */
function auditQuery(filters: AuditFilters): Partial<AuditFilters> & { limit: number } {
  const query: Partial<AuditFilters> & { limit: number } = { limit: AUDIT_LIMIT };
  for (const key of Object.keys(filters) as (keyof AuditFilters)[]) {
    const value = filters[key].trim();
    if (value) query[key] = value;
  }
  if (query.to && /^\d{4}-\d{2}-\d{2}$/.test(query.to)) {
    const next = new Date(`${query.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    query.to = next.toISOString().slice(0, 10);
  }
  return query;
}

export function useAuditLogs(filters: AuditFilters) {
  return useQuery({
    queryKey: consoleKeys.audit(filters),
    queryFn: async () => (await client.GET('/audit', { params: { query: auditQuery(filters) } })).logs,
    refetchInterval: CONSOLE_POLL_MS,
  });
}

/** Refreshes the jobs table, the cron table and the figures that count jobs. */
function useRefreshJobs() {
  const invalidate = useInvalidate();
  return () => void invalidate(consoleKeys.jobs, consoleKeys.overview);
}

export function useJobAction(action: 'retry' | 'cancel') {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (id: string) => client.POST(`/jobs/{id}/${action}`, { params: { path: { id } } }),
    onSettled: refresh,
  });
}

export function useToggleCron() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (name: string) => client.POST('/jobs/cron/{name}/toggle', { params: { path: { name } } }),
    onSettled: refresh,
  });
}

export function usePurgeCache() {
  return useMutation({
    mutationFn: () => client.POST('/super/cache/purge', { body: {} }),
  });
}

export function useRebuildSearchIndex() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: () => client.POST('/super/search/rebuild'),
    onSettled: refresh,
  });
}

/** The audit log as CSV, with the page's filters, downloaded with the session. */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const blob = await client.GET('/audit/export.csv', { params: { query: auditQuery(filters) }, parseAs: 'blob' });
  saveBlob(blob, 'audit-log.csv');
}
