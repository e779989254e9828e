import { isUuid } from '@portico/common';
import { audit, systemScope } from '../kernel/audit';
import { DomainError, conflict, notFound } from '../kernel/errors';
import { fileEventData, recordEvent } from '../kernel/events';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { deleteFilesByIds, type FileViewer } from './files';
import {
  findFile,
  insertFileEvents,
  selectDeletedFile,
  selectExpiredFiles,
  selectTenantsWithExpiredFiles,
} from './files-data';

/*
 * Deleting a file is undoable (issue 33, DECISIONS §7 Files): a deleted file leaves every listing,
 * download, link, search and zip at once, and its row and stored object stay 30 days, so a restore
 * brings it back whole. The scheduler's nightly purge then removes the row, and the object once no
 * other row points at it; the workspace's storage counts the bytes until then.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a deleted file can be restored; the purge removes it after. */
export const FILE_RESTORE_DAYS = 30;
/** The most files one transaction of the purge removes. */
const PURGE_BATCH = 500;

export const FILE_NOT_DELETED = 'This file is not deleted, so there is nothing to restore.';
export const FILE_RESTORE_EXPIRED = `This file was deleted more than ${FILE_RESTORE_DAYS} days ago and can no longer be restored.`;

/** Until when a file deleted at `deletedAt` can be restored. */
function restorableUntil(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + FILE_RESTORE_DAYS * DAY_MS);
}

/**
 * Marks a live file of the workspace deleted by the person acting, with its audit entry, its line in
 * the file's activity and its `file.deleted` event, in the request's transaction when the route
 * opened one. Its stored object stays until the purge (shares of it are untouched).
 */
export async function deleteFile(ctx: ServiceContext, scope: TenantScope, input: { fileId: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const row = await findFile(ctx, scope.tenantId, input.fileId, transaction);
    if (!row) throw notFound('This file does not exist.');
    await row.update({ deleted_at: ctx.clock.now(), deleted_by: scope.actor.userId }, { transaction });
    await audit(
      ctx,
      scope,
      { action: 'file.deleted', entity: { type: 'file', id: row.id }, details: { title: row.title } },
      transaction,
    );
    if (scope.actor.userId)
      await insertFileEvents(
        ctx,
        scope.tenantId,
        { fileIds: [row.id], userId: scope.actor.userId, kind: 'deleted' },
        transaction,
      );
    await recordEvent(ctx, scope.tenantId, 'file.deleted', { file: fileEventData(row) }, transaction);
  });
}

/**
 * A deleted file the viewer could see were it live, or null; the route decides with it who may
 * restore (the same people who may delete). An id that is no UUID names no file.
 */
export function findDeletedFile(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FileViewer; id: string },
): Promise<{ id: string; uploaded_by: string | null; deleted_at: Date } | null> {
  if (!isUuid(input.id)) return Promise.resolve(null);
  const { viewer } = input;
  return selectDeletedFile(ctx, scope.tenantId, {
    seesAll: viewer.isAdmin,
    viewerId: viewer.userId,
    viewerRole: viewer.role ?? '',
    formBuilder: viewer.formBuilder ?? false,
    id: input.id.toLowerCase(),
    ids: null,
    text: null,
    recipientId: null,
    kind: null,
    status: null,
    folderId: null,
    topLevel: false,
  });
}

/**
 * Brings back a file deleted less than 30 days ago, with its audit entry, its line in the file's
 * activity and its `file.restored` event (a webhook that heard of the deletion hears of the undo); 409 for a file that is not deleted (restored by someone else meanwhile), 410 past the window.
 */
export async function restoreFile(ctx: ServiceContext, scope: TenantScope, input: { fileId: string }): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const row = await findFile(ctx, scope.tenantId, input.fileId, transaction, 'deleted');
    if (!row?.deleted_at) throw conflict(FILE_NOT_DELETED, 'file_not_deleted');
    if (ctx.clock.now() >= restorableUntil(row.deleted_at))
      throw new DomainError(410, FILE_RESTORE_EXPIRED, 'file_restore_expired');
    const deletedAt = row.deleted_at;
    await row.update({ deleted_at: null, deleted_by: null }, { transaction });
    await audit(
      ctx,
      scope,
      {
        action: 'file.restored',
        entity: { type: 'file', id: row.id },
        details: { title: row.title, deleted_at: deletedAt.toISOString() },
      },
      transaction,
    );
    if (scope.actor.userId)
      await insertFileEvents(
        ctx,
        scope.tenantId,
        { fileIds: [row.id], userId: scope.actor.userId, kind: 'restored' },
        transaction,
      );
    await recordEvent(ctx, scope.tenantId, 'file.restored', { file: fileEventData(row) }, transaction);
  });
}

/** Removes one workspace's files deleted before `before`, a batch per transaction, each audited; answers how many went. */
async function purgeTenant(ctx: ServiceContext, tenantId: string, before: Date): Promise<number> {
  let purged = 0;
  for (;;) {
    const removed = await inTransaction(ctx, async (transaction) => {
      const ids = await selectExpiredFiles(ctx, tenantId, { before, limit: PURGE_BATCH }, transaction);
      if (ids.length === 0) return 0;
      // Their `file.deleted` events went out when they were deleted; the objects go after commit.
      const files = await deleteFilesByIds(ctx, tenantId, ids, transaction);
      await audit(
        ctx,
        systemScope,
        {
          action: 'files.purged',
          entity: { type: 'tenant', id: tenantId },
          tenantId,
          details: { files, deleted_more_than_days: FILE_RESTORE_DAYS },
        },
        transaction,
      );
      return files;
    });
    purged += removed;
    if (removed < PURGE_BATCH) return purged;
  }
}

/** The scheduler's purge: every workspace's files deleted more than 30 days ago, and their objects. */
export async function purgeDeletedFiles(ctx: ServiceContext): Promise<{ tenants: number; files: number }> {
  const before = new Date(ctx.clock.now().getTime() - FILE_RESTORE_DAYS * DAY_MS);
  const total = { tenants: 0, files: 0 };
  for (const tenantId of await selectTenantsWithExpiredFiles(ctx, before)) {
    const files = await purgeTenant(ctx, tenantId, before);
    if (files > 0) total.tenants++;
    total.files += files;
  }
  return total;
}
