import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { SuperTenant } from '../../lib/api/types';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Page } from '../../ui/Page';
import { PageHeader } from '../../ui/PageHeader';
import { useConsoleDialogs } from './console-dialogs';
import { TenantDrawer } from './tenants/TenantDrawer';
import { TenantFilterBar, useTenantFilters } from './TenantFilterBar';
import { TenantTable } from './TenantTable';

/** Tenants and Domains (platform-console §2, issue 14): every tenant with its figures, created, managed and deleted here. */
export function TenantsPage() {
  const { filters, setFilters, asked } = useTenantFilters();
  const { openDialog, dialogs } = useConsoleDialogs();
  const [open, setOpen] = useState<SuperTenant | null>(null);

  return (
    <Page>
      <PageHeader
        title="Tenants and Domains"
        description="Every tenant with its seats, storage, API calls and webhooks; open one for its domains, brand and plan."
        actions={
          <Button onClick={() => openDialog('new')}>
            <Plus size={16} aria-hidden />
            Create Tenant
          </Button>
        }
      />
      <Card aria-label="Tenants">
        <TenantFilterBar filters={filters} onChange={setFilters} withDomainFilter />
        <TenantTable filters={asked} onOpen={setOpen} withUsage />
      </Card>
      <TenantDrawer tenant={open} onClose={() => setOpen(null)} />
      {dialogs}
    </Page>
  );
}
