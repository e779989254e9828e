import { useState } from 'react';
import { Info, Users } from 'lucide-react';
import { useSuperTenantUsers, type TenantUserRow } from '../api/super-users';
import { useSuperTenant } from '../api/tenants';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Card, CardHeader } from '../../../ui/Card';
import { DataTable } from '../../../ui/DataTable';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { dateTime } from '../panels/parts';
import { statusTone, tierTone } from '../tenant-display';
import { TenantDrawer } from '../tenants/TenantDrawer';
import { UserDrawer } from './UserDrawer';
import styles from './TenantUsersView.module.css';

function UsersTable({ tenantId, onOpen }: { tenantId: string; onOpen: (user: TenantUserRow) => void }) {
  const users = useSuperTenantUsers(tenantId);
  if (users.isError) {
    return (
      <ErrorState
        message={errorMessage(users.error, 'Failed to load the tenant’s users')}
        onRetry={() => void users.refetch()}
        retrying={users.isFetching}
      />
    );
  }
  if (users.isPending) return <Skeleton height={120} />;
  return (
    <DataTable
      rows={users.data}
      rowKey={(u) => u.id}
      caption="Users"
      empty={{ icon: Users, message: 'No users yet.' }}
      columns={[
        {
          header: 'Name',
          variant: 'strong',
          sortValue: (u) => u.name ?? u.email,
          // An invitation has no account yet: nothing to open.
          cell: (u) =>
            u.status === 'pending' ? (
              (u.name ?? '—')
            ) : (
              <Button variant="link" onClick={() => onOpen(u)} aria-label={`Open ${u.name ?? u.email}`}>
                {u.name ?? u.email}
              </Button>
            ),
        },
        { header: 'Email', sortValue: (u) => u.email, cell: (u) => u.email },
        { header: 'Role', cell: (u) => <Badge tone="blue">{u.role}</Badge> },
        { header: 'Status', cell: (u) => <Badge tone={statusTone(u.status)}>{u.status}</Badge> },
        { header: 'Last sign-in', cell: (u) => (u.status === 'pending' ? 'Invited' : dateTime(u.last_login_at)) },
      ]}
    />
  );
}

/** One tenant's people, under a breadcrumb back to the tenant list. */
export function TenantUsersView({ tenantId, onBack }: { tenantId: string; onBack: () => void }) {
  const tenant = useSuperTenant(tenantId);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [openUserId, setOpenUserId] = useState<string | null>(null);

  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol>
          <li>
            <Button variant="link" onClick={onBack}>
              Tenants
            </Button>
          </li>
          <li aria-current="page">{tenant.data?.name ?? 'Tenant'}</li>
        </ol>
      </nav>
      {tenant.isError ? (
        <ErrorState
          message={errorMessage(tenant.error, 'Failed to load the tenant')}
          onRetry={() => void tenant.refetch()}
          retrying={tenant.isFetching}
        />
      ) : (
        <Card aria-label={`Users of ${tenant.data?.name ?? 'the tenant'}`}>
          <CardHeader
            title={tenant.data ? tenant.data.name : <Skeleton height={20} width={240} />}
            description={
              tenant.data && (
                <>
                  <span className={styles.slug}>{tenant.data.slug}</span>{' '}
                  <Badge tone={tierTone(tenant.data.tier)}>{tenant.data.tier}</Badge>{' '}
                  <Badge tone={statusTone(tenant.data.status)}>{tenant.data.status}</Badge> · {tenant.data.seats_used}/
                  {tenant.data.seats_total} seats
                </>
              )
            }
            actions={
              <Button variant="secondary" size="sm" disabled={!tenant.data} onClick={() => setDetailsOpen(true)}>
                <Info size={16} aria-hidden />
                Tenant details
              </Button>
            }
          />
          <UsersTable tenantId={tenantId} onOpen={(u) => setOpenUserId(u.id)} />
        </Card>
      )}
      <TenantDrawer tenant={detailsOpen ? (tenant.data ?? null) : null} onClose={() => setDetailsOpen(false)} />
      <UserDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </>
  );
}
