import { FILE_VERSION_MESSAGES, isUuid } from '@portico/common';
import { audit } from '../kernel/audit';
import { notFound } from '../kernel/errors';
import { fileEventData, recordEvent } from '../kernel/events';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { fileKindOf, type StoredObject } from './files';
import { findFile } from './files-data';
import {
  insertNextFileVersion,
  insertVersionEvent,
  selectFileVersions,
  type FileVersionRow,
} from './file-versions-data';

/*
 * A file's versions (issue 33, DECISIONS §7 Files). A new version replaces what the file row
 * describes (its name, type, size and stored object), so every download, preview, zip and the public
 * API serve the latest; the file keeps its id, title, recipients and uploader. Earlier versions keep
 * their objects, counted in the workspace's storage, until the file is purged.
 * A share of a file (`file-shares.ts`) is a row of its own pointing at the object the file had then:
 * a version belongs to the row it was uploaded to, and the shares keep serving what was shared.
 * Each version's object is stored as an upload is, `{tenant}/{version id}/{name}`; version 1's id is the file's.
 */

export type { FileVersionRow } from './file-versions-data';

/** The file's versions, newest first; a file never versioned is its own version 1. The caller checked the file is visible. */
export function listFileVersions(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string },
): Promise<FileVersionRow[]> {
  return selectFileVersions(ctx, scope.tenantId, input.fileId);
}

/** One version of the file, or null (also for an id that is no UUID). The caller checked the file is visible. */
export async function findFileVersion(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string; versionId: string },
): Promise<FileVersionRow | null> {
  if (!isUuid(input.versionId)) return null;
  const id = input.versionId.toLowerCase();
  const versions = await selectFileVersions(ctx, scope.tenantId, input.fileId);
  return versions.find((v) => v.id === id) ?? null;
}

export interface UploadFileVersionInput {
  fileId: string;
  /** The id the stored object was named with (`fileStorageKey`), the version's own. */
  versionId: string;
  file: StoredObject;
}

/**
 * Records an object just streamed into storage as the file's next version: the file row now describes
 * it, with the audit entry, the line in the file's activity and the `file.version_uploaded` event, in
 * one transaction (the request's when the route opened one). Two uploads at once are numbered in turn:
 * each holds the file's row lock. Answers the version's number.
 */
export async function uploadFileVersion(
  ctx: ServiceContext,
  scope: TenantScope,
  input: UploadFileVersionInput,
): Promise<number> {
  const { file } = input;
  return inTransaction(ctx, async (transaction) => {
    const row = await findFile(ctx, scope.tenantId, input.fileId, transaction);
    if (!row) throw notFound(FILE_VERSION_MESSAGES.fileGone);
    const kind = fileKindOf(file.name, file.contentType);
    const number = await insertNextFileVersion(
      ctx,
      scope.tenantId,
      row.id,
      {
        id: input.versionId,
        originalName: file.name,
        contentType: file.contentType,
        kind,
        sizeBytes: file.size,
        storageKey: file.key,
        uploadedBy: scope.actor.userId,
        createdAt: ctx.clock.now(),
      },
      transaction,
    );
    await row.update(
      { original_name: file.name, content_type: file.contentType, kind, size_bytes: file.size, storage_key: file.key },
      { transaction },
    );
    await audit(
      ctx,
      scope,
      {
        action: 'file.version_uploaded',
        entity: { type: 'file', id: row.id },
        details: { title: row.title, version: number, name: file.name, size_bytes: file.size },
      },
      transaction,
    );
    if (scope.actor.userId)
      await insertVersionEvent(
        ctx,
        scope.tenantId,
        { fileId: row.id, userId: scope.actor.userId, versionNumber: number },
        transaction,
      );
    await recordEvent(
      ctx,
      scope.tenantId,
      'file.version_uploaded',
      { file: fileEventData(row), version: { id: input.versionId, number } },
      transaction,
    );
    return number;
  });
}
