import {
  createdWebhookAnswer,
  deliveryAnswer,
  deliveryListAnswer,
  WEBHOOK_MESSAGES,
  webhookAnswer,
  webhookCreateBody,
  webhookListAnswer,
  webhookPatchBody,
} from '@portico/common';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  queueTestDelivery,
  replayDelivery,
  updateWebhook,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { authorizeIntegrations } from '../policies';
import { presentDelivery, presentWebhook } from '../presenters/webhooks';
import { INTEGRATIONS_ADMINS } from './api-keys';
import { pathId } from './schemas';

const URL_REFUSALS =
  'The URL is missing, malformed, carries credentials, or points at a private address (`private_address`) or a host that does not resolve (`dns`).';

const webhookParams = z.object({ id: pathId(WEBHOOK_MESSAGES.notFound, 'The webhook.') });
const deliveryParams = webhookParams.extend({
  deliveryId: pathId(WEBHOOK_MESSAGES.deliveryNotFound, 'The delivery to send again.'),
});

/** Integrations → Webhooks (tenant-portal §2, §7; docs/api.md "Webhooks"). */
export const webhookRoutes = defineRoutes(
  'workspace',
  { name: 'Webhooks', description: 'Outgoing webhooks and their deliveries.' },
  (route) => [
    route({
      method: 'get',
      path: '/integrations/webhooks',
      operationId: 'listWebhooks',
      summary: 'List the webhooks',
      responses: { 200: { description: 'Oldest first.', schema: webhookListAnswer } },
      refusals: { 403: INTEGRATIONS_ADMINS },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope }) => {
        const listings = await listWebhooks(ctx, scope);
        return { webhooks: listings.map(({ webhook, lastDelivery }) => presentWebhook(webhook, lastDelivery)) };
      },
    }),
    route({
      method: 'post',
      path: '/integrations/webhooks',
      operationId: 'createWebhook',
      summary: 'Add a webhook',
      body: webhookCreateBody,
      responses: {
        201: { description: 'The webhook with its signing `secret`, shown this once.', schema: createdWebhookAnswer },
      },
      refusals: { 400: URL_REFUSALS, 403: INTEGRATIONS_ADMINS, 409: WEBHOOK_MESSAGES.tooMany },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, body }) => {
        const { webhook, secret } = await createWebhook(ctx, scope, body);
        return { webhook: { ...presentWebhook(webhook), secret } };
      },
    }),
    route({
      method: 'patch',
      path: '/integrations/webhooks/:id',
      operationId: 'updateWebhook',
      summary: 'Change a webhook',
      description: 'Enabling it again clears `disabled_reason` and the failure count.',
      params: webhookParams,
      body: webhookPatchBody,
      responses: { 200: { description: 'The webhook.', schema: webhookAnswer } },
      refusals: {
        400: `${WEBHOOK_MESSAGES.nothingToChange} ${URL_REFUSALS}`,
        403: INTEGRATIONS_ADMINS,
        404: WEBHOOK_MESSAGES.notFound,
      },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, params, body }) => {
        const { webhook, lastDelivery } = await updateWebhook(ctx, scope, { ...body, id: params.id });
        return { webhook: presentWebhook(webhook, lastDelivery) };
      },
    }),
    route({
      method: 'delete',
      path: '/integrations/webhooks/:id',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook and its deliveries',
      params: webhookParams,
      responses: { 204: { description: 'Deleted.' } },
      refusals: { 403: INTEGRATIONS_ADMINS, 404: WEBHOOK_MESSAGES.notFound },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, params }) => {
        await deleteWebhook(ctx, scope, params);
      },
    }),
    route({
      method: 'post',
      path: '/integrations/webhooks/:id/test',
      operationId: 'testWebhook',
      summary: 'Send a `ping`',
      params: webhookParams,
      responses: { 202: { description: 'The delivery, queued for the worker.', schema: deliveryAnswer } },
      refusals: { 403: INTEGRATIONS_ADMINS, 404: WEBHOOK_MESSAGES.notFound },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, params }) => {
        return { delivery: presentDelivery(await queueTestDelivery(ctx, scope, params)) };
      },
    }),
    route({
      method: 'get',
      path: '/integrations/webhooks/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The newest 50 deliveries with their attempts',
      params: webhookParams,
      responses: { 200: { description: 'Newest first.', schema: deliveryListAnswer } },
      refusals: { 403: INTEGRATIONS_ADMINS, 404: WEBHOOK_MESSAGES.notFound },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, params }) => {
        const { deliveries, attempts } = await listDeliveries(ctx, scope, { webhookId: params.id });
        return { deliveries: deliveries.map((d) => presentDelivery(d, attempts.get(d.id))) };
      },
    }),
    route({
      method: 'post',
      path: '/integrations/webhooks/:id/deliveries/:deliveryId/replay',
      operationId: 'replayWebhookDelivery',
      summary: 'Send a delivery again',
      description: 'A new delivery of the same body and `webhook-id`, sent also while the webhook is disabled.',
      params: deliveryParams,
      responses: { 202: { description: 'The new delivery, queued.', schema: deliveryAnswer } },
      refusals: {
        403: INTEGRATIONS_ADMINS,
        404: `${WEBHOOK_MESSAGES.notFound} Or: ${WEBHOOK_MESSAGES.deliveryNotFound}`,
      },
      authorize: authorizeIntegrations,
      handle: async ({ ctx, scope, params }) => {
        const delivery = await replayDelivery(ctx, scope, { webhookId: params.id, deliveryId: params.deliveryId });
        return { delivery: presentDelivery(delivery) };
      },
    }),
  ],
);
