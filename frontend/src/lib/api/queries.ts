import { client } from './typed-client';
import { workspaceRead } from './workspace-hooks';

export const queryKeys = {
  tenantConfig: (tenantId: string | null) => ['tenant-config', tenantId] as const,
  tenantRoles: (tenantId: string | null) => ['tenant-roles', tenantId] as const,
};

export const useTenantConfig = workspaceRead(queryKeys.tenantConfig, (tenantId) =>
  client.GET('/tenant-config', { tenantId }),
);

export const useTenantRoles = workspaceRead(
  queryKeys.tenantRoles,
  async (tenantId) => (await client.GET('/tenant-roles', { tenantId })).roles,
);
