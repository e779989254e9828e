import { useQuery } from '@tanstack/react-query';
import type { FeatureFlagKey } from '@portico/common';
import { client } from './typed-client';

/* The platform's feature flags (platform-console §7), read by every shell; the console switches them. */

export const FLAGS_KEY = ['flags'] as const;

/** The feature flags; any signed-in person reads them, so the portal hides what is off. */
export const useFlags = () =>
  useQuery({
    queryKey: FLAGS_KEY,
    queryFn: async () => (await client.GET('/flags')).flags,
    staleTime: 60_000,
  });

/** Whether a flag is on; while the flags load (or cannot be read) it counts as on, as the API decides anyway. */
export function useFlagOn(key: FeatureFlagKey): boolean {
  const flags = useFlags();
  return flags.data?.find((flag) => flag.key === key)?.enabled ?? true;
}
