import { useState } from 'react';
import { Info, Users } from 'lucide-react';
import { useSuperTenantUsers, type TenantUserRow } from '../api/super-users';
import { useSuperTenant } from '../api/tenants';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorState } from '../../../ui/ErrorState';
import { Skeleton } from '../../../ui/Skeleton';
import { errorMessage } from '../../../lib/api/http';
import { dateTime } from '../panels/parts';
import { statusTone, tierTone } from '../tenant-display';
import { TenantDrawer } from '../tenants/TenantDrawer';
import { UserDrawer } from './UserDrawer';
import styles from './TenantUsersView.module.css';

const COLUMNS = ['Name', 'Email', 'Role', 'Status', 'Last sign-in'];

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
  if (users.isSuccess && users.data.length === 0) return <EmptyState icon={Users} message="No users yet." />;
  return (
    <div className="table-wrap" aria-busy={users.isFetching}>
      <table className="table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.isPending &&
            [0, 1, 2].map((i) => (
              <tr key={i}>
                {COLUMNS.map((c) => (
                  <td key={c}>
                    <Skeleton height={14} />
                  </td>
                ))}
              </tr>
            ))}
          {users.data?.map((u) => (
            <tr key={u.id}>
              <td className="cell-strong">
                {/* An invitation has no account yet: nothing to open. */}
                {u.status === 'pending' ? (
                  (u.name ?? '—')
                ) : (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => onOpen(u)}
                    aria-label={`Open ${u.name ?? u.email}`}
                  >
                    {u.name ?? u.email}
                  </button>
                )}
              </td>
              <td>{u.email}</td>
              <td>
                <Badge tone="blue">{u.role}</Badge>
              </td>
              <td>
                <Badge tone={statusTone(u.status)}>{u.status}</Badge>
              </td>
              <td>{u.status === 'pending' ? 'Invited' : dateTime(u.last_login_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
            <button type="button" className="link-button" onClick={onBack}>
              Tenants
            </button>
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
        <section className="card" aria-label={`Users of ${tenant.data?.name ?? 'the tenant'}`}>
          <div className="card-header card-header-row">
            {tenant.data ? (
              <div>
                <h2 className="card-title">{tenant.data.name}</h2>
                <p className="card-description">
                  <span className="cell-mono">{tenant.data.slug}</span>{' '}
                  <Badge tone={tierTone(tenant.data.tier)}>{tenant.data.tier}</Badge>{' '}
                  <Badge tone={statusTone(tenant.data.status)}>{tenant.data.status}</Badge> · {tenant.data.seats_used}/
                  {tenant.data.seats_total} seats
                </p>
              </div>
            ) : (
              <Skeleton height={32} width={240} />
            )}
            <Button variant="secondary" size="sm" disabled={!tenant.data} onClick={() => setDetailsOpen(true)}>
              <Info size={16} aria-hidden />
              Tenant details
            </Button>
          </div>
          <UsersTable tenantId={tenantId} onOpen={(u) => setOpenUserId(u.id)} />
        </section>
      )}
      <TenantDrawer tenant={detailsOpen ? (tenant.data ?? null) : null} onClose={() => setDetailsOpen(false)} />
      <UserDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </>
  );
}
