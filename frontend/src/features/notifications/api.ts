import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertRuleBody, AlertRuleRow, AnnounceBody, AnnouncementRow, BannerRow } from '@portico/common';
import { api } from '../../lib/api/client';
import { CONSOLE_POLL_MS, consoleKeys } from '../console/api/console';

/** Windows open with a push, but close without one: banners are read again this often too. */
const BANNER_POLL_MS = 5 * 60_000;

/* Notifications (platform-console §7 Notifications): announcements, banners and alert rules. */

export const notificationKeys = {
  history: ['console', 'notifications', 'history'] as const,
  rules: ['console', 'notifications', 'rules'] as const,
  /** Every banner query, whatever the workspace: the `announcement` event refreshes them all. */
  banners: ['banners'] as const,
  bannersOf: (tenantId: string | null) => ['banners', tenantId] as const,
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
      void queryClient.invalidateQueries({ queryKey: notificationKeys.banners });
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

/** The banners to show now; `tenantId` null outside a workspace (the console, no membership). */
export function useActiveBanners(tenantId: string | null) {
  return useQuery({
    queryKey: notificationKeys.bannersOf(tenantId),
    queryFn: async () => (await api<{ banners: BannerRow[] }>('/api/notifications/active', { tenantId })).banners,
    refetchInterval: BANNER_POLL_MS,
  });
}

/** Hides the banner at once; the server keeps it hidden for this person. */
export function useDismissBanner(tenantId: string | null) {
  const queryClient = useQueryClient();
  const key = notificationKeys.bannersOf(tenantId);
  return useMutation({
    mutationFn: (id: string) => api<{ dismissed: true }>(`/api/notifications/${id}/dismiss`, { method: 'POST' }),
    onMutate: (id) => {
      queryClient.setQueryData<BannerRow[]>(key, (banners) => banners?.filter((b) => b.id !== id));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
