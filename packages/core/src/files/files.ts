import path from 'node:path';
import { isUuid, type FileOrder, type FileStatus } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { FileRecord, FileEventKind, FileKind } from '../db/models';
import type { AppContext } from '../context';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { decodeCursor, pageOf } from '../kernel/cursor';
import { audit } from '../kernel/audit';
import { fileEventData, recordEvent } from '../kernel/events';
import { cachedWorkspaceRead } from '../tenancy';
import { resolveAssignment, type AssignmentInput } from './file-shares';
import { announceFileShared } from './file-notices';
import {
  countFileRows,
  destroyFiles,
  findFilesByIds,
  findFilesOfUser,
  insertFile,
  insertFileEvents,
  selectFileActivity,
  selectFileRows,
  storageKeysInUse,
  type FileActivity,
  type FileRow,
  type FileRowsWhere,
} from './files-data';
import { selectVersionKeysInUse, selectVersionKeysOfFiles } from './file-versions-data';

export { FILE_KINDS, FILE_LIST_LIMITS, FILE_STATUSES, type FileStatus } from '@portico/common';
export type { FileActivity, FileRow } from './files-data';

/** Types shown inline (tenant-portal §2): pdf and images; SVG never (it can carry scripts). */
const PREVIEW_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const DOCUMENT_EXTENSIONS = new Set(['doc', 'docx', 'odt', 'rtf', 'txt', 'md', 'pages']);
const SPREADSHEET_EXTENSIONS = new Set(['xls', 'xlsx', 'ods', 'csv', 'tsv', 'numbers']);
const DOCUMENT_TYPES = new Set([
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.oasis.opendocument.text',
  'application/rtf',
  'text/plain',
  'text/markdown',
]);
const SPREADSHEET_TYPES = new Set([
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  'text/csv',
]);

function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** Characters no name keeps: controls (C0, DEL, C1) and the invisible bidirectional marks that can disguise an extension. */
const INVISIBLE = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** Characters a storage key avoids: reserved on some filesystems, or special in URLs. */
const KEY_UNSAFE = /[<>:"/\\|?*%#]/g;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Cuts `name` to what `fits` allows, keeping its extension and whole characters (an emoji stays whole). */
function shorten(name: string, fits: (candidate: string) => boolean): string {
  if (fits(name)) return name;
  const ext = path.extname(name);
  const kept = ext.length > 1 && fits(`x${ext}`) ? ext : '';
  let stem = '';
  for (const { segment } of graphemes.segment(name.slice(0, name.length - kept.length))) {
    if (!fits(`${stem}${segment}${kept}`)) break;
    stem += segment;
  }
  return `${stem.trimEnd()}${kept}`;
}

/** The most characters `files.original_name` holds. */
export const FILE_NAME_MAX_CHARS = 255;
/** The most UTF-8 bytes of a stored object's name: filesystems allow 255, and a temporary suffix is added while writing. */
const STORAGE_NAME_MAX_BYTES = 120;

/**
 * The name of an uploaded file as its uploader gave it, kept for display and downloads: the last
 * path segment (old browsers sent whole paths), in NFC, without invisible control characters, at
 * most 255 characters; never empty or only dots.
 */
export function originalFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base.toWellFormed().normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  const name = shorten(cleaned, (candidate) => [...candidate].length <= FILE_NAME_MAX_CHARS);
  return name && !/^\.*$/.test(name) ? name : 'file';
}

/**
 * The last segment of a stored object's key, derived from the file's name: readable, safe on any
 * filesystem and in S3, and short enough for both whatever the name's script (60 CJK characters
 * or 70 emoji are over 200 bytes).
 */
export function storageFileName(name: string): string {
  const safe = originalFileName(name).replace(KEY_UNSAFE, '_').replace(/^\.+/, '');
  const short = shorten(safe, (candidate) => Buffer.byteLength(candidate) <= STORAGE_NAME_MAX_BYTES);
  return short && !/^\.*$/.test(short) ? short : 'file';
}

export function fileKindOf(name: string, contentType: string): FileKind {
  const ext = extensionOf(name);
  const type = contentType.toLowerCase();
  if (ext === 'pdf' || type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/') || ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'tiff', 'heic'].includes(ext))
    return 'image';
  if (SPREADSHEET_EXTENSIONS.has(ext) || SPREADSHEET_TYPES.has(type)) return 'spreadsheet';
  if (DOCUMENT_EXTENSIONS.has(ext) || DOCUMENT_TYPES.has(type)) return 'document';
  return 'other';
}

/** The inline type of a previewable file: its extension must be previewable and agree with the declared type. */
export function previewTypeOf(name: string, contentType: string): string | null {
  const expected = PREVIEW_TYPES[extensionOf(name)];
  return expected && expected === contentType.toLowerCase() ? expected : null;
}

export function fileStorageKey(tenantId: string, fileId: string, name: string): string {
  return `${tenantId}/${fileId}/${storageFileName(name)}`;
}

/** The API path a file is downloaded from (the spec's `file_url`). */
export function fileUrlOf(fileId: string): string {
  return `/api/files/${fileId}/download`;
}

/** Who is looking: admins see every file of the tenant, others theirs and their role's (decided by the API's policies). */
export interface FileViewer {
  /** Null for an API key: it reads the whole tenant, as an admin does. */
  userId: string | null;
  role: string | null;
  isAdmin: boolean;
  /** Form builders (team roles) read responses, so they also see the files answered to forms. */
  formBuilder?: boolean;
}

export interface FileFilters {
  q?: string;
  /** Files shared with this member, personally or through their role. */
  userId?: string;
  type?: FileKind;
  status?: FileStatus;
  id?: string;
  ids?: string[];
  /** Files in this folder. */
  folderId?: string;
  /** Files at the viewer's top level: in no folder, or in one they may not open. */
  topLevel?: boolean;
}

export interface FileQuery extends FileFilters {
  viewer: FileViewer;
}

export interface FilePageQuery extends FileQuery {
  limit?: number;
  cursor?: string;
  /** Newest first unless `oldest`. */
  order?: FileOrder;
}

/** The files a viewer may see with these filters: admins every file, others theirs and their role's. */
function fileRowsWhere({ viewer, ...filters }: FileQuery): FileRowsWhere {
  return {
    seesAll: viewer.isAdmin,
    viewerId: viewer.userId,
    viewerRole: viewer.role ?? '',
    formBuilder: viewer.formBuilder ?? false,
    id: filters.id ?? null,
    ids: filters.ids ?? null,
    text: filters.q?.trim() || null,
    recipientId: filters.userId ?? null,
    kind: filters.type ?? null,
    status: filters.status ?? null,
    folderId: filters.folderId ?? null,
    topLevel: filters.topLevel ?? false,
  };
}

/** How many files a viewer may see with these filters (the list's "of N"). */
export function countFiles(ctx: ServiceContext, scope: TenantScope, input: FileQuery): Promise<number> {
  return countFileRows(ctx, scope.tenantId, fileRowsWhere(input));
}

/** The files a viewer may see in the workspace, newest (or oldest) first, filtered and searched in SQL, a page at a time. */
export async function listFiles(
  ctx: ServiceContext,
  scope: TenantScope,
  input: FilePageQuery,
): Promise<{ rows: FileRow[]; nextCursor: string | null }> {
  const limit = input.limit ?? 100;
  const cursor = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await selectFileRows(ctx, scope.tenantId, fileRowsWhere(input), {
    oldestFirst: input.order === 'oldest',
    after: cursor,
    limit: limit + 1,
  });
  return pageOf(rows, limit, (row) => ({ at: row.cursor_at, id: row.id }));
}

/** One page of the files a viewer may see and how many match in all (the Files page), from the workspace cache. */
export function filesPage(
  ctx: ServiceContext,
  scope: TenantScope,
  input: FilePageQuery,
): Promise<{ rows: FileRow[]; nextCursor: string | null; total: number }> {
  return cachedWorkspaceRead(ctx, scope, 'files.page', input, async () => {
    const [page, total] = await Promise.all([listFiles(ctx, scope, input), countFiles(ctx, scope, input)]);
    return { ...page, total };
  });
}

/** One file the viewer may see, or null (also for another workspace's file, or an id that is no UUID). */
export async function findVisibleFile(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FileViewer; id: string },
): Promise<FileRow | null> {
  if (!isUuid(input.id)) return null;
  const { rows } = await listFiles(ctx, scope, { viewer: input.viewer, id: input.id.toLowerCase(), limit: 1 });
  return rows[0] ?? null;
}

/** Records that the person acting previewed or downloaded files; an API key is nobody, so it records nothing. */
export async function recordFileEvent(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileIds: readonly string[]; kind: FileEventKind },
): Promise<void> {
  const userId = scope.actor.userId;
  if (!userId || input.fileIds.length === 0) return;
  await insertFileEvents(ctx, scope.tenantId, { fileIds: input.fileIds, userId, kind: input.kind });
}

/** Views and downloads of a file, newest first (the latest 200). */
export function fileActivity(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string },
): Promise<FileActivity[]> {
  return selectFileActivity(ctx, scope.tenantId, input.fileId);
}

/** Storage keys among `keys` that no file row of the tenant, nor any version of one, references any more. */
async function orphanedKeys(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  tenantId: string,
  keys: string[],
  transaction?: Transaction,
): Promise<string[]> {
  if (keys.length === 0) return [];
  const kept = await storageKeysInUse(ctx, tenantId, keys, transaction);
  const keptByVersions = await selectVersionKeysInUse(ctx, tenantId, keys, transaction);
  return [...new Set(keys)].filter((k) => !kept.has(k) && !keptByVersions.has(k));
}

/** Removes objects once the transaction that dropped their last rows has committed. */
function removeAfterCommit(ctx: Pick<AppContext, 'storage'>, keys: string[], transaction: Transaction): void {
  if (keys.length === 0) return;
  transaction.afterCommit(async () => {
    await Promise.all(keys.map((k) => ctx.storage.remove(k).catch(() => undefined)));
  });
}

/** A file just streamed into storage, as the upload receiver reports it. */
export interface StoredObject {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

export interface UploadRecord {
  /** The workspace and who uploads (a person, or an API key: no uploader then), for the row and its audit entry. */
  scope: TenantScope;
  fileId: string;
  file: StoredObject;
  title: string;
  userId: string | null;
  roles: string[];
  /** The folder it goes in; the top level when absent. */
  folderId?: string | null;
  /** The form whose question this file answers; its event is then `form.submitted`, not `file.uploaded`. */
  formId?: string;
  auditDetails?: Record<string, unknown>;
}

/** Saves the row of a stored upload with its audit entry and (unless it answers a form) its `file.uploaded` event. */
export async function recordUpload(
  ctx: Pick<AppContext, 'db' | 'queues' | 'config' | 'logger'>,
  input: UploadRecord,
  transaction: Transaction,
): Promise<FileRecord> {
  const { file } = input;
  const row = await insertFile(
    ctx,
    input.scope.tenantId,
    {
      id: input.fileId,
      title: input.title || file.name,
      original_name: file.name,
      content_type: file.contentType,
      kind: fileKindOf(file.name, file.contentType),
      size_bytes: file.size,
      storage_key: file.key,
      user_id: input.userId,
      assigned_roles: input.roles,
      uploaded_by: input.scope.actor.userId,
      folder_id: input.folderId ?? null,
      form_id: input.formId ?? null,
    },
    transaction,
  );
  await audit(
    ctx,
    input.scope,
    {
      action: 'file.uploaded',
      entity: { type: 'file', id: input.fileId },
      details: {
        name: file.name,
        size_bytes: file.size,
        user_id: input.userId,
        assigned_roles: input.roles,
        ...(input.folderId ? { folder_id: input.folderId } : {}),
        ...input.auditDetails,
      },
    },
    transaction,
  );
  if (!input.formId)
    await recordEvent(ctx, input.scope.tenantId, 'file.uploaded', { file: fileEventData(row) }, transaction);
  return row;
}

export interface UploadFileInput extends AssignmentInput {
  /** The id the stored object was named with (`fileStorageKey`). */
  fileId: string;
  file: StoredObject;
  /** The row's title; the file's name when blank. */
  title?: string | null;
  /** The folder it goes in (one the uploader may open, checked by the caller); the top level when absent. */
  folderId?: string | null;
}

/** Nobody chosen at all: a file put in a folder then takes the folder's audience. */
const choosesNobody = (input: AssignmentInput) => !input.assignTo && !input.userId && (input.roles ?? []).length === 0;

/**
 * Records a file just streamed into storage for the recipients chosen (checked as `resolveAssignment`
 * does; in a folder, choosing nobody shares it as the folder is), uploaded by whoever the scope names
 * — a person, or an API key — with its audit entry, its `file.uploaded` event and its recipients'
 * notices, in one transaction (the request's when the route opened one).
 */
export async function uploadFile(ctx: ServiceContext, scope: TenantScope, input: UploadFileInput): Promise<FileRecord> {
  const assignment =
    input.folderId && choosesNobody(input)
      ? { userId: null, roles: [] }
      : await resolveAssignment(
          ctx,
          scope.tenantId,
          scope.roleTypes.map((r) => r.role_key),
          input,
          ctx.transaction,
        );
  const { apiKeyId } = scope.actor;
  return inTransaction(ctx, async (transaction) => {
    const row = await recordUpload(
      ctx,
      {
        scope,
        fileId: input.fileId,
        file: input.file,
        title: input.title ?? '',
        userId: assignment.userId,
        roles: assignment.roles,
        folderId: input.folderId,
        auditDetails: apiKeyId ? { api_key_id: apiKeyId } : undefined,
      },
      transaction,
    );
    await announceFileShared(ctx, scope, row, transaction);
    return row;
  });
}

type FileDeleter = Pick<AppContext, 'db' | 'sequelize' | 'queues' | 'config' | 'logger' | 'storage'>;

/**
 * Deletes these file rows for good, their versions with them, with a `file.deleted` event for each
 * one not deleted already (that one was announced when it was); objects no other row or version
 * shares are removed after commit.
 */
async function deleteFileRows(
  ctx: FileDeleter,
  tenantId: string,
  rows: readonly FileRecord[],
  transaction: Transaction,
): Promise<number> {
  if (rows.length === 0) return 0;
  const versionKeys = await selectVersionKeysOfFiles(
    ctx,
    tenantId,
    rows.map((r) => r.id),
    transaction,
  );
  await destroyFiles(
    ctx,
    tenantId,
    rows.map((r) => r.id),
    transaction,
  );
  for (const row of rows)
    if (!row.deleted_at) await recordEvent(ctx, tenantId, 'file.deleted', { file: fileEventData(row) }, transaction);
  removeAfterCommit(
    ctx,
    await orphanedKeys(ctx, tenantId, [...rows.map((r) => r.storage_key), ...versionKeys], transaction),
    transaction,
  );
  return rows.length;
}

/**
 * Deletes the files a user received personally or uploaded for themselves in one tenant (used when
 * a user is deleted "with their files"); objects no other row shares are removed after commit.
 */
export async function deleteUserFiles(
  ctx: FileDeleter,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<number> {
  return deleteFileRows(ctx, tenantId, await findFilesOfUser(ctx, tenantId, userId, transaction), transaction);
}

/** Deletes these files of the workspace (old messages' attachments, issue 32; the purge of deleted files), as `deleteUserFiles` does. */
export async function deleteFilesByIds(
  ctx: FileDeleter,
  tenantId: string,
  ids: readonly string[],
  transaction: Transaction,
): Promise<number> {
  if (ids.length === 0) return 0;
  return deleteFileRows(ctx, tenantId, await findFilesByIds(ctx, tenantId, ids, transaction), transaction);
}
