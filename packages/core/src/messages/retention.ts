import type { MessageRetentionAnswer, MessageRetentionBody } from '@portico/common';
import { audit, systemScope } from '../kernel/audit';
import { deleteFilesByIds } from '../files';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import {
  deleteMessages,
  saveRetention,
  selectAttachedFiles,
  selectOldMessages,
  selectRetainingTenants,
  type RetainingTenant,
} from './retention-data';

/*
 * Retention of messages (issue 32): a workspace may delete messages older than N days (7 at least),
 * their attachments with them or kept in Files. The scheduler's purge deletes them a batch per
 * transaction, each batch audited with its counts and heard live in its threads' rooms.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The most messages one transaction deletes. */
const PURGE_BATCH = 1000;

export function messageRetentionOf(tenant: TenantScope['tenant']): MessageRetentionAnswer {
  return { days: tenant.message_retention_days ?? null, remove_files: tenant.message_retention_removes_files ?? false };
}

/** Saves the workspace's retention (its admins'), audited. */
export async function updateMessageRetention(
  ctx: ServiceContext,
  scope: TenantScope,
  input: MessageRetentionBody,
): Promise<MessageRetentionAnswer> {
  const saved = { days: input.days, remove_files: input.days === null ? false : (input.remove_files ?? false) };
  await inTransaction(ctx, async (transaction) => {
    await saveRetention(
      ctx,
      scope.tenantId,
      { message_retention_days: saved.days, message_retention_removes_files: saved.remove_files },
      transaction,
    );
    await audit(
      ctx,
      scope,
      { action: 'workspace.message_retention.updated', entity: { type: 'tenant', id: scope.tenantId }, details: saved },
      transaction,
    );
  });
  return saved;
}

/** Deletes one workspace's messages past its retention, a batch at a time; answers how many messages and files went. */
async function purgeTenant(
  ctx: ServiceContext,
  tenant: RetainingTenant,
  before: Date,
): Promise<{ messages: number; files: number }> {
  const purged = { messages: 0, files: 0 };
  for (;;) {
    const batch = await inTransaction(ctx, async (transaction) => {
      const ids = await selectOldMessages(ctx, tenant.id, { before, limit: PURGE_BATCH }, transaction);
      if (ids.length === 0) return { messages: 0, files: 0 };
      const files = tenant.removes_files
        ? await deleteFilesByIds(
            ctx,
            tenant.id,
            await selectAttachedFiles(ctx, tenant.id, ids, transaction),
            transaction,
          )
        : 0;
      const threadIds = await deleteMessages(ctx, tenant.id, ids, transaction);
      const messages = threadIds.length;
      await audit(
        ctx,
        systemScope,
        {
          action: 'messages.purged',
          entity: { type: 'tenant', id: tenant.id },
          tenantId: tenant.id,
          details: { messages, files, older_than_days: tenant.days },
        },
        transaction,
      );
      // Pages open on these threads read them again: the purged messages leave them at once.
      transaction.afterCommit(() => {
        for (const threadId of new Set(threadIds))
          ctx.live.toThread(tenant.id, threadId, 'messages_purged', { thread_id: threadId });
      });
      return { messages, files };
    });
    purged.messages += batch.messages;
    purged.files += batch.files;
    if (batch.messages < PURGE_BATCH) return purged;
  }
}

/** The scheduler's purge: every workspace's messages older than it keeps them for. */
export async function purgeOldMessages(
  ctx: ServiceContext,
): Promise<{ tenants: number; messages: number; files: number }> {
  const now = ctx.clock.now().getTime();
  const total = { tenants: 0, messages: 0, files: 0 };
  for (const tenant of await selectRetainingTenants(ctx)) {
    const purged = await purgeTenant(ctx, tenant, new Date(now - tenant.days * DAY_MS));
    if (purged.messages > 0) total.tenants++;
    total.messages += purged.messages;
    total.files += purged.files;
  }
  return total;
}
