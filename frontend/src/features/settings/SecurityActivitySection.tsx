import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { client, type ApiAnswer } from '../../lib/api/typed-client';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { formatDateTime } from '../../ui/format';
import { errorMessage } from '../../lib/api/http';
import { SettingsSection } from '../../ui/SettingsSection';
import styles from './SecurityActivitySection.module.css';

const DESCRIPTION =
  'When platform support signs in as one of your people (impersonation), it is listed here: who, as whom, when and why. Each session ends after 60 minutes at most.';

function ActivityItem({ row }: { row: ApiAnswer<'get', '/security-activity'>['activity'][number] }) {
  const started = row.action === 'impersonation.started';
  return (
    <li className={styles.row}>
      <div className={styles.head}>
        <Badge tone={started ? 'orange' : 'gray'}>{started ? 'Impersonation started' : 'Impersonation stopped'}</Badge>
        <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
      </div>
      <p>
        <strong>{row.actor_email ?? 'A platform admin'}</strong> {started ? 'signed in as' : 'stopped acting as'}{' '}
        <strong>{row.user_email ?? 'a former member'}</strong>
      </p>
      {row.reason && <p className={styles.reason}>Reason: {row.reason}</p>}
    </li>
  );
}

/** Admin Settings → Security activity: the platform's impersonations of this workspace's people. */
export function SecurityActivitySection({ tenantId }: { tenantId: string }) {
  const activity = useQuery({
    queryKey: ['security-activity', tenantId],
    queryFn: () => client.GET('/security-activity', { tenantId }),
  });
  return (
    <SettingsSection title="Security activity" description={DESCRIPTION} wide>
      {activity.isPending ? (
        <div role="status" aria-label="Loading security activity" className={styles.list}>
          <Skeleton height={48} />
          <Skeleton height={48} />
        </div>
      ) : activity.isError ? (
        <ErrorState
          message={errorMessage(activity.error, 'Failed to load the security activity.')}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : activity.data.activity.length === 0 ? (
        <EmptyState icon={ShieldCheck} message="No one from platform support has signed in as your people." />
      ) : (
        <ul className={styles.list}>
          {activity.data.activity.map((row) => (
            <ActivityItem key={row.id} row={row} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
