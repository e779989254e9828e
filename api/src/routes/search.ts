import { searchWorkspace, type AppContext } from '@portico/core';
import { Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf } from '../http/request';
import { parse } from '../http/validate';
import { authorize } from '../policies';

export const searchQuery = z.object({
  q: z.string({ error: 'Type something to search for.' }).trim().min(1, 'Type something to search for.').max(100, 'Search text must be at most 100 characters.'),
});

/** The header search: the workspace's users, files and tools, by full-text prefix match. */
export function searchRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/search', async (req, res) => {
    const { actor } = sessionOf(req);
    const { tenant } = workspaceOf(req);
    authorize(actor, 'workspace.members.read', { tenantId: tenant.id });
    const { q } = parse(searchQuery, req.query);
    res.json({ results: await searchWorkspace(ctx.sequelize, tenant.id, q) });
  });
  return router;
}
