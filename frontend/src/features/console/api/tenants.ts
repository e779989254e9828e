import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenantSummary, WorkspaceSettings, WorkspaceSettingsChanges } from '@portico/common';
import type { paths } from '../../../lib/api/schema';
import { client } from '../../../lib/api/typed-client';
import { sendForm } from '../../../lib/api/upload';
import { useInvalidate } from '../../../lib/api/workspace-hooks';
import { selectedRead } from './selected-read';

/* The Tenants and Domains page's calls (issue 14): one tenant, its lifecycle, its domains and brand. */

export const tenantKeys = {
  /** Every tenant list of the console (the table, Quick Tenant Access, the pickers). */
  lists: ['super-tenants'] as const,
  one: (id: string) => ['super-tenant', id] as const,
  domains: (id: string) => ['super-tenant', id, 'domains'] as const,
  branding: (id: string) => ['super-tenant', id, 'branding'] as const,
};

export interface SuperTenantFilters {
  q: string;
  tier: string;
  status: string;
  /** 'true', 'false' or '' (either). */
  has_domain?: string;
}

type SuperTenantsQuery = NonNullable<paths['/super/tenants']['get']['parameters']['query']>;

/** Blank filters left out; the pickers offer only the tiers, statuses and answers the document lists. */
function superTenantsQuery(filters: SuperTenantFilters): SuperTenantsQuery {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value?.trim()) query[key] = value.trim();
  return query as SuperTenantsQuery;
}

export function useSuperTenants(filters: SuperTenantFilters) {
  return useQuery({
    queryKey: [...tenantKeys.lists, filters],
    queryFn: async () =>
      (await client.GET('/super/tenants', { params: { query: superTenantsQuery(filters) }, tenantId: null })).items,
    placeholderData: (previous) => previous,
  });
}

export const useSuperTenant = selectedRead(
  tenantKeys.one,
  async (id) => (await client.GET('/super/tenants/{id}', { params: { path: { id } }, tenantId: null })).tenant,
);

/** After any change: the lists and this tenant are read again. */
function useRefreshTenant() {
  const invalidate = useInvalidate();
  return (id: string) => void invalidate(tenantKeys.lists, tenantKeys.one(id));
}

export interface TenantChanges {
  tier?: TenantSummary['tier'];
  seats_total?: number;
  status?: TenantSummary['status'];
  reason?: string;
}

/** PATCH /api/super/tenants/{id}: plan, seats, suspension (with its reason) or reactivation. */
export function useUpdateTenant() {
  const refresh = useRefreshTenant();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TenantChanges }) =>
      client.PATCH('/super/tenants/{id}', { params: { path: { id } }, body: changes, tenantId: null }),
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

/** The operator's dunning actions (issue 28): more grace days, or asking a free workspace to subscribe from a date. */
export type BillingAction =
  | { kind: 'grace'; days: number; reason: string }
  | { kind: 'ask'; starts_at: string; reason: string }
  | { kind: 'withdraw'; reason: string };

export function useTenantBillingAction() {
  const refresh = useRefreshTenant();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BillingAction }) => {
      const params = { path: { id } };
      switch (action.kind) {
        case 'grace':
          return client.POST('/super/tenants/{id}/grace', {
            params,
            body: { days: action.days, reason: action.reason },
            tenantId: null,
          });
        case 'ask':
          return client.POST('/super/tenants/{id}/ask-to-subscribe', {
            params,
            body: { starts_at: action.starts_at, reason: action.reason },
            tenantId: null,
          });
        case 'withdraw':
          return client.DELETE('/super/tenants/{id}/ask-to-subscribe', {
            params,
            body: { reason: action.reason },
            tenantId: null,
          });
      }
    },
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slug, reason }: { id: string; slug: string; reason: string }) =>
      client.DELETE('/super/tenants/{id}', { params: { path: { id } }, body: { slug, reason }, tenantId: null }),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: tenantKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
    },
  });
}

export const useTenantDomains = selectedRead(tenantKeys.domains, (id) =>
  client.GET('/super/tenants/{id}/domains', { params: { path: { id } }, tenantId: null }),
);

/** Adds, verifies or removes a custom domain of the tenant, as its admin would. */
export function useTenantDomainAction(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTenant();
  const settle = () => {
    void queryClient.invalidateQueries({ queryKey: tenantKeys.domains(id) });
    refresh(id);
  };
  return {
    add: useMutation({
      mutationFn: (domain: string) =>
        client.POST('/super/tenants/{id}/domains', { params: { path: { id } }, body: { domain }, tenantId: null }),
      onSuccess: settle,
    }),
    verify: useMutation({
      mutationFn: (domain: string) =>
        client.POST('/super/tenants/{id}/domains/verify', {
          params: { path: { id } },
          body: { domain },
          tenantId: null,
        }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (domain: string) =>
        client.DELETE('/super/tenants/{id}/domains', { params: { path: { id }, query: { domain } }, tenantId: null }),
      onSuccess: settle,
    }),
  };
}

export const useTenantBranding = selectedRead(tenantKeys.branding, (id) =>
  client.GET('/super/tenants/{id}/branding', { params: { path: { id } }, tenantId: null }),
);

export function useUpdateTenantBranding(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Pick<WorkspaceSettingsChanges, 'primary_color' | 'secondary_color'>) =>
      client.PATCH('/super/tenants/{id}/branding', { params: { path: { id } }, body: changes, tenantId: null }),
    onSuccess: (settings) => queryClient.setQueryData(tenantKeys.branding(id), settings),
  });
}

export function useUploadTenantLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return sendForm<WorkspaceSettings>(`/api/super/tenants/${encodeURIComponent(id)}/branding/logo`, id, form);
    },
    onSuccess: (settings) => queryClient.setQueryData(tenantKeys.branding(id), settings),
  });
}
