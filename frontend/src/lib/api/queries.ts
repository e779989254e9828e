import { useQuery } from '@tanstack/react-query';
import { client } from './typed-client';

export const queryKeys = {
  tenantConfig: (tenantId: string | null) => ['tenant-config', tenantId] as const,
  tenantRoles: (tenantId: string | null) => ['tenant-roles', tenantId] as const,
};

export function useTenantConfig(tenantId: string | null) {
  return useQuery({
    queryKey: queryKeys.tenantConfig(tenantId),
    queryFn: () => client.GET('/tenant-config', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useTenantRoles(tenantId: string | null) {
  return useQuery({
    queryKey: queryKeys.tenantRoles(tenantId),
    queryFn: async () => (await client.GET('/tenant-roles', { tenantId })).roles,
    enabled: tenantId !== null,
  });
}
