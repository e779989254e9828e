import { isUuid } from '@portico/common';
import {
  DomainError,
  listFiles,
  notFound,
  previewTypeOf,
  recordFileEvent,
  storageFileName,
  zipFolderPaths,
  type FileRow,
  type ServiceContext,
} from '@portico/core';
import { ZipArchive } from 'archiver';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { openStoredFile, sendStoredFile } from '../http/file-response';
import { defineRoutes } from '../http/route';
import { storedFileSecurityHeaders } from '../http/security-headers';
import { fileViewerOf } from '../policies';
import { FILE_NOT_FOUND, FILES_TAG, fileParams, visibleFile } from './files';

/* Downloads and previews of the workspace's files: each records who opened what (the "viewed" status, the activity). */

const ZIP_MAX_FILES = 1000;

/** `?ids=` of the zip download: distinct file ids, separated by commas. */
const zipQuery = z.object({
  ids: z
    .string({ error: 'ids must be a comma-separated list of file ids.' })
    .optional()
    .transform((raw) => [
      ...new Set(
        (raw ?? '')
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string())
        .min(1, 'Select at least one file to download.')
        .max(ZIP_MAX_FILES, `Download at most ${ZIP_MAX_FILES} files at once.`)
        .refine((ids) => ids.every(isUuid), 'ids must be a comma-separated list of file ids.'),
    )
    .meta({ description: `Comma-separated file ids, at most ${ZIP_MAX_FILES}.` }),
});

/** The web app's document headers, for a stored file the browser shows inline (the preview frame). */
function documentHeaders(req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) =>
    storedFileSecurityHeaders(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
  );
}

/**
 * Streams `rows` into one zip, an entry at a time, each under its folder's path (`folders`, names
 * below the folders all the files share); an object gone missing is left out rather than breaking the zip.
 */
async function sendZip(
  ctx: ServiceContext,
  res: Response,
  rows: FileRow[],
  folders: ReadonlyMap<string | null, string[]>,
): Promise<void> {
  res.attachment('files.zip');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  zip.on('error', (error) => {
    ctx.logger.error({ err: error }, 'zip download failed');
    res.destroy(error);
  });
  zip.pipe(res);
  let gone = false;
  const closed = new Promise<void>((resolve) =>
    res.once('close', () => {
      gone = !res.writableFinished;
      if (gone) zip.abort();
      resolve();
    }),
  );
  const used = new Set<string>();
  // Each object is opened only when the previous one is in the zip.
  for (const row of rows) {
    if (gone) return;
    const folder = (folders.get(row.folder_id) ?? []).map((segment) => `${storageFileName(segment)}/`).join('');
    let name = folder + storageFileName(row.original_name);
    for (let n = 2; used.has(name.toLowerCase()); n++)
      name = folder + storageFileName(`${row.original_name.replace(/(\.[^.]*)?$/, ` (${n})$1`)}`);
    used.add(name.toLowerCase());
    const source = await openStoredFile(ctx.storage, ctx.logger, row).catch(() => null);
    if (!source) continue;
    const written = new Promise<void>((resolve) => zip.once('entry', () => resolve()));
    zip.append(source, { name });
    await Promise.race([written, closed]);
  }
  if (!gone) await zip.finalize();
}

const STORED_OBJECT_GONE = `${FILE_NOT_FOUND} Or its stored object is gone.`;

/** Listed before `fileRoutes`: `/files/download.zip` is not a file's `/files/:id`. */
export const fileDownloadRoutes = defineRoutes('workspace', FILES_TAG, (route) => [
  route({
    method: 'get',
    path: '/files/download.zip',
    operationId: 'downloadFilesZip',
    summary: 'Download several files as one zip',
    description:
      'Each file under its folder’s path below the folders the chosen files share; names are made unique. Records a download of each file in it.',
    query: zipQuery,
    responses: {
      200: { description: 'A zip of the listed files the caller may see, streamed.', mediaType: 'application/zip' },
    },
    refusals: { 404: 'None of these files exist.' },
    handle: async ({ ctx, scope, res, query }) => {
      const viewer = fileViewerOf(scope);
      const { rows } = await listFiles(ctx, scope, { viewer, ids: query.ids, limit: ZIP_MAX_FILES });
      if (rows.length === 0) throw notFound('None of these files exist.');
      const folders = await zipFolderPaths(ctx, scope, { viewer, folderIds: rows.map((row) => row.folder_id) });
      await recordFileEvent(ctx, scope, { fileIds: rows.map((row) => row.id), kind: 'download' });
      await sendZip(ctx, res, rows, folders);
    },
  }),
  route({
    method: 'get',
    path: '/files/:id/download',
    operationId: 'downloadWorkspaceFile',
    summary: 'Download a file',
    description:
      'With the bearer token and `x-tenant-id`, or through a signed link from `POST /files/{id}/link`. Records a download.',
    params: fileParams,
    signedLink: true,
    responses: {
      200: {
        description: 'The file as an attachment, with its stored content type.',
        mediaType: 'application/octet-stream',
      },
    },
    refusals: { 404: STORED_OBJECT_GONE },
    handle: async ({ ctx, scope, res, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      await recordFileEvent(ctx, scope, { fileIds: [row.id], kind: 'download' });
      await sendStoredFile(ctx.storage, ctx.logger, res, row, 'attachment', row.content_type);
    },
  }),
  route({
    method: 'get',
    path: '/files/:id/preview',
    operationId: 'previewWorkspaceFile',
    summary: 'Show a file inline',
    description: 'PDF and PNG, JPEG, GIF and WebP images (never SVG), as for the download. Records a view.',
    params: fileParams,
    signedLink: true,
    responses: { 200: { description: 'The file, inline.', mediaType: 'application/octet-stream' } },
    refusals: {
      404: STORED_OBJECT_GONE,
      415: 'This file type cannot be previewed (`not_previewable`).',
    },
    handle: async ({ ctx, scope, req, res, params }) => {
      const row = await visibleFile(ctx, scope, params.id);
      const type = previewTypeOf(row.original_name, row.content_type);
      if (!type)
        throw new DomainError(415, 'This file type cannot be previewed. Download it instead.', 'not_previewable');
      await recordFileEvent(ctx, scope, { fileIds: [row.id], kind: 'view' });
      await documentHeaders(req, res);
      await sendStoredFile(ctx.storage, ctx.logger, res, row, 'inline', type);
    },
  }),
]);
