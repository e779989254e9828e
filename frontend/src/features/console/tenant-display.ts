import type { SuperTenantFilters } from './api/tenants';
import type { BadgeTone } from '../../ui/Badge';
import { errorStatus } from '../../lib/api/http';

/** Tenant statuses, and the people's (active, suspended, pending) on User Management. */
const STATUS_TONES: Record<string, BadgeTone> = {
  active: 'green',
  suspended: 'red',
  trial: 'orange',
  pending: 'orange',
};
const TIER_TONES: Record<string, BadgeTone> = { starter: 'gray', pro: 'blue', advanced: 'purple' };

export const statusTone = (status: string): BadgeTone => STATUS_TONES[status] ?? 'gray';
export const tierTone = (tier: string): BadgeTone => TIER_TONES[tier] ?? 'gray';

/** platform-console §8: 'Failed to load tenants ({status})', or the fallback when the server was not reached. */
export function tenantsLoadError(error: unknown): string {
  const status = errorStatus(error);
  return status ? `Failed to load tenants (${status})` : 'Error loading tenants';
}

/** The tenant tables' search waits for a pause in typing. */
export const SEARCH_DEBOUNCE_MS = 300;
export const NO_FILTERS: SuperTenantFilters = { q: '', tier: '', status: '', has_domain: '' };
