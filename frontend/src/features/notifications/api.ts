import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannerRow } from '@portico/common';
import { client } from '../../lib/api/typed-client';

/** Windows open with a push, but close without one: banners are read again this often too. */
const BANNER_POLL_MS = 5 * 60_000;

/* The announcements a person sees as banners (platform-console §7 Notifications); the console writes them. */

export const bannerKeys = {
  /** Every banner query, whatever the workspace: the `announcement` event refreshes them all. */
  all: ['banners'] as const,
  of: (tenantId: string | null) => ['banners', tenantId] as const,
};

/** The banners to show now; `tenantId` null outside a workspace (the console, no membership). */
export function useActiveBanners(tenantId: string | null) {
  return useQuery({
    queryKey: bannerKeys.of(tenantId),
    queryFn: async () => (await client.GET('/notifications/active', { tenantId })).banners,
    refetchInterval: BANNER_POLL_MS,
  });
}

/** Hides the banner at once; the server keeps it hidden for this person. */
export function useDismissBanner(tenantId: string | null) {
  const queryClient = useQueryClient();
  const key = bannerKeys.of(tenantId);
  return useMutation({
    mutationFn: (id: string) => client.POST('/notifications/{id}/dismiss', { params: { path: { id } } }),
    onMutate: (id) => {
      queryClient.setQueryData<BannerRow[]>(key, (banners) => banners?.filter((b) => b.id !== id));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
