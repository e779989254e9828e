import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingSummaryAnswer, CheckoutBody, DomainsAnswer, Plan } from '@portico/common';
import { client } from '../../lib/api/typed-client';
import type { BillingCycle } from './plans';
import { request } from '../../lib/api/http';
import { queryKeys } from '../../lib/api/queries';
import { workspaceRead } from '../../lib/api/workspace-hooks';

/** Shapes and calls of Billing and Settings → Domains (tenant-portal §2 and §7). */

export type { BillingSummaryAnswer, CheckoutBody, DomainsAnswer, Plan };

export const billingKeys = {
  summary: (tenantId: string | null) => ['billing', tenantId] as const,
  plans: ['plans'] as const,
  domains: (tenantId: string | null) => ['domains', tenantId] as const,
};

export const useBillingSummary = workspaceRead(billingKeys.summary, (tenantId) =>
  client.GET('/billing/summary', { tenantId }),
);

export function usePlans() {
  return useQuery({
    queryKey: billingKeys.plans,
    queryFn: async () => (await request<{ plans: Plan[] }>('/api/public/plans')).plans,
    staleTime: Infinity,
  });
}

/** Checkout and the portal answer a Stripe page to send the browser to. */
export function useCheckout(tenantId: string | null) {
  return useMutation({
    mutationFn: async (body: CheckoutBody) => (await client.POST('/billing/checkout', { body, tenantId })).url,
  });
}

/** Cancel at period end, or resume: both answer the summary as it is now, which replaces the cached one. */
export function useCancelOrResume(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') => client.POST(`/billing/${action}`, { tenantId }),
    onSuccess: (summary) => queryClient.setQueryData(billingKeys.summary(tenantId), summary),
  });
}

/** Moves the plan (and its seats) to the other cycle at Stripe; the answer is the summary after it. */
export function useSwitchCycle(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cycle: BillingCycle) => client.POST('/billing/cycle', { body: { cycle }, tenantId }),
    onSuccess: (summary) => queryClient.setQueryData(billingKeys.summary(tenantId), summary),
  });
}

export function useBillingPortal(tenantId: string | null) {
  return useMutation({
    mutationFn: async () => (await client.GET('/billing/portal', { tenantId })).url,
  });
}

export function useDomains(tenantId: string | null) {
  return useQuery({
    queryKey: billingKeys.domains(tenantId),
    queryFn: () => client.GET('/domains', { tenantId }),
    enabled: tenantId !== null,
    // A verified domain waits for its certificate: ask again until none is pending.
    refetchInterval: (query) =>
      query.state.data?.domains.some((d) => d.verified_at && d.ssl_status === 'pending') ? 5000 : false,
  });
}

function useDomainMutation<T>(tenantId: string | null, call: (domain: string) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: billingKeys.domains(tenantId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.tenantConfig(tenantId) });
    },
  });
}

export function useAddDomain(tenantId: string | null) {
  return useDomainMutation(tenantId, (domain) => client.POST('/domains', { body: { domain }, tenantId }));
}

export function useVerifyDomain(tenantId: string | null) {
  return useDomainMutation(tenantId, (domain) => client.POST('/domains-verify', { body: { domain }, tenantId }));
}

export function useRemoveDomain(tenantId: string | null) {
  return useDomainMutation(tenantId, (domain) =>
    client.DELETE('/domains', { params: { query: { domain } }, tenantId }),
  );
}
