import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import type { Invitation } from '../../../lib/api/types';

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token ?? ''],
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
