import { Building2 } from 'lucide-react';
import { useSuperTenants } from '../../api/queries';
import type { SuperTenantFilters } from '../../api/queries';
import { Badge } from '../../components/Badge';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { HiddenColumnHeader } from '../../components/HiddenColumnHeader';
import { Skeleton } from '../../components/Skeleton';
import { statusTone, tenantsLoadError, tierTone } from './tenant-display';
import { ViewAsTenantButton } from './ViewAsTenantButton';

const COLUMNS = ['Name', 'Slug', 'Tier', 'Status', 'Seats'];

export function TenantTable({ filters }: { filters: SuperTenantFilters }) {
  const tenants = useSuperTenants(filters);

  if (tenants.isError) {
    return (
      <ErrorState
        message={tenantsLoadError(tenants.error)}
        onRetry={() => void tenants.refetch()}
        retrying={tenants.isFetching}
      />
    );
  }
  if (tenants.isSuccess && tenants.data.length === 0) {
    return <EmptyState icon={Building2} message="No tenants found." />;
  }

  return (
    <div className="table-wrap" aria-busy={tenants.isFetching}>
      <table className="table">
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
            <HiddenColumnHeader label="Actions" />
          </tr>
        </thead>
        <tbody>
          {tenants.isPending &&
            [0, 1, 2, 3].map((i) => (
              <tr key={i}>
                {[...COLUMNS, 'action'].map((c) => (
                  <td key={c}>
                    <Skeleton height={14} />
                  </td>
                ))}
              </tr>
            ))}
          {tenants.data?.map((t) => (
            <tr key={t.id}>
              <td className="cell-strong">{t.name}</td>
              <td className="cell-mono">{t.slug}</td>
              <td>
                <Badge tone={tierTone(t.tier)}>{t.tier}</Badge>
              </td>
              <td>
                <Badge tone={statusTone(t.status)}>{t.status}</Badge>
              </td>
              <td className="cell-numeric">
                {t.seats_used}/{t.seats_total}
              </td>
              <td className="cell-actions">
                <ViewAsTenantButton tenant={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
