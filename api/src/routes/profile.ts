import { Profile, type AppContext } from '@portico/core';
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
    res.json({ profile: presentProfile(await Profile.findByPk(actor.user.id), actor.user.id) });
  });

  router.put('/profile', async (req, res) => {
    const { actor } = sessionOf(req);
    const body = parse(profileBody, req.body);
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const profile = await ctx.sequelize.transaction(async (transaction) => {
      const [row] = await Profile.findOrCreate({ where: { id: actor.user.id }, transaction, lock: transaction.LOCK.UPDATE });
      return row.update(changes, { transaction });
    });
    res.json({ profile: presentProfile(profile, actor.user.id) });
  });

  return router;
}
