/** The super admin's scope and the active tenant (tenant-portal §3–§4). */

export type Scope = 'tenant' | 'super';

export interface ScopeInput {
  isSuperAdmin: boolean;
  addressTenantId: string | null;
  storedTenantId: string | null;
  membershipTenantIds: readonly string[];
}

export interface ScopeState {
  scope: Scope;
  activeTenantId: string | null;
}

export function resolveScope(input: ScopeInput): ScopeState {
  if (input.isSuperAdmin && !input.addressTenantId) return { scope: 'super', activeTenantId: null };
  const ids = input.membershipTenantIds;
  const wanted = input.addressTenantId ?? input.storedTenantId ?? ids[0] ?? null;
  // A super admin may view any tenant by address; everyone else only their own.
  if (wanted && (ids.includes(wanted) || (input.isSuperAdmin && wanted === input.addressTenantId))) {
    return { scope: 'tenant', activeTenantId: wanted };
  }
  return { scope: 'tenant', activeTenantId: ids[0] ?? null };
}

export function scopeStorageKeys(userId: string) {
  return { scope: `portico:${userId}:scope`, tenant: `portico:${userId}:activeTenantId` };
}
