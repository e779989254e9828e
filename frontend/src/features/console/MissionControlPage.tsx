import { Megaphone, PauseCircle, Plus, UserPlus, UserRoundCog } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { useJobsMetrics, useRequestsErrors } from './api/console';
import { useConsoleDialogs, type ConsoleDialog } from './console-dialogs';
import { QueueChart, RequestsChart } from './panels/charts';
import { ActiveAlerts, QuickTenantAccess, StatusCards } from './panels/mission-control';
import { CardGrid, LiveNote, QueryCard, TitledCard } from './panels/parts';
import { RevenueCard } from './panels/revenue';
import { TenantFilterBar, useTenantFilters } from './TenantFilterBar';
import { TenantTable } from './TenantTable';
import styles from './MissionControlPage.module.css';

/** The quick actions at the top right; the last is the page's primary action. */
const QUICK_ACTIONS: ReadonlyArray<{ dialog: ConsoleDialog; label: string; icon: LucideIcon }> = [
  { dialog: 'impersonate', label: 'Impersonate', icon: UserRoundCog },
  { dialog: 'notify', label: 'Notify Admins', icon: Megaphone },
  { dialog: 'suspend', label: 'Suspend Tenant', icon: PauseCircle },
  { dialog: 'existing', label: 'Invite User', icon: UserPlus },
  { dialog: 'new', label: 'Create Tenant', icon: Plus },
];

export function MissionControlPage() {
  const { filters, setFilters, asked } = useTenantFilters();
  const { openDialog, dialogs } = useConsoleDialogs();
  const requests = useRequestsErrors('24h');
  const queue = useJobsMetrics('24h');

  return (
    <Page>
      <PageHeader
        title="Mission Control"
        description={
          <>
            The platform at a glance: health, load, jobs, revenue and every tenant. <LiveNote />
          </>
        }
        actions={QUICK_ACTIONS.map(({ dialog, label, icon: Icon }, i) => (
          <Button
            key={dialog}
            variant={i === QUICK_ACTIONS.length - 1 ? 'primary' : 'secondary'}
            onClick={() => openDialog(dialog)}
          >
            <Icon size={16} aria-hidden />
            {label}
          </Button>
        ))}
      />
      <StatusCards />
      <RevenueCard />
      <CardGrid>
        <QueryCard title="Requests and Errors (24 h)" query={requests} failure="Failed to load the request series.">
          {(data) => (
            <>
              <p className={styles.figure} data-testid="requests-24h">
                {data.series.reduce((n, p) => n + p.requests, 0)} requests ·{' '}
                {data.series.reduce((n, p) => n + p.errors, 0)} errors
              </p>
              <RequestsChart series={data.series} title="Requests and errors over the last 24 hours" />
            </>
          )}
        </QueryCard>
        <QueryCard title="Job Queue Depth (24 h)" query={queue} failure="Failed to load the queue depth.">
          {(data) => (
            <>
              <p className={styles.figure} data-testid="queued-now">
                {data.queued} queued now · {data.active} running · {data.failed} failed
              </p>
              <QueueChart series={data.series} title="Jobs queued and failed over the last 24 hours" />
            </>
          )}
        </QueryCard>
      </CardGrid>
      <CardGrid>
        <ActiveAlerts />
        <QuickTenantAccess />
      </CardGrid>
      <TitledCard title="Tenants">
        <TenantFilterBar filters={filters} onChange={setFilters} />
        <TenantTable filters={asked} />
      </TitledCard>
      {dialogs}
    </Page>
  );
}
