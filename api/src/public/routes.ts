import { FORM_MESSAGES, MESSAGE_MESSAGES, messagePostBody, threadMessage, type FormSummary } from '@portico/common';
import {
  findForm,
  findPerson,
  findVisibleFile,
  formStats,
  inviteMember,
  listFiles,
  listFormsPage,
  listMembersPage,
  listMessages,
  listResponsesPage,
  listThreads,
  notFound,
  postMessage,
  responseFiles,
  type FileRow,
  type FileViewer,
  type FormViewer,
  type MessageRow,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { signFileLink } from '../http/file-links';
import { sendStoredFile } from '../http/file-response';
import { defineRoutes } from '../http/route';
import { receiveWorkspaceFile } from '../http/upload';
import { presentForm, presentFormRow, presentResponse } from '../presenters/forms';
import { messageViewerOf, threadReaderOf } from '../policies';
import { presentMessage, presentThread } from '../presenters/messages';
import { presentApiFile, presentMember } from '../presenters/public-api';
import { pathId } from '../routes/schemas';
import {
  filePage,
  fileSchema,
  formDetailSchema,
  formPage,
  formResponsePage,
  invitationBody,
  invitationCreatedSchema,
  listQuery,
  memberPage,
  memberSchema,
  messagePage,
  threadPage,
  uploadBody,
  uploadFields,
  type FileView,
  type FormSummaryView,
} from './schemas';

/*
 * The public API (`/api/v1`, API keys; docs/api.md and `GET /api/openapi.json`). The key's guard
 * runs for every path under /v1 where it is mounted (`app.ts`), unknown ones included.
 */

/** Where the public API is served, as its download links name it. */
export const PUBLIC_API_BASE = '/api/v1';

/** A key reads its whole workspace, as an admin does; it is nobody, so it never "responded" or "viewed". */
const KEY_FILE_VIEWER: FileViewer = { userId: null, role: null, isAdmin: true };
const KEY_FORM_VIEWER: FormViewer = { userId: null, role: null, builder: true };

const FILE_NOT_FOUND = 'This file does not exist.';
const MEMBER_NOT_FOUND = 'This user is not a member of this workspace.';

const idOf = (notFoundMessage: string) => z.object({ id: pathId(notFoundMessage, 'The id of the item.') });

/** A form summary as the public API shows it: `submitted` is about the caller, and a key never responds. */
function apiFormSummary({ submitted: _submitted, ...summary }: FormSummary): FormSummaryView {
  return summary;
}

/** A file with its signed `download_url`, made for the key that asked. */
function apiFile(ctx: ServiceContext, scope: TenantScope, row: FileRow): FileView {
  const { query, expiresAt } = signFileLink(ctx.config.secretsKey, {
    fileId: row.id,
    tenantId: row.tenant_id,
    holder: { kind: 'api-key', keyId: scope.actor.apiKeyId! },
  });
  return presentApiFile(row, {
    url: `${ctx.config.publicUrl}${PUBLIC_API_BASE}/files/${row.id}/download?${query}`,
    expiresAt,
  });
}

async function visibleFile(ctx: ServiceContext, scope: TenantScope, id: string): Promise<FileRow> {
  const row = await findVisibleFile(ctx, scope, { viewer: KEY_FILE_VIEWER, id });
  if (!row) throw notFound(FILE_NOT_FOUND);
  return row;
}

export const publicMemberRoutes = defineRoutes(
  'apiKey',
  { name: 'Members', description: 'People in the workspace.' },
  (route) => [
    route({
      method: 'get',
      path: '/members',
      operationId: 'listMembers',
      summary: 'List members',
      query: listQuery,
      responses: { 200: { description: 'One page, newest first.', schema: memberPage } },
      handle: async ({ ctx, scope, query }) => {
        const { rows, nextCursor } = await listMembersPage(ctx, scope.tenantId, query);
        return { data: rows.map(presentMember), next_cursor: nextCursor };
      },
    }),
    route({
      method: 'get',
      path: '/members/:id',
      operationId: 'getMember',
      summary: 'Get a member',
      params: idOf(MEMBER_NOT_FOUND),
      responses: { 200: { description: 'The member.', schema: memberSchema } },
      refusals: { 404: MEMBER_NOT_FOUND },
      handle: async ({ ctx, scope, params }) => {
        const person = await findPerson(ctx, scope.tenantId, params.id);
        if (!person) throw notFound(MEMBER_NOT_FOUND);
        return presentMember(person);
      },
    }),
  ],
);

export const publicFileRoutes = defineRoutes(
  'apiKey',
  { name: 'Files', description: 'Files shared in the workspace.' },
  (route) => [
    route({
      method: 'get',
      path: '/files',
      operationId: 'listFiles',
      summary: 'List files',
      query: listQuery,
      responses: { 200: { description: 'One page, newest first.', schema: filePage } },
      handle: async ({ ctx, scope, query }) => {
        const { rows, nextCursor } = await listFiles(ctx, scope, { viewer: KEY_FILE_VIEWER, ...query });
        return { data: rows.map((row) => apiFile(ctx, scope, row)), next_cursor: nextCursor };
      },
    }),
    route({
      method: 'post',
      path: '/files',
      operationId: 'uploadFile',
      summary: 'Upload a file',
      description: 'Stores the file and shares it with a member (`user_id`) and/or roles (`assigned_roles`).',
      multipart: uploadBody,
      responses: { 201: { description: 'The stored file.', schema: fileSchema } },
      refusals: {
        400: 'No file, a user who is not a member, or a role the workspace does not have.',
        413: 'The file is larger than the upload limit (`file_too_large`).',
      },
      handle: async ({ ctx, scope, req }) => {
        const fileId = await receiveWorkspaceFile(ctx, scope, req, {
          fields: uploadFields,
          missingFile: 'Please select a file',
          shareOf: (fields) => ({ title: fields.title, userId: fields.user_id, roles: fields.assigned_roles }),
        });
        return apiFile(ctx, scope, await visibleFile(ctx, scope, fileId));
      },
    }),
    route({
      method: 'get',
      path: '/files/:id',
      operationId: 'getFile',
      summary: 'Get a file',
      params: idOf(FILE_NOT_FOUND),
      responses: { 200: { description: 'The file.', schema: fileSchema } },
      refusals: { 404: FILE_NOT_FOUND },
      handle: async ({ ctx, scope, params }) => apiFile(ctx, scope, await visibleFile(ctx, scope, params.id)),
    }),
    route({
      method: 'get',
      path: '/files/:id/download',
      operationId: 'downloadFile',
      summary: 'Download a file',
      description:
        'Streams the file. Works with the API key, or without it through the signed `download_url` of the file.',
      params: idOf(FILE_NOT_FOUND),
      signedLink: true,
      responses: { 200: { description: 'The file.', mediaType: 'application/octet-stream' } },
      refusals: { 404: FILE_NOT_FOUND },
      handle: async ({ ctx, scope, res, params }) => {
        const row = await visibleFile(ctx, scope, params.id);
        await sendStoredFile(ctx.storage, ctx.logger, res, row, 'attachment', row.content_type);
      },
    }),
  ],
);

export const publicFormRoutes = defineRoutes(
  'apiKey',
  { name: 'Forms', description: 'Forms and their responses.' },
  (route) => [
    route({
      method: 'get',
      path: '/forms',
      operationId: 'listForms',
      summary: 'List forms',
      query: listQuery,
      responses: { 200: { description: 'One page, newest first.', schema: formPage } },
      handle: async ({ ctx, scope, query }) => {
        const { rows, nextCursor } = await listFormsPage(ctx, scope, { viewer: KEY_FORM_VIEWER, ...query });
        return { data: rows.map((row) => apiFormSummary(presentFormRow(row))), next_cursor: nextCursor };
      },
    }),
    route({
      method: 'get',
      path: '/forms/:id',
      operationId: 'getForm',
      summary: 'Get a form with its questions and theme',
      params: idOf(FORM_MESSAGES.notFound),
      responses: { 200: { description: 'The form.', schema: formDetailSchema } },
      refusals: { 404: FORM_MESSAGES.notFound },
      handle: async ({ ctx, scope, params }) => {
        const form = await findForm(ctx, scope, params);
        const { fields, theme, ...summary } = presentForm(
          form,
          await formStats(ctx, scope, { formId: form.id, userId: null }),
        );
        return { ...apiFormSummary(summary), fields, theme };
      },
    }),
    route({
      method: 'get',
      path: '/forms/:id/responses',
      operationId: 'listFormResponses',
      summary: 'List the responses to a form',
      params: idOf(FORM_MESSAGES.notFound),
      query: listQuery,
      responses: { 200: { description: 'One page, newest first.', schema: formResponsePage } },
      refusals: { 404: FORM_MESSAGES.notFound },
      handle: async ({ ctx, scope, params, query }) => {
        const form = await findForm(ctx, scope, params);
        const { responses, nextCursor } = await listResponsesPage(ctx, scope, { formId: form.id, ...query });
        const files = await responseFiles(
          ctx,
          scope,
          responses.map((r) => r.response),
        );
        return { data: responses.map((r) => presentResponse(r, files)), next_cursor: nextCursor };
      },
    }),
  ],
);

export const publicInvitationRoutes = defineRoutes(
  'apiKey',
  { name: 'Invitations', description: 'Invite people to the workspace.' },
  (route) => [
    route({
      method: 'post',
      path: '/invitations',
      operationId: 'createInvitation',
      summary: 'Invite someone to the workspace',
      description:
        'Emails an invitation (when the server sends email) and answers its link. The plan’s client limit applies. Inviting an address again replaces its earlier invitation, whose link stops working.',
      body: invitationBody,
      responses: { 201: { description: 'The invitation.', schema: invitationCreatedSchema } },
      refusals: {
        400: 'An unknown role (`invalid_role`).',
        409: 'The person is already a member (`already_member`), or the plan’s client limit is reached (`client_cap_reached`).',
      },
      handle: async ({ ctx, scope, body }) => {
        const created = await inviteMember(ctx, scope, body);
        return {
          invitation: {
            id: created.invitation.id,
            email: created.invitation.email,
            role: created.invitation.role,
            expires_at: created.invitation.expires_at.toISOString(),
          },
          signup_url: created.signupUrl,
        };
      },
    }),
  ],
);

/** A message as a key reads it: its attachments are fetched through the public API's files. */
function apiMessage(row: MessageRow) {
  const message = presentMessage(row);
  return {
    ...message,
    files: message.files.map((file) => ({ ...file, file_url: `${PUBLIC_API_BASE}/files/${file.id}` })),
  };
}

export const publicMessageRoutes = defineRoutes(
  'apiKey',
  { name: 'Messages', description: 'Threads between the team and clients (a key reads and posts as the team).' },
  (route) => [
    route({
      method: 'get',
      path: '/threads',
      operationId: 'listThreadsWithKey',
      summary: 'List threads',
      query: listQuery,
      responses: { 200: { description: 'One page, the most recently active first.', schema: threadPage } },
      handle: async ({ ctx, scope, query }) => {
        const { rows, nextCursor } = await listThreads(ctx, scope, { reader: threadReaderOf(scope), ...query });
        return { data: rows.map(presentThread), next_cursor: nextCursor };
      },
    }),
    route({
      method: 'get',
      path: '/threads/:id/messages',
      operationId: 'listMessagesWithKey',
      summary: 'List a thread’s messages',
      description: 'The newest page first, oldest first within it; `next_cursor` reads the older messages.',
      params: idOf(MESSAGE_MESSAGES.threadNotFound),
      query: listQuery,
      responses: { 200: { description: 'One page.', schema: messagePage } },
      refusals: { 404: MESSAGE_MESSAGES.threadNotFound },
      handle: async ({ ctx, scope, params, query }) => {
        const { rows, nextCursor } = await listMessages(ctx, scope, {
          viewer: messageViewerOf(scope),
          threadId: params.id,
          ...query,
        });
        return { data: rows.map(apiMessage), next_cursor: nextCursor };
      },
    }),
    route({
      method: 'post',
      path: '/threads/:id/messages',
      operationId: 'postMessageWithKey',
      summary: 'Post a message to a thread',
      description:
        'Posted by the workspace (no author). Attached files (`file_ids`) are shared with the thread’s people; `message.created` goes to the webhooks.',
      params: idOf(MESSAGE_MESSAGES.threadNotFound),
      body: messagePostBody,
      responses: { 201: { description: 'The message.', schema: threadMessage } },
      refusals: {
        400: [MESSAGE_MESSAGES.bodyRequired, MESSAGE_MESSAGES.bodyTooLong, MESSAGE_MESSAGES.fileNotVisible].join(' / '),
        404: MESSAGE_MESSAGES.threadNotFound,
      },
      handle: async ({ ctx, scope, params, body }) =>
        apiMessage(
          await postMessage(ctx, scope, {
            viewer: messageViewerOf(scope),
            threadId: params.id,
            body: body.body,
            fileIds: body.file_ids,
          }),
        ),
    }),
  ],
);

/** The public API's groups, in the order the Integrations page shows their tags. */
export const PUBLIC_API_ROUTES = [
  publicMemberRoutes,
  publicFileRoutes,
  publicFormRoutes,
  publicInvitationRoutes,
  publicMessageRoutes,
];

/** What /v1 answers for a path it does not have, once the key has passed. */
export const publicApiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `There is no ${req.method} ${PUBLIC_API_BASE}${req.path} endpoint.` });
};
