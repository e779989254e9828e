import type { AppContext } from '../context';

import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { liveSubscriptionIds } from '../billing';
import { badRequest, notFound } from '../kernel/errors';
import { queueAfterCommit } from '../kernel/job-outbox';
import { invalidateSessions } from '../auth';
import { forgetHosts, hostsOfTenant, invalidateWorkspaces } from '../tenancy';
import { findMemberUserIds, lockTenantRow } from './console-data';

export const SLUG_MISMATCH = 'The slug typed does not match this workspace’s. Type it exactly to delete the workspace.';

/**
 * Deletes a workspace for good: its rows go in one transaction (every tenant table cascades from
 * `tenants`; audit rows, sent emails and Stripe events stay, their tenant cleared), audited as
 * `tenant.deleted` with its name, slug and the reason. Its hosts stop answering at once. Two
 * provisioning jobs follow through the job outbox (recorded with the deletion, retried until
 * storage or Stripe answers): its stored objects removed, and its live Stripe subscriptions
 * cancelled now (their ids read before the rows cascade away).
 */
export async function deleteTenant(
  ctx: ServiceContext,
  actor: PlatformActor,
  tenantId: string,
  input: { slug: string; reason: string },
): Promise<void> {
  const { tenant, hosts, memberIds } = await inTransaction(ctx, async (transaction) => {
    const tenant = await lockTenantRow(ctx, tenantId, transaction);
    if (!tenant) throw notFound('This workspace does not exist.');
    if (input.slug.toLowerCase() !== tenant.slug) throw badRequest(SLUG_MISMATCH, 'slug_mismatch');
    const hosts = await hostsOfTenant({ ...ctx, transaction }, tenant);
    const memberIds = await findMemberUserIds(ctx, tenant.id, transaction);
    await audit(
      ctx,
      { actor },
      {
        action: 'tenant.deleted',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: null,
        reason: input.reason,
        details: { name: tenant.name, slug: tenant.slug, tier: tenant.tier, members: memberIds.length },
      },
      transaction,
    );
    const subscriptionIds = await liveSubscriptionIds(ctx, tenant.id, transaction);
    await tenant.destroy({ transaction });
    await queueAfterCommit(
      ctx,
      {
        queue: 'provisioning',
        name: 'remove-storage',
        jobId: `remove-storage-${tenant.id}`,
        payload: { kind: 'remove-storage', tenantId: tenant.id },
      },
      transaction,
    );
    if (subscriptionIds.length > 0)
      await queueAfterCommit(
        ctx,
        {
          queue: 'provisioning',
          name: 'cancel-subscriptions',
          jobId: `cancel-subscriptions-${tenant.id}`,
          payload: { kind: 'cancel-subscriptions', tenantId: tenant.id, subscriptionIds },
        },
        transaction,
      );
    return { tenant, hosts, memberIds };
  });
  // The cascade removed its memberships without the model hooks: their sessions are read again.
  await Promise.all([
    invalidateSessions(ctx.sequelize, { users: memberIds }),
    invalidateWorkspaces(ctx.sequelize, { tenants: [tenant.id] }),
    forgetHosts(ctx, hosts),
  ]);
}

/** The provisioning job after a deletion: removes every object under `{tenant_id}/`. Running it again removes nothing more. */
export async function removeTenantStorage(ctx: Pick<AppContext, 'storage'>, tenantId: string): Promise<number> {
  return ctx.storage.removeAll(tenantId);
}
