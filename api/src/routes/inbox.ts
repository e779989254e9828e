import {
  INBOX_MESSAGES,
  inboxEmailAnswer,
  inboxEmailBody,
  inboxPageAnswer,
  inboxQuery,
  inboxReadAnswer,
  inboxReadBody,
  inboxUnsubscribeAnswer,
  inboxUnsubscribeQuery,
  type InboxReadBody,
} from '@portico/common';
import {
  inboxEmailSettings,
  listInbox,
  listPlatformInbox,
  readInbox,
  readPlatformInbox,
  unsubscribeInboxEmail,
  updateInboxEmailSetting,
} from '@portico/core';
import { platformActorOf } from '../http/request';
import { defineRoutes, type Tag } from '../http/route';
import { presentInboxItem } from '../presenters/inbox';

/* The caller's notification inbox in the workspace (issue 33): their bell, and which of it they get by email. */

export const INBOX_TAG: Tag = {
  name: 'Inbox',
  description:
    'What happened to the caller in the workspace: files shared, forms answered, people joined, roles changed.',
};

/** The ids a read names (lower case, as stored), or null for all of them. */
const idsToRead = (body: InboxReadBody) => (body.all ? null : (body.ids ?? []).map((v) => v.toLowerCase()));

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
        ids: idsToRead(body),
      }),
    }),
  }),
  route({
    method: 'get',
    path: '/inbox/email',
    operationId: 'getInboxEmail',
    summary: 'Read which notifications the caller gets by email',
    description:
      'Per kind, in this workspace: `immediately`, `daily` (a digest after midnight UTC of the ones still unread) or `off` (messages have their own setting, announcements no email). Without a choice clients and guests get files shared and forms assigned; admins people joining and failed payments; everyone their own role changing.',
    responses: { 200: { description: 'The setting of every kind.', schema: inboxEmailAnswer } },
    refusals: { 403: INBOX_MESSAGES.notMember },
    handle: async ({ ctx, scope }) => inboxEmailSettings(ctx, scope),
  }),
  route({
    method: 'put',
    path: '/inbox/email',
    operationId: 'updateInboxEmail',
    summary: 'Choose whether the caller gets one kind of notification by email',
    body: inboxEmailBody,
    responses: { 200: { description: 'The setting of every kind.', schema: inboxEmailAnswer } },
    refusals: {
      400: [INBOX_MESSAGES.emailKind, INBOX_MESSAGES.emailSetting].join(' / '),
      403: INBOX_MESSAGES.notMember,
    },
    whileReadOnly: true,
    handle: async ({ ctx, scope, body }) => updateInboxEmailSetting(ctx, scope, body),
  }),
]);

/* The console's own inbox: what happened on the platform (a workspace created, an alert fired), each super admin's. */
export const platformInboxRoutes = defineRoutes('platform', INBOX_TAG, (route) => [
  route({
    method: 'get',
    path: '/super/inbox',
    operationId: 'listConsoleInbox',
    summary: 'List the super admin’s console notifications',
    description: 'As `GET /api/inbox`, for the console: notices of no workspace.',
    query: inboxQuery,
    responses: { 200: { description: 'One page.', schema: inboxPageAnswer } },
    refusals: { 400: `A \`limit\` out of range, a cursor that is not valid, or ${INBOX_MESSAGES.unread}` },
    handle: async ({ ctx, req, query }) => {
      const page = await listPlatformInbox(ctx, platformActorOf(req), {
        unreadOnly: query.unread === 'true',
        limit: query.limit,
        cursor: query.cursor,
      });
      return { items: page.rows.map(presentInboxItem), unread: page.unread, next_cursor: page.nextCursor };
    },
  }),
  route({
    method: 'post',
    path: '/super/inbox/read',
    operationId: 'readConsoleInbox',
    summary: 'Mark console notifications read',
    body: inboxReadBody,
    responses: { 200: { description: 'How many are still not read.', schema: inboxReadAnswer } },
    refusals: { 400: [INBOX_MESSAGES.readWhat, INBOX_MESSAGES.ids, INBOX_MESSAGES.tooManyIds].join(' / ') },
    handle: async ({ ctx, req, body }) => ({
      unread: await readPlatformInbox(ctx, platformActorOf(req), {
        ids: idsToRead(body),
      }),
    }),
  }),
]);

/*
 * The one-click unsubscribe of an inbox email (RFC 8058): its List-Unsubscribe header names the POST,
 * which mail clients send without a session; the email's own link opens the portal's page, which
 * reads the GET and confirms with the POST. The signed token names the person, workspace and kind (or the digest).
 */
export const inboxUnsubscribeRoutes = defineRoutes('public', INBOX_TAG, (route) => [
  route({
    method: 'get',
    path: '/public/inbox/unsubscribe',
    operationId: 'describeInboxUnsubscribe',
    summary: 'Read what an inbox email’s unsubscribe link turns off',
    description: 'Changes nothing: the kind, the workspace and the person’s setting for it now.',
    query: inboxUnsubscribeQuery,
    responses: { 200: { description: 'What the link names.', schema: inboxUnsubscribeAnswer } },
    refusals: { 400: INBOX_MESSAGES.unsubscribeToken },
    handle: async ({ ctx, query }) => unsubscribeInboxEmail(ctx, { token: query.token, confirm: false }),
  }),
  route({
    method: 'post',
    path: '/public/inbox/unsubscribe',
    operationId: 'inboxUnsubscribe',
    summary: 'Stop one kind of notification email, or the daily digest, with its emailed link',
    description:
      'No session: the token is the proof. Mail clients send it as RFC 8058 asks (`List-Unsubscribe=One-Click` as a form body, which is not read). That kind turns `off` in that workspace (the digest’s link: every kind in the digest); again changes nothing.',
    query: inboxUnsubscribeQuery,
    responses: { 200: { description: 'The kind, now off.', schema: inboxUnsubscribeAnswer } },
    refusals: { 400: INBOX_MESSAGES.unsubscribeToken },
    handle: async ({ ctx, query }) => unsubscribeInboxEmail(ctx, { token: query.token, confirm: true }),
  }),
]);
