import { randomUUID } from 'node:crypto';
import { FILE_MESSAGES, FILE_VERSION_MESSAGES, fileVersionsAnswer, fileVersionUploadAnswer } from '@portico/common';
import {
  findFileVersion,
  listFileVersions,
  notFound,
  recordFileEvent,
  uploadFileVersion,
  type FileVersionRow,
} from '@portico/core';
import { z } from 'zod';
import { sendStoredFile } from '../http/file-response';
import { defineRoutes } from '../http/route';
import { receiveFileUpload, workspaceFile } from '../http/upload';
import { authorize } from '../policies';
import { presentFile } from '../presenters/files';
import { presentFileVersion } from '../presenters/file-versions';
import { FILE_NOT_FOUND, FILES_TAG, fileParams, visibleFile } from './files';
import { pathId } from './schemas';

/*
 * A file's versions (issue 33, DECISIONS §7 Files): a new version uploaded through the same streaming
 * pipeline as any upload, the history, and an earlier version's download for admins. The file's own
 * download, preview and zip serve its latest version (`file-downloads.ts`).
 */

const VERSION_REFUSAL = 'Only workspace admins or the person who uploaded a file can upload a new version of it.';

/** A new version's multipart body has no text fields: only the file. */
const versionUploadFields = z.object({});
const versionUpload = versionUploadFields.extend({
  file: z.any().meta({
    description: 'The new version, at most `MAX_UPLOAD_MB`.',
    override: { type: 'string', format: 'binary' },
  }),
});

const versionParams = fileParams.extend({
  versionId: pathId(FILE_VERSION_MESSAGES.notFound, 'The version’s id, from the history.'),
});

/** The versions as the history shows them, newest first; the first is the one the file serves. */
function presentVersions(versions: FileVersionRow[]) {
  const latest = versions[0]?.number ?? 1;
  return versions.map((v) => presentFileVersion(v, latest));
}

export const fileVersionRoutes = defineRoutes('workspace', FILES_TAG, (route) => [
  route({
    method: 'post',
    path: '/files/:id/versions',
    operationId: 'uploadFileVersion',
    summary: 'Upload a new version of a file',
    description:
      'Streamed to storage as an upload is. The file keeps its id, title and recipients; its name, type and size become the new version’s, and its download, preview and zip serve it. A share of the file made earlier (`POST /files`) keeps what was shared. Recorded in the file’s activity and sent as `file.version_uploaded`.',
    params: fileParams,
    multipart: versionUpload,
    responses: {
      201: { description: 'The version added and the file it now describes.', schema: fileVersionUploadAnswer },
    },
    refusals: {
      400: 'No file.',
      403: VERSION_REFUSAL,
      404: FILE_NOT_FOUND,
      413: 'The file is larger than `MAX_UPLOAD_MB` (`file_too_large`).',
    },
    handle: async ({ ctx, scope, req, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      authorize(scope, 'files.version', { ownerId: row.uploaded_by });
      const versionId = randomUUID();
      await receiveFileUpload(
        ctx,
        req,
        {
          destination: workspaceFile(scope.tenantId, versionId, ctx.config.maxUploadBytes),
          fields: versionUploadFields,
          missingFile: FILE_MESSAGES.selectFile,
        },
        ({ file }) => uploadFileVersion(ctx, scope, { fileId: row.id, versionId, file }),
      );
      const versions = presentVersions(await listFileVersions(ctx, scope, { fileId: row.id }));
      const version = versions.find((v) => v.id === versionId);
      if (!version) throw notFound(FILE_NOT_FOUND);
      return { version, file: presentFile(await visibleFile(ctx, scope, row.id)) };
    },
  }),
  route({
    method: 'get',
    path: '/files/:id/versions',
    operationId: 'listFileVersions',
    summary: 'The versions of a file',
    description: 'Newest first, to whoever may see the file; a file never given a new version has one, its upload.',
    params: fileParams,
    responses: { 200: { description: 'Newest first.', schema: fileVersionsAnswer } },
    refusals: { 404: FILE_NOT_FOUND },
    handle: async ({ ctx, scope, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      return { versions: presentVersions(await listFileVersions(ctx, scope, { fileId: row.id })) };
    },
  }),
  route({
    method: 'get',
    path: '/files/:id/versions/:versionId/download',
    operationId: 'downloadFileVersion',
    summary: 'Download one version of a file',
    description:
      'Admins only; everyone who sees the file downloads its latest version from `/files/{id}/download`. Records a download.',
    params: versionParams,
    responses: {
      200: {
        description: 'The version as an attachment, with its stored content type.',
        mediaType: 'application/octet-stream',
      },
    },
    refusals: {
      403: FILE_VERSION_MESSAGES.adminsOnly,
      404: `${FILE_NOT_FOUND} Or ${FILE_VERSION_MESSAGES.notFound.toLowerCase()}`,
    },
    handle: async ({ ctx, scope, res, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      authorize(scope, 'files.versions.download');
      const version = await findFileVersion(ctx, scope, { fileId: row.id, versionId: params.versionId });
      if (!version) throw notFound(FILE_VERSION_MESSAGES.notFound);
      await recordFileEvent(ctx, scope, { fileIds: [row.id], kind: 'download' });
      await sendStoredFile(
        ctx.storage,
        ctx.logger,
        res,
        {
          id: row.id,
          storage_key: version.storage_key,
          original_name: version.original_name,
          size_bytes: version.size_bytes,
        },
        'attachment',
        version.content_type,
      );
    },
  }),
]);
