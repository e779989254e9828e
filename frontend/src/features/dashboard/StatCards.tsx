import { ClipboardList, FileUp, UserCheck, Users } from 'lucide-react';
import { useAdminStats } from './api';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { StatCard, StatGrid } from '../../ui/Stat';

export function StatCards({ tenantId }: { tenantId: string }) {
  const stats = useAdminStats(tenantId);

  if (stats.isPending) {
    return (
      <StatGrid role="status" aria-label="Loading statistics">
        <Skeleton height={104} />
        <Skeleton height={104} />
        <Skeleton height={104} />
        <Skeleton height={104} />
      </StatGrid>
    );
  }
  if (stats.isError) {
    return (
      <ErrorState
        message="Failed to load statistics"
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  return (
    <StatGrid>
      <StatCard label="Total clients" value={stats.data.total_clients.toLocaleString()} icon={Users} />
      <StatCard label="Active clients" value={stats.data.active_clients.toLocaleString()} icon={UserCheck} />
      <StatCard label="Total forms" value={stats.data.forms_total.toLocaleString()} icon={ClipboardList} />
      <StatCard label="Files uploaded" value={stats.data.files_uploaded.toLocaleString()} icon={FileUp} />
    </StatGrid>
  );
}
