import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import type { Folder } from '../db/models';
import { foldersSharedWith } from '../db/folder-audience';
import { crossTenantStatement, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of folders (issue 33). Who sees a folder is one rule, `foldersSharedWith`
 * (db/folder-audience.ts): a folder is shared with whoever its own member or roles name, and a
 * folder with neither is shared with whoever its parent is shared with (nearest first).
 */

/** Every folder of the workspace, and whether the viewer may open it: $2 they see all, $3 their user id, $4 their role key. */
const TENANT_FOLDERS = tenantStatement(
  'folders.all',
  `SELECT d.id, d.parent_id, d.name, d.user_id, u.email AS user_email, d.assigned_roles, d.created_at, d.updated_at,
          ($2::boolean OR d.id IN (${foldersSharedWith('$3', '$4')})) AS open
   FROM folders d
   LEFT JOIN users u ON u.id = d.user_id
   WHERE d.tenant_id = $1
   ORDER BY lower(d.name), d.id`,
);

/** The audience a folder ($2) gives what is in it: its own, else its nearest parent's that has one. */
const FOLDER_AUDIENCE = tenantStatement(
  'folders.audience',
  `WITH RECURSIVE up AS (
     SELECT d.parent_id, d.user_id, d.assigned_roles, 0 AS depth FROM folders d WHERE d.tenant_id = $1 AND d.id = $2
     UNION ALL
     SELECT p.parent_id, p.user_id, p.assigned_roles, up.depth + 1
     FROM folders p JOIN up ON p.id = up.parent_id
     WHERE p.tenant_id = $1 AND up.user_id IS NULL AND cardinality(up.assigned_roles) = 0
   )
   SELECT user_id, assigned_roles FROM up
   WHERE user_id IS NOT NULL OR cardinality(assigned_roles) > 0
   ORDER BY depth LIMIT 1`,
);

/** How many live files and folders are directly in a folder ($2). */
const FOLDER_CONTENTS = tenantStatement(
  'folders.contents',
  `SELECT (SELECT count(*) FROM files f WHERE f.tenant_id = $1 AND f.folder_id = $2 AND f.deleted_at IS NULL)::int AS files,
          (SELECT count(*) FROM folders d WHERE d.tenant_id = $1 AND d.parent_id = $2)::int AS folders`,
);

const LOCK_FOLDER_TREE = crossTenantStatement(
  'folders.lock-tree',
  'an advisory lock on a key naming the tenant; it reads and writes no table',
  'SELECT pg_advisory_xact_lock(hashtext($1))',
);

/** A folder as the listing reads it. */
export interface FolderRow {
  id: string;
  parent_id: string | null;
  name: string;
  user_id: string | null;
  user_email: string | null;
  assigned_roles: string[];
  created_at: Date;
  updated_at: Date;
  /** The viewer may open it (see its contents); otherwise they see its name only, on the way to one they may. */
  open: boolean;
}

/** Who looks at the folders: those who see everything, or a person with a role. */
export interface FolderViewerWhere {
  seesAll: boolean;
  viewerId: string | null;
  viewerRole: string;
}

/** Every folder of the workspace, by name, each saying whether the viewer may open it. */
export function selectFolders(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  where: FolderViewerWhere,
  transaction?: Transaction,
): Promise<FolderRow[]> {
  return select<FolderRow>(
    ctx,
    TENANT_FOLDERS,
    [tenantId, where.seesAll, where.viewerId, where.viewerRole],
    transaction,
  );
}

/** Who a folder shares what is in it with (see FOLDER_AUDIENCE); nobody but the admins when no folder up its chain names anyone. */
export async function findFolderAudience(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  folderId: string,
  transaction?: Transaction,
): Promise<{ user_id: string | null; assigned_roles: string[] }> {
  const [row] = await select<{ user_id: string | null; assigned_roles: string[] }>(
    ctx,
    FOLDER_AUDIENCE,
    [tenantId, folderId],
    transaction,
  );
  return row ?? { user_id: null, assigned_roles: [] };
}

/** How many live files and folders are directly in a folder. */
export async function countFolderContents(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  folderId: string,
  transaction: Transaction,
): Promise<{ files: number; folders: number }> {
  const [row] = await select<{ files: number; folders: number }>(
    ctx,
    FOLDER_CONTENTS,
    [tenantId, folderId],
    transaction,
  );
  return row ?? { files: 0, folders: 0 };
}

/** Holds changes to the workspace's folder tree (creations, moves, deletions) to one at a time until the transaction ends. */
export async function lockFolderTree(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  transaction: Transaction,
): Promise<void> {
  await select(ctx, LOCK_FOLDER_TREE, [`folders:${tenantId}`], transaction);
}

/** One folder of the workspace, locked for the transaction when there is one; null when there is none. */
export function findFolder(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Folder | null> {
  return ctx.db.Folder.findOne({
    where: { tenant_id: tenantId, id },
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
}

/** A sibling of the same name whatever the case (under `parentId`, null for the top level), other than `exceptId`. */
export function findSiblingNamed(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  tenantId: string,
  input: { parentId: string | null; name: string; exceptId?: string },
  transaction: Transaction,
): Promise<Folder | null> {
  const { sequelize } = ctx;
  return ctx.db.Folder.findOne({
    where: {
      tenant_id: tenantId,
      parent_id: input.parentId,
      ...(input.exceptId ? { id: { [Op.ne]: input.exceptId } } : {}),
      [Op.and]: [sequelize.where(sequelize.fn('lower', sequelize.col('name')), input.name.toLowerCase())],
    },
    transaction,
  });
}

export function insertFolder(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Omit<CreationAttributes<Folder>, 'tenant_id'>,
  transaction: Transaction,
): Promise<Folder> {
  return ctx.db.Folder.create({ tenant_id: tenantId, ...values }, { transaction });
}

/** Empties a folder of its deleted files (they restore to the top level) and removes it. */
export async function destroyFolder(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  tenantId: string,
  folderId: string,
  transaction: Transaction,
): Promise<void> {
  // Deleted files in it go back to the top level, so a restore finds them; through the model, whose hooks tell the workspace cache.
  await ctx.db.FileRecord.update(
    { folder_id: null },
    { where: { tenant_id: tenantId, folder_id: folderId, deleted_at: { [Op.ne]: null } }, transaction },
  );
  await ctx.db.Folder.destroy({ where: { tenant_id: tenantId, id: folderId }, transaction });
}
