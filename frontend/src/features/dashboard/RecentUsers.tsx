import { Link } from 'react-router-dom';
import { UsersRound } from 'lucide-react';
import { useTenantRoles } from '../../lib/api/queries';
import { useRecentUsers } from './api';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { useScope } from '../../lib/scope/scope-context';
import { formatDate, personName } from '../../ui/format';
import { RoleBadge } from '../../ui/RoleBadge';
import { Card, CardHeader } from '../../ui/Card';
import avatar from '../../ui/Avatar.module.css';
import styles from './RecentUsers.module.css';

function ListSkeleton() {
  return (
    // The status role sits on a wrapper: on the list itself it would take away the list's role, leaving its items outside any list.
    <div role="status" aria-label="Loading users">
      <ul className={styles.list}>
        {[0, 1, 2].map((i) => (
          <li key={i} className={styles.row}>
            <Skeleton width={36} height={36} className={styles.avatarSkeleton} />
            <div className={styles.text}>
              <Skeleton width={160} height={14} />
              <Skeleton width={220} height={12} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function RecentUsers({ tenantId }: { tenantId: string }) {
  const users = useRecentUsers(tenantId);
  const roles = useTenantRoles(tenantId);
  const { tenantPath } = useScope();

  return (
    <Card aria-labelledby="recent-users-title">
      <CardHeader
        id="recent-users-title"
        title="Recent users"
        description={
          <>
            The newest members of this workspace. <Link to={tenantPath('/crm/users')}>View all users</Link>
          </>
        }
      />
      {users.isPending && <ListSkeleton />}
      {users.isError && (
        <ErrorState message="Failed to fetch users" onRetry={() => void users.refetch()} retrying={users.isFetching} />
      )}
      {users.isSuccess && users.data.length === 0 && (
        <EmptyState icon={UsersRound} message="No users found for this tenant." />
      )}
      {users.isSuccess && users.data.length > 0 && (
        <ul className={styles.list}>
          {users.data.map((u) => {
            const name = personName(u.first_name, u.last_name, u.email);
            return (
              <li key={u.id} className={styles.row}>
                <span className={avatar.avatar} aria-hidden>
                  {name.slice(0, 1).toUpperCase()}
                </span>
                <div className={styles.text}>
                  <p className={styles.name}>{name}</p>
                  <p className={styles.meta}>
                    {u.email} · Joined {formatDate(u.created_at)}
                  </p>
                </div>
                <RoleBadge roleKey={u.role} roles={roles.data} />
                {u.last_sign_in_at ? <Badge tone="green">Active</Badge> : <Badge tone="orange">Pending</Badge>}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
