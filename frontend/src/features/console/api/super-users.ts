import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetSentAnswer, TenantUserRow, UserDetails, UserSession } from '@portico/common';
import { client } from '../../../lib/api/typed-client';

/* Super User Management's calls (platform-console §2 and §7): a tenant's people, one person, their sessions, a reset link. */

export type { PasswordResetSentAnswer, TenantUserRow, UserDetails, UserSession };

export const superUserKeys = {
  tenantUsers: (tenantId: string) => ['super-tenant-users', tenantId] as const,
  user: (id: string) => ['super-user', id] as const,
};

/** GET /api/super/users?query=: the people Impersonate can choose from. */
export const useUserSearch = (query: string) =>
  useQuery({
    queryKey: ['console', 'user-search', query],
    queryFn: () => client.GET('/super/users', { params: { query: { query } }, tenantId: null }),
    enabled: query.trim() !== '',
    staleTime: 10_000,
  });

/** GET /api/super/tenant-users?id=: members, then open invitations. */
export function useSuperTenantUsers(tenantId: string | null) {
  return useQuery({
    queryKey: superUserKeys.tenantUsers(tenantId ?? ''),
    queryFn: async () =>
      (await client.GET('/super/tenant-users', { params: { query: { id: tenantId! } }, tenantId: null })).items,
    enabled: tenantId !== null,
  });
}

/** GET /api/super/users/{id}: memberships everywhere and live sessions. */
export function useSuperUser(id: string | null) {
  return useQuery({
    queryKey: superUserKeys.user(id ?? ''),
    queryFn: async () =>
      (await client.GET('/super/users/{id}', { params: { path: { id: id! } }, tenantId: null })).user,
    enabled: id !== null,
  });
}

/** DELETE /api/super/users/{id}/sessions/{sessionId}; the person is read again. */
export function useRevokeSession(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      client.DELETE('/super/users/{id}/sessions/{sessionId}', {
        params: { path: { id: userId, sessionId } },
        body: {},
        tenantId: null,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: superUserKeys.user(userId) }),
  });
}

/** POST /api/super/users/{id}/password-reset. */
export function useSendPasswordReset(userId: string) {
  return useMutation({
    mutationFn: () =>
      client.POST('/super/users/{id}/password-reset', { params: { path: { id: userId } }, tenantId: null }),
  });
}
