import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { AdminStats, Invitation, RecentUser, SuperTenant, TenantConfig, TenantRolesAnswer } from './types';

export const queryKeys = {
  tenantConfig: (tenantId: string | null) => ['tenant-config', tenantId] as const,
  tenantRoles: (tenantId: string | null) => ['tenant-roles', tenantId] as const,
  adminStats: (tenantId: string | null) => ['admin-stats', tenantId] as const,
  recentUsers: (tenantId: string | null) => ['recent-users', tenantId] as const,
  superTenants: (filters: SuperTenantFilters) => ['super-tenants', filters] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

export function useTenantConfig(tenantId: string | null) {
  return useQuery({
    queryKey: queryKeys.tenantConfig(tenantId),
    queryFn: () => api<TenantConfig>('/api/tenant-config', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useTenantRoles(tenantId: string | null) {
  return useQuery({
    queryKey: queryKeys.tenantRoles(tenantId),
    queryFn: async () => (await api<TenantRolesAnswer>('/api/tenant-roles', { tenantId })).roles,
    enabled: tenantId !== null,
  });
}

export function useAdminStats(tenantId: string | null) {
  return useQuery({
    queryKey: queryKeys.adminStats(tenantId),
    queryFn: () => api<AdminStats>('/api/dashboard/admin-stats', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useRecentUsers(tenantId: string | null) {
  return useQuery({
    queryKey: queryKeys.recentUsers(tenantId),
    queryFn: async () => (await api<{ users: RecentUser[] }>('/api/users/recent', { tenantId })).users,
    enabled: tenantId !== null,
  });
}

export interface SuperTenantFilters {
  q: string;
  tier: string;
  status: string;
  /** 'true', 'false' or '' (either). */
  has_domain?: string;
}

function superTenantsPath(filters: SuperTenantFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value?.trim()) params.set(key, value.trim());
  const query = params.toString();
  return query ? `/api/super/tenants?${query}` : '/api/super/tenants';
}

export function useSuperTenants(filters: SuperTenantFilters) {
  return useQuery({
    queryKey: queryKeys.superTenants(filters),
    queryFn: async () => (await api<{ items: SuperTenant[] }>(superTenantsPath(filters), { tenantId: null })).items,
    placeholderData: (previous) => previous,
  });
}

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: queryKeys.invitation(token ?? ''),
    queryFn: async () =>
      (
        await api<{ invitation: Invitation }>(`/api/public/invitations/${encodeURIComponent(token ?? '')}`, {
          tenantId: null,
        })
      ).invitation,
    enabled: token !== null,
    staleTime: Infinity,
  });
}
