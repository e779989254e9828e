import type { Transaction } from 'sequelize';
import type { FileRecord } from '../db/models';
import { notify } from '../inbox';
import type { ServiceContext, TenantScope } from '../scope';
import { findFolderAudience } from './folders-data';

type Audience = Pick<FileRecord, 'user_id' | 'assigned_roles'>;

const namesNobody = (audience: Audience) => !audience.user_id && (audience.assigned_roles ?? []).length === 0;

/** Who may see a file: its own person and roles, else those of the folder it is in. */
async function audienceOf(
  ctx: ServiceContext,
  tenantId: string,
  row: Audience & Pick<FileRecord, 'folder_id'>,
  transaction: Transaction,
): Promise<Audience> {
  if (!namesNobody(row) || !row.folder_id) return row;
  return findFolderAudience(ctx, tenantId, row.folder_id, transaction);
}

/**
 * Tells a file's recipients (its person, everyone holding its roles; with none of its own, its
 * folder's) that it was shared with them, in the transaction that shares it; whoever shared it is
 * not told. `except` leaves out an audience already told: where a moved file came from.
 */
export async function announceFileShared(
  ctx: ServiceContext,
  scope: TenantScope,
  row: Pick<FileRecord, 'id' | 'title' | 'user_id' | 'assigned_roles' | 'folder_id'>,
  transaction: Transaction,
  except: Audience = { user_id: null, assigned_roles: [] },
): Promise<void> {
  const audience = await audienceOf(ctx, scope.tenantId, row, transaction);
  const userId = audience.user_id && audience.user_id !== except.user_id ? audience.user_id : null;
  const roles = (audience.assigned_roles ?? []).filter((role) => !(except.assigned_roles ?? []).includes(role));
  if (!userId && roles.length === 0) return;
  await notify(
    ctx,
    scope.tenantId,
    {
      kind: 'file.shared',
      userIds: userId ? [userId] : [],
      roles,
      actorId: scope.actor.userId,
      title: `“${row.title}” was shared with you`,
      body: null,
      path: `/files?file=${row.id}`,
      entity: { type: 'file', id: row.id },
    },
    transaction,
  );
}

/**
 * Tells the people a file moved into a folder can now see it: when the file names nobody itself, the
 * new folder's audience but those the old one already had.
 */
export async function announceFileMoved(
  ctx: ServiceContext,
  scope: TenantScope,
  row: Pick<FileRecord, 'id' | 'title' | 'user_id' | 'assigned_roles' | 'folder_id'>,
  fromFolderId: string | null,
  transaction: Transaction,
): Promise<void> {
  if (!namesNobody(row)) return;
  const before = await audienceOf(ctx, scope.tenantId, { ...row, folder_id: fromFolderId }, transaction);
  await announceFileShared(ctx, scope, row, transaction, before);
}
