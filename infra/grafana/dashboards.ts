/**
 * Portico's Grafana dashboards, written as code with the Grafana Foundation SDK and generated to
 * JSON in `infra/grafana/dashboards/` (`npm run dashboards`), which Grafana provisions. A test fails
 * when the JSON is stale or a panel queries a metric the processes do not export.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type * as cog from '@grafana/grafana-foundation-sdk/cog';
import { DashboardBuilder, RowBuilder, type Dashboard, type Panel } from '@grafana/grafana-foundation-sdk/dashboard';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder as StatPanel } from '@grafana/grafana-foundation-sdk/stat';
import { PanelBuilder as TimeseriesPanel } from '@grafana/grafana-foundation-sdk/timeseries';

export const DASHBOARDS_DIR = path.join(import.meta.dirname, 'dashboards');

/** Caddy's own metrics the Proxy dashboard reads (the proxy test checks Caddy exports them). */
export const CADDY_METRICS = ['caddy_http_requests_total', 'caddy_http_request_duration_seconds'] as const;

const DATASOURCE = { type: 'prometheus', uid: 'prometheus' };

interface Series {
  expr: string;
  legend?: string;
}

const query = ({ expr, legend }: Series) => {
  const q = new DataqueryBuilder().expr(expr).datasource(DATASOURCE);
  return legend ? q.legendFormat(legend) : q;
};

function timeseries(title: string, unit: string, series: Series[], description?: string): cog.Builder<Panel> {
  const panel = new TimeseriesPanel().title(title).unit(unit).datasource(DATASOURCE).height(8).span(12);
  for (const s of series) panel.withTarget(query(s));
  return description ? panel.description(description) : panel;
}

function stat(title: string, unit: string, expr: string, description?: string): cog.Builder<Panel> {
  const panel = new StatPanel()
    .title(title)
    .unit(unit)
    .datasource(DATASOURCE)
    .height(4)
    .span(6)
    .withTarget(query({ expr }));
  return description ? panel.description(description) : panel;
}

function dashboard(uid: string, title: string, description: string): DashboardBuilder {
  return new DashboardBuilder(title)
    .uid(uid)
    .description(description)
    .tags(['portico'])
    .refresh('30s')
    .time({ from: 'now-6h', to: 'now' })
    .timezone('browser');
}

const RATE = '$__rate_interval';
/**
 * A platform-wide gauge (queues, workspaces, bytes stored) counted once: every api replica exports
 * the same figure, so summing the replicas would multiply it by their number.
 */
export const once = (selector: string) => `max without (instance) (${selector})`;
const quantile = (q: number, metric: string, by = '', selector = '') =>
  `histogram_quantile(${q}, sum by (le${by ? `, ${by}` : ''}) (rate(${metric}_bucket${selector}[${RATE}])))`;

function apiDashboard(): Dashboard {
  return dashboard(
    'portico-api',
    'Portico / API',
    'Requests, errors, latency, sign-ins and the database, from every API replica.',
  )
    .withRow(new RowBuilder('Overview'))
    .withPanel(stat('API replicas up', 'none', 'count(up{job="api"} == 1)'))
    .withPanel(stat('Requests per second', 'reqps', 'sum(rate(portico_http_requests_total[5m]))'))
    .withPanel(
      stat(
        '5xx share',
        'percentunit',
        'sum(rate(portico_http_requests_total{status_class="5xx"}[5m])) / clamp_min(sum(rate(portico_http_requests_total[5m])), 1e-9)',
      ),
    )
    .withPanel(stat('p95 latency', 's', quantile(0.95, 'portico_http_request_duration_seconds')))
    .withRow(new RowBuilder('Traffic'))
    .withPanel(
      timeseries('Requests by status class', 'reqps', [
        { expr: `sum by (status_class) (rate(portico_http_requests_total[${RATE}]))`, legend: '{{status_class}}' },
      ]),
    )
    .withPanel(
      timeseries('Latency', 's', [
        { expr: quantile(0.5, 'portico_http_request_duration_seconds'), legend: 'p50' },
        { expr: quantile(0.95, 'portico_http_request_duration_seconds'), legend: 'p95' },
        { expr: quantile(0.99, 'portico_http_request_duration_seconds'), legend: 'p99' },
      ]),
    )
    .withPanel(
      timeseries('Busiest routes', 'reqps', [
        {
          expr: `topk(10, sum by (method, route) (rate(portico_http_requests_total[${RATE}])))`,
          legend: '{{method}} {{route}}',
        },
      ]),
    )
    .withPanel(
      timeseries('Routes answering 5xx', 'reqps', [
        {
          expr: `sum by (method, route) (rate(portico_http_requests_total{status_class="5xx"}[${RATE}])) > 0`,
          legend: '{{method}} {{route}}',
        },
      ]),
    )
    .withRow(new RowBuilder('Sign-ins and database'))
    .withPanel(
      timeseries('Sign-ins', 'ops', [
        { expr: `sum by (outcome) (rate(portico_auth_attempts_total[${RATE}]))`, legend: '{{outcome}}' },
      ]),
    )
    .withPanel(
      timeseries('Database statements, p95 by kind', 's', [
        { expr: quantile(0.95, 'portico_db_query_duration_seconds', 'kind'), legend: '{{kind}}' },
      ]),
    )
    .withPanel(
      timeseries('Memory per process', 'bytes', [
        { expr: 'process_resident_memory_bytes{job=~"api|worker|scheduler"}', legend: '{{job}} {{instance}}' },
      ]),
    )
    .withPanel(
      timeseries('Event loop lag, p99', 's', [
        { expr: 'nodejs_eventloop_lag_p99_seconds{job=~"api|worker|scheduler"}', legend: '{{job}} {{instance}}' },
      ]),
    )
    .build();
}

function queuesDashboard(): Dashboard {
  return dashboard('portico-queues', 'Portico / Queues and jobs', 'BullMQ queues, the worker and the scheduler.')
    .withRow(new RowBuilder('Queues'))
    .withPanel(stat('Jobs waiting', 'none', `sum(${once('portico_queue_jobs{state=~"waiting|delayed"}')})`))
    .withPanel(stat('Jobs failed (kept)', 'none', `sum(${once('portico_queue_jobs{state="failed"}')})`))
    .withPanel(stat('Workers up', 'none', 'count(up{job="worker"} == 1)'))
    .withPanel(stat('Scheduler up', 'none', 'max(up{job="scheduler"})'))
    .withPanel(
      timeseries('Queue depth', 'none', [
        { expr: `sum by (queue, state) (${once('portico_queue_jobs')})`, legend: '{{queue}} {{state}}' },
      ]),
    )
    .withPanel(
      timeseries('Jobs finished', 'ops', [
        { expr: `sum by (queue, outcome) (rate(portico_jobs_total[${RATE}]))`, legend: '{{queue}} {{outcome}}' },
      ]),
    )
    .withPanel(
      timeseries('Job duration, p95', 's', [
        { expr: quantile(0.95, 'portico_job_duration_seconds', 'queue'), legend: '{{queue}}' },
      ]),
    )
    .withPanel(
      timeseries('Emails', 'ops', [
        { expr: `sum by (outcome) (rate(portico_emails_total[${RATE}]))`, legend: '{{outcome}}' },
      ]),
    )
    .withPanel(
      timeseries('Certificate checks', 'ops', [
        { expr: `sum by (outcome) (rate(portico_certificate_checks_total[${RATE}]))`, legend: '{{outcome}}' },
      ]),
    )
    .withPanel(
      timeseries(
        'Since each periodic job last ran',
        's',
        [{ expr: 'time() - max by (job) (portico_scheduler_last_run_timestamp_seconds)', legend: '{{job}}' }],
        'A line that keeps rising past its period means the job stopped running.',
      ),
    )
    .build();
}

function tenantsDashboard(): Dashboard {
  return dashboard('portico-tenants', 'Portico / Tenants', 'Workspaces by plan and status, and the files they store.')
    .withPanel(stat('Active workspaces', 'none', `sum(${once('portico_tenants{status="active"}')})`))
    .withPanel(stat('Suspended workspaces', 'none', `sum(${once('portico_tenants{status="suspended"}')})`))
    .withPanel(stat('Files stored', 'bytes', 'max(portico_storage_bytes)'))
    .withPanel(stat('Paying plans', 'none', `sum(${once('portico_tenants{status="active", tier=~"pro|advanced"}')})`))
    .withPanel(
      timeseries('Workspaces by plan', 'none', [
        { expr: `sum by (tier) (${once('portico_tenants{status="active"}')})`, legend: '{{tier}}' },
      ]),
    )
    .withPanel(timeseries('Files stored', 'bytes', [{ expr: 'max(portico_storage_bytes)', legend: 'stored' }]))
    .build();
}

function webhooksDashboard(): Dashboard {
  return dashboard('portico-webhooks', 'Portico / Webhooks', 'Outgoing webhook deliveries, sent by the worker.')
    .withPanel(stat('Deliveries per second', 'ops', 'sum(rate(portico_webhook_deliveries_total[5m]))'))
    .withPanel(
      stat(
        'Failed share',
        'percentunit',
        'sum(rate(portico_webhook_deliveries_total{outcome!="succeeded"}[15m])) / clamp_min(sum(rate(portico_webhook_deliveries_total[15m])), 1e-9)',
      ),
    )
    .withPanel(
      stat('Waiting to send', 'none', `sum(${once('portico_queue_jobs{queue="webhooks", state=~"waiting|delayed"}')})`),
    )
    .withPanel(
      stat('Delivery time, p95', 's', quantile(0.95, 'portico_job_duration_seconds', '', '{queue="webhooks"}')),
    )
    .withPanel(
      timeseries('Deliveries by outcome', 'ops', [
        { expr: `sum by (outcome) (rate(portico_webhook_deliveries_total[${RATE}]))`, legend: '{{outcome}}' },
      ]),
    )
    .withPanel(
      timeseries('Webhook queue', 'none', [
        { expr: `sum by (state) (${once('portico_queue_jobs{queue="webhooks"}')})`, legend: '{{state}}' },
      ]),
    )
    .build();
}

function proxyDashboard(): Dashboard {
  return dashboard(
    'portico-proxy',
    'Portico / Proxy',
    'Caddy in front of the API: requests, their answers and their time.',
  )
    .withPanel(stat('Proxy up', 'none', 'max(up{job="proxy"})'))
    .withPanel(stat('Requests per second', 'reqps', 'sum(rate(caddy_http_requests_total[5m]))'))
    .withPanel(
      timeseries('Requests by status code', 'reqps', [
        { expr: `sum by (code) (rate(caddy_http_request_duration_seconds_count[${RATE}]))`, legend: '{{code}}' },
      ]),
    )
    .withPanel(
      timeseries('Time to answer, p95', 's', [
        { expr: quantile(0.95, 'caddy_http_request_duration_seconds'), legend: 'p95' },
      ]),
    )
    .build();
}

/** Every dashboard, by file name. */
export function porticoDashboards(): Record<string, Dashboard> {
  return {
    'api.json': apiDashboard(),
    'queues.json': queuesDashboard(),
    'tenants.json': tenantsDashboard(),
    'webhooks.json': webhooksDashboard(),
    'proxy.json': proxyDashboard(),
  };
}

export const dashboardJson = (dashboard: Dashboard) => `${JSON.stringify(dashboard, null, 2)}\n`;

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await mkdir(DASHBOARDS_DIR, { recursive: true });
  for (const [file, built] of Object.entries(porticoDashboards()))
    await writeFile(path.join(DASHBOARDS_DIR, file), dashboardJson(built));
}
