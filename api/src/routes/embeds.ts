import {
  EMBED_INTEGRATION_OFF,
  EMBED_MESSAGES,
  embedAnswer,
  embedAudienceUsersAnswer,
  embedCreateBody,
  embedIdQuery,
  embedListAnswer,
  embedListQuery,
  embedPatchBody,
  embedReorderBody,
  embedVisibleTo,
  isUuid,
} from '@portico/common';
import {
  createEmbed,
  deleteEmbed,
  assertEmbedIntegrationOn,
  findEmbed,
  forbidden,
  listEmbeds,
  listMemberChoices,
  notFound,
  refreshFraming,
  reorderEmbeds,
  updateEmbed,
  visibleEmbeds,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { can } from '../policies';
import { presentEmbeds } from '../presenters/embeds';

const EMBEDS_ADMINS = 'Only workspace admins can manage embeds.';
const NO_SUCH_EMBEDS = 'One of these embeds does not exist.';

/** The embed a `?id=` names; anything but an id names nothing. */
function embedIdOf(id: string | undefined): string {
  if (!id || !isUuid(id)) throw notFound(EMBED_MESSAGES.noAccess);
  return id.toLowerCase();
}

/** Embed Manager and embed page calls (tenant-portal §7; DECISIONS §3, §4). */
export const embedRoutes = defineRoutes(
  'workspace',
  { name: 'Embeds', description: 'Tools embedded in the portal.' },
  (route) => [
    route({
      method: 'get',
      path: '/embeds',
      operationId: 'listEmbeds',
      summary: 'List embeds, or read one with `id`',
      description: 'Admins get every embed, filtered; members (and `visible=true`) the embeds visible to them.',
      query: embedListQuery,
      responses: {
        200: { description: '`{embed}` with `id`, else `{embeds}`.', schema: z.union([embedAnswer, embedListAnswer]) },
      },
      refusals: {
        403: `\`${EMBED_MESSAGES.noAccess}\` for an embed the member may not see; \`${EMBED_INTEGRATION_OFF.google}\` (or Microsoft) for a tool the platform turned off.`,
        404: `\`${EMBED_MESSAGES.noAccess}\` for an unknown id.`,
      },
      handle: async ({ ctx, scope, query }) => {
        const manager = can(scope, 'embeds.manage');
        const viewer = { userId: scope.actor.userId, role: scope.role };
        if (query.id !== undefined) {
          const embed = await findEmbed(ctx, scope, { id: embedIdOf(query.id) });
          // Another tenant's or a missing embed is 404 (above); one of this tenant the member may not see is 403.
          if (!manager && !(viewer.userId && embedVisibleTo(embed, { userId: viewer.userId, role: viewer.role })))
            throw forbidden(EMBED_MESSAGES.noAccess, 'embed_not_visible');
          if (!manager) await assertEmbedIntegrationOn(ctx, scope, embed);
          return { embed: (await presentEmbeds(ctx, scope, [embed]))[0]! };
        }
        const embeds =
          manager && query.visible !== 'true'
            ? await listEmbeds(ctx, scope, query)
            : await visibleEmbeds(ctx, scope, { viewer });
        return { embeds: await presentEmbeds(ctx, scope, embeds) };
      },
    }),
    route({
      method: 'get',
      path: '/embeds/audience-users',
      operationId: 'listEmbedAudience',
      summary: 'Active members a personal embed can be for',
      responses: { 200: { description: 'By email.', schema: embedAudienceUsersAnswer } },
      refusals: { 403: EMBEDS_ADMINS },
      authorize: 'embeds.manage',
      handle: async ({ ctx, scope }) => {
        const members = await listMemberChoices(ctx, scope, { activeOnly: true, orderBy: 'email' });
        return {
          users: members.map((m) => ({
            id: m.id,
            email: m.email,
            role: m.role,
            first_name: m.first_name,
            last_name: m.last_name,
          })),
        };
      },
    }),
    route({
      method: 'post',
      path: '/embeds',
      operationId: 'createEmbed',
      summary: 'Add an embed',
      description: 'Its framing is checked after the save (`frame_blocked`).',
      body: embedCreateBody,
      responses: { 201: { description: 'The embed.', schema: embedAnswer } },
      refusals: {
        400: `\`${EMBED_MESSAGES.fillRequired}\`, a provider not in the list, a URL that is not https, or an audience that is not a role or member of the workspace.`,
        403: EMBEDS_ADMINS,
      },
      authorize: 'embeds.manage',
      handle: async ({ ctx, scope, body }) => {
        const saved = await createEmbed(ctx, scope, body);
        // After the save, so a slow target never loses the embed; bounded by the outbound timeout.
        const embed = await refreshFraming(ctx, scope, { embed: saved });
        return { embed: (await presentEmbeds(ctx, scope, [embed]))[0]! };
      },
    }),
    route({
      method: 'post',
      path: '/embeds/reorder',
      operationId: 'reorderEmbeds',
      summary: 'Put the embeds in a new order',
      body: embedReorderBody,
      responses: { 200: { description: 'Every embed, in the new order.', schema: embedListAnswer } },
      refusals: {
        400: 'An id appears twice.',
        403: EMBEDS_ADMINS,
        404: NO_SUCH_EMBEDS,
        409: 'The list has changed since it was read (`stale_order`).',
      },
      authorize: 'embeds.manage',
      handle: async ({ ctx, scope, body }) => {
        if (body.ids.some((id) => !isUuid(id))) throw notFound(NO_SUCH_EMBEDS);
        const embeds = await reorderEmbeds(ctx, scope, { ids: body.ids.map((id) => id.toLowerCase()) });
        return { embeds: await presentEmbeds(ctx, scope, embeds) };
      },
    }),
    route({
      method: 'patch',
      path: '/embeds',
      operationId: 'updateEmbed',
      summary: 'Change an embed',
      description: 'A new URL is checked for framing again.',
      query: embedIdQuery,
      body: embedPatchBody,
      responses: { 200: { description: 'The embed.', schema: embedAnswer } },
      refusals: {
        400: 'Nothing to change, or a field as for a new embed.',
        403: EMBEDS_ADMINS,
        404: EMBED_MESSAGES.noAccess,
      },
      authorize: 'embeds.manage',
      handle: async ({ ctx, scope, query, body }) => {
        const { embed, urlChanged } = await updateEmbed(ctx, scope, { id: embedIdOf(query.id), patch: body });
        const result = urlChanged ? await refreshFraming(ctx, scope, { embed }) : embed;
        return { embed: (await presentEmbeds(ctx, scope, [result]))[0]! };
      },
    }),
    route({
      method: 'delete',
      path: '/embeds',
      operationId: 'deleteEmbed',
      summary: 'Delete an embed',
      query: embedIdQuery,
      responses: { 204: { description: 'Deleted.' } },
      refusals: { 403: EMBEDS_ADMINS, 404: EMBED_MESSAGES.noAccess },
      authorize: 'embeds.manage',
      handle: async ({ ctx, scope, query }) => {
        await deleteEmbed(ctx, scope, { id: embedIdOf(query.id) });
      },
    }),
  ],
);
