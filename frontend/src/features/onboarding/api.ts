import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OnboardingEventRow, OnboardingState, OnboardingStartInput, TenantTier } from '@portico/common';
import type { BillingCycle } from '../billing';
import { auth } from '../../lib/api/client';
import type { paths } from '../../lib/api/schema';
import { client, type ApiBody } from '../../lib/api/typed-client';
import { sendForm } from '../../lib/api/upload';

/* Owner signup and the onboarding wizard (platform-console §7 Signup and onboarding). */

export type { OnboardingEventRow, OnboardingState };
type Answer = { onboarding: OnboardingState };

/** The console's filters of the onboarding events, as the document's query. */
export type OnboardingEventFilters = NonNullable<paths['/_debug/onboarding-events']['get']['parameters']['query']>;

export const onboardingKeys = {
  status: ['onboarding', 'status'] as const,
  events: (filters: OnboardingEventFilters) => ['console', 'onboarding-events', filters] as const,
};

/** How often the wizard asks again while the workspace is being made. */
export const PROVISION_POLL_MS = 1500;

/** The owner's onboarding, as the server decides it; read again every 1.5 s while provisioning. */
export function useOnboardingStatus() {
  return useQuery({
    queryKey: onboardingKeys.status,
    queryFn: async () => (await client.GET('/onboarding-status')).onboarding,
    refetchInterval: (query) => (query.state.data?.step === 'provisioning' ? PROVISION_POLL_MS : false),
  });
}

export function startOnboarding(input: OnboardingStartInput) {
  return auth.startOnboarding<Answer>(input);
}

/** A step's post; its answer is the new status, then the status is read again (the server decides the step). */
function useStep<B>(post: (body: B) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => (await post(body)).onboarding,
    onSuccess: async (onboarding) => {
      queryClient.setQueryData(onboardingKeys.status, onboarding);
      await queryClient.invalidateQueries({ queryKey: onboardingKeys.status });
    },
  });
}

export const usePlanStep = () =>
  useStep((body: ApiBody<'post', '/onboarding-plan'>) => client.POST('/onboarding-plan', { body, tenantId: null }));
export const useBrandingStep = () =>
  useStep((body: ApiBody<'post', '/onboarding-branding'>) =>
    client.POST('/onboarding-branding', { body, tenantId: null }),
  );
export const useCapabilitiesStep = () =>
  useStep((body: ApiBody<'post', '/onboarding-capabilities'>) =>
    client.POST('/onboarding-capabilities', { body, tenantId: null }),
  );
export const useProvision = () => useStep(() => client.POST('/onboarding-provision', { body: {}, tenantId: null }));

export async function checkSubdomain(subdomain: string) {
  return client.POST('/onboarding-check-subdomain', { body: { subdomain }, tenantId: null });
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
      (await client.POST('/checkout', { body: { plan, cycle }, tenantId: null })).url,
  });
}

export async function verifyCheckout(sessionId: string): Promise<OnboardingState> {
  return (await client.GET('/checkout-verify', { params: { query: { session_id: sessionId } }, tenantId: null }))
    .onboarding;
}

/** The console's list of onboarding events, newest first. */
export function useOnboardingEvents(filters: OnboardingEventFilters) {
  return useQuery({
    queryKey: onboardingKeys.events(filters),
    queryFn: async () =>
      (await client.GET('/_debug/onboarding-events', { params: { query: filters }, tenantId: null })).events,
  });
}
