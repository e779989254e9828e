import { randomUUID } from 'node:crypto';
import { NAME_GIVES_NO_SLUG, slugFromName, TENANT_STATUSES, TENANT_TIERS } from '@portico/common';
import { QueryTypes } from 'sequelize';
import type { AppContext } from '../context';
import type { Tenant } from '../db/models';
import { QUEUE_NAMES } from '../queues';
import { inTransaction, type ScopeActor, type ServiceContext } from '../scope';
import { recordAudit } from './audit';
import { badRequest } from './errors';
import { invalidateSessions } from './session-cache';
import { invalidateWorkspaces } from './workspace-cache';
import { createTenant, listTenants, seatsUsedByTenant, type NewTenant, type TenantFilters } from './tenants';

/* The platform console's own work: what a super admin does across workspaces (platform-console §7). */

/** A super admin acting from the console. */
export type PlatformActor = Pick<ScopeActor, 'userId' | 'ip'>;

/** The tenant table: each workspace with its administrator and team seats in use. */
export async function listTenantSummaries(
  _ctx: ServiceContext,
  filters: TenantFilters,
): Promise<Array<{ tenant: Tenant; seatsUsed: number }>> {
  const tenants = await listTenants(filters);
  const seats = await seatsUsedByTenant(tenants.map((t) => t.id));
  return tenants.map((tenant) => ({ tenant, seatsUsed: seats.get(tenant.id) ?? 0 }));
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
  if (slug.length < 2) throw badRequest(NAME_GIVES_NO_SLUG);
  return inTransaction(ctx, async (transaction) => {
    const tenant = await createTenant({ ...input, slug }, transaction);
    await recordAudit(
      {
        actorUserId: actor.userId,
        action: 'tenant.created',
        entityType: 'tenant',
        entityId: tenant.id,
        tenantId: tenant.id,
        details: {
          name: tenant.name,
          slug,
          tier: tenant.tier,
          seats_total: tenant.seats_total,
          bypass_billing: tenant.bypass_billing,
        },
        ip: actor.ip,
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
  await recordAudit({
    actorUserId: actor.userId,
    action: 'cache.purged',
    entityType: 'cache',
    entityId: 'sessions',
    reason,
    ip: actor.ip,
  });
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
  await recordAudit({
    actorUserId: actor.userId,
    action: 'search.rebuild_queued',
    entityType: 'job',
    entityId: id,
    ip: actor.ip,
  });
  return id;
}
