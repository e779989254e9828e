import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/api/typed-client';

/** The signed-in person's linked sign-in providers (docs/api.md, Sign-in providers). */

const identitiesKey = ['identities'] as const;

export const useIdentities = () =>
  useQuery({
    queryKey: identitiesKey,
    queryFn: async () => (await client.GET('/auth/identities', { tenantId: null })).identities,
  });

export const useUnlinkIdentity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.DELETE('/auth/identities/{id}', { params: { path: { id } }, tenantId: null }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: identitiesKey }),
  });
};
