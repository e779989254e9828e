import {
  EMBED_MESSAGES,
  EMBED_PROVIDER_KEYS,
  EMBED_URL_HTTPS_MESSAGE,
  embedVisibleTo,
  isEmbeddableUrl,
  isUuid,
  normalizeHttpUrl,
} from '@portico/common';
import {
  badRequest,
  createEmbed,
  deleteEmbed,
  findEmbed,
  forbidden,
  listEmbeds,
  notFound,
  refreshFraming,
  reorderEmbeds,
  updateEmbed,
  visibleEmbeds,
  type AppContext,
  type EmbedScope,
  listMemberChoices,
} from '@portico/core';
import { workspaceRouter } from '../http/guards';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { parse } from '../http/validate';
import { authorize, can } from '../policies';
import { presentEmbeds } from '../presenters/embeds';

const FILL = EMBED_MESSAGES.fillRequired;
const PROVIDER_MESSAGE = 'Choose a provider from the list.';
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);
const blankAsNull = (value: unknown) => (value === '' ? null : value);

const title = z.string({ error: FILL }).trim().min(1, FILL).max(200, 'Titles must be at most 200 characters.');
const provider = z
  .string({ error: FILL })
  .trim()
  .min(1, FILL)
  .refine((v) => EMBED_PROVIDER_KEYS.includes(v), PROVIDER_MESSAGE);
const url = z
  .string({ error: FILL })
  .trim()
  .min(1, FILL)
  .max(2000, 'The URL must be at most 2000 characters.')
  .refine(isEmbeddableUrl, EMBED_URL_HTTPS_MESSAGE)
  .transform((v) => normalizeHttpUrl(v) ?? v);
const embedType = z.enum(['role', 'user'], { error: "The audience must be 'role' or 'user'." });
const role = z.preprocess(blankAsNull, z.string({ error: 'The role must be a role key.' }).trim().max(64).nullable());
const userId = z.preprocess(
  blankAsNull,
  z.string({ error: EMBED_MESSAGES.chooseUser }).refine(isUuid, EMBED_MESSAGES.chooseUser).nullable(),
);
const description = z.preprocess(
  blankAsNull,
  z
    .string({ error: 'The description must be text.' })
    .trim()
    .max(2000, 'The description must be at most 2000 characters.')
    .nullable(),
);
const isActive = z.boolean({ error: 'is_active must be true or false.' });

/** Title, provider and URL are checked for presence first, so the spec's one sentence answers any gap. */
const required = z.object({
  title: z.string({ error: FILL }).trim().min(1, FILL),
  provider: z.string({ error: FILL }).trim().min(1, FILL),
  url: z.string({ error: FILL }).trim().min(1, FILL),
});

export const createBody = z.object({
  title,
  provider,
  url,
  embed_type: embedType.default('role'),
  role: role.optional(),
  user_id: userId.optional(),
  description: description.optional(),
  is_active: isActive.default(true),
});

export const patchBody = z.object({
  title: title.optional(),
  provider: provider.optional(),
  url: url.optional(),
  embed_type: embedType.optional(),
  role: role.optional(),
  user_id: userId.optional(),
  description: description.optional(),
  is_active: isActive.optional(),
  sort_order: z
    .number({ error: 'sort_order must be a whole number of at least 0.' })
    .int('sort_order must be a whole number of at least 0.')
    .min(0, 'sort_order must be a whole number of at least 0.')
    .max(1_000_000)
    .optional(),
});

export const reorderBody = z.object({
  ids: z
    .array(z.string({ error: 'Each id must be an embed id.' }), {
      error: 'ids must be the list of embed ids in their new order.',
    })
    .max(1000),
});

export const listQuery = z.object({
  id: z.string({ error: 'Give one embed id.' }).optional(),
  q: z
    .string({ error: 'Search text must be given once.' })
    .trim()
    .max(200, 'Search text must be at most 200 characters.')
    .optional(),
  provider: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Give one provider.' })
      .refine((v) => EMBED_PROVIDER_KEYS.includes(v), PROVIDER_MESSAGE)
      .optional(),
  ),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(['active', 'inactive'], { error: 'Status must be active or inactive.' }).optional(),
  ),
  audience: z.preprocess(blankAsAbsent, z.string({ error: 'Give one audience.' }).max(64).optional()),
  visible: z.preprocess(
    blankAsAbsent,
    z.enum(['true', 'false'], { error: 'visible must be true or false.' }).optional(),
  ),
});

export const idQuery = z.object({ id: z.string({ error: 'Give one embed id.' }).optional() });

function embedIdOf(req: Request): string {
  const { id } = parse(idQuery, req.query);
  if (!id || !isUuid(id)) throw notFound(EMBED_MESSAGES.noAccess);
  return id.toLowerCase();
}

function scopeOf(req: Request): EmbedScope {
  const { actor } = sessionOf(req);
  const { tenant, roleTypes } = workspaceOf(req);
  return {
    tenantId: tenant.id,
    roleKeys: roleTypes.map((r) => r.role_key),
    actor: { userId: actor.user.id, ip: req.ip },
  };
}

/** Embed Manager and embed page calls (tenant-portal §7; DECISIONS §3, §4). */
export function embedRoutes(ctx: AppContext): Router {
  const router = workspaceRouter(ctx, ['/embeds']);

  router.get('/embeds', async (req, res) => {
    const { actor } = sessionOf(req);
    const { tenant, role: memberRole } = workspaceOf(req);
    const query = parse(listQuery, req.query);
    const manager = can(workspaceScopeOf(req), 'embeds.manage');
    const viewer = { userId: actor.user.id, role: memberRole };

    if (query.id !== undefined) {
      if (!isUuid(query.id)) throw notFound(EMBED_MESSAGES.noAccess);
      const embed = await findEmbed(tenant.id, query.id.toLowerCase());
      // Another tenant's or a missing embed is 404 (above); one of this tenant the member may not see is 403.
      if (!manager && !embedVisibleTo(embed, viewer)) throw forbidden(EMBED_MESSAGES.noAccess, 'embed_not_visible');
      res.json({ embed: (await presentEmbeds([embed]))[0] });
      return;
    }

    const embeds =
      manager && query.visible !== 'true' ? await listEmbeds(tenant.id, query) : await visibleEmbeds(tenant.id, viewer);
    res.json({ embeds: await presentEmbeds(embeds) });
  });

  router.get('/embeds/audience-users', async (req, res) => {
    const scope = workspaceScopeOf(req);
    authorize(scope, 'embeds.manage');
    const members = await listMemberChoices(ctx, scope, { activeOnly: true, orderBy: 'email' });
    res.json({
      users: members.map((m) => ({
        id: m.id,
        email: m.email,
        role: m.role,
        first_name: m.first_name,
        last_name: m.last_name,
      })),
    });
  });

  router.post('/embeds', async (req, res) => {
    authorize(workspaceScopeOf(req), 'embeds.manage');
    parse(required, req.body);
    const body = parse(createBody, req.body);
    const saved = await createEmbed(ctx.sequelize, scopeOf(req), {
      title: body.title,
      provider: body.provider,
      url: body.url,
      embed_type: body.embed_type,
      role: body.role ?? null,
      user_id: body.user_id?.toLowerCase() ?? null,
      description: body.description ?? null,
      is_active: body.is_active,
    });
    // After the save, so a slow target never loses the embed; bounded by the outbound timeout.
    const embed = await refreshFraming(saved, ctx.config);
    res.status(201).json({ embed: (await presentEmbeds([embed]))[0] });
  });

  router.post('/embeds/reorder', async (req, res) => {
    authorize(workspaceScopeOf(req), 'embeds.manage');
    const { ids } = parse(reorderBody, req.body);
    if (ids.some((id) => !isUuid(id))) throw notFound('One of these embeds does not exist.');
    const embeds = await reorderEmbeds(
      ctx.sequelize,
      scopeOf(req),
      ids.map((id) => id.toLowerCase()),
    );
    res.json({ embeds: await presentEmbeds(embeds) });
  });

  router.patch('/embeds', async (req, res) => {
    authorize(workspaceScopeOf(req), 'embeds.manage');
    const id = embedIdOf(req);
    const body = parse(patchBody, req.body);
    if (Object.keys(body).length === 0) throw badRequest('Nothing to change: send at least one field.');
    const { embed, urlChanged } = await updateEmbed(ctx.sequelize, scopeOf(req), id, {
      ...body,
      user_id: body.user_id?.toLowerCase() ?? body.user_id,
    });
    const result = urlChanged ? await refreshFraming(embed, ctx.config) : embed;
    res.json({ embed: (await presentEmbeds([result]))[0] });
  });

  router.delete('/embeds', async (req, res) => {
    authorize(workspaceScopeOf(req), 'embeds.manage');
    await deleteEmbed(ctx.sequelize, scopeOf(req), embedIdOf(req));
    res.status(204).end();
  });

  return router;
}
