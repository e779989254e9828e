import { useState } from 'react';
import { Megaphone, PauseCircle, Plus, UserPlus, UserRoundCog } from 'lucide-react';
import type { SuperTenantFilters } from './api/tenants';
import { NO_FILTERS, SEARCH_DEBOUNCE_MS } from './tenant-display';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { ImpersonateDialog } from './ImpersonateDialog';
import { InviteDialog } from './InviteDialog';
import { AnnounceDialog } from './notifications/AnnounceDialog';
import type { InviteTab } from './InviteDialog';
import { SuspendTenantDialog } from './SuspendTenantDialog';
import { TenantFilterBar } from './TenantFilterBar';
import { TenantTable } from './TenantTable';
import { useJobsMetrics, useRequestsErrors } from './api/console';
import { QueueChart, RequestsChart } from './panels/charts';
import { CardGrid, LiveNote, QueryCard } from './panels/parts';
import { ActiveAlerts, QuickTenantAccess, StatusCards } from './panels/mission-control';
import { RevenueCard } from './panels/revenue';
import styles from './MissionControlPage.module.css';

export function MissionControlPage() {
  const [filters, setFilters] = useState<SuperTenantFilters>(NO_FILTERS);
  const [dialogTab, setDialogTab] = useState<InviteTab | null>(null);
  const [impersonating, setImpersonating] = useState(false);
  const [notifying, setNotifying] = useState(false);
  const [suspending, setSuspending] = useState(false);
  const debouncedQ = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  const requests = useRequestsErrors('24h');
  const queue = useJobsMetrics('24h');

  return (
    <div className="page">
      <PageHeader
        title="Mission Control"
        description={
          <>
            The platform at a glance: health, load, jobs, revenue and every tenant. <LiveNote />
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setImpersonating(true)}>
              <UserRoundCog size={16} aria-hidden />
              Impersonate
            </Button>
            <Button variant="secondary" onClick={() => setNotifying(true)}>
              <Megaphone size={16} aria-hidden />
              Notify Admins
            </Button>
            <Button variant="secondary" onClick={() => setSuspending(true)}>
              <PauseCircle size={16} aria-hidden />
              Suspend Tenant
            </Button>
            <Button variant="secondary" onClick={() => setDialogTab('existing')}>
              <UserPlus size={16} aria-hidden />
              Invite User
            </Button>
            <Button onClick={() => setDialogTab('new')}>
              <Plus size={16} aria-hidden />
              Create Tenant
            </Button>
          </>
        }
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
      <section className="card" aria-labelledby="tenants-title">
        <div className="card-header">
          <h2 className="card-title" id="tenants-title">
            Tenants
          </h2>
        </div>
        <TenantFilterBar filters={filters} onChange={setFilters} />
        <TenantTable filters={{ ...filters, q: debouncedQ }} />
      </section>
      <InviteDialog tab={dialogTab} onTabChange={setDialogTab} onClose={() => setDialogTab(null)} />
      <ImpersonateDialog open={impersonating} onClose={() => setImpersonating(false)} />
      <AnnounceDialog open={notifying} onOpenChange={setNotifying} />
      <SuspendTenantDialog open={suspending} tenant={null} onClose={() => setSuspending(false)} />
    </div>
  );
}
