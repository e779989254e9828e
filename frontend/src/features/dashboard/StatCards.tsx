import { ClipboardList, FileUp, UserCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useAdminStats } from './api';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';

function StatCard({ label, value, icon: Icon }: { label: string; value: number; icon: LucideIcon }) {
  return (
    <div className="card stat-card">
      <div className="stat-label">
        <Icon size={16} aria-hidden />
        {label}
      </div>
      <p className="stat-value">{value.toLocaleString()}</p>
    </div>
  );
}

export function StatCards({ tenantId }: { tenantId: string }) {
  const stats = useAdminStats(tenantId);

  if (stats.isPending) {
    return (
      <div className="stat-grid" role="status" aria-label="Loading statistics">
        <Skeleton height={104} />
        <Skeleton height={104} />
        <Skeleton height={104} />
        <Skeleton height={104} />
      </div>
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
    <div className="stat-grid">
      <StatCard label="Total clients" value={stats.data.total_clients} icon={Users} />
      <StatCard label="Active clients" value={stats.data.active_clients} icon={UserCheck} />
      <StatCard label="Total forms" value={stats.data.forms_total} icon={ClipboardList} />
      <StatCard label="Files uploaded" value={stats.data.files_uploaded} icon={FileUp} />
    </div>
  );
}
