import {
  assertIntegrationsPlan,
  badRequest,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  notFound,
  queueTestDelivery,
  replayDelivery,
  updateWebhook,
  WEBHOOK_EVENT_CHOICES,
  WEBHOOK_MESSAGES,
  type AppContext,
  type WebhookScope,
} from '@portico/core';
import { isUuid, normalizeHttpUrl } from '@portico/common';
import { workspaceRouter } from '../http/guards';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { parse } from '../http/validate';
import { authorize } from '../policies';
import { presentDelivery, presentWebhook } from '../presenters/webhooks';

// What is not an http(s) address stays as typed, for checkWebhookUrl to say what is wrong with it.
const url = z
  .string({ error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(2000, WEBHOOK_MESSAGES.urlTooLong)
  .transform((v) => normalizeHttpUrl(v) ?? v);
const events = z.enum(WEBHOOK_EVENT_CHOICES, { error: WEBHOOK_MESSAGES.events });
const enabled = z.boolean({ error: WEBHOOK_MESSAGES.enabled });

export const createBody = z.object({ url, events: events.default('all'), enabled: enabled.default(true) });
export const patchBody = z.object({ url: url.optional(), events: events.optional(), enabled: enabled.optional() });

/** Admins of a pro or advanced workspace only; answers the scope the services act in. */
function scopeOf(req: Request): WebhookScope {
  const { actor } = sessionOf(req);
  const { tenant } = workspaceOf(req);
  authorize(workspaceScopeOf(req), 'integrations.manage');
  assertIntegrationsPlan(tenant.tier);
  return { tenantId: tenant.id, actor: { userId: actor.user.id, ip: req.ip } };
}

function idOf(value: string | undefined, message: string): string {
  if (!isUuid(value)) throw notFound(message);
  return value.toLowerCase();
}

/** Integrations → Webhooks (tenant-portal §2, §7; docs/api.md "Webhooks"). */
export function webhookRoutes(ctx: AppContext): Router {
  const router = workspaceRouter(ctx, ['/integrations/webhooks']);

  router.get('/integrations/webhooks', async (req, res) => {
    const scope = scopeOf(req);
    const { webhooks, lastDeliveries } = await listWebhooks(scope.tenantId);
    res.json({ webhooks: webhooks.map((w) => presentWebhook(w, lastDeliveries.get(w.id) ?? null)) });
  });

  router.post('/integrations/webhooks', async (req, res) => {
    const scope = scopeOf(req);
    const body = parse(createBody, req.body);
    const { webhook, secret } = await createWebhook(ctx, scope, body);
    res.status(201).json({ webhook: { ...presentWebhook(webhook), secret } });
  });

  router.patch('/integrations/webhooks/:id', async (req, res) => {
    const scope = scopeOf(req);
    const id = idOf(req.params.id, WEBHOOK_MESSAGES.notFound);
    const body = parse(patchBody, req.body);
    if (body.url === undefined && body.events === undefined && body.enabled === undefined)
      throw badRequest('Nothing to change: send url, events or enabled.');
    const webhook = await updateWebhook(ctx, scope, id, body);
    const { lastDeliveries } = await listWebhooks(scope.tenantId);
    res.json({ webhook: presentWebhook(webhook, lastDeliveries.get(webhook.id) ?? null) });
  });

  router.delete('/integrations/webhooks/:id', async (req, res) => {
    const scope = scopeOf(req);
    await deleteWebhook(ctx, scope, idOf(req.params.id, WEBHOOK_MESSAGES.notFound));
    res.status(204).end();
  });

  router.post('/integrations/webhooks/:id/test', async (req, res) => {
    const scope = scopeOf(req);
    const delivery = await queueTestDelivery(ctx, scope, idOf(req.params.id, WEBHOOK_MESSAGES.notFound));
    res.status(202).json({ delivery: presentDelivery(delivery) });
  });

  router.get('/integrations/webhooks/:id/deliveries', async (req, res) => {
    const scope = scopeOf(req);
    const { deliveries, attempts } = await listDeliveries(
      scope.tenantId,
      idOf(req.params.id, WEBHOOK_MESSAGES.notFound),
    );
    res.json({ deliveries: deliveries.map((d) => presentDelivery(d, attempts.get(d.id))) });
  });

  router.post('/integrations/webhooks/:id/deliveries/:deliveryId/replay', async (req, res) => {
    const scope = scopeOf(req);
    const webhookId = idOf(req.params.id, WEBHOOK_MESSAGES.notFound);
    const delivery = await replayDelivery(
      ctx,
      scope,
      webhookId,
      idOf(req.params.deliveryId, WEBHOOK_MESSAGES.deliveryNotFound),
    );
    res.status(202).json({ delivery: presentDelivery(delivery) });
  });

  return router;
}
