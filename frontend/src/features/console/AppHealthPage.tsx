import clsx from 'clsx';
import { useState } from 'react';
import { CircleCheck, Database } from 'lucide-react';
import {
  useAuthMetrics,
  useDependencies,
  useErrorTraces,
  useLatency,
  useRequestsErrors,
  useSlowQueries,
  useTopEndpoints,
  useUptime,
} from './api/console';
import type { Dependency } from '@portico/common';
import { Button } from '../../ui/Button';
import { DataTable } from '../../ui/DataTable';
import { Drawer } from '../../ui/Drawer';
import { ErrorState } from '../../ui/ErrorState';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { Skeleton } from '../../ui/Skeleton';
import { StatGrid } from '../../ui/Stat';
import { errorMessage } from '../../lib/api/http';
import { LatencyChart, RequestsChart } from './panels/charts';
import { CardGrid, dateTime, FigureCard, LiveNote, Note, percent, QueryCard } from './panels/parts';
import styles from './AppHealthPage.module.css';

const WINDOW = '24h';

const DEPENDENCY_LABELS: Record<Dependency['status'], string> = {
  ok: 'OK',
  degraded: 'Degraded',
  down: 'Down',
  not_configured: 'Not configured',
};

/** The dot's colour; a dependency that is down keeps the default red. */
const DEPENDENCY_CLASSES: Record<Dependency['status'], string | undefined> = {
  ok: styles.ok,
  degraded: styles.degraded,
  down: undefined,
  not_configured: styles.notConfigured,
};

const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? null : `${Math.round(value)} ms`;

export function AppHealthPage() {
  const uptime = useUptime();
  const requests = useRequestsErrors(WINDOW);
  const latency = useLatency(WINDOW);
  const auth = useAuthMetrics(WINDOW);
  const endpoints = useTopEndpoints(WINDOW);
  const slow = useSlowQueries(WINDOW);
  const dependencies = useDependencies();
  const [traceOf, setTraceOf] = useState<string | null>(null);

  const totals = requests.data?.series.reduce(
    (sum, p) => ({ requests: sum.requests + p.requests, errors: sum.errors + p.errors }),
    { requests: 0, errors: 0 },
  );
  const lastLatency = latency.data?.series.findLast((p) => p.p50 !== null);

  return (
    <Page>
      <PageHeader
        title="App Health"
        description={
          <>
            Uptime, answer times, errors, slow statements and dependencies over the last 24 hours. <LiveNote />
          </>
        }
      />
      <StatGrid>
        <FigureCard label="Uptime 24h" loading={uptime.isPending} value={percent(uptime.data?.p24h)} />
        <FigureCard label="Uptime 7d" loading={uptime.isPending} value={percent(uptime.data?.p7d)} />
        <FigureCard label="Uptime 30d" loading={uptime.isPending} value={percent(uptime.data?.p30d)} />
        <FigureCard
          label="Latency"
          loading={latency.isPending}
          value={lastLatency ? `${ms(lastLatency.p50)} p50` : null}
          detail={
            lastLatency ? `p95 ${ms(lastLatency.p95) ?? '—'} · p99 ${ms(lastLatency.p99) ?? '—'}` : 'No requests yet'
          }
        />
        <FigureCard
          label="Error rate"
          loading={requests.isPending}
          value={totals && totals.requests > 0 ? percent((totals.errors / totals.requests) * 100) : null}
          detail={totals ? `${totals.errors} of ${totals.requests} requests answered 5xx` : undefined}
        />
        <FigureCard
          label="Auth success"
          loading={auth.isPending}
          value={percent(auth.data?.rate, 1)}
          detail={
            auth.data
              ? `${auth.data.success} signed in · ${auth.data.failure} refused · ${auth.data.throttled} throttled`
              : undefined
          }
        />
      </StatGrid>
      <CardGrid>
        <QueryCard title="Requests and Errors" query={requests} failure="Failed to load the request series.">
          {(data) => <RequestsChart series={data.series} title="Requests and errors over the last 24 hours" />}
        </QueryCard>
        <QueryCard title="Latency" query={latency} failure="Failed to load the latency series.">
          {(data) => <LatencyChart series={data.series} title="Answer time percentiles over the last 24 hours" />}
        </QueryCard>
      </CardGrid>

      <QueryCard title="Endpoint Error Explorer" query={endpoints} failure="Failed to load the failing endpoints.">
        {(data) => (
          <DataTable
            rows={data.endpoints}
            rowKey={(e) => e.endpoint}
            caption="Endpoints that answered 5xx"
            empty={{ icon: CircleCheck, message: 'No endpoint answered 5xx in the last 24 hours.' }}
            columns={[
              {
                header: 'Endpoint',
                variant: 'mono',
                sortValue: (e) => e.endpoint,
                cell: (e) => (
                  <Button variant="link" onClick={() => setTraceOf(e.endpoint)}>
                    {e.endpoint}
                  </Button>
                ),
              },
              {
                header: 'Error %',
                variant: 'numeric',
                sortValue: (e) => e.errorPct,
                cell: (e) => `${e.errorPct.toFixed(1)}%`,
              },
              { header: 'Errors', variant: 'numeric', sortValue: (e) => e.errors, cell: (e) => e.errors },
              { header: 'Requests', variant: 'numeric', sortValue: (e) => e.requests, cell: (e) => e.requests },
              { header: 'Last error', cell: (e) => dateTime(e.lastErrorAt) },
              { header: 'Last request id', variant: 'mono', cell: (e) => e.lastRequestId?.slice(0, 8) ?? '—' },
            ]}
          />
        )}
      </QueryCard>

      <QueryCard title="Slow Queries" query={slow} failure="Failed to load the slow statements.">
        {(data) => (
          <DataTable
            rows={data.queries}
            rowKey={(q) => `${q.source}:${q.sql}`}
            caption="Slow statements"
            empty={{ icon: Database, message: 'No statement was slower than the threshold in the last 24 hours.' }}
            columns={[
              {
                header: 'SQL',
                className: styles.sql,
                cell: (q) => (
                  <>
                    <code>{q.sql}</code>
                    {q.source === 'pg_stat_statements' && <Note>pg_stat_statements, mean {q.meanMs} ms</Note>}
                  </>
                ),
              },
              { header: 'p95 ms', variant: 'numeric', sortValue: (q) => q.p95Ms ?? 0, cell: (q) => q.p95Ms ?? '—' },
              { header: 'Count', variant: 'numeric', sortValue: (q) => q.count, cell: (q) => q.count },
              { header: 'Last seen', cell: (q) => dateTime(q.lastSeen) },
              { header: 'Suggested index', variant: 'mono', cell: (q) => q.suggestedIndex ?? '—' },
            ]}
          />
        )}
      </QueryCard>

      <QueryCard title="Dependencies" query={dependencies} failure="Failed to check the dependencies.">
        {(data) => (
          <ul className={styles.list}>
            {data.dependencies.map((d) => (
              <li key={d.provider} className={clsx(styles.dependency, DEPENDENCY_CLASSES[d.status])}>
                <span className={styles.dot} aria-hidden />
                <span className={styles.name}>{d.provider}</span>
                <span>{DEPENDENCY_LABELS[d.status]}</span>
                {d.latencyMs !== null && <span className={styles.latency}>{d.latencyMs} ms</span>}
                {d.lastError && (
                  <span className={styles.error}>
                    Last error {dateTime(d.lastErrorAt)}: {d.lastError}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryCard>

      <TraceDrawer endpoint={traceOf} onClose={() => setTraceOf(null)} />
    </Page>
  );
}

function TraceDrawer({ endpoint, onClose }: { endpoint: string | null; onClose: () => void }) {
  const traces = useErrorTraces(endpoint);
  return (
    <Drawer open={endpoint !== null} onOpenChange={(open) => !open && onClose()} title={endpoint ?? 'Traces'}>
      {traces.isError ? (
        <ErrorState
          message={errorMessage(traces.error, 'Failed to load the traces.')}
          onRetry={() => void traces.refetch()}
        />
      ) : traces.isPending ? (
        <Skeleton height={120} />
      ) : traces.data.traces.length === 0 ? (
        <p>No trace kept for this endpoint.</p>
      ) : (
        <ol className={styles.list}>
          {traces.data.traces.map((t, i) => (
            <li key={`${t.request_id ?? i}`} className={styles.trace}>
              <dl className={styles.traceFields}>
                <dt>Time</dt>
                <dd>{dateTime(t.at)}</dd>
                <dt>Endpoint</dt>
                <dd className={styles.mono}>
                  {t.method} {t.endpoint}
                </dd>
                <dt>Request id</dt>
                <dd className={styles.mono}>{t.request_id ?? '—'}</dd>
                <dt>Tenant</dt>
                <dd className={styles.mono}>{t.tenant_id ?? '—'}</dd>
                <dt>Status</dt>
                <dd>{t.status}</dd>
                <dt>Error</dt>
                <dd>{t.error ?? '—'}</dd>
              </dl>
              {t.payload && <pre className={styles.payload}>{t.payload}</pre>}
            </li>
          ))}
        </ol>
      )}
    </Drawer>
  );
}
