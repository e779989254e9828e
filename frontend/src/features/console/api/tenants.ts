import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  addedDomainAnswer,
  DomainsAnswer,
  TenantSummary,
  verifiedDomainAnswer,
  WorkspaceSettings,
  WorkspaceSettingsChanges,
} from '@portico/common';
import type { z } from 'zod';
import { api } from '../../../lib/api/client';
import { sendForm } from '../../../lib/api/upload';
import type { SuperTenant } from '../../../lib/api/types';

/* The Tenants and Domains page's calls (issue 14): one tenant, its lifecycle, its domains and brand. */

const base = (id: string) => `/api/super/tenants/${encodeURIComponent(id)}`;

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

function superTenantsPath(filters: SuperTenantFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value?.trim()) params.set(key, value.trim());
  const query = params.toString();
  return query ? `/api/super/tenants?${query}` : '/api/super/tenants';
}

export function useSuperTenants(filters: SuperTenantFilters) {
  return useQuery({
    queryKey: [...tenantKeys.lists, filters],
    queryFn: async () => (await api<{ items: SuperTenant[] }>(superTenantsPath(filters), { tenantId: null })).items,
    placeholderData: (previous) => previous,
  });
}

export function useSuperTenant(id: string | null) {
  return useQuery({
    queryKey: tenantKeys.one(id ?? ''),
    queryFn: async () => (await api<{ tenant: TenantSummary }>(base(id!), { tenantId: null })).tenant,
    enabled: id !== null,
  });
}

/** After any change: the lists and this tenant are read again. */
function useRefreshTenant() {
  const queryClient = useQueryClient();
  return (id: string) => {
    void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
    void queryClient.invalidateQueries({ queryKey: tenantKeys.one(id) });
  };
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
      api<{ tenant: TenantSummary }>(base(id), { method: 'PATCH', body: changes, tenantId: null }),
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
      const { kind, ...body } = action;
      const path = kind === 'grace' ? `${base(id)}/grace` : `${base(id)}/ask-to-subscribe`;
      const method = kind === 'withdraw' ? 'DELETE' : 'POST';
      return api<{ tenant: TenantSummary }>(path, { method, body, tenantId: null });
    },
    onSuccess: (_answer, { id }) => refresh(id),
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slug, reason }: { id: string; slug: string; reason: string }) =>
      api<null>(base(id), { method: 'DELETE', body: { slug, reason }, tenantId: null }),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: tenantKeys.one(id) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.lists });
    },
  });
}

export function useTenantDomains(id: string) {
  return useQuery({
    queryKey: tenantKeys.domains(id),
    queryFn: () => api<DomainsAnswer>(`${base(id)}/domains`, { tenantId: null }),
  });
}

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
        api<z.infer<typeof addedDomainAnswer>>(`${base(id)}/domains`, {
          method: 'POST',
          body: { domain },
          tenantId: null,
        }),
      onSuccess: settle,
    }),
    verify: useMutation({
      mutationFn: (domain: string) =>
        api<z.infer<typeof verifiedDomainAnswer>>(`${base(id)}/domains/verify`, {
          method: 'POST',
          body: { domain },
          tenantId: null,
        }),
      onSuccess: settle,
    }),
    remove: useMutation({
      mutationFn: (domain: string) =>
        api<null>(`${base(id)}/domains?domain=${encodeURIComponent(domain)}`, { method: 'DELETE', tenantId: null }),
      onSuccess: settle,
    }),
  };
}

export function useTenantBranding(id: string) {
  return useQuery({
    queryKey: tenantKeys.branding(id),
    queryFn: () => api<WorkspaceSettings>(`${base(id)}/branding`, { tenantId: null }),
  });
}

export function useUpdateTenantBranding(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Pick<WorkspaceSettingsChanges, 'primary_color' | 'secondary_color'>) =>
      api<WorkspaceSettings>(`${base(id)}/branding`, { method: 'PATCH', body: changes, tenantId: null }),
    onSuccess: (settings) => queryClient.setQueryData(tenantKeys.branding(id), settings),
  });
}

export function useUploadTenantLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return sendForm<WorkspaceSettings>(`${base(id)}/branding/logo`, id, form);
    },
    onSuccess: (settings) => queryClient.setQueryData(tenantKeys.branding(id), settings),
  });
}
