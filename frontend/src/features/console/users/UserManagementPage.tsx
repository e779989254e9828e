import { Plus, UserPlus } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Page } from '../../../ui/Page';
import { PageHeader } from '../../../ui/PageHeader';
import { useConsoleDialogs } from '../console-dialogs';
import { TenantFilterBar, useTenantFilters } from '../TenantFilterBar';
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
  const { filters, setFilters, asked } = useTenantFilters();
  const { openDialog, dialogs } = useConsoleDialogs();

  return (
    <Page>
      <PageHeader
        title="User Management"
        description="Find a tenant, see its people, and look after one person’s sessions and password."
        actions={
          <>
            <Button variant="secondary" onClick={() => openDialog('new')}>
              <Plus size={16} aria-hidden />
              New Tenant
            </Button>
            <Button onClick={() => openDialog('existing')}>
              <UserPlus size={16} aria-hidden />
              Invite User
            </Button>
          </>
        }
      />
      {tenantId ? (
        <TenantUsersView tenantId={tenantId} onBack={() => setParams({})} />
      ) : (
        <Card aria-label="Tenants">
          <TenantFilterBar filters={filters} onChange={setFilters} />
          <TenantTable filters={asked} onOpen={(t) => setParams({ [TENANT_PARAM]: t.id })} />
        </Card>
      )}
      {dialogs}
    </Page>
  );
}
