import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GlobalIntegrationKey, GlobalIntegrationRow, TenantIntegrationKey } from '@portico/common';
import { client } from '../../../lib/api/typed-client';
import { selectedRead } from './selected-read';

/* The console's Integrations page (platform-console §7 Integrations; docs/api.md "Global integrations"). */

export const globalIntegrationKeys = {
  globals: ['console', 'integrations', 'globals'] as const,
  tenants: ['console', 'integrations', 'tenants'] as const,
  deliveries: (tenantId: string) => ['console', 'integrations', 'deliveries', tenantId] as const,
};

export function useGlobalIntegrations() {
  return useQuery({
    queryKey: globalIntegrationKeys.globals,
    // The document writes the answer's record as a plain map; the API answers every one of the keys
    // (`globalIntegrationsAnswer`), which the page reads without checking each.
    queryFn: async () =>
      (await client.GET('/super/integrations')).integrations as Record<GlobalIntegrationKey, GlobalIntegrationRow>,
  });
}

export function useSaveGlobalIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: GlobalIntegrationKey; value: string }) =>
      client.PUT('/super/integrations/{key}', { params: { path: { key } }, body: { value } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.globals }),
  });
}

export function useTestGlobalIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: GlobalIntegrationKey) =>
      client.POST('/super/integrations/{key}/test', { params: { path: { key } } }),
    // A successful test is a use: its "last used" moves.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.globals }),
  });
}

export function useTenantIntegrations() {
  return useQuery({
    queryKey: globalIntegrationKeys.tenants,
    queryFn: async () => (await client.GET('/tenants', { params: { query: { includeIntegrations: 'true' } } })).tenants,
  });
}

export function useSetTenantIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, key, enabled }: { tenantId: string; key: TenantIntegrationKey; enabled: boolean }) =>
      client.PUT('/tenants/{id}/integrations', { params: { path: { id: tenantId } }, body: { key, enabled } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.tenants }),
  });
}

export const useTenantDeliveries = selectedRead(
  globalIntegrationKeys.deliveries,
  async (tenantId) =>
    (await client.GET('/super/integrations/webhooks', { params: { query: { tenantId } } })).deliveries,
);

export function useReplayTenantDelivery(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.POST('/super/integrations/webhooks/replay', { body: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.deliveries(tenantId ?? '') }),
  });
}
