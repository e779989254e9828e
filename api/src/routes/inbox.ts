import { INBOX_MESSAGES, inboxPageAnswer, inboxQuery, inboxReadAnswer, inboxReadBody } from '@portico/common';
import { listInbox, readInbox } from '@portico/core';
import { defineRoutes, type Tag } from '../http/route';
import { presentInboxItem } from '../presenters/inbox';

/* The caller's notification inbox in the workspace (issue 33): their bell. */

export const INBOX_TAG: Tag = {
  name: 'Inbox',
  description:
    'What happened to the caller in the workspace: files shared, forms answered, people joined, roles changed.',
};

export const inboxRoutes = defineRoutes('workspace', INBOX_TAG, (route) => [
  route({
    method: 'get',
    path: '/inbox',
    operationId: 'listInbox',
    summary: 'List the caller’s notifications',
    description: 'Newest first, kept 90 days, with how many are not read; `unread=true` lists only those.',
    query: inboxQuery,
    responses: { 200: { description: 'One page.', schema: inboxPageAnswer } },
    refusals: {
      400: `A \`limit\` out of range, a cursor that is not valid, or ${INBOX_MESSAGES.unread}`,
      403: INBOX_MESSAGES.notMember,
    },
    handle: async ({ ctx, scope, query }) => {
      const page = await listInbox(ctx, scope, {
        unreadOnly: query.unread === 'true',
        limit: query.limit,
        cursor: query.cursor,
      });
      return { items: page.rows.map(presentInboxItem), unread: page.unread, next_cursor: page.nextCursor };
    },
  }),
  route({
    method: 'post',
    path: '/inbox/read',
    operationId: 'readInbox',
    summary: 'Mark notifications read',
    description: 'Some (`ids`, the caller’s own; others are left alone) or `all`. The caller’s other tabs hear it.',
    body: inboxReadBody,
    responses: { 200: { description: 'How many are still not read.', schema: inboxReadAnswer } },
    refusals: {
      400: [INBOX_MESSAGES.readWhat, INBOX_MESSAGES.ids, INBOX_MESSAGES.tooManyIds].join(' / '),
      403: INBOX_MESSAGES.notMember,
    },
    whileReadOnly: true,
    handle: async ({ ctx, scope, body }) => ({
      unread: await readInbox(ctx, scope, {
        ids: body.all ? null : (body.ids ?? []).map((v) => v.toLowerCase()),
      }),
    }),
  }),
]);
