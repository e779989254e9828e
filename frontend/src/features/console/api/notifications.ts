import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertRuleBody, AlertRuleRow, AnnounceBody, AnnouncementRow } from '@portico/common';
import { api } from '../../../lib/api/client';
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
    queryFn: async () => (await api<{ history: AnnouncementRow[] }>('/api/notifications/history')).history,
    // Statuses move from scheduled to active to ended with the clock.
    refetchInterval: CONSOLE_POLL_MS,
  });
}

export function useAnnounce() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnounceBody) =>
      api<{ announcement: AnnouncementRow; emailed: number }>('/api/notifications/announce', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.history });
      void queryClient.invalidateQueries({ queryKey: bannerKeys.all });
    },
  });
}

export function useAlertRules() {
  return useQuery({
    queryKey: notificationKeys.rules,
    queryFn: async () => (await api<{ rules: AlertRuleRow[] }>('/api/notifications/rules')).rules,
    // The scheduler evaluates the rules every minute.
    refetchInterval: CONSOLE_POLL_MS,
  });
}

/** A rule's change also changes Active Alerts. */
function useRefreshRules() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: notificationKeys.rules });
    void queryClient.invalidateQueries({ queryKey: consoleKeys.overview });
  };
}

export function useCreateAlertRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (body: AlertRuleBody) =>
      api<{ rule: AlertRuleRow }>('/api/notifications/rules', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSetAlertRuleEnabled() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api<{ rule: AlertRuleRow }>(`/api/notifications/rules/${id}`, { method: 'PATCH', body: { enabled } }),
    onSettled: refresh,
  });
}

export function useDeleteAlertRule() {
  const refresh = useRefreshRules();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/notifications/rules/${id}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
