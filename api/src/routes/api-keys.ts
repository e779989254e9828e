import {
  assertIntegrationsPlan,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyAuditActor,
  type AppContext,
} from '@portico/core';
import { workspaceRouter } from '../http/guards';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { parse } from '../http/validate';
import { authorize } from '../policies';
import { presentApiKey } from '../presenters/api-keys';

const LABEL_REQUIRED = 'Give the key a label.';

export const createBody = z.object({
  label: z
    .string({ error: LABEL_REQUIRED })
    .trim()
    .min(1, LABEL_REQUIRED)
    .max(100, 'The label must be at most 100 characters.'),
});

/** Admins of a pro or advanced workspace only; answers the workspace and who acts. */
function adminScope(req: Request): { tenantId: string; actor: ApiKeyAuditActor } {
  const { actor } = sessionOf(req);
  const { tenant } = workspaceOf(req);
  authorize(workspaceScopeOf(req), 'integrations.manage');
  assertIntegrationsPlan(tenant.tier);
  return { tenantId: tenant.id, actor: { userId: actor.user.id, ip: req.ip } };
}

/** Integrations → API Access (tenant-portal §2, §7; docs/api.md "API keys"). */
export function apiKeyRoutes(ctx: AppContext): Router {
  const router = workspaceRouter(ctx, ['/integrations/api-keys']);

  router.get('/integrations/api-keys', async (req, res) => {
    const { tenantId } = adminScope(req);
    res.json({ keys: (await listApiKeys(ctx, tenantId)).map((key) => presentApiKey(key)) });
  });

  router.post('/integrations/api-keys', async (req, res) => {
    const scope = adminScope(req);
    const { label } = parse(createBody, req.body);
    const { apiKey, key } = await createApiKey(ctx, { ...scope, label });
    res.status(201).json({ key: { ...presentApiKey(apiKey), key } });
  });

  router.delete('/integrations/api-keys/:id', async (req, res) => {
    await revokeApiKey(ctx, { ...adminScope(req), id: req.params.id });
    res.status(204).end();
  });

  return router;
}
