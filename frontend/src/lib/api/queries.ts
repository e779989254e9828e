import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import type { TenantConfig, TenantRolesAnswer } from './types';

export const queryKeys = {
  tenantConfig: (tenantId: string | null) => ['tenant-config', tenantId] as const,
  tenantRoles: (tenantId: string | null) => ['tenant-roles', tenantId] as const,
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
