import { useState } from 'react';
import { TENANT_STATUSES, TENANT_TIERS } from '@portico/common';
import type { SuperTenantFilters } from './api/tenants';
import { ListToolbar } from '../../ui/ListToolbar';
import { useDebouncedValue } from '../../ui/use-debounced-value';
import { asOptions, FilterSelect } from './panels/parts';
import { NO_FILTERS, SEARCH_DEBOUNCE_MS } from './tenant-display';

/** The filters beside the search; the custom-domain one only on the Tenants page. */
const FILTERS = [
  { key: 'tier', label: 'Filter by tier', all: 'All tiers', options: asOptions(TENANT_TIERS) },
  { key: 'status', label: 'Filter by status', all: 'All statuses', options: asOptions(TENANT_STATUSES) },
  {
    key: 'has_domain',
    label: 'Filter by custom domain',
    all: 'Any domain',
    options: [
      ['true', 'Has a custom domain'],
      ['false', 'No custom domain'],
    ],
  },
] as const satisfies ReadonlyArray<{ key: keyof SuperTenantFilters } & Record<string, unknown>>;

/** The filters as typed, and as the table asks for them: the search once typing pauses. */
export function useTenantFilters() {
  const [filters, setFilters] = useState<SuperTenantFilters>(NO_FILTERS);
  const q = useDebouncedValue(filters.q, SEARCH_DEBOUNCE_MS);
  return { filters, setFilters, asked: { ...filters, q } };
}

/** The tenant table's filters (platform-console §2): search, tier, status and, on the Tenants page, custom domain. */
export function TenantFilterBar({
  filters,
  onChange,
  withDomainFilter = false,
}: {
  filters: SuperTenantFilters;
  onChange: (filters: SuperTenantFilters) => void;
  withDomainFilter?: boolean;
}) {
  const set = (key: keyof SuperTenantFilters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <ListToolbar
      search={{
        label: 'Search tenants',
        placeholder: 'Search by name, slug or domain',
        value: filters.q,
        onChange: set('q'),
      }}
    >
      {FILTERS.filter((filter) => withDomainFilter || filter.key !== 'has_domain').map(({ key, ...filter }) => (
        <FilterSelect key={key} {...filter} value={filters[key] ?? ''} onChange={set(key)} />
      ))}
    </ListToolbar>
  );
}
