import {
  deliveryAnswer,
  deliveryListAnswer,
  GLOBAL_INTEGRATION_MESSAGES,
  TENANT_INTEGRATION_MESSAGES,
  tenantIntegrationAnswer,
  tenantIntegrationBody,
  tenantIntegrationsAnswer,
  tenantIntegrationsQuery,
  webhookDebuggerQuery,
  webhookReplayBody,
  globalIntegrationAnswer,
  globalIntegrationBody,
  globalIntegrationParams,
  globalIntegrationsAnswer,
  globalIntegrationTestAnswer,
} from '@portico/common';
import {
  findDeliveryAnywhere,
  listGlobalIntegrations,
  listTenantDeliveries,
  listTenantIntegrations,
  replayDelivery,
  saveGlobalIntegration,
  setTenantIntegration,
  testGlobalIntegration,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { platformActorOf, platformScopeOf } from '../http/request';
import { presentGlobalIntegration, presentGlobalIntegrations } from '../presenters/global-integrations';
import { presentDelivery } from '../presenters/webhooks';
import { pathId } from './schemas';

const tenantParams = z.object({ id: pathId(TENANT_INTEGRATION_MESSAGES.noSuchTenant, 'The workspace.') });

/**
 * The console's Integrations page (platform-console §2 Integrations, §7). The spec's
 * `/api/integrations/...` paths are the tenant's own Integrations calls (webhooks, API keys), so
 * the console's global integrations and webhook debugger live under `/api/super/integrations`;
 * `/api/tenants` was free and keeps the spec's path (docs/architecture.md).
 */
export const superIntegrationRoutes = defineRoutes(
  'platform',
  { name: 'Global integrations', description: 'The platform’s own credentials, stored encrypted and shown masked.' },
  (route) => [
    route({
      method: 'get',
      path: '/super/integrations',
      operationId: 'listGlobalIntegrations',
      summary: 'List the global integrations',
      description:
        'Each of the six, saved or not; a saved value only ever appears masked (`••••` and its last four characters).',
      responses: { 200: { description: 'Keyed by integration.', schema: globalIntegrationsAnswer } },
      handle: async ({ ctx }) => ({ integrations: presentGlobalIntegrations(await listGlobalIntegrations(ctx)) }),
    }),
    route({
      method: 'get',
      path: '/super/integrations/webhooks',
      operationId: 'listTenantWebhookDeliveries',
      summary: 'The webhook debugger: a workspace’s deliveries',
      description: 'Its newest 100 deliveries of every webhook, newest first (without attempt logs).',
      query: webhookDebuggerQuery,
      responses: { 200: { description: 'Newest first.', schema: deliveryListAnswer } },
      refusals: { 400: TENANT_INTEGRATION_MESSAGES.tenantId, 404: TENANT_INTEGRATION_MESSAGES.noSuchTenant },
      handle: async ({ ctx, query }) => ({
        deliveries: (await listTenantDeliveries(ctx, query.tenantId)).map((d) => presentDelivery(d)),
      }),
    }),
    route({
      method: 'post',
      path: '/super/integrations/webhooks/replay',
      operationId: 'replayTenantWebhookDelivery',
      summary: 'Replay a delivery from the webhook debugger',
      description:
        'Queues a new delivery of the same body and `webhook-id` through the usual delivery machinery. Audited `webhook.delivery_replayed`.',
      body: webhookReplayBody,
      responses: { 200: { description: 'The new delivery, pending.', schema: deliveryAnswer } },
      refusals: { 400: TENANT_INTEGRATION_MESSAGES.deliveryId, 404: TENANT_INTEGRATION_MESSAGES.noSuchDelivery },
      handle: async ({ ctx, req, body }) => {
        const { delivery: original, tenant } = await findDeliveryAnywhere(ctx, body.id);
        const scope = await platformScopeOf(ctx, req, tenant);
        const delivery = await replayDelivery(ctx, scope, { webhookId: original.webhook_id, deliveryId: original.id });
        return { delivery: presentDelivery(delivery) };
      },
    }),
    route({
      method: 'get',
      path: '/tenants',
      operationId: 'listTenantIntegrations',
      summary: 'List the workspaces with their integrations',
      description:
        'Every workspace by name; with `includeIntegrations=true` each carries which of slack, sendgrid, google, microsoft and webhooks the platform leaves on.',
      query: tenantIntegrationsQuery,
      responses: { 200: { description: 'By name.', schema: tenantIntegrationsAnswer } },
      handle: async ({ ctx, query }) => ({ tenants: await listTenantIntegrations(ctx, query.includeIntegrations) }),
    }),
    route({
      method: 'put',
      path: '/tenants/:id/integrations',
      operationId: 'setTenantIntegration',
      summary: 'Switch one integration of a workspace on or off',
      description:
        'Off really stops it: webhooks create no new deliveries, form submissions do not reach its Slack. Audited `tenant.integration_toggled`.',
      params: tenantParams,
      body: tenantIntegrationBody,
      responses: { 200: { description: 'The workspace with its integrations.', schema: tenantIntegrationAnswer } },
      refusals: {
        400: `${TENANT_INTEGRATION_MESSAGES.key} / ${TENANT_INTEGRATION_MESSAGES.enabled}`,
        404: TENANT_INTEGRATION_MESSAGES.noSuchTenant,
      },
      handle: async ({ ctx, req, params, body }) => ({
        tenant: await setTenantIntegration(ctx, platformActorOf(req), params.id, body),
      }),
    }),
    route({
      method: 'put',
      path: '/super/integrations/:key',
      operationId: 'saveGlobalIntegration',
      summary: 'Save a global integration’s value',
      description:
        'Encrypted with SECRETS_KEY before it is stored; a Slack webhook URL is checked by the outbound guard. Audited `integration.updated` (the key, never the value).',
      params: globalIntegrationParams,
      body: globalIntegrationBody,
      responses: { 200: { description: 'The integration, masked.', schema: globalIntegrationAnswer } },
      refusals: {
        400: `${GLOBAL_INTEGRATION_MESSAGES.valueRequired} / ${GLOBAL_INTEGRATION_MESSAGES.slackUrl}`,
        404: GLOBAL_INTEGRATION_MESSAGES.key,
      },
      handle: async ({ ctx, req, params, body }) => ({
        integration: presentGlobalIntegration(
          await saveGlobalIntegration(ctx, platformActorOf(req), params.key, body.value),
        ),
      }),
    }),
    route({
      method: 'post',
      path: '/super/integrations/:key/test',
      operationId: 'testGlobalIntegration',
      summary: 'Test a global integration',
      description:
        'Slack: posts a test message to the saved webhook. The others have no test yet and say so (`ok` false). Audited `integration.tested`.',
      params: globalIntegrationParams,
      bodyOptional: true,
      responses: { 200: { description: 'What happened.', schema: globalIntegrationTestAnswer } },
      refusals: { 400: GLOBAL_INTEGRATION_MESSAGES.notConfigured, 404: GLOBAL_INTEGRATION_MESSAGES.key },
      handle: async ({ ctx, req, params }) => testGlobalIntegration(ctx, platformActorOf(req), params.key),
    }),
  ],
);
