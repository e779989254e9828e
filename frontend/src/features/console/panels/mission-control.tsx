import clsx from 'clsx';
import { Building2, CircleCheck, TriangleAlert } from 'lucide-react';
import { useActiveUsers, useOverview, useStorage, useUptime } from '../api/console';
import { useSuperTenants } from '../api/tenants';
import { Badge } from '../../../ui/Badge';
import { EmptyState } from '../../../ui/EmptyState';
import { formatBytes } from '../../../ui/format';
import { tierTone } from '../tenant-display';
import { StatGrid } from '../../../ui/Stat';
import { FigureCard, percent, QueryCard } from './parts';
import { ViewAsTenantButton } from '../ViewAsTenantButton';
import styles from './mission-control.module.css';

/** Uptime, active users, new signups and storage, from the metrics source and the database. */
export function StatusCards() {
  const uptime = useUptime();
  const users = useActiveUsers();
  const storage = useStorage();
  const used = storage.data;
  return (
    <StatGrid>
      <FigureCard
        label="Uptime (24 h)"
        loading={uptime.isPending}
        value={percent(uptime.data?.p24h)}
        detail={
          uptime.data ? `7 d ${percent(uptime.data.p7d) ?? '—'} · 30 d ${percent(uptime.data.p30d) ?? '—'}` : undefined
        }
      />
      <FigureCard
        label="Active users"
        loading={users.isPending}
        value={users.data ? String(users.data.today) : null}
        detail={
          users.data ? `today, in ${users.data.tenants} ${users.data.tenants === 1 ? 'tenant' : 'tenants'}` : undefined
        }
      />
      <FigureCard
        label="New signups"
        loading={users.isPending}
        value={users.data ? String(users.data.signups7d) : null}
        detail="accounts created in the last 7 days"
      />
      <FigureCard
        label="Storage"
        loading={storage.isPending}
        value={used ? formatBytes(used.usedBytes) : null}
        detail={
          used
            ? used.quotaBytes === null
              ? `in ${used.driver === 's3' ? 'the S3 bucket' : 'storage'}`
              : `of ${formatBytes(used.quotaBytes)} on the storage disk`
            : undefined
        }
      />
    </StatGrid>
  );
}

/** The problems the platform sees now: dependencies down or slow, failed jobs, a backlog. */
export function ActiveAlerts() {
  const overview = useOverview();
  return (
    <QueryCard title="Active Alerts" query={overview} failure="Failed to load the alerts.">
      {(data) =>
        data.alerts.length === 0 ? (
          <EmptyState icon={CircleCheck} message="No active alerts. Every dependency answers and no job has failed." />
        ) : (
          <ul className={styles.list}>
            {data.alerts.map((alert) => (
              <li key={alert.id} className={clsx(styles.alert, styles[alert.severity])}>
                <TriangleAlert size={16} aria-hidden />
                <div>
                  <p className={styles.alertTitle}>{alert.title}</p>
                  <p className={styles.alertDetail}>{alert.detail}</p>
                </div>
              </li>
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}

const QUICK_TENANTS = 6;

/** The newest tenants, one click from working inside them. */
export function QuickTenantAccess() {
  const tenants = useSuperTenants({ q: '', tier: '', status: '' });
  return (
    <QueryCard title="Quick Tenant Access" query={tenants} failure="Failed to load tenants.">
      {(data) =>
        data.length === 0 ? (
          <EmptyState icon={Building2} message="No tenants found." />
        ) : (
          <ul className={clsx(styles.list, styles.tenantCards)}>
            {data.slice(0, QUICK_TENANTS).map((t) => (
              <li key={t.id} className={styles.tenantCard}>
                <div>
                  <p className={styles.tenantName}>{t.name}</p>
                  <Badge tone={tierTone(t.tier)}>{t.tier}</Badge>
                </div>
                <ViewAsTenantButton tenant={t} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryCard>
  );
}
