import { graceExtension, subscriptionRequest, subscriptionRequestWithdrawal, tenantSummaryRow } from '@portico/common';
import { askToSubscribe, extendGrace, withdrawAskToSubscribe } from '@portico/core';
import { z } from 'zod';
import { platformActorOf } from '../http/request';
import { defineRoutes } from '../http/route';
import { NO_SUCH_TENANT, summaryOf, tenantParams } from './super';

const tenantAnswer = {
  200: {
    description: 'The workspace as it is now, its billing state among it.',
    schema: z.object({ tenant: tenantSummaryRow }),
  },
};

/** The operator's dunning actions (issue 28): more days before a past-due workspace turns read-only, and asking a free one to subscribe. */
export const superBillingRoutes = defineRoutes(
  'platform',
  { name: 'Platform', description: 'The super admin’s console.' },
  (route) => [
    route({
      method: 'post',
      path: '/super/tenants/:id/grace',
      operationId: 'extendTenantGrace',
      summary: 'Extend a past-due workspace’s grace period',
      description:
        'Adds `days` to the grace period (counted from now when it has already ended, which lifts the read-only state at once). Audited as `billing.grace_extended` with the reason.',
      params: tenantParams,
      body: graceExtension,
      responses: tenantAnswer,
      refusals: { 404: NO_SUCH_TENANT, 409: 'The workspace has no failed payment (`no_grace_period`).' },
      handle: async ({ ctx, req, params, body }) =>
        summaryOf(ctx, await extendGrace(ctx, platformActorOf(req), params.id, body)),
    }),
    route({
      method: 'post',
      path: '/super/tenants/:id/ask-to-subscribe',
      operationId: 'askTenantToSubscribe',
      summary: 'Ask a workspace without a plan subscription to subscribe from a date',
      description:
        'From `starts_at` (tomorrow at the earliest) the workspace is read-only until an admin chooses a plan; its admins are emailed now and a week before. Sending it again moves the date. Audited as `billing.subscription_requested` with the reason.',
      params: tenantParams,
      body: subscriptionRequest,
      responses: tenantAnswer,
      refusals: {
        400: 'The date is before tomorrow (`starts_too_soon`).',
        404: NO_SUCH_TENANT,
        409: 'Stripe is not configured (`billing_not_configured`), billing is bypassed (`billing_bypassed`), or the workspace already pays for a plan (`already_subscribed`).',
      },
      handle: async ({ ctx, req, params, body }) =>
        summaryOf(ctx, await askToSubscribe(ctx, platformActorOf(req), params.id, body)),
    }),
    route({
      method: 'delete',
      path: '/super/tenants/:id/ask-to-subscribe',
      operationId: 'withdrawTenantSubscriptionRequest',
      summary: 'Withdraw the date billing starts',
      description: 'The workspace stays free (and writable). Audited as `billing.subscription_request_withdrawn`.',
      params: tenantParams,
      body: subscriptionRequestWithdrawal,
      responses: tenantAnswer,
      refusals: { 404: NO_SUCH_TENANT, 409: 'The workspace was not asked to subscribe (`not_asked_to_subscribe`).' },
      handle: async ({ ctx, req, params, body }) =>
        summaryOf(ctx, await withdrawAskToSubscribe(ctx, platformActorOf(req), params.id, body)),
    }),
  ],
);
