import { useQuery } from '@tanstack/react-query';
import type { ImpersonationStartAnswer, SecurityActivityRow, UserChoice } from '@portico/common';
import { api } from '../api/client';

/* Impersonation's calls (platform-console §7): the console's user search and what a workspace's admins see of it. */

export type { ImpersonationStartAnswer, SecurityActivityRow, UserChoice };

export const useUserSearch = (query: string) =>
  useQuery({
    queryKey: ['console', 'user-search', query],
    queryFn: () =>
      api<{ users: UserChoice[] }>(`/api/super/users?query=${encodeURIComponent(query)}`, { tenantId: null }),
    enabled: query.trim() !== '',
    staleTime: 10_000,
  });

export const startImpersonationCall = (body: { targetUserId: string; reason: string }) =>
  api<ImpersonationStartAnswer>('/api/impersonate/start', { method: 'POST', body, tenantId: null });

export const stopImpersonationCall = () => api<void>('/api/impersonate/stop', { method: 'POST', tenantId: null });

export const useSecurityActivity = (tenantId: string) =>
  useQuery({
    queryKey: ['security-activity', tenantId],
    queryFn: () => api<{ activity: SecurityActivityRow[] }>('/api/security-activity', { tenantId }),
  });
