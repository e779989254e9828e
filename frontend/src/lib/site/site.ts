import { useQuery } from '@tanstack/react-query';
import type { SiteAnswer } from '@portico/common';
import { request } from '../api/http';

export type Site = SiteAnswer['site'];

/** Super Settings' brand section changes it: saving that section refreshes this key. */
export const SITE_KEY = ['site'] as const;

/** What this host is: a workspace's own address (its brand on the sign-in page) or the platform's. */
export function useSite() {
  return useQuery({
    queryKey: SITE_KEY,
    queryFn: async () => (await request<SiteAnswer>('/api/public/site')).site,
    staleTime: Infinity,
  });
}
