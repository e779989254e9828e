import { useState } from 'react';
import { useSuperTenant } from '../api/tenants';
import type { SuperTenant } from '../../../lib/api/types';
import { Badge } from '../../../ui/Badge';
import { Drawer } from '../../../ui/Drawer';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { Tabs, type TabItem } from '../../../ui/Tabs';
import { errorMessage } from '../../../lib/api/http';
import { SuspendTenantDialog } from '../SuspendTenantDialog';
import { statusTone, tierTone } from '../tenant-display';
import { BrandingTab } from './BrandingTab';
import { DomainsTab } from './DomainsTab';
import { ManageTab } from './ManageTab';
import { UsageTab } from './UsageTab';
import styles from './TenantDrawer.module.css';

type TenantTab = 'usage' | 'domains' | 'branding' | 'manage';

const TABS: readonly TabItem<TenantTab>[] = [
  { key: 'usage', label: 'Usage' },
  { key: 'domains', label: 'Domains' },
  { key: 'branding', label: 'Branding' },
  { key: 'manage', label: 'Manage' },
];

function TenantPanels({ tenant, onClose }: { tenant: SuperTenant; onClose: () => void }) {
  const [tab, setTab] = useState<TenantTab>('usage');
  const [suspending, setSuspending] = useState(false);
  return (
    <div className={styles.panels}>
      <p className={styles.summary}>
        <span className={styles.slug}>{tenant.slug}</span> <Badge tone={tierTone(tenant.tier)}>{tenant.tier}</Badge>{' '}
        <Badge tone={statusTone(tenant.status)}>{tenant.status}</Badge>
      </p>
      <Tabs label="Tenant" tabs={TABS} value={tab} onChange={setTab}>
        {tab === 'usage' && <UsageTab tenant={tenant} />}
        {tab === 'domains' && <DomainsTab tenantId={tenant.id} />}
        {tab === 'branding' && <BrandingTab tenantId={tenant.id} />}
        {tab === 'manage' && <ManageTab tenant={tenant} onSuspend={() => setSuspending(true)} onDeleted={onClose} />}
      </Tabs>
      <SuspendTenantDialog open={suspending} tenant={tenant} onClose={() => setSuspending(false)} />
    </div>
  );
}

/** One tenant's drawer on the Tenants page: its usage, domains, brand and lifecycle, read fresh. */
export function TenantDrawer({ tenant, onClose }: { tenant: SuperTenant | null; onClose: () => void }) {
  const fresh = useSuperTenant(tenant?.id ?? null);
  const current = fresh.data ?? tenant;
  return (
    <Drawer open={tenant !== null} onOpenChange={(open) => !open && onClose()} title={current?.name ?? 'Tenant'}>
      {fresh.isError && (
        <ErrorState
          message={errorMessage(fresh.error, 'Failed to load the tenant')}
          onRetry={() => void fresh.refetch()}
          retrying={fresh.isFetching}
        />
      )}
      {!current && <Skeleton height={120} />}
      {current && !fresh.isError && <TenantPanels key={current.id} tenant={current} onClose={onClose} />}
    </Drawer>
  );
}
