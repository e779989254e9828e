import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { SuperTenantFilters } from './api/tenants';
import type { SuperTenant } from '../../lib/api/types';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { InviteDialog, type InviteTab } from './InviteDialog';
import { NO_FILTERS, SEARCH_DEBOUNCE_MS } from './tenant-display';
import { TenantDrawer } from './tenants/TenantDrawer';
import { TenantFilterBar } from './TenantFilterBar';
import { TenantTable } from './TenantTable';

/** Tenants and Domains (platform-console §2, issue 14): every tenant with its figures, created, managed and deleted here. */
export function TenantsPage() {
  const [filters, setFilters] = useState<SuperTenantFilters>(NO_FILTERS);
  const [dialogTab, setDialogTab] = useState<InviteTab | null>(null);
  const [open, setOpen] = useState<SuperTenant | null>(null);
  const debouncedQ = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);

  return (
    <div className="page">
      <PageHeader
        title="Tenants and Domains"
        description="Every tenant with its seats, storage, API calls and webhooks; open one for its domains, brand and plan."
        actions={
          <Button onClick={() => setDialogTab('new')}>
            <Plus size={16} aria-hidden />
            Create Tenant
          </Button>
        }
      />
      <section className="card" aria-label="Tenants">
        <TenantFilterBar filters={filters} onChange={setFilters} withDomainFilter />
        <TenantTable filters={{ ...filters, q: debouncedQ }} onOpen={setOpen} withUsage />
      </section>
      <TenantDrawer tenant={open} onClose={() => setOpen(null)} />
      <InviteDialog tab={dialogTab} onTabChange={setDialogTab} onClose={() => setDialogTab(null)} />
    </div>
  );
}
