import { profileBody } from '@portico/common';
import { getProfile, updateProfile, type AppContext } from '@portico/core';
import { Router } from 'express';
import { sessionOf } from '../http/request';
import { parse } from '../http/validate';
import { presentProfile } from '../presenters';

export function profileRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/profile', async (req, res) => {
    const { actor } = sessionOf(req);
    res.json({ profile: presentProfile(await getProfile(ctx, { userId: actor.user.id }), actor.user.id) });
  });

  router.put('/profile', async (req, res) => {
    const { actor } = sessionOf(req);
    const body = parse(profileBody, req.body);
    const profile = await updateProfile(ctx, { userId: actor.user.id, changes: body });
    res.json({ profile: presentProfile(profile, actor.user.id) });
  });

  return router;
}
