import { Building2 } from 'lucide-react';
import { useSuperTenants } from './api/tenants';
import type { SuperTenantFilters } from './api/tenants';
import type { SuperTenant } from '../../lib/api/types';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorState } from '../../ui/ErrorState';
import { Skeleton } from '../../ui/Skeleton';
import { formatBytes } from '../../ui/format';
import { statusTone, tenantsLoadError, tierTone } from './tenant-display';
import { ViewAsTenantButton } from './ViewAsTenantButton';

const numeric = (
  header: string,
  figure: (tenant: SuperTenant) => number,
  shown: (tenant: SuperTenant) => string | number = figure,
): Column<SuperTenant> => ({ header, variant: 'numeric', cell: shown, sortValue: figure });

/** What a tenant holds, in the table's usage columns (the Tenants page). */
const USAGE_COLUMNS: Column<SuperTenant>[] = [
  numeric('Members', (t) => t.usage.members),
  numeric(
    'Storage',
    (t) => t.usage.storage_bytes,
    (t) => formatBytes(t.usage.storage_bytes),
  ),
  numeric('API calls', (t) => t.usage.api_calls),
  {
    ...numeric('Webhooks', (t) => t.usage.webhooks),
    title: (t) => `${t.usage.webhook_deliveries} deliveries in the last 30 days`,
  },
  numeric('Domains', (t) => t.usage.custom_domains),
  numeric('Messages', (t) => t.usage.messages),
];

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

  if (tenants.isError) {
    return (
      <ErrorState
        message={tenantsLoadError(tenants.error)}
        onRetry={() => void tenants.refetch()}
        retrying={tenants.isFetching}
      />
    );
  }
  if (tenants.isPending) return <Skeleton height={180} />;

  const columns: Column<SuperTenant>[] = [
    {
      header: 'Name',
      variant: 'strong',
      sortValue: (t) => t.name,
      cell: (t) =>
        onOpen ? (
          <Button variant="link" onClick={() => onOpen(t)}>
            {t.name}
          </Button>
        ) : (
          t.name
        ),
    },
    { header: 'Slug', variant: 'mono', cell: (t) => t.slug },
    { header: 'Tier', sortValue: (t) => t.tier, cell: (t) => <Badge tone={tierTone(t.tier)}>{t.tier}</Badge> },
    {
      header: 'Status',
      sortValue: (t) => t.status,
      cell: (t) => <Badge tone={statusTone(t.status)}>{t.status}</Badge>,
    },
    numeric(
      'Seats',
      (t) => t.seats_used,
      (t) => `${t.seats_used}/${t.seats_total}`,
    ),
    ...(withUsage ? USAGE_COLUMNS : []),
    { header: 'Actions', hideHeader: true, variant: 'actions', cell: (t) => <ViewAsTenantButton tenant={t} /> },
  ];

  return (
    <DataTable
      rows={tenants.data}
      columns={columns}
      rowKey={(t) => t.id}
      caption="Tenants"
      empty={{ icon: Building2, message: 'No tenants found.' }}
      pageSize={25}
    />
  );
}
