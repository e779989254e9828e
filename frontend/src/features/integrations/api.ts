import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../lib/api/typed-client';
import { useInvalidate, workspaceRead, workspaceWrite } from '../../lib/api/workspace-hooks';
import { request } from '../../lib/api/http';

/** Shapes and calls of the Integrations area (docs/api.md, Integrations). */

import type { Webhook, WebhookInput } from '@portico/common';

export type {
  ApiKey,
  CreatedApiKey,
  CreatedWebhook,
  Delivery,
  DeliveryAttempt,
  DeliveryStatus,
  Webhook,
  WebhookEvents,
  WebhookInput,
} from '@portico/common';

/** How often a deliveries list is asked again while one of its deliveries is still pending. */
export const DELIVERY_POLL_MS = 2000;

export const OPENAPI_PATH = '/api/openapi.json';

export const integrationKeys = {
  all: (tenantId: string | null) => ['integrations', tenantId] as const,
  apiKeys: (tenantId: string | null) => ['integrations', tenantId, 'api-keys'] as const,
  webhooks: (tenantId: string | null) => ['integrations', tenantId, 'webhooks'] as const,
  platform: (tenantId: string | null) => ['integrations', tenantId, 'platform'] as const,
  slack: (tenantId: string | null) => ['integrations', tenantId, 'slack'] as const,
  deliveries: (tenantId: string | null, webhookId: string) =>
    ['integrations', tenantId, 'webhooks', webhookId, 'deliveries'] as const,
  openApi: ['openapi-document'] as const,
};

export const useApiKeys = workspaceRead(
  integrationKeys.apiKeys,
  async (tenantId) => (await client.GET('/integrations/api-keys', { tenantId })).keys,
);

function useInvalidateApiKeys(tenantId: string | null) {
  const invalidate = useInvalidate();
  return () => invalidate(integrationKeys.apiKeys(tenantId));
}

export const useCreateApiKey = workspaceWrite(
  useInvalidateApiKeys,
  async (tenantId, label: string) => (await client.POST('/integrations/api-keys', { body: { label }, tenantId })).key,
);

export const useRevokeApiKey = workspaceWrite(
  useInvalidateApiKeys,
  (tenantId, id: string) => client.DELETE('/integrations/api-keys/{id}', { params: { path: { id } }, tenantId }),
  'settled',
);

export function useWebhooks(tenantId: string | null) {
  return useQuery({
    queryKey: integrationKeys.webhooks(tenantId),
    queryFn: async () => (await client.GET('/integrations/webhooks', { tenantId })).webhooks,
    enabled: tenantId !== null,
    // A delivery in flight changes each row's "last delivery"; ask again until it has settled.
    refetchInterval: (query) =>
      query.state.data?.some((w) => w.last_delivery?.status === 'pending') ? DELIVERY_POLL_MS : false,
  });
}

function useInvalidateWebhooks(tenantId: string | null) {
  const queryClient = useQueryClient();
  // Exact: the deliveries lists below this key do not change with the webhook itself.
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks(tenantId), exact: true });
}

export const useCreateWebhook = workspaceWrite(
  useInvalidateWebhooks,
  async (tenantId, input: WebhookInput) =>
    (await client.POST('/integrations/webhooks', { body: input, tenantId })).webhook,
);

export function useUpdateWebhook(tenantId: string | null) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(tenantId);
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: Partial<WebhookInput> }) =>
      (await client.PATCH('/integrations/webhooks/{id}', { params: { path: { id } }, body: patch, tenantId })).webhook,
    // The saved row goes into the list at once, so a switch does not flick back while the list reloads.
    onSuccess: (saved) =>
      queryClient.setQueryData<Webhook[]>(integrationKeys.webhooks(tenantId), (list) =>
        list?.map((w) => (w.id === saved.id ? saved : w)),
      ),
    onSettled: () => invalidate(),
  });
}

export const useDeleteWebhook = workspaceWrite(
  useInvalidateWebhooks,
  (tenantId, id: string) => client.DELETE('/integrations/webhooks/{id}', { params: { path: { id } }, tenantId }),
  'settled',
);

/** Invalidates one webhook's deliveries and the list (whose rows show the last delivery). */
function useInvalidateDeliveries(tenantId: string | null) {
  const queryClient = useQueryClient();
  return (webhookId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(tenantId, webhookId) }),
      queryClient.invalidateQueries({ queryKey: integrationKeys.webhooks(tenantId), exact: true }),
    ]);
}

export function useTestWebhook(tenantId: string | null) {
  const invalidate = useInvalidateDeliveries(tenantId);
  return useMutation({
    mutationFn: async (id: string) =>
      (await client.POST('/integrations/webhooks/{id}/test', { params: { path: { id } }, tenantId })).delivery,
    onSuccess: (_delivery, id) => invalidate(id),
  });
}

export function useReplayDelivery(tenantId: string | null) {
  const invalidate = useInvalidateDeliveries(tenantId);
  return useMutation({
    mutationFn: async ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      (
        await client.POST('/integrations/webhooks/{id}/deliveries/{deliveryId}/replay', {
          params: { path: { id: webhookId, deliveryId } },
          tenantId,
        })
      ).delivery,
    onSuccess: (_delivery, { webhookId }) => invalidate(webhookId),
  });
}

/** The newest 50 deliveries of one webhook; asked again every 2 s while any is pending. */
export function useDeliveries(tenantId: string | null, webhookId: string, enabled: boolean) {
  return useQuery({
    queryKey: integrationKeys.deliveries(tenantId, webhookId),
    queryFn: async () =>
      (await client.GET('/integrations/webhooks/{id}/deliveries', { params: { path: { id: webhookId } }, tenantId }))
        .deliveries,
    enabled: tenantId !== null && enabled,
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? DELIVERY_POLL_MS : false),
  });
}

/** The public API's OpenAPI document; it needs no session, and does not change while the page is open. */
export function useOpenApiDocument() {
  return useQuery({
    queryKey: integrationKeys.openApi,
    queryFn: () => request<unknown>(OPENAPI_PATH),
    staleTime: Infinity,
  });
}

/** Which integrations the platform left on for the workspace (switched from the console). */
export const usePlatformSwitches = workspaceRead(
  integrationKeys.platform,
  async (tenantId) => (await client.GET('/integrations/platform', { tenantId })).integrations,
);

export const useTenantSlack = workspaceRead(
  integrationKeys.slack,
  async (tenantId) => (await client.GET('/integrations/slack', { tenantId })).slack,
);

export function useSaveTenantSlack(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => client.PUT('/integrations/slack', { body: { url }, tenantId }),
    onSuccess: ({ slack }) => queryClient.setQueryData(integrationKeys.slack(tenantId), slack),
  });
}
