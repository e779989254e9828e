import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnboardingEventRow, OnboardingState, OnboardingStartInput, TenantTier } from '@portico/common';
import type { BillingCycle } from '../billing';
import { api, auth } from '../../lib/api/client';
import { sendForm } from '../../lib/api/upload';

/* Owner signup and the onboarding wizard (platform-console §7 Signup and onboarding). */

export type { OnboardingEventRow, OnboardingState };
type Answer = { onboarding: OnboardingState };

export const onboardingKeys = {
  status: ['onboarding', 'status'] as const,
  events: (filters: Record<string, string>) => ['console', 'onboarding-events', filters] as const,
};

/** How often the wizard asks again while the workspace is being made. */
export const PROVISION_POLL_MS = 1500;

/** The owner's onboarding, as the server decides it; read again every 1.5 s while provisioning. */
export function useOnboardingStatus() {
  return useQuery({
    queryKey: onboardingKeys.status,
    queryFn: async () => (await api<{ onboarding: OnboardingState | null }>('/api/onboarding-status')).onboarding,
    refetchInterval: (query) => (query.state.data?.step === 'provisioning' ? PROVISION_POLL_MS : false),
  });
}

export function startOnboarding(input: OnboardingStartInput) {
  return auth.startOnboarding<Answer>(input);
}

/** A step's post; its answer is the new status, then the status is read again (the server decides the step). */
function useStep<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) =>
      (await api<Answer>(path, { method: 'POST', body: body ?? {}, tenantId: null })).onboarding,
    onSuccess: async (onboarding) => {
      queryClient.setQueryData(onboardingKeys.status, onboarding);
      await queryClient.invalidateQueries({ queryKey: onboardingKeys.status });
    },
  });
}

export const usePlanStep = () => useStep<{ plan: string; adminSeats: number }>('/api/onboarding-plan');
export const useBrandingStep = () =>
  useStep<{ brandColor: string; logoUrl: string | null; subdomain: string; customDomain: string | null }>(
    '/api/onboarding-branding',
  );
export const useCapabilitiesStep = () =>
  useStep<{
    useEmbeds: boolean;
    useForms: boolean;
    useFiles: boolean;
    slackWebhook: string | null;
    emailFromName: string | null;
    emailFromAddress: string | null;
  }>('/api/onboarding-capabilities');
export const useProvision = () => useStep<undefined>('/api/onboarding-provision');

export async function checkSubdomain(subdomain: string) {
  return api<{ available: boolean; subdomain: string; reason: string | null }>('/api/onboarding-check-subdomain', {
    method: 'POST',
    body: { subdomain },
    tenantId: null,
  });
}

export function useLogoUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return (await sendForm<Answer>('/api/onboarding-logo', null, form)).onboarding;
    },
    onSuccess: (onboarding) => queryClient.setQueryData(onboardingKeys.status, onboarding),
  });
}

/** Stripe Checkout for the chosen paid plan: answers the page to send the browser to. */
export function useCheckout() {
  return useMutation({
    mutationFn: async ({ plan, cycle }: { plan: TenantTier; cycle: BillingCycle }) =>
      (
        await api<{ url: string }>('/api/checkout', {
          method: 'POST',
          body: { plan, cycle },
          tenantId: null,
        })
      ).url,
  });
}

export async function verifyCheckout(sessionId: string): Promise<OnboardingState> {
  return (await api<Answer>(`/api/checkout-verify?session_id=${encodeURIComponent(sessionId)}`, { tenantId: null }))
    .onboarding;
}

/** The console's list of onboarding events, newest first. */
export function useOnboardingEvents(filters: Record<string, string>) {
  return useQuery({
    queryKey: onboardingKeys.events(filters),
    queryFn: async () =>
      (
        await api<{ events: OnboardingEventRow[] }>(
          `/api/_debug/onboarding-events?${new URLSearchParams(filters).toString()}`,
          { tenantId: null },
        )
      ).events,
  });
}
