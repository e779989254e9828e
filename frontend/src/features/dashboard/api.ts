import { useQuery } from '@tanstack/react-query';
import type { Checklist, ChecklistItem } from '@portico/common';
import { client } from '../../lib/api/typed-client';

export type { Checklist, ChecklistItem };

export function useChecklist(tenantId: string | null) {
  return useQuery({
    queryKey: ['checklist', tenantId],
    queryFn: () => client.GET('/dashboard/checklist', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useAdminStats(tenantId: string | null) {
  return useQuery({
    queryKey: ['admin-stats', tenantId],
    queryFn: () => client.GET('/dashboard/admin-stats', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useRecentUsers(tenantId: string | null) {
  return useQuery({
    queryKey: ['recent-users', tenantId],
    queryFn: async () => (await client.GET('/users/recent', { tenantId })).users,
    enabled: tenantId !== null,
  });
}
