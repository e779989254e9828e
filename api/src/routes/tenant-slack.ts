import { platformSwitchesAnswer, TENANT_SLACK_MESSAGES, tenantSlackAnswer, tenantSlackBody } from '@portico/common';
import { getTenantSlack, platformSwitchesOf, saveTenantSlack } from '@portico/core';
import { defineRoutes } from '../http/route';
import { authorizeIntegrations } from '../policies';
import { INTEGRATIONS_ADMINS } from './api-keys';

/**
 * Integrations → Slack: the workspace's own incoming webhook, where form submissions are posted
 * (DECISIONS §4), and which integrations the platform left on for the workspace.
 */
export const tenantSlackRoutes = defineRoutes(
  'workspace',
  { name: 'Slack', description: 'The workspace’s Slack incoming webhook.' },
  (route) => [
    route({
      method: 'get',
      path: '/integrations/platform',
      operationId: 'getPlatformSwitches',
      summary: 'Which integrations the platform leaves on for the workspace',
      description:
        'One switched off (from the platform console) does nothing for this workspace: webhooks create no deliveries, Slack gets no posts.',
      responses: { 200: { description: 'Each integration, on or off.', schema: platformSwitchesAnswer } },
      refusals: { 403: INTEGRATIONS_ADMINS },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope }) => ({ integrations: await platformSwitchesOf(ctx, scope) }),
    }),
    route({
      method: 'get',
      path: '/integrations/slack',
      operationId: 'getTenantSlack',
      summary: 'Read the workspace’s Slack webhook (masked)',
      responses: {
        200: {
          description: 'Masked; `platformEnabled` false when the platform turned Slack off.',
          schema: tenantSlackAnswer,
        },
      },
      refusals: { 403: INTEGRATIONS_ADMINS },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope }) => ({ slack: await getTenantSlack(ctx, scope) }),
    }),
    route({
      method: 'put',
      path: '/integrations/slack',
      operationId: 'saveTenantSlack',
      summary: 'Save the workspace’s Slack webhook',
      description:
        'An https URL the outbound guard accepts, stored encrypted. Each form submission is then posted there by the worker (retried), unless the platform turned Slack off. Audited `integration.slack_updated`.',
      body: tenantSlackBody,
      responses: { 200: { description: 'Masked.', schema: tenantSlackAnswer } },
      refusals: { 400: TENANT_SLACK_MESSAGES.url, 403: INTEGRATIONS_ADMINS },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, body }) => ({ slack: await saveTenantSlack(ctx, scope, body.url) }),
    }),
  ],
);
