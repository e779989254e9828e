import { Search } from 'lucide-react';
import { TENANT_STATUSES, TENANT_TIERS } from '@portico/common';
import type { SuperTenantFilters } from './api/tenants';

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
  const set = (key: keyof SuperTenantFilters) => (e: { target: { value: string } }) =>
    onChange({ ...filters, [key]: e.target.value });
  return (
    <div className="filters" role="search">
      <div className="search-input">
        <Search size={16} aria-hidden />
        <input
          className="input"
          type="search"
          aria-label="Search tenants"
          placeholder="Search by name, slug or domain"
          value={filters.q}
          onChange={set('q')}
        />
      </div>
      <select className="input select" aria-label="Filter by tier" value={filters.tier} onChange={set('tier')}>
        <option value="">All tiers</option>
        {TENANT_TIERS.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <select className="input select" aria-label="Filter by status" value={filters.status} onChange={set('status')}>
        <option value="">All statuses</option>
        {TENANT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      {withDomainFilter && (
        <select
          className="input select"
          aria-label="Filter by custom domain"
          value={filters.has_domain ?? ''}
          onChange={set('has_domain')}
        >
          <option value="">Any domain</option>
          <option value="true">Has a custom domain</option>
          <option value="false">No custom domain</option>
        </select>
      )}
    </div>
  );
}
