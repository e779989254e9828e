import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AudienceUser, Embed, EmbedUser } from '@portico/common';
import { api } from '../../lib/api/client';

/** Shapes and calls of the embeds area (docs/api.md, Embeds). */

export type { AudienceUser, Embed, EmbedUser };

export interface EmbedFilters {
  q: string;
  provider: string;
  status: '' | 'active' | 'inactive';
  audience: string;
}

export interface EmbedInput {
  title: string;
  provider: string;
  url: string;
  embed_type: 'role' | 'user';
  role: string | null;
  user_id: string | null;
  description: string | null;
  is_active: boolean;
}

export const embedKeys = {
  all: (tenantId: string | null) => ['embeds', tenantId] as const,
  list: (tenantId: string | null, filters: EmbedFilters) => ['embeds', tenantId, 'list', filters] as const,
  visible: (tenantId: string | null) => ['embeds', tenantId, 'visible'] as const,
  one: (tenantId: string | null, id: string) => ['embeds', tenantId, 'one', id] as const,
  audienceUsers: (tenantId: string | null) => ['embeds', tenantId, 'audience-users'] as const,
};

function listPath(filters: EmbedFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  const query = params.toString();
  return query ? `/api/embeds?${query}` : '/api/embeds';
}

/** Every embed of the workspace, for the manager. */
export function useEmbeds(tenantId: string | null, filters: EmbedFilters) {
  return useQuery({
    queryKey: embedKeys.list(tenantId, filters),
    queryFn: async () => (await api<{ embeds: Embed[] }>(listPath(filters), { tenantId })).embeds,
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The embeds the signed-in person may open (DECISIONS §3), for the sidebar. */
export function useVisibleEmbeds(tenantId: string | null) {
  return useQuery({
    queryKey: embedKeys.visible(tenantId),
    queryFn: async () => (await api<{ embeds: Embed[] }>('/api/embeds?visible=true', { tenantId })).embeds,
    enabled: tenantId !== null,
  });
}

export function useEmbed(tenantId: string | null, id: string) {
  return useQuery({
    queryKey: embedKeys.one(tenantId, id),
    queryFn: async () => (await api<{ embed: Embed }>(`/api/embeds?id=${encodeURIComponent(id)}`, { tenantId })).embed,
    enabled: tenantId !== null,
    retry: false,
  });
}

export function useAudienceUsers(tenantId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: embedKeys.audienceUsers(tenantId),
    queryFn: async () => (await api<{ users: AudienceUser[] }>('/api/embeds/audience-users', { tenantId })).users,
    enabled: tenantId !== null && enabled,
  });
}

function useInvalidateEmbeds(tenantId: string | null) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: embedKeys.all(tenantId) });
}

export function useCreateEmbed(tenantId: string | null) {
  const invalidate = useInvalidateEmbeds(tenantId);
  return useMutation({
    mutationFn: async (input: EmbedInput) =>
      (await api<{ embed: Embed }>('/api/embeds', { method: 'POST', body: input, tenantId })).embed,
    onSuccess: () => invalidate(),
  });
}

export function useUpdateEmbed(tenantId: string | null) {
  const invalidate = useInvalidateEmbeds(tenantId);
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<EmbedInput> }) =>
      (
        await api<{ embed: Embed }>(`/api/embeds?id=${encodeURIComponent(id)}`, {
          method: 'PATCH',
          body: patch,
          tenantId,
        })
      ).embed,
    onSettled: () => invalidate(),
  });
}

export function useDeleteEmbed(tenantId: string | null) {
  const invalidate = useInvalidateEmbeds(tenantId);
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/embeds?id=${encodeURIComponent(id)}`, { method: 'DELETE', tenantId }),
    onSettled: () => invalidate(),
  });
}

export function useReorderEmbeds(tenantId: string | null) {
  const invalidate = useInvalidateEmbeds(tenantId);
  return useMutation({
    mutationFn: async (ids: string[]) =>
      (await api<{ embeds: Embed[] }>('/api/embeds/reorder', { method: 'POST', body: { ids }, tenantId })).embeds,
    onSettled: () => invalidate(),
  });
}
