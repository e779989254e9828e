import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetSentAnswer, TenantUserRow, UserDetails, UserSession } from '@portico/common';
import { client } from '../../../lib/api/typed-client';
import { selectedRead } from './selected-read';

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
export const useSuperTenantUsers = selectedRead(
  superUserKeys.tenantUsers,
  async (id) => (await client.GET('/super/tenant-users', { params: { query: { id } }, tenantId: null })).items,
);

/** GET /api/super/users/{id}: memberships everywhere and live sessions. */
export const useSuperUser = selectedRead(
  superUserKeys.user,
  async (id) => (await client.GET('/super/users/{id}', { params: { path: { id } }, tenantId: null })).user,
);

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
