import {
  FOLDER_MESSAGES,
  fileMoveBody,
  fileRenameBody,
  folderAnswer,
  folderCreateBody,
  folderListAnswer,
  folderMoveBody,
  folderUpdateBody,
  folderListQuery,
  fileAnswer,
} from '@portico/common';
import {
  createFolder,
  deleteFolder,
  listFolder,
  moveFile,
  moveFolder,
  openFolder,
  renameFile,
  updateFolder,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes, type Tag } from '../http/route';
import { fileViewerOf } from '../policies';
import { presentFile } from '../presenters/files';
import { presentFolder } from '../presenters/folders';
import { FILE_NOT_FOUND, fileParams, visibleFile } from './files';
import { pathId } from './schemas';

/* Folders of the workspace's files (issue 33): admins organise folders and files (rename, move), everyone lists what they may open. */

export const FOLDERS_TAG: Tag = {
  name: 'Workspace folders',
  description:
    'Folders of the portal’s files. A folder shared with a member or roles shares what is in it, unless a folder or file inside names its own audience.',
};

const folderParams = z.object({ id: pathId(FOLDER_MESSAGES.notFound, 'The folder’s id.') });

const AUDIENCE_REFUSALS = 'a user who is not a member, or a role the workspace does not have (`error` says which)';

const folderAnswerOf = async (ctx: ServiceContext, scope: TenantScope, id: string) => ({
  folder: presentFolder(await openFolder(ctx, scope, { viewer: fileViewerOf(scope), id })),
});

export const folderRoutes = defineRoutes('workspace', FOLDERS_TAG, (route) => [
  route({
    method: 'get',
    path: '/folders',
    operationId: 'listWorkspaceFolders',
    summary: 'List a folder: the way to it and the folders in it',
    description:
      'The top level without `parent_id`. Admins open every folder; others the folders shared with them (a member’s top level also holds those inside folders they may not open, whose names the breadcrumbs show). The files in a folder are `GET /files?folder_id=`.',
    query: folderListQuery,
    responses: {
      200: { description: 'The folder, its breadcrumbs and its folders, by name.', schema: folderListAnswer },
    },
    refusals: { 400: FOLDER_MESSAGES.parentId, 404: FOLDER_MESSAGES.notFound },
    handle: async ({ ctx, scope, query }) => {
      const listing = await listFolder(ctx, scope, { viewer: fileViewerOf(scope), parentId: query.parent_id });
      return {
        folder: listing.folder && presentFolder(listing.folder),
        breadcrumbs: listing.breadcrumbs,
        folders: listing.folders.map(presentFolder),
      };
    },
  }),
  route({
    method: 'post',
    path: '/folders',
    operationId: 'createWorkspaceFolder',
    summary: 'Make a folder',
    description:
      'At the top level or in `parent_id`, shared with a member and/or roles; with neither it is shared as its parent is (admins only at the top level).',
    body: folderCreateBody,
    transaction: true,
    responses: { 201: { description: 'The folder.', schema: folderAnswer } },
    refusals: {
      400: `${FOLDER_MESSAGES.nameRequired} / ${FOLDER_MESSAGES.nameTooLong} / ${AUDIENCE_REFUSALS}`,
      403: FOLDER_MESSAGES.adminsOnly,
      404: FOLDER_MESSAGES.notFound,
      409: 'A folder beside it already has this name, whatever the case.',
    },
    authorize: 'folders.manage',
    handle: async ({ ctx, scope, body }) => {
      const id = await createFolder(ctx, scope, {
        name: body.name,
        parentId: body.parent_id,
        userId: body.user_id,
        roles: body.assigned_roles,
        assignTo: body.assign_to,
      });
      return folderAnswerOf(ctx, scope, id);
    },
  }),
  route({
    method: 'patch',
    path: '/folders/:id',
    operationId: 'updateWorkspaceFolder',
    summary: 'Rename a folder or change whom it is shared with',
    description: '`audience` replaces the folder’s audience; choosing nobody shares it as its parent is.',
    params: folderParams,
    body: folderUpdateBody,
    transaction: true,
    responses: { 200: { description: 'The folder.', schema: folderAnswer } },
    refusals: {
      400: `${FOLDER_MESSAGES.nameRequired} / ${FOLDER_MESSAGES.nameTooLong} / ${AUDIENCE_REFUSALS}`,
      403: FOLDER_MESSAGES.adminsOnly,
      404: FOLDER_MESSAGES.notFound,
      409: 'A folder beside it already has this name, whatever the case.',
    },
    authorize: 'folders.manage',
    handle: async ({ ctx, scope, params, body }) => {
      const { audience } = body;
      await updateFolder(ctx, scope, {
        folderId: params.id,
        name: body.name,
        audience: audience && {
          userId: audience.user_id,
          roles: audience.assigned_roles,
          assignTo: audience.assign_to,
        },
      });
      return folderAnswerOf(ctx, scope, params.id);
    },
  }),
  route({
    method: 'post',
    path: '/folders/:id/move',
    operationId: 'moveWorkspaceFolder',
    summary: 'Move a folder into another, or to the top level',
    params: folderParams,
    body: folderMoveBody,
    transaction: true,
    responses: { 200: { description: 'The folder, in its new place.', schema: folderAnswer } },
    refusals: {
      400: `${FOLDER_MESSAGES.parentId} / ${FOLDER_MESSAGES.intoItself}`,
      403: FOLDER_MESSAGES.adminsOnly,
      404: FOLDER_MESSAGES.notFound,
      409: 'A folder in the destination already has this name, whatever the case.',
    },
    authorize: 'folders.manage',
    handle: async ({ ctx, scope, params, body }) => {
      await moveFolder(ctx, scope, { folderId: params.id, parentId: body.parent_id });
      return folderAnswerOf(ctx, scope, params.id);
    },
  }),
  route({
    method: 'delete',
    path: '/folders/:id',
    operationId: 'deleteWorkspaceFolder',
    summary: 'Delete an empty folder',
    description: 'Files deleted from it (still restorable) go back to the top level.',
    params: folderParams,
    transaction: true,
    responses: { 204: { description: 'Deleted.' } },
    refusals: {
      403: FOLDER_MESSAGES.adminsOnly,
      404: FOLDER_MESSAGES.notFound,
      409: 'The folder still holds files or folders (`folder_not_empty`); the sentence says how many.',
    },
    authorize: 'folders.manage',
    handle: async ({ ctx, scope, params }) => {
      await deleteFolder(ctx, scope, { folderId: params.id });
    },
  }),
  route({
    method: 'patch',
    path: '/files/:id',
    operationId: 'renameWorkspaceFile',
    summary: 'Rename a file',
    description: 'Its title, as the lists show it; the stored file and its name stay.',
    params: fileParams,
    body: fileRenameBody,
    transaction: true,
    responses: { 200: { description: 'The file, renamed.', schema: fileAnswer } },
    refusals: {
      400: 'Give the file a title. / The title must be at most 255 characters.',
      403: FOLDER_MESSAGES.adminsOnly,
      404: FILE_NOT_FOUND,
    },
    authorize: 'folders.manage',
    handle: async ({ ctx, scope, params, body }) => {
      const file = await visibleFile(ctx, scope, params.id);
      await renameFile(ctx, scope, { fileId: file.id, title: body.title });
      return { file: presentFile(await visibleFile(ctx, scope, file.id)) };
    },
  }),
  route({
    method: 'post',
    path: '/files/:id/move',
    operationId: 'moveWorkspaceFile',
    summary: 'Move a file into a folder, or to the top level',
    description:
      'A file with no member or role of its own is then shared as its new folder is. Recorded in the file’s activity.',
    params: fileParams,
    body: fileMoveBody,
    transaction: true,
    responses: { 200: { description: 'The file, in its new place.', schema: fileAnswer } },
    refusals: {
      400: FOLDER_MESSAGES.folderId,
      403: FOLDER_MESSAGES.adminsOnly,
      404: `${FILE_NOT_FOUND} / ${FOLDER_MESSAGES.notFound}`,
    },
    authorize: 'folders.manage',
    handle: async ({ ctx, scope, params, body }) => {
      const file = await visibleFile(ctx, scope, params.id);
      await moveFile(ctx, scope, { fileId: file.id, folderId: body.folder_id });
      return { file: presentFile(await visibleFile(ctx, scope, file.id)) };
    },
  }),
]);
