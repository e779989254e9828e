import type { Transaction } from 'sequelize';
import type { Tenant } from '../db/models';
import { crossTenantStatement, select, tenantStatement } from '../db/statements';
import type { ServiceContext } from '../scope';

/* The reads and writes of the retention of messages (issue 32): which workspaces delete old ones, and the deletion. */

/** The workspaces that keep their messages for a number of days. */
const RETAINING_TENANTS = crossTenantStatement(
  'messages.retention.tenants',
  'The scheduler’s purge goes through every workspace that chose to delete old messages.',
  `SELECT id, message_retention_days AS days, message_retention_removes_files AS removes_files
   FROM tenants WHERE message_retention_days IS NOT NULL ORDER BY id`,
);

/** At most $3 of the workspace's messages sent before $2, oldest first, locked for deletion. */
const OLD_MESSAGES = tenantStatement(
  'messages.retention.old',
  `SELECT id FROM messages WHERE tenant_id = $1 AND created_at < $2::timestamptz
   ORDER BY created_at, id LIMIT $3 FOR UPDATE SKIP LOCKED`,
);

/** The file rows attached to the messages $2 (the poster's and the shared copies). */
const ATTACHED_FILES = tenantStatement(
  'messages.retention.files',
  'SELECT DISTINCT file_id FROM message_files WHERE tenant_id = $1 AND message_id = ANY($2::uuid[])',
);

/** Deletes the messages $2 (their links to files go with them); answers each one's thread. */
const DELETE_MESSAGES = tenantStatement(
  'messages.retention.delete',
  'DELETE FROM messages WHERE tenant_id = $1 AND id = ANY($2::uuid[]) RETURNING thread_id',
);

export interface RetainingTenant {
  id: string;
  days: number;
  removes_files: boolean;
}

export function selectRetainingTenants(ctx: Pick<ServiceContext, 'sequelize'>): Promise<RetainingTenant[]> {
  return select<RetainingTenant>(ctx, RETAINING_TENANTS, []);
}

export async function selectOldMessages(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  input: { before: Date; limit: number },
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ id: string }>(ctx, OLD_MESSAGES, [tenantId, input.before, input.limit], transaction);
  return rows.map((r) => r.id);
}

export async function selectAttachedFiles(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  messageIds: readonly string[],
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ file_id: string }>(ctx, ATTACHED_FILES, [tenantId, messageIds], transaction);
  return rows.map((r) => r.file_id);
}

/** Deletes the messages; answers the thread of each one deleted. */
export async function deleteMessages(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  messageIds: readonly string[],
  transaction: Transaction,
): Promise<string[]> {
  const rows = await select<{ thread_id: string }>(ctx, DELETE_MESSAGES, [tenantId, messageIds], transaction);
  return rows.map((r) => r.thread_id);
}

/** The workspace's retention, as saved. */
export async function saveRetention(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Pick<Tenant, 'message_retention_days' | 'message_retention_removes_files'>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.Tenant.update(values, { where: { id: tenantId }, transaction });
}
