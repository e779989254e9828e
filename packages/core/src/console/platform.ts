import { randomUUID } from 'node:crypto';
import { NAME_GIVES_NO_SLUG, slugFromName, TENANT_STATUSES, TENANT_TIERS, type TenantUsage } from '@portico/common';
import { QueryTypes } from 'sequelize';
import type { AppContext } from '../context';
import { Membership, Tenant } from '../db/models';
import { select } from '../db/statements';
import { QUEUE_NAMES } from '../queues';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { liveSubscriptionIds } from '../billing';
import { badRequest, notFound } from '../kernel/errors';
import { queueAfterCommit } from '../kernel/job-outbox';
import { invalidateSessions } from '../auth';
import {
  createTenant,
  forgetHosts,
  hostsOfTenant,
  invalidateWorkspaces,
  listTenants,
  type NewTenant,
  seatsUsedByTenant,
  slugRefusalOf,
  slugTaken,
  type TenantFilters,
} from '../tenancy';
import { TENANT_USAGE } from './tenant-usage-queries';

/* The platform console's own work: what a super admin does across workspaces (platform-console §7). */

export interface TenantSummary {
  tenant: Tenant;
  seatsUsed: number;
  usage: TenantUsage;
}

/** What each of these workspaces holds, read in one statement. */
async function usageOf(ctx: ServiceContext, tenantIds: string[]): Promise<Map<string, TenantUsage>> {
  const rows = await select<
    Omit<TenantUsage, 'storage_bytes' | 'api_calls'> & {
      tenant_id: string;
      storage_bytes: string;
      api_calls: string;
    }
  >(ctx, TENANT_USAGE, [tenantIds]);
  return new Map(
    rows.map(({ tenant_id, ...r }) => [
      tenant_id,
      { ...r, storage_bytes: Number(r.storage_bytes), api_calls: Number(r.api_calls) },
    ]),
  );
}

/** The tenant table: each workspace with its team seats in use and what it holds. */
export async function listTenantSummaries(ctx: ServiceContext, filters: TenantFilters): Promise<TenantSummary[]> {
  const tenants = await listTenants(filters);
  return summariesOf(ctx, tenants);
}

/** The table's row of each of these workspaces, in their order. */
export async function summariesOf(ctx: ServiceContext, tenants: Tenant[]): Promise<TenantSummary[]> {
  const ids = tenants.map((t) => t.id);
  if (ids.length === 0) return [];
  const [seats, usage] = await Promise.all([seatsUsedByTenant(ids), usageOf(ctx, ids)]);
  return tenants.map((tenant) => ({
    tenant,
    seatsUsed: seats.get(tenant.id) ?? 0,
    usage: usage.get(tenant.id)!,
  }));
}

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
    const tenant = await Tenant.findByPk(tenantId, { transaction, lock: transaction.LOCK.UPDATE });
    if (!tenant) throw notFound('This workspace does not exist.');
    if (input.slug.toLowerCase() !== tenant.slug) throw badRequest(SLUG_MISMATCH, 'slug_mismatch');
    const hosts = await hostsOfTenant({ ...ctx, transaction }, tenant);
    const members = await Membership.findAll({ where: { tenant_id: tenant.id }, attributes: ['user_id'], transaction });
    await audit(
      { actor },
      {
        action: 'tenant.deleted',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: null,
        reason: input.reason,
        details: { name: tenant.name, slug: tenant.slug, tier: tenant.tier, members: members.length },
      },
      transaction,
    );
    const subscriptionIds = await liveSubscriptionIds(tenant.id, transaction);
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
    return { tenant, hosts, memberIds: members.map((m) => m.user_id) };
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

/**
 * A new workspace from the console, with the default role types, audited. Its address is the slug
 * given, or one made from the name. In the caller's transaction when there is one (its first
 * invitation goes in the same).
 */
export async function provisionTenant(
  ctx: ServiceContext,
  actor: PlatformActor,
  input: Omit<NewTenant, 'slug'> & { slug?: string },
): Promise<Tenant> {
  const slug = slugFromName(input.slug || input.name);
  return inTransaction(ctx, async (transaction) => {
    // The rule onboarding's subdomains follow; slugFromName leaves only "too short" to be invalid.
    const refusal = await slugRefusalOf({ ...ctx, transaction }, slug);
    if (refusal === 'invalid') throw badRequest(NAME_GIVES_NO_SLUG);
    if (refusal === 'reserved')
      throw badRequest(
        `The workspace address "${slug}" is reserved for the platform. Choose another name or slug.`,
        'slug_reserved',
      );
    if (refusal === 'taken') throw slugTaken(slug);
    const tenant = await createTenant({ ...input, slug }, transaction);
    await audit(
      { actor },
      {
        action: 'tenant.created',
        entity: { type: 'tenant', id: tenant.id },
        tenantId: tenant.id,
        details: {
          name: tenant.name,
          slug,
          tier: tenant.tier,
          seats_total: tenant.seats_total,
          bypass_billing: tenant.bypass_billing,
        },
      },
      transaction,
    );
    return tenant;
  });
}

/** Bytes stored for every workspace's files: an object several rows share counts once. */
export async function platformStorageBytes(ctx: Pick<AppContext, 'sequelize'>): Promise<number> {
  const [row] = await ctx.sequelize.query<{ bytes: string | null }>(
    `SELECT sum(size_bytes)::text AS bytes FROM (SELECT DISTINCT ON (storage_key) size_bytes FROM files) stored`,
    { type: QueryTypes.SELECT },
  );
  return Number(row?.bytes ?? 0);
}

const COUNTED_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Sets the gauges read when metrics are scraped: jobs per queue and state, bytes stored, workspaces. */
export async function refreshPlatformGauges(ctx: Pick<AppContext, 'sequelize' | 'queues' | 'metrics'>): Promise<void> {
  const { metrics } = ctx;
  await Promise.all(
    QUEUE_NAMES.map(async (queue) => {
      const counts = await ctx.queues[queue].getJobCounts(...COUNTED_STATES);
      for (const state of COUNTED_STATES) metrics.queueJobs.set({ queue, state }, counts[state] ?? 0);
    }),
  );
  metrics.storageBytes.set(await platformStorageBytes(ctx));
  const tenants = await ctx.sequelize.query<{ tier: string; status: string; n: string }>(
    'SELECT tier, status, count(*)::text AS n FROM tenants GROUP BY tier, status',
    { type: QueryTypes.SELECT },
  );
  metrics.tenants.reset();
  for (const tier of TENANT_TIERS)
    for (const status of TENANT_STATUSES)
      metrics.tenants.set(
        { tier, status },
        Number(tenants.find((t) => t.tier === tier && t.status === status)?.n ?? 0),
      );
}

/**
 * Purge Cache: every process drops what it cached of sessions (users, memberships, tenants, role
 * types) and of what members browse (a new epoch of each cache in Redis), so the next request of
 * each reads PostgreSQL. Audited.
 */
export async function purgeCaches(ctx: ServiceContext, actor: PlatformActor, reason: string | null): Promise<void> {
  await audit({ actor }, { action: 'cache.purged', entity: { type: 'cache', id: 'sessions' }, reason });
  await Promise.all([
    invalidateSessions(ctx.sequelize, { everything: true }),
    invalidateWorkspaces(ctx.sequelize, { everything: true }),
  ]);
}

/** Rebuild Search Index: a maintenance job, its progress on the jobs page. Audited. */
export async function queueSearchRebuild(ctx: ServiceContext, actor: PlatformActor): Promise<string> {
  const job = await ctx.queues.maintenance.add(
    'rebuild-search-index',
    { task: 'rebuild-search-index' },
    { jobId: `rebuild-search-index-${randomUUID()}`, attempts: 1 },
  );
  const id = `maintenance:${job.id}`;
  await audit({ actor }, { action: 'search.rebuild_queued', entity: { type: 'job', id } });
  return id;
}
