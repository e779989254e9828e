import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareLinkBody } from '@portico/common';
import { client, type ApiSchema } from '../../lib/api/typed-client';
import { fileKeys } from './api';

/* A file's expiring share links (issue 33): the admin's list, making one, revoking one. */

export type ShareLink = ApiSchema<'ShareLink'>;

export const shareLinkKeys = {
  list: (tenantId: string, fileId: string) => [...fileKeys.all(tenantId), 'share-links', fileId] as const,
};

export function useShareLinks(tenantId: string, fileId: string | null) {
  return useQuery({
    queryKey: shareLinkKeys.list(tenantId, fileId ?? ''),
    queryFn: async () =>
      (await client.GET('/files/{id}/share-links', { params: { path: { id: fileId ?? '' } }, tenantId })).share_links,
    enabled: fileId !== null,
    // Downloads happen outside the portal: each opening of the dialog reads the counts afresh.
    staleTime: 0,
  });
}

export function useCreateShareLink(tenantId: string, fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareLinkBody) =>
      client.POST('/files/{id}/share-links', { params: { path: { id: fileId } }, body, tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
  });
}

export function useRevokeShareLink(tenantId: string, fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      client.DELETE('/files/{id}/share-links/{linkId}', { params: { path: { id: fileId, linkId } }, tenantId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileKeys.all(tenantId) }),
  });
}
