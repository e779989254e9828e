import { randomUUID } from 'node:crypto';
import { NAME_GIVES_NO_SLUG, slugFromName, TENANT_STATUSES, TENANT_TIERS, type TenantUsage } from '@portico/common';
import type { AppContext } from '../context';
import type { Tenant } from '../db/models';
import { QUEUE_NAMES } from '../queues';
import { inTransaction, type PlatformActor, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import { badRequest } from '../kernel/errors';
import { invalidateSessions } from '../auth';
import {
  createTenant,
  invalidateWorkspaces,
  listTenants,
  type NewTenant,
  seatsUsedByTenant,
  slugRefusalOf,
  slugTaken,
  type TenantFilters,
} from '../tenancy';
import { countTenantsByTierAndStatus, platformStorageBytes, selectTenantUsage } from './console-data';

/* The platform console's own work: what a super admin does across workspaces (platform-console §7). */

export interface TenantSummary {
  tenant: Tenant;
  seatsUsed: number;
  usage: TenantUsage;
}

/** What each of these workspaces holds, read in one statement. */
async function usageOf(ctx: ServiceContext, tenantIds: string[]): Promise<Map<string, TenantUsage>> {
  const rows = await selectTenantUsage(ctx, tenantIds);
  return new Map(
    rows.map(({ tenant_id, ...r }) => [
      tenant_id,
      { ...r, storage_bytes: Number(r.storage_bytes), api_calls: Number(r.api_calls) },
    ]),
  );
}

/** The tenant table: each workspace with its team seats in use and what it holds. */
export async function listTenantSummaries(ctx: ServiceContext, filters: TenantFilters): Promise<TenantSummary[]> {
  const tenants = await listTenants(ctx, filters);
  return summariesOf(ctx, tenants);
}

/** The table's row of each of these workspaces, in their order. */
export async function summariesOf(ctx: ServiceContext, tenants: Tenant[]): Promise<TenantSummary[]> {
  const ids = tenants.map((t) => t.id);
  if (ids.length === 0) return [];
  const [seats, usage] = await Promise.all([seatsUsedByTenant(ctx, ids), usageOf(ctx, ids)]);
  return tenants.map((tenant) => ({
    tenant,
    seatsUsed: seats.get(tenant.id) ?? 0,
    usage: usage.get(tenant.id)!,
  }));
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
    const tenant = await createTenant(ctx, { ...input, slug }, transaction);
    await audit(
      ctx,
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
  const tenants = await countTenantsByTierAndStatus(ctx);
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
  await audit(ctx, { actor }, { action: 'cache.purged', entity: { type: 'cache', id: 'sessions' }, reason });
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
  await audit(ctx, { actor }, { action: 'search.rebuild_queued', entity: { type: 'job', id } });
  return id;
}
