import { API_KEY_NOT_FOUND, INTEGRATIONS_PLAN_MESSAGE, WEBHOOK_MESSAGES } from '@portico/core';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { idParams } from '../public/schemas';
import { createBody as apiKeyCreateBody } from '../routes/api-keys';
import { createBody as webhookCreateBody, patchBody as webhookPatchBody } from '../routes/webhooks';
import { answer, keysOf, listOf, noContent, objectOf, portalOperation, type Refusals } from './shared';

/* Integrations: outgoing webhooks and API keys (admins of a Pro or Advanced workspace). */

const WEBHOOK =
  'id, url, events, enabled, disabled_reason, consecutive_failures, created_at, updated_at, last_delivery';
const DELIVERY =
  'id, event_type, message_id, status, attempts, last_status_code, last_error, replay_of, created_at, completed_at, attempt_log';
const API_KEY = 'id, label, key_prefix, created_at, last_used_at';

const ADMINS_ON_PRO: Refusals = {
  '403': `Admins only. On the starter plan: \`${INTEGRATIONS_PLAN_MESSAGE}\` (\`plan_required\`).`,
};
const URL_REFUSALS = `The URL is missing, malformed, carries credentials, or points at a private address (\`private_address\`) or a host that does not resolve (\`dns\`).`;
const NO_WEBHOOK: Refusals = { '404': WEBHOOK_MESSAGES.notFound };

const deliveryParams = idParams.extend({ deliveryId: z.guid().meta({ description: 'The delivery to send again.' }) });

export const INTEGRATION_TAGS = [
  { name: 'Webhooks', description: 'Outgoing webhooks and their deliveries.' },
  { name: 'API keys', description: 'Keys for the public API.' },
];

export const integrationPaths: ZodOpenApiPathsObject = {
  '/integrations/webhooks': {
    get: portalOperation({
      operationId: 'listWebhooks',
      summary: 'List the webhooks',
      tag: 'Webhooks',
      access: 'workspace',
      success: { '200': answer('Oldest first.', keysOf({ webhooks: listOf(WEBHOOK) })) },
      refusals: ADMINS_ON_PRO,
    }),
    post: portalOperation({
      operationId: 'createWebhook',
      summary: 'Add a webhook',
      tag: 'Webhooks',
      access: 'workspace',
      body: webhookCreateBody,
      success: {
        '201': answer(
          'The webhook with its signing `secret`, shown this once.',
          keysOf({ webhook: objectOf(`${WEBHOOK}, secret`) }),
        ),
      },
      refusals: { '400': URL_REFUSALS, ...ADMINS_ON_PRO, '409': WEBHOOK_MESSAGES.tooMany },
    }),
  },
  '/integrations/webhooks/{id}': {
    patch: portalOperation({
      operationId: 'updateWebhook',
      summary: 'Change a webhook',
      description: 'Enabling it again clears `disabled_reason` and the failure count.',
      tag: 'Webhooks',
      access: 'workspace',
      path: idParams,
      body: webhookPatchBody,
      success: { '200': answer('The webhook.', keysOf({ webhook: objectOf(WEBHOOK) })) },
      refusals: { '400': `Nothing to change. ${URL_REFUSALS}`, ...ADMINS_ON_PRO, ...NO_WEBHOOK },
    }),
    delete: portalOperation({
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook and its deliveries',
      tag: 'Webhooks',
      access: 'workspace',
      path: idParams,
      success: { '204': noContent('Deleted.') },
      refusals: { ...ADMINS_ON_PRO, ...NO_WEBHOOK },
    }),
  },
  '/integrations/webhooks/{id}/test': {
    post: portalOperation({
      operationId: 'testWebhook',
      summary: 'Send a `ping`',
      tag: 'Webhooks',
      access: 'workspace',
      path: idParams,
      success: { '202': answer('The delivery, queued for the worker.', keysOf({ delivery: objectOf(DELIVERY) })) },
      refusals: { ...ADMINS_ON_PRO, ...NO_WEBHOOK },
    }),
  },
  '/integrations/webhooks/{id}/deliveries': {
    get: portalOperation({
      operationId: 'listWebhookDeliveries',
      summary: 'The newest 50 deliveries with their attempts',
      tag: 'Webhooks',
      access: 'workspace',
      path: idParams,
      success: { '200': answer('Newest first.', keysOf({ deliveries: listOf(DELIVERY) })) },
      refusals: { ...ADMINS_ON_PRO, ...NO_WEBHOOK },
    }),
  },
  '/integrations/webhooks/{id}/deliveries/{deliveryId}/replay': {
    post: portalOperation({
      operationId: 'replayWebhookDelivery',
      summary: 'Send a delivery again',
      description: 'A new delivery of the same body and `webhook-id`, sent also while the webhook is disabled.',
      tag: 'Webhooks',
      access: 'workspace',
      path: deliveryParams,
      success: { '202': answer('The new delivery, queued.', keysOf({ delivery: objectOf(DELIVERY) })) },
      refusals: { ...ADMINS_ON_PRO, '404': `${WEBHOOK_MESSAGES.notFound} Or: ${WEBHOOK_MESSAGES.deliveryNotFound}` },
    }),
  },
  '/integrations/api-keys': {
    get: portalOperation({
      operationId: 'listApiKeys',
      summary: 'List the API keys',
      tag: 'API keys',
      access: 'workspace',
      success: { '200': answer('Newest first, revoked keys left out.', keysOf({ keys: listOf(API_KEY) })) },
      refusals: ADMINS_ON_PRO,
    }),
    post: portalOperation({
      operationId: 'createApiKey',
      summary: 'Create an API key',
      tag: 'API keys',
      access: 'workspace',
      body: apiKeyCreateBody,
      success: {
        '201': answer('The key, with the secret `key` shown this once.', keysOf({ key: objectOf(`${API_KEY}, key`) })),
      },
      refusals: ADMINS_ON_PRO,
    }),
  },
  '/integrations/api-keys/{id}': {
    delete: portalOperation({
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description: 'It stops working at once, its download links too.',
      tag: 'API keys',
      access: 'workspace',
      path: idParams,
      success: { '204': noContent('Revoked.') },
      refusals: { ...ADMINS_ON_PRO, '404': API_KEY_NOT_FOUND },
    }),
  },
};
