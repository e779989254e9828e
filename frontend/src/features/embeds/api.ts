import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AudienceUser, Embed, EmbedUser } from '@portico/common';
import { client, type ApiAnswer } from '../../lib/api/typed-client';
import { useInvalidate, workspaceWrite } from '../../lib/api/workspace-hooks';

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

/** GET /api/embeds answers `{embed}` when asked for one `id`, `{embeds}` otherwise: the document declares both. */
type EmbedsAnswer = ApiAnswer<'get', '/embeds'>;
type ListAnswer = Extract<EmbedsAnswer, { embeds: unknown }>;
type OneAnswer = Extract<EmbedsAnswer, { embed: unknown }>;

function listQuery(filters: EmbedFilters) {
  return {
    q: filters.q.trim() || undefined,
    provider: filters.provider.trim() || undefined,
    status: filters.status || undefined,
    audience: filters.audience.trim() || undefined,
  };
}

/** Every embed of the workspace, for the manager. */
export function useEmbeds(tenantId: string | null, filters: EmbedFilters) {
  return useQuery({
    queryKey: embedKeys.list(tenantId, filters),
    queryFn: async () =>
      ((await client.GET('/embeds', { params: { query: listQuery(filters) }, tenantId })) as ListAnswer).embeds,
    enabled: tenantId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The embeds the signed-in person may open (DECISIONS §3), for the sidebar. */
export function useVisibleEmbeds(tenantId: string | null) {
  return useQuery({
    queryKey: embedKeys.visible(tenantId),
    queryFn: async () =>
      ((await client.GET('/embeds', { params: { query: { visible: 'true' } }, tenantId })) as ListAnswer).embeds,
    enabled: tenantId !== null,
  });
}

export function useEmbed(tenantId: string | null, id: string) {
  return useQuery({
    queryKey: embedKeys.one(tenantId, id),
    queryFn: async () => ((await client.GET('/embeds', { params: { query: { id } }, tenantId })) as OneAnswer).embed,
    enabled: tenantId !== null,
    retry: false,
  });
}

export function useAudienceUsers(tenantId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: embedKeys.audienceUsers(tenantId),
    queryFn: async () => (await client.GET('/embeds/audience-users', { tenantId })).users,
    enabled: tenantId !== null && enabled,
  });
}

function useInvalidateEmbeds(tenantId: string | null) {
  const invalidate = useInvalidate();
  return () => invalidate(embedKeys.all(tenantId));
}

export const useCreateEmbed = workspaceWrite(
  useInvalidateEmbeds,
  async (tenantId, input: EmbedInput) => (await client.POST('/embeds', { body: input, tenantId })).embed,
);

export const useUpdateEmbed = workspaceWrite(
  useInvalidateEmbeds,
  async (tenantId, { id, patch }: { id: string; patch: Partial<EmbedInput> }) =>
    (await client.PATCH('/embeds', { params: { query: { id } }, body: patch, tenantId })).embed,
  'settled',
);

export const useDeleteEmbed = workspaceWrite(
  useInvalidateEmbeds,
  (tenantId, id: string) => client.DELETE('/embeds', { params: { query: { id } }, tenantId }),
  'settled',
);

export const useReorderEmbeds = workspaceWrite(
  useInvalidateEmbeds,
  async (tenantId, ids: string[]) => (await client.POST('/embeds/reorder', { body: { ids }, tenantId })).embeds,
  'settled',
);
