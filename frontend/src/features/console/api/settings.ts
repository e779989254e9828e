import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlagKey, PlatformSettings, SettingsSection } from '@portico/common';
import { api } from '../../../lib/api/client';
import { billingKeys } from '../../billing/api';

/* Super Settings and the feature flags (platform-console §7 Notifications, settings, flags). */

export interface FlagRow {
  key: FeatureFlagKey;
  enabled: boolean;
  description: string;
}

const settingsKey = ['console', 'settings'] as const;
const flagsKey = ['flags'] as const;

export const useSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api<{ settings: PlatformSettings }>('/api/settings')).settings,
  });

/** Saves one section as typed (the API coerces numbers and splits lists); the answer is every section. */
export function useSaveSettingsSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, values }: { section: SettingsSection; values: Record<string, string | boolean> }) =>
      api<{ settings: PlatformSettings }>('/api/settings', { method: 'PUT', body: { [section]: values } }),
    onSuccess: (answer, { section }) => {
      queryClient.setQueryData(settingsKey, answer.settings);
      // The platform's name, logo and links are what the site answers: the console's title follows.
      if (section === 'brand') void queryClient.invalidateQueries({ queryKey: billingKeys.site });
    },
  });
}

/** The feature flags; any signed-in person reads them, so the portal hides what is off. */
export const useFlags = () =>
  useQuery({
    queryKey: flagsKey,
    queryFn: async () => (await api<{ flags: FlagRow[] }>('/api/flags')).flags,
    staleTime: 60_000,
  });

/** Whether a flag is on; while the flags load (or cannot be read) it counts as on, as the API decides anyway. */
export function useFlagOn(key: FeatureFlagKey): boolean {
  const flags = useFlags();
  return flags.data?.find((flag) => flag.key === key)?.enabled ?? true;
}

export function useSetFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, enabled }: { key: FeatureFlagKey; enabled: boolean }) =>
      api<{ flag: FlagRow }>(`/api/flags/${key}`, { method: 'PUT', body: { enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: flagsKey }),
  });
}
