import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlagKey, PlatformSettings, SettingsSection } from '@portico/common';
import { client } from '../../../lib/api/typed-client';
import { FLAGS_KEY } from '../../../lib/api/flags';
import { SITE_KEY } from '../../../lib/site/site';

/* Super Settings and switching the feature flags (platform-console §7 Notifications, settings, flags). */

const settingsKey = ['console', 'settings'] as const;

export const useSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await client.GET('/settings')).settings,
  });

/** Saves one section as its schema parsed it; the answer is every section. */
export function useSaveSettingsSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, values }: { section: SettingsSection; values: PlatformSettings[SettingsSection] }) =>
      client.PUT('/settings', { body: { [section]: values } }),
    onSuccess: (answer, { section }) => {
      queryClient.setQueryData(settingsKey, answer.settings);
      // The platform's name, logo and links are what the site answers: the console's title follows.
      if (section === 'brand') void queryClient.invalidateQueries({ queryKey: SITE_KEY });
    },
  });
}

export function useSetFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, enabled }: { key: FeatureFlagKey; enabled: boolean }) =>
      client.PUT('/flags/{key}', { params: { path: { key } }, body: { enabled } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: FLAGS_KEY }),
  });
}
