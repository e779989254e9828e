import type { Transaction } from 'sequelize';
import type { FileRecord } from '../db/models';
import { notify } from '../inbox';
import type { ServiceContext, TenantScope } from '../scope';

/**
 * Tells a file's recipients (its person, everyone holding its roles) that it was shared with them,
 * in the transaction that shares it; whoever shared it is not told.
 */
export function announceFileShared(
  ctx: ServiceContext,
  scope: TenantScope,
  row: Pick<FileRecord, 'id' | 'title' | 'user_id' | 'assigned_roles'>,
  transaction: Transaction,
): Promise<void> {
  return notify(
    ctx,
    scope.tenantId,
    {
      kind: 'file.shared',
      userIds: row.user_id ? [row.user_id] : [],
      roles: row.assigned_roles ?? [],
      actorId: scope.actor.userId,
      title: `“${row.title}” was shared with you`,
      body: null,
      path: `/files?file=${row.id}`,
      entity: { type: 'file', id: row.id },
    },
    transaction,
  );
}
