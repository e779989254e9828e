import { searchAnswer, searchQuery } from '@portico/common';
import { searchWorkspace } from '@portico/core';
import { defineRoutes } from '../http/route';
import { threadReaderOf } from '../policies';

/** The header search: the workspace's people, files, forms and tools, by full-text prefix match. */
export const searchRoutes = defineRoutes(
  'workspace',
  { name: 'Search', description: 'The header search.' },
  (route) => [
    route({
      method: 'get',
      path: '/search',
      operationId: 'searchWorkspace',
      summary: 'Search members, files, forms, embeds and messages',
      query: searchQuery,
      responses: { 200: { description: 'Up to five of each, by full-text prefix match.', schema: searchAnswer } },
      refusals: { 403: 'Only workspace admins can see the member list.' },
      authorize: 'workspace.members.read',
      handle: async ({ ctx, scope, query }) => {
        const { users, files, forms, embeds, messages } = await searchWorkspace(ctx, scope, {
          ...query,
          reader: threadReaderOf(scope),
        });
        return {
          results: {
            users,
            forms,
            embeds,
            files: files.map((file) => ({ ...file, created_at: file.created_at.toISOString() })),
            messages: messages.map((message) => ({ ...message, created_at: message.created_at.toISOString() })),
          },
        };
      },
    }),
  ],
);
