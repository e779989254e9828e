import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, type ApiBody } from '../../../lib/api/typed-client';
import { useInvalidate } from '../../../lib/api/workspace-hooks';
import { bannerKeys } from '../../notifications';
import { CONSOLE_POLL_MS, consoleKeys } from './console';

/* Notifications (platform-console §7 Notifications): announcements and alert rules; the banners they make are features/notifications'. */

export const notificationKeys = {
  history: ['console', 'notifications', 'history'] as const,
  rules: ['console', 'notifications', 'rules'] as const,
};

export function useAnnouncementHistory() {
  return useQuery({
    queryKey: notificationKeys.history,
    queryFn: async () => (await client.GET('/notifications/history')).history,
    // Statuses move from scheduled to active to ended with the clock.
    refetchInterval: CONSOLE_POLL_MS,
  });
}

export function useAnnounce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'post', '/notifications/announce'>) => client.POST('/notifications/announce', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.history });
      void queryClient.invalidateQueries({ queryKey: bannerKeys.all });
    },
  });
}

export function useAlertRules() {
  return useQuery({
    queryKey: notificationKeys.rules,
    queryFn: async () => (await client.GET('/notifications/rules')).rules,
    // The scheduler evaluates the rules every minute.
    refetchInterval: CONSOLE_POLL_MS,
  });
}

/** A rule's change also changes Active Alerts. */
function useRefreshRules() {
  const invalidate = useInvalidate();
  return () => void invalidate(notificationKeys.rules, consoleKeys.overview);
}

export function useCreateAlertRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (body: ApiBody<'post', '/notifications/rules'>) => client.POST('/notifications/rules', { body }),
    onSuccess: refresh,
  });
}

export function useSetAlertRuleEnabled() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      client.PATCH('/notifications/rules/{id}', { params: { path: { id } }, body: { enabled } }),
    onSettled: refresh,
  });
}

export function useDeleteAlertRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (id: string) => client.DELETE('/notifications/rules/{id}', { params: { path: { id } } }),
    onSettled: refresh,
  });
}
