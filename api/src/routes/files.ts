import {
  FILE_MESSAGES,
  fileActivityAnswer,
  fileAnswer,
  fileLinkAnswer,
  fileLinkBody,
  fileListQuery,
  filePageAnswer,
  fileRecipientsAnswer,
  fileShareBody,
  fileUploadFields,
  portalFile,
} from '@portico/common';
import {
  badRequest,
  conflict,
  deleteFile,
  FILE_NOT_DELETED,
  FILE_RESTORE_DAYS,
  FILE_RESTORE_EXPIRED,
  fileActivity,
  findDeletedFile,
  findVisibleFile,
  filesPage,
  listMemberChoices,
  notFound,
  openFolder,
  restoreFile,
  shareFile,
  type FileRow,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';
import { z } from 'zod';
import { signFileLink } from '../http/file-links';
import { defineRoutes, type Tag } from '../http/route';
import { receiveWorkspaceFile } from '../http/upload';
import { authorize, can, fileViewerOf } from '../policies';
import { presentFile, presentFileActivity } from '../presenters/files';
import { pathId } from './schemas';

/* The files of the workspace (tenant-portal §5, §9): the list, uploads, shares, deletion and its undo, links and activity. */

export const FILES_TAG: Tag = {
  name: 'Workspace files',
  description: 'Uploads, sharing, downloads and previews in the portal.',
};

export const FILE_NOT_FOUND = 'This file does not exist.';
const FILES_ADMINS = 'Only workspace admins can share files with other people or see their activity.';
const ASSIGNMENT_REFUSALS =
  'No user or role chosen, a user who is not a member, or a role the workspace does not have (`error` says which).';

/** `{id}` of a file's path: anything but a file id names no file. */
export const fileParams = z.object({ id: pathId(FILE_NOT_FOUND, 'The file’s id.') });

/** One file the person acting may see, or 404 (also another workspace's file). */
export async function visibleFile(ctx: ServiceContext, scope: TenantScope, id: string): Promise<FileRow> {
  const row = await findVisibleFile(ctx, scope, { viewer: fileViewerOf(scope), id });
  if (!row) throw notFound(FILE_NOT_FOUND);
  return row;
}

/** The file id in a `file_url` (`/api/files/{id}/download`), or in a bare `/api/files/{id}`. */
function fileIdFromUrl(fileUrl: string | undefined): string | undefined {
  return fileUrl?.match(/\/api\/files\/([0-9a-f-]{36})(?:\/download)?\/?$/i)?.[1];
}

/** The multipart body of an upload as documented: the fields the route parses, and the file part it streams. */
const fileUpload = fileUploadFields.extend({
  file: z.any().meta({
    description: 'The file, at most `MAX_UPLOAD_MB`.',
    override: { type: 'string', format: 'binary' },
  }),
});

export const fileRoutes = defineRoutes('workspace', FILES_TAG, (route) => [
  route({
    method: 'get',
    path: '/files',
    operationId: 'listWorkspaceFiles',
    summary: 'List the files the caller may see',
    query: fileListQuery,
    responses: {
      200: {
        description:
          'Newest first (or oldest first with `order=oldest`), a page at a time; `total` counts every match.',
        schema: filePageAnswer,
      },
    },
    handle: async ({ ctx, scope, query }) => {
      const filters = {
        viewer: fileViewerOf(scope),
        q: query.q,
        userId: query.user_id,
        type: query.type,
        status: query.status,
        ...(query.folder_id === 'root' ? { topLevel: true } : { folderId: query.folder_id }),
      };
      const { rows, nextCursor, total } = await filesPage(ctx, scope, {
        ...filters,
        limit: query.limit,
        cursor: query.cursor,
        order: query.order,
      });
      return { files: rows.map(presentFile), next_cursor: nextCursor, total };
    },
  }),
  route({
    method: 'get',
    path: '/files/tenant-users',
    operationId: 'listFileRecipients',
    summary: 'Active members to share files with',
    responses: { 200: { description: 'By email.', schema: fileRecipientsAnswer } },
    refusals: { 403: FILES_ADMINS },
    authorize: 'files.manage',
    handle: async ({ ctx, scope }) => {
      const members = await listMemberChoices(ctx, scope, { activeOnly: true, orderBy: 'email' });
      return { users: members.map(({ id, email, role }) => ({ id, email, role })) };
    },
  }),
  route({
    method: 'post',
    path: '/files/upload',
    operationId: 'uploadWorkspaceFile',
    summary: 'Upload a file',
    description:
      'Streamed to storage. Admins share it with a member and/or roles; other members upload for themselves.',
    multipart: fileUpload,
    responses: { 201: { description: 'The file row.', schema: portalFile } },
    refusals: {
      400: `No file. ${ASSIGNMENT_REFUSALS} In a folder, an admin may choose nobody: the file is shared as the folder is.`,
      403: 'Only workspace admins can share files with other people.',
      404: 'This folder does not exist (or the uploader may not open it).',
      413: 'The file is larger than `MAX_UPLOAD_MB` (`file_too_large`).',
    },
    handle: async ({ ctx, scope, req }) => {
      const fileId = await receiveWorkspaceFile(ctx, scope, req, {
        fields: fileUploadFields,
        missingFile: FILE_MESSAGES.selectFile,
        shareOf: async (fields) => {
          authorize(scope, 'files.upload', { recipients: { userId: fields.user_id, roles: fields.assigned_roles } });
          const folderId =
            fields.folder_id &&
            (await openFolder(ctx, scope, { viewer: fileViewerOf(scope), id: fields.folder_id })).id;
          // A member's upload is theirs alone, whatever else the form said.
          return can(scope, 'files.manage')
            ? {
                title: fields.title,
                userId: fields.user_id,
                roles: fields.assigned_roles,
                assignTo: fields.assign_to,
                folderId,
              }
            : { title: fields.title, userId: scope.actor.userId, roles: [], folderId };
        },
      });
      return presentFile(await visibleFile(ctx, scope, fileId));
    },
  }),
  route({
    method: 'post',
    path: '/files',
    operationId: 'shareFile',
    summary: 'Share an existing file with a member or roles',
    description: 'Adds a row pointing at the same stored file; nothing is copied.',
    body: fileShareBody,
    responses: { 201: { description: 'The new file row.', schema: portalFile } },
    refusals: {
      400: `No \`file_id\` or \`file_url\`. ${ASSIGNMENT_REFUSALS}`,
      403: FILES_ADMINS,
      404: FILE_NOT_FOUND,
    },
    authorize: 'files.manage',
    handle: async ({ ctx, scope, body }) => {
      const sourceId = body.file_id ?? fileIdFromUrl(body.file_url);
      if (!sourceId) throw badRequest('Name the file to share with file_url or file_id.');
      const created = await shareFile(ctx, scope, {
        sourceId,
        title: body.title,
        userId: body.user_id,
        roles: body.assigned_roles,
        assignTo: body.assign_to,
      });
      return presentFile(await visibleFile(ctx, scope, created.id));
    },
  }),
  route({
    method: 'get',
    path: '/files/:id',
    operationId: 'getWorkspaceFile',
    summary: 'Read one file row',
    params: fileParams,
    responses: { 200: { description: 'The file row.', schema: fileAnswer } },
    refusals: { 404: FILE_NOT_FOUND },
    handle: async ({ ctx, scope, params }) => ({ file: presentFile(await visibleFile(ctx, scope, params.id)) }),
  }),
  route({
    method: 'delete',
    path: '/files/:id',
    operationId: 'deleteWorkspaceFile',
    summary: 'Delete a file',
    description: `Leaves every listing, download, link and search at once; \`POST /files/{id}/restore\` brings it back within ${FILE_RESTORE_DAYS} days. After that the nightly purge removes it, and its stored object once no row points at it.`,
    params: fileParams,
    transaction: true,
    responses: { 204: { description: 'Deleted.' } },
    refusals: {
      403: 'Only workspace admins or the person who uploaded a file can delete it.',
      404: FILE_NOT_FOUND,
    },
    handle: async ({ ctx, scope, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      authorize(scope, 'files.delete', { ownerId: row.uploaded_by });
      await deleteFile(ctx, scope, { fileId: row.id });
    },
  }),
  route({
    method: 'post',
    path: '/files/:id/restore',
    operationId: 'restoreWorkspaceFile',
    summary: 'Undo the deletion of a file',
    description: `Within ${FILE_RESTORE_DAYS} days of it; the same people who may delete the file may restore it. Sent as \`file.restored\` to the workspace’s webhooks.`,
    params: fileParams,
    transaction: true,
    responses: { 200: { description: 'The file row, listed again.', schema: fileAnswer } },
    refusals: {
      403: 'Only workspace admins or the person who uploaded a file can restore it.',
      404: FILE_NOT_FOUND,
      409: `${FILE_NOT_DELETED} (\`file_not_deleted\`)`,
      410: `${FILE_RESTORE_EXPIRED} (\`file_restore_expired\`)`,
    },
    handle: async ({ ctx, scope, params }) => {
      const row = await findDeletedFile(ctx, scope, { viewer: fileViewerOf(scope), id: params.id });
      if (!row) {
        await visibleFile(ctx, scope, params.id);
        throw conflict(FILE_NOT_DELETED, 'file_not_deleted');
      }
      authorize(scope, 'files.restore', { ownerId: row.uploaded_by });
      await restoreFile(ctx, scope, { fileId: row.id });
      return { file: presentFile(await visibleFile(ctx, scope, row.id)) };
    },
  }),
  route({
    method: 'post',
    path: '/files/:id/link',
    operationId: 'linkWorkspaceFile',
    summary: 'A signed link to download or preview a file',
    description:
      'For `<a>`, `<img>` and `<iframe>`, which cannot send the bearer token. Valid 5 minutes; every use re-checks the session and access.',
    params: fileParams,
    body: fileLinkBody,
    bodyOptional: true,
    responses: { 200: { description: 'The link.', schema: fileLinkAnswer } },
    refusals: { 404: FILE_NOT_FOUND },
    whileReadOnly: true,
    handle: async ({ ctx, scope, session, params, body }) => {
      const row = await visibleFile(ctx, scope, params.id);
      const { query, expiresAt } = signFileLink(ctx.config.secretsKey, {
        fileId: row.id,
        tenantId: row.tenant_id,
        holder: { kind: 'session', userId: session.actor.user.id, familyId: session.familyId },
      });
      return { url: `/api/files/${row.id}/${body.disposition}?${query}`, expires_at: expiresAt.toISOString() };
    },
  }),
  route({
    method: 'get',
    path: '/files/:id/activity',
    operationId: 'getFileActivity',
    summary: 'Who viewed or downloaded a file',
    params: fileParams,
    responses: { 200: { description: 'Newest first.', schema: fileActivityAnswer } },
    refusals: { 403: FILES_ADMINS, 404: FILE_NOT_FOUND },
    authorize: 'files.manage',
    handle: async ({ ctx, scope, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      return { activity: (await fileActivity(ctx, scope, { fileId: row.id })).map(presentFileActivity) };
    },
  }),
]);
