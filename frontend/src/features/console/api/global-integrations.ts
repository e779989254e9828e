import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Delivery,
  GlobalIntegrationKey,
  GlobalIntegrationRow,
  GlobalIntegrationTest,
  TenantIntegrationKey,
  TenantIntegrationRow,
} from '@portico/common';

import { api } from '../../../lib/api/client';

/* The console's Integrations page (platform-console §7 Integrations; docs/api.md "Global integrations"). */

export const globalIntegrationKeys = {
  globals: ['console', 'integrations', 'globals'] as const,
  tenants: ['console', 'integrations', 'tenants'] as const,
  deliveries: (tenantId: string) => ['console', 'integrations', 'deliveries', tenantId] as const,
};

export function useGlobalIntegrations() {
  return useQuery({
    queryKey: globalIntegrationKeys.globals,
    queryFn: async () =>
      (await api<{ integrations: Record<GlobalIntegrationKey, GlobalIntegrationRow> }>('/api/super/integrations'))
        .integrations,
  });
}

export function useSaveGlobalIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: GlobalIntegrationKey; value: string }) =>
      api<{ integration: GlobalIntegrationRow }>(`/api/super/integrations/${key}`, { method: 'PUT', body: { value } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.globals }),
  });
}

export function useTestGlobalIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: GlobalIntegrationKey) =>
      api<GlobalIntegrationTest>(`/api/super/integrations/${key}/test`, { method: 'POST' }),
    // A successful test is a use: its "last used" moves.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.globals }),
  });
}

export function useTenantIntegrations() {
  return useQuery({
    queryKey: globalIntegrationKeys.tenants,
    queryFn: async () =>
      (await api<{ tenants: TenantIntegrationRow[] }>('/api/tenants?includeIntegrations=true')).tenants,
  });
}

export function useSetTenantIntegration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tenantId, key, enabled }: { tenantId: string; key: TenantIntegrationKey; enabled: boolean }) =>
      api<{ tenant: TenantIntegrationRow }>(`/api/tenants/${tenantId}/integrations`, {
        method: 'PUT',
        body: { key, enabled },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.tenants }),
  });
}

export function useTenantDeliveries(tenantId: string | null) {
  return useQuery({
    queryKey: globalIntegrationKeys.deliveries(tenantId ?? ''),
    queryFn: async () =>
      (await api<{ deliveries: Delivery[] }>(`/api/super/integrations/webhooks?tenantId=${tenantId}`)).deliveries,
    enabled: tenantId !== null,
  });
}

export function useReplayTenantDelivery(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ delivery: Delivery }>('/api/super/integrations/webhooks/replay', { method: 'POST', body: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: globalIntegrationKeys.deliveries(tenantId ?? '') }),
  });
}
