import {
  GLOBAL_INTEGRATION_MESSAGES,
  globalIntegrationAnswer,
  globalIntegrationBody,
  globalIntegrationParams,
  globalIntegrationsAnswer,
  globalIntegrationTestAnswer,
} from '@portico/common';
import { listGlobalIntegrations, saveGlobalIntegration, testGlobalIntegration } from '@portico/core';
import { defineRoutes } from '../http/route';
import { presentGlobalIntegration, presentGlobalIntegrations } from '../presenters/global-integrations';
import { platformActorOf } from '../http/request';

/**
 * The console's global integrations (platform-console §2 Integrations, §7). The spec's
 * `/api/integrations/...` paths are the tenant's own Integrations calls (webhooks, API keys), so
 * the console's live under `/api/super/integrations` (docs/architecture.md).
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
      description: 'Each of the six, saved or not; a saved value only ever appears masked (`••••` and its last four characters).',
      responses: { 200: { description: 'Keyed by integration.', schema: globalIntegrationsAnswer } },
      handle: async () => ({ integrations: presentGlobalIntegrations(await listGlobalIntegrations()) }),
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
