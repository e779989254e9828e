import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/api/typed-client';

export function useInvitation(token: string | null) {
  return useQuery({
    queryKey: ['invitation', token ?? ''],
    queryFn: async () =>
      (await client.GET('/public/invitations/{token}', { params: { path: { token: token ?? '' } }, tenantId: null }))
        .invitation,
    enabled: token !== null,
    staleTime: Infinity,
  });
}
