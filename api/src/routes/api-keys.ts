import { apiKeyCreateBody, apiKeyListAnswer, createdApiKeyAnswer } from '@portico/common';
import { API_KEY_NOT_FOUND, createApiKey, INTEGRATIONS_PLAN_MESSAGE, listApiKeys, revokeApiKey } from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { authorizeIntegrations } from '../policies';
import { presentApiKey } from '../presenters/api-keys';
import { pathId } from './schemas';

/** What every integrations route refuses (webhooks and API keys alike). */
export const INTEGRATIONS_ADMINS = `Admins only. On the starter plan: \`${INTEGRATIONS_PLAN_MESSAGE}\` (\`plan_required\`).`;

/** Integrations → API Access (tenant-portal §2, §7; docs/api.md "API keys"). */
export const apiKeyRoutes = defineRoutes(
  'workspace',
  { name: 'API keys', description: 'Keys for the public API.' },
  (route) => [
    route({
      method: 'get',
      path: '/integrations/api-keys',
      operationId: 'listApiKeys',
      summary: 'List the API keys',
      responses: { 200: { description: 'Newest first, revoked keys left out.', schema: apiKeyListAnswer } },
      refusals: { 403: INTEGRATIONS_ADMINS },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope }) => {
        return { keys: (await listApiKeys(ctx, scope)).map(presentApiKey) };
      },
    }),
    route({
      method: 'post',
      path: '/integrations/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key',
      body: apiKeyCreateBody,
      responses: {
        201: { description: 'The key, with the secret `key` shown this once.', schema: createdApiKeyAnswer },
      },
      refusals: { 403: INTEGRATIONS_ADMINS },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, body }) => {
        const { apiKey, key } = await createApiKey(ctx, scope, body);
        return { key: { ...presentApiKey(apiKey), key } };
      },
    }),
    route({
      method: 'delete',
      path: '/integrations/api-keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key',
      description: 'It stops working at once, its download links too.',
      params: z.object({ id: pathId(API_KEY_NOT_FOUND, 'The key to revoke.') }),
      responses: { 204: { description: 'Revoked.' } },
      refusals: { 403: INTEGRATIONS_ADMINS, 404: API_KEY_NOT_FOUND },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, params }) => {
        await revokeApiKey(ctx, scope, params);
      },
    }),
  ],
);
