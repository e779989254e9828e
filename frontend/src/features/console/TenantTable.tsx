import { Building2 } from 'lucide-react';
import { useSuperTenants } from './api/tenants';
import type { SuperTenantFilters } from './api/tenants';
import type { SuperTenant } from '../../lib/api/types';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { HiddenColumnHeader } from '../../ui/HiddenColumnHeader';
import { Skeleton } from '../../ui/Skeleton';
import { formatBytes } from '../../ui/format';
import { statusTone, tenantsLoadError, tierTone } from './tenant-display';
import { ViewAsTenantButton } from './ViewAsTenantButton';

const COLUMNS = ['Name', 'Slug', 'Tier', 'Status', 'Seats'];
const USAGE_COLUMNS = ['Members', 'Storage', 'API calls', 'Webhooks', 'Domains'];

/** What a tenant holds, in the table's usage columns (the Tenants page). */
function UsageCells({ tenant }: { tenant: SuperTenant }) {
  const { usage } = tenant;
  return (
    <>
      <td className="cell-numeric">{usage.members}</td>
      <td className="cell-numeric">{formatBytes(usage.storage_bytes)}</td>
      <td className="cell-numeric">{usage.api_calls}</td>
      <td className="cell-numeric" title={`${usage.webhook_deliveries} deliveries in the last 30 days`}>
        {usage.webhooks}
      </td>
      <td className="cell-numeric">{usage.custom_domains}</td>
    </>
  );
}

/**
 * Every tenant matching the filters. With `onOpen` each name opens the tenant (its drawer on the
 * Tenants page, its people on User Management); `withUsage` adds the usage columns.
 */
export function TenantTable({
  filters,
  onOpen,
  withUsage = false,
}: {
  filters: SuperTenantFilters;
  onOpen?: (tenant: SuperTenant) => void;
  withUsage?: boolean;
}) {
  const tenants = useSuperTenants(filters);
  const columns = withUsage ? [...COLUMNS, ...USAGE_COLUMNS] : COLUMNS;

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
            {columns.map((c) => (
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
                {[...columns, 'action'].map((c) => (
                  <td key={c}>
                    <Skeleton height={14} />
                  </td>
                ))}
              </tr>
            ))}
          {tenants.data?.map((t) => (
            <tr key={t.id}>
              <td className="cell-strong">
                {onOpen ? (
                  <button type="button" className="link-button" onClick={() => onOpen(t)}>
                    {t.name}
                  </button>
                ) : (
                  t.name
                )}
              </td>
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
              {withUsage && <UsageCells tenant={t} />}
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
