import type { OnboardingEventRow, OnboardingState as OnboardingStateWire } from '@portico/common';
import {
  capabilitiesOf,
  checkoutRequired,
  onboardingStep,
  workspaceLoginUrl,
  type OnboardingEvent,
  type OnboardingState,
  type ServiceContext,
} from '@portico/core';

/** An owner's onboarding as the wizard reads it: the step the server decided, what each step saved. */
export function presentOnboarding(ctx: ServiceContext, state: OnboardingState): OnboardingStateWire {
  const capabilities = capabilitiesOf(state);
  const ready = state.status === 'ready';
  return {
    step: onboardingStep(ctx, state),
    ready,
    companyName: state.company_name,
    plan: state.plan,
    adminSeats: state.admin_seats,
    paid: state.paid,
    checkoutRequired: checkoutRequired(ctx, state),
    branding: {
      subdomain: state.subdomain,
      brandColor: state.brand_color,
      logoUrl: state.logo_url,
      customDomain: state.custom_domain,
    },
    capabilities: {
      ...capabilities,
      slackWebhook: state.slack_webhook_last4 ? `••••${state.slack_webhook_last4}` : null,
    },
    status: state.status,
    error: state.error,
    tenantId: state.tenant_id,
    loginUrl: ready && state.subdomain ? workspaceLoginUrl(ctx, state.subdomain) : null,
  };
}

export function presentOnboardingEvent({
  event,
  email,
}: {
  event: OnboardingEvent;
  email: string | null;
}): OnboardingEventRow {
  return {
    id: event.id,
    user_id: event.user_id,
    user_email: email,
    action: event.action,
    invite_id: event.invite_id,
    tenant_id: event.tenant_id,
    error: event.error,
    context: event.context,
    timestamp: event.created_at.toISOString(),
  };
}
