import { FOLDER_MESSAGES, folderNameTaken, folderNotEmpty, type FolderCrumb } from '@portico/common';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { audit } from '../kernel/audit';
import { badRequest, conflict, notFound } from '../kernel/errors';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { resolveAssignment, type Assignment, type AssignmentInput } from './file-shares';
import type { FileViewer } from './files';
import { findFile, insertFileEvents } from './files-data';
import { announceFileMoved } from './file-notices';
import {
  countFolderContents,
  destroyFolder,
  findFolder,
  findSiblingNamed,
  insertFolder,
  lockFolderTree,
  selectFolders,
  type FolderRow,
} from './folders-data';

/*
 * Folders of a workspace's files (issue 33). Admins make, rename, share, move and delete them and
 * rename files and move them between folders; everyone lists what they may open. A folder shared with a member or roles
 * shares what is in it, unless a folder or file inside names its own audience (`foldersSharedWith`).
 * Changes to the tree take a lock on the workspace's folders, so two moves cannot make a loop.
 */

export type { FolderRow } from './folders-data';

const FILE_NOT_FOUND = 'This file does not exist.';

/** Every folder of the workspace, each saying whether the viewer may open it. */
function foldersSeenBy(ctx: ServiceContext, scope: TenantScope, viewer: FileViewer, transaction?: Transaction) {
  return selectFolders(
    ctx,
    scope.tenantId,
    { seesAll: viewer.isAdmin, viewerId: viewer.userId, viewerRole: viewer.role ?? '' },
    transaction,
  );
}

/** The folders from the top level down to `id` (itself last); a loop, which the tree lock prevents, ends the walk. */
function trailTo(byId: ReadonlyMap<string, FolderRow>, id: string): FolderRow[] {
  const trail: FolderRow[] = [];
  const seen = new Set<string>();
  for (let at = byId.get(id); at && !seen.has(at.id); at = at.parent_id ? byId.get(at.parent_id) : undefined) {
    seen.add(at.id);
    trail.unshift(at);
  }
  return trail;
}

export interface FolderListing {
  /** Null at the top level. */
  folder: FolderRow | null;
  breadcrumbs: FolderCrumb[];
  folders: FolderRow[];
}

/**
 * A folder the viewer may open (the top level without `parentId`), the way to it and the folders in
 * it they may open. A member's top level also holds the folders they may open inside ones they may
 * not, so nothing shared with them is out of reach; the way to those shows the others by name only.
 */
export async function listFolder(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FileViewer; parentId?: string },
): Promise<FolderListing> {
  const all = await foldersSeenBy(ctx, scope, input.viewer);
  const byId = new Map(all.map((f) => [f.id, f]));
  if (!input.parentId)
    return {
      folder: null,
      breadcrumbs: [],
      folders: all.filter((f) => f.open && (f.parent_id === null || !byId.get(f.parent_id)?.open)),
    };
  const folder = byId.get(input.parentId);
  if (!folder?.open) throw notFound(FOLDER_MESSAGES.notFound);
  return {
    folder,
    breadcrumbs: trailTo(byId, folder.id).map(({ id, name, open }) => ({ id, name, open })),
    folders: all.filter((f) => f.parent_id === folder.id && f.open),
  };
}

/** One folder the viewer may open; 404 otherwise (also for another workspace's). */
export async function openFolder(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FileViewer; id: string },
): Promise<FolderRow> {
  const folder = (await foldersSeenBy(ctx, scope, input.viewer)).find((f) => f.id === input.id);
  if (!folder?.open) throw notFound(FOLDER_MESSAGES.notFound);
  return folder;
}

/**
 * For a zip of files from these folders (null: the top level): each folder's path of names below the
 * deepest folder they all share, so the zip keeps the structure the files were chosen from.
 */
export async function zipFolderPaths(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { viewer: FileViewer; folderIds: readonly (string | null)[] },
): Promise<Map<string | null, string[]>> {
  const byId = new Map((await foldersSeenBy(ctx, scope, input.viewer)).map((f) => [f.id, f]));
  const ids = [...new Set(input.folderIds)];
  const trails = new Map(ids.map((id) => [id, id ? trailTo(byId, id) : []]));
  const lists = [...trails.values()];
  let shared = 0;
  while (lists.every((t) => t.length > shared && t[shared]!.id === lists[0]![shared]!.id)) shared++;
  return new Map([...trails].map(([id, trail]) => [id, trail.slice(shared).map((f) => f.name)]));
}

/** Whom a folder is shared with: nobody (its parent's audience) unless the admin chose someone, checked as a file's recipients are. */
async function folderAudience(
  ctx: ServiceContext,
  scope: TenantScope,
  input: AssignmentInput,
  transaction: Transaction,
): Promise<Assignment> {
  const nobody = !input.assignTo && !input.userId && (input.roles ?? []).length === 0;
  if (nobody) return { userId: null, roles: [] };
  return resolveAssignment(
    ctx,
    scope.tenantId,
    scope.roleTypes.map((r) => r.role_key),
    input,
    transaction,
  );
}

/** A folder of the workspace, locked for the transaction, or 404. */
async function existingFolder(ctx: ServiceContext, scope: TenantScope, id: string, transaction: Transaction) {
  const folder = await findFolder(ctx, scope.tenantId, id, transaction);
  if (!folder) throw notFound(FOLDER_MESSAGES.notFound);
  return folder;
}

/** Refuses a name a sibling under `parentId` already has, whatever the case. */
async function refuseTakenName(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { parentId: string | null; name: string; exceptId?: string },
  transaction: Transaction,
): Promise<void> {
  if (await findSiblingNamed(ctx, scope.tenantId, input, transaction)) throw conflict(folderNameTaken(input.name));
}

/** A write that could still meet a sibling's name written meanwhile: the unique index answers with the same sentence. */
async function namedWrite<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof UniqueConstraintError) throw conflict(folderNameTaken(name));
    throw error;
  }
}

export interface CreateFolderInput extends AssignmentInput {
  name: string;
  parentId?: string | null;
}

/** Makes a folder (at the top level or in `parentId`), audited; answers its id. */
export async function createFolder(ctx: ServiceContext, scope: TenantScope, input: CreateFolderInput): Promise<string> {
  return inTransaction(ctx, async (transaction) => {
    await lockFolderTree(ctx, scope.tenantId, transaction);
    const parentId = input.parentId ?? null;
    if (parentId) await existingFolder(ctx, scope, parentId, transaction);
    const audience = await folderAudience(ctx, scope, input, transaction);
    await refuseTakenName(ctx, scope, { parentId, name: input.name }, transaction);
    const folder = await namedWrite(input.name, () =>
      insertFolder(
        ctx,
        scope.tenantId,
        {
          parent_id: parentId,
          name: input.name,
          user_id: audience.userId,
          assigned_roles: audience.roles,
          created_by: scope.actor.userId,
        },
        transaction,
      ),
    );
    await audit(
      ctx,
      scope,
      {
        action: 'folder.created',
        entity: { type: 'folder', id: folder.id },
        details: { name: folder.name, parent_id: parentId, user_id: audience.userId, assigned_roles: audience.roles },
      },
      transaction,
    );
    return folder.id;
  });
}

/** Renames a folder and/or replaces its audience (`audience` choosing nobody: its parent's), audited. */
export async function updateFolder(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { folderId: string; name?: string; audience?: AssignmentInput },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const folder = await existingFolder(ctx, scope, input.folderId, transaction);
    const changes: { name?: string; user_id?: string | null; assigned_roles?: string[] } = {};
    if (input.name !== undefined && input.name !== folder.name) {
      await refuseTakenName(
        ctx,
        scope,
        { parentId: folder.parent_id, name: input.name, exceptId: folder.id },
        transaction,
      );
      changes.name = input.name;
    }
    if (input.audience) {
      const audience = await folderAudience(ctx, scope, input.audience, transaction);
      changes.user_id = audience.userId;
      changes.assigned_roles = audience.roles;
    }
    if (Object.keys(changes).length === 0) return;
    const before = { name: folder.name, user_id: folder.user_id, assigned_roles: folder.assigned_roles };
    await namedWrite(changes.name ?? folder.name, () => folder.update(changes, { transaction }));
    await audit(
      ctx,
      scope,
      { action: 'folder.updated', entity: { type: 'folder', id: folder.id }, details: { before, after: changes } },
      transaction,
    );
  });
}

/** Moves a folder into another (null: the top level), never into itself or a folder inside it; audited. */
export async function moveFolder(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { folderId: string; parentId: string | null },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    await lockFolderTree(ctx, scope.tenantId, transaction);
    const folder = await existingFolder(ctx, scope, input.folderId, transaction);
    const { parentId } = input;
    if (parentId) {
      await existingFolder(ctx, scope, parentId, transaction);
      const tree = await selectFolders(
        ctx,
        scope.tenantId,
        { seesAll: true, viewerId: null, viewerRole: '' },
        transaction,
      );
      const byId = new Map(tree.map((f) => [f.id, f]));
      if (trailTo(byId, parentId).some((f) => f.id === folder.id)) throw badRequest(FOLDER_MESSAGES.intoItself);
    }
    if (folder.parent_id === parentId) return;
    await refuseTakenName(ctx, scope, { parentId, name: folder.name, exceptId: folder.id }, transaction);
    const from = folder.parent_id;
    await namedWrite(folder.name, () => folder.update({ parent_id: parentId }, { transaction }));
    await audit(
      ctx,
      scope,
      {
        action: 'folder.moved',
        entity: { type: 'folder', id: folder.id },
        details: { name: folder.name, from_parent_id: from, to_parent_id: parentId },
      },
      transaction,
    );
  });
}

/** Deletes an empty folder, audited; 409 saying what is still in it otherwise (deleted files in it go to the top level). */
export async function deleteFolder(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { folderId: string },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    await lockFolderTree(ctx, scope.tenantId, transaction);
    const folder = await existingFolder(ctx, scope, input.folderId, transaction);
    const held = await countFolderContents(ctx, scope.tenantId, folder.id, transaction);
    if (held.files > 0 || held.folders > 0)
      throw conflict(folderNotEmpty(held.files, held.folders), 'folder_not_empty');
    await destroyFolder(ctx, scope.tenantId, folder.id, transaction);
    await audit(
      ctx,
      scope,
      { action: 'folder.deleted', entity: { type: 'folder', id: folder.id }, details: { name: folder.name } },
      transaction,
    );
  });
}

/** Gives a live file a new title (its stored name stays), audited. */
export async function renameFile(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string; title: string },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const file = await findFile(ctx, scope.tenantId, input.fileId, transaction);
    if (!file) throw notFound(FILE_NOT_FOUND);
    if (file.title === input.title) return;
    const before = file.title;
    await file.update({ title: input.title }, { transaction });
    await audit(
      ctx,
      scope,
      { action: 'file.renamed', entity: { type: 'file', id: file.id }, details: { from: before, to: input.title } },
      transaction,
    );
  });
}

/** Moves a live file into a folder (null: the top level), audited and in the file's activity. */
export async function moveFile(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { fileId: string; folderId: string | null },
): Promise<void> {
  await inTransaction(ctx, async (transaction) => {
    const file = await findFile(ctx, scope.tenantId, input.fileId, transaction);
    if (!file) throw notFound(FILE_NOT_FOUND);
    if (input.folderId) await existingFolder(ctx, scope, input.folderId, transaction);
    if (file.folder_id === input.folderId) return;
    const from = file.folder_id;
    await file.update({ folder_id: input.folderId }, { transaction });
    await announceFileMoved(ctx, scope, file, from, transaction);
    await audit(
      ctx,
      scope,
      {
        action: 'file.moved',
        entity: { type: 'file', id: file.id },
        details: { title: file.title, from_folder_id: from, to_folder_id: input.folderId },
      },
      transaction,
    );
    if (scope.actor.userId)
      await insertFileEvents(
        ctx,
        scope.tenantId,
        { fileIds: [file.id], userId: scope.actor.userId, kind: 'moved' },
        transaction,
      );
  });
}
