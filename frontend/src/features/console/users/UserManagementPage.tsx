import { useState } from 'react';
import { Plus, UserPlus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import type { SuperTenantFilters } from '../api/tenants';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { useDebouncedValue } from '../../../ui/use-debounced-value';
import { InviteDialog, type InviteTab } from '../InviteDialog';
import { NO_FILTERS, SEARCH_DEBOUNCE_MS } from '../tenant-display';
import { TenantFilterBar } from '../TenantFilterBar';
import { TenantTable } from '../TenantTable';
import { TenantUsersView } from './TenantUsersView';

/** The tenant whose people are shown, kept in the address so the view survives a reload and Back. */
const TENANT_PARAM = 'tenant';

/**
 * Super User Management (platform-console §2, issue 14): the tenants, then one tenant's people; a
 * person's drawer lists their workspaces and sessions and sends a password reset link.
 */
export function UserManagementPage() {
  const [params, setParams] = useSearchParams();
  const tenantId = params.get(TENANT_PARAM);
  const [filters, setFilters] = useState<SuperTenantFilters>(NO_FILTERS);
  const [dialogTab, setDialogTab] = useState<InviteTab | null>(null);
  const debouncedQ = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);

  return (
    <div className="page">
      <PageHeader
        title="User Management"
        description="Find a tenant, see its people, and look after one person’s sessions and password."
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialogTab('new')}>
              <Plus size={16} aria-hidden />
              New Tenant
            </Button>
            <Button onClick={() => setDialogTab('existing')}>
              <UserPlus size={16} aria-hidden />
              Invite User
            </Button>
          </>
        }
      />
      {tenantId ? (
        <TenantUsersView tenantId={tenantId} onBack={() => setParams({})} />
      ) : (
        <section className="card" aria-label="Tenants">
          <TenantFilterBar filters={filters} onChange={setFilters} />
          <TenantTable filters={{ ...filters, q: debouncedQ }} onOpen={(t) => setParams({ [TENANT_PARAM]: t.id })} />
        </section>
      )}
      <InviteDialog tab={dialogTab} onTabChange={setDialogTab} onClose={() => setDialogTab(null)} />
    </div>
  );
}
