import { getProfile, updateProfile, type AppContext } from '@portico/core';
import { Router } from 'express';
import { z } from 'zod';
import { sessionOf } from '../http/request';
import { parse } from '../http/validate';
import { presentProfile } from '../presenters';
import { httpUrl, optionalText } from './schemas';

export const profileBody = z.object({
  first_name: optionalText('First name', 100).optional(),
  last_name: optionalText('Last name', 100).optional(),
  phone: optionalText('Phone', 40)
    .refine((v) => v == null || /^[+()0-9 .-]+$/.test(v), 'Phone may contain only digits, spaces and + ( ) . -')
    .refine((v) => v == null || v.replace(/\D/g, '').length >= 3, 'Phone must have at least 3 digits.')
    .optional(),
  linkedin: httpUrl('LinkedIn URL').optional(),
  title: optionalText('Title', 100).optional(),
});

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
