import type { AppContext } from '../context';

/*
 * Prometheus's alerts in the console (infra/prometheus/alerts.yml, routed by Alertmanager: email, and
 * this). Alertmanager's webhook posts each group of alerts to POST /api/internal/alerts; those firing
 * are kept in Redis by Alertmanager's fingerprint until it says they resolved, and the console's
 * Active Alerts list them beside the alert rules' (consoleOverview). Alertmanager sends firing alerts
 * to the console again every hour (its route's repeat_interval), so one not heard of for
 * PROMETHEUS_ALERT_STALE_MS has lost its resolution (Alertmanager restarted without its data, or
 * the API was down when it was sent) and is dropped.
 */

export const PROMETHEUS_ALERT_STALE_MS = 3 * 60 * 60 * 1000;

/** One alert of Alertmanager's webhook (its `alerts[]`), as far as the console reads it. */
export interface AlertmanagerAlert {
  status: 'firing' | 'resolved';
  labels: Record<string, string>;
  annotations: Record<string, string>;
  startsAt: string;
  fingerprint: string;
}

export interface PrometheusAlert {
  fingerprint: string;
  name: string;
  severity: 'critical' | 'warning';
  summary: string;
  runbook: string;
  startsAt: string;
  receivedAt: string;
}

type AlertsContext = Pick<AppContext, 'config' | 'redis' | 'clock'>;

const alertsKey = (ctx: AlertsContext) => `${ctx.config.redisPrefix}:prometheus-alerts`;

/** Keeps the firing alerts of one webhook call and forgets the resolved ones. */
export async function recordAlertmanagerAlerts(
  ctx: AlertsContext,
  alerts: AlertmanagerAlert[],
): Promise<{ firing: number; resolved: number }> {
  const receivedAt = ctx.clock.now().toISOString();
  const write = ctx.redis.multi();
  let firing = 0;
  for (const alert of alerts) {
    if (alert.status === 'resolved') {
      write.hdel(alertsKey(ctx), alert.fingerprint);
      continue;
    }
    const name = alert.labels.alertname ?? 'Prometheus alert';
    const kept: PrometheusAlert = {
      fingerprint: alert.fingerprint,
      name,
      severity: alert.labels.severity === 'critical' ? 'critical' : 'warning',
      summary: alert.annotations.summary ?? alert.annotations.description ?? name,
      runbook: alert.annotations.runbook ?? alert.annotations.description ?? '',
      startsAt: alert.startsAt,
      receivedAt,
    };
    write.hset(alertsKey(ctx), alert.fingerprint, JSON.stringify(kept));
    firing++;
  }
  await write.exec();
  return { firing, resolved: alerts.length - firing };
}

/** The alerts firing now, critical first, then the newest; stale ones are dropped on the way. */
export async function firingPrometheusAlerts(ctx: AlertsContext): Promise<PrometheusAlert[]> {
  const cutoff = ctx.clock.now().getTime() - PROMETHEUS_ALERT_STALE_MS;
  const kept = Object.values(await ctx.redis.hgetall(alertsKey(ctx))).map(
    (text) => JSON.parse(text) as PrometheusAlert,
  );
  const stale = kept.filter((alert) => Date.parse(alert.receivedAt) < cutoff);
  if (stale.length > 0) await ctx.redis.hdel(alertsKey(ctx), ...stale.map((alert) => alert.fingerprint));
  return kept
    .filter((alert) => Date.parse(alert.receivedAt) >= cutoff)
    .sort((a, b) =>
      a.severity === b.severity ? b.startsAt.localeCompare(a.startsAt) : a.severity === 'critical' ? -1 : 1,
    );
}
