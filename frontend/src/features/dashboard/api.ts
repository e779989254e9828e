import { useQuery } from '@tanstack/react-query';
import type { Checklist, ChecklistItem } from '@portico/common';
import { api } from '../../lib/api/client';
import type { AdminStats, RecentUser } from '../../lib/api/types';

export type { Checklist, ChecklistItem };

export function useChecklist(tenantId: string | null) {
  return useQuery({
    queryKey: ['checklist', tenantId],
    queryFn: () => api<Checklist>('/api/dashboard/checklist', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useAdminStats(tenantId: string | null) {
  return useQuery({
    queryKey: ['admin-stats', tenantId],
    queryFn: () => api<AdminStats>('/api/dashboard/admin-stats', { tenantId }),
    enabled: tenantId !== null,
  });
}

export function useRecentUsers(tenantId: string | null) {
  return useQuery({
    queryKey: ['recent-users', tenantId],
    queryFn: async () => (await api<{ users: RecentUser[] }>('/api/users/recent', { tenantId })).users,
    enabled: tenantId !== null,
  });
}
