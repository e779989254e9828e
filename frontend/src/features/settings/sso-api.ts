import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceSsoInput } from '@portico/common';
import { client } from '../../lib/api/typed-client';

const ssoKey = (tenantId: string) => ['workspace-sso', tenantId] as const;

/** Settings → Single sign-on: the workspace's provider (secret masked) and the callback address. */
export function useWorkspaceSso(tenantId: string, enabled: boolean) {
  return useQuery({
    queryKey: ssoKey(tenantId),
    queryFn: () => client.GET('/workspace/sso', { tenantId }),
    enabled,
  });
}

export function useSaveWorkspaceSso(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<WorkspaceSsoInput> & Pick<WorkspaceSsoInput, 'issuer' | 'client_id'>) =>
      client.PUT('/workspace/sso', { body, tenantId }),
    onSuccess: (saved) => queryClient.setQueryData(ssoKey(tenantId), saved),
  });
}

export function useRemoveWorkspaceSso(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.DELETE('/workspace/sso', { tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKey(tenantId) }),
  });
}
