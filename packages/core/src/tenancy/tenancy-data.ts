import { Op, type CreationAttributes, type Transaction, type WhereOptions } from 'sequelize';
import type { Membership, OnboardingState, Tenant, TenantRoleType, TenantStatus, TenantTier } from '../db/models';
import { select, tenantStatement } from '../db/statements';
import { foldersSharedWith } from '../db/folder-audience';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of the tenancy domain: workspaces and their slugs, the hosts that reach
 * them, the memberships a brand is chosen from, and the dashboards' figures (DECISIONS §4).
 */

/* ---------- workspaces ---------- */

/** One workspace by id, or null; for the platform console and a super admin visiting a workspace. */
export async function findTenant(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { transaction });
}

/** The id of the workspace with this slug, or null. */
export async function findTenantIdBySlug(
  ctx: Pick<ServiceContext, 'db'>,
  slug: string,
  transaction?: Transaction,
): Promise<string | null> {
  const tenant = await ctx.db.Tenant.findOne({ where: { slug }, attributes: ['id'], transaction });
  return tenant?.id ?? null;
}

/** An onboarding not yet ready that reserved this subdomain (one of `exceptUserId`'s left out), or null. */
export function findSubdomainReservation(
  ctx: Pick<ServiceContext, 'db'>,
  subdomain: string,
  exceptUserId: string | undefined,
  transaction?: Transaction,
): Promise<OnboardingState | null> {
  return ctx.db.OnboardingState.findOne({
    where: {
      subdomain,
      status: { [Op.ne]: 'ready' },
      ...(exceptUserId && { user_id: { [Op.ne]: exceptUserId } }),
    },
    attributes: ['id'],
    transaction,
  });
}

export function insertTenant(
  ctx: Pick<ServiceContext, 'db'>,
  values: CreationAttributes<Tenant>,
  transaction: Transaction,
): Promise<Tenant> {
  return ctx.db.Tenant.create(values, { transaction });
}

export interface TenantFilters {
  /** Matched anywhere in the name, slug or domain, case-insensitively. */
  q?: string;
  tier?: TenantTier;
  status?: TenantStatus;
  /** With (true) or without (false) a custom domain, verified or not. */
  has_domain?: boolean;
}

/** The platform console's list of workspaces, newest first (at most 500). */
export async function listTenants(ctx: Pick<ServiceContext, 'db'>, filters: TenantFilters = {}): Promise<Tenant[]> {
  const where: WhereOptions<Tenant> = {};
  if (filters.tier) Object.assign(where, { tier: filters.tier });
  if (filters.status) Object.assign(where, { status: filters.status });
  if (filters.has_domain !== undefined) {
    // Across tenants on purpose: the workspaces that have a row in tenant_domains.
    const withDomain = await ctx.db.TenantDomain.findAll({ attributes: ['tenant_id'], allTenants: true });
    const ids = [...new Set(withDomain.map((d) => d.tenant_id))];
    if (filters.has_domain && ids.length === 0) return [];
    if (ids.length > 0) Object.assign(where, { id: { [filters.has_domain ? Op.in : Op.notIn]: ids } });
  }
  if (filters.q) {
    const like = `%${filters.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    Object.assign(where, {
      [Op.or]: [{ name: { [Op.iLike]: like } }, { slug: { [Op.iLike]: like } }, { domain: { [Op.iLike]: like } }],
    });
  }
  return ctx.db.Tenant.findAll({ where, order: [['created_at', 'DESC']], limit: 500 });
}

/* ---------- role types and seats ---------- */

export function findRoleTypes(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<TenantRoleType[]> {
  return ctx.db.TenantRoleType.findAll({ where: { tenant_id: tenantId }, transaction });
}

export async function insertRoleTypes(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  rows: Omit<CreationAttributes<TenantRoleType>, 'tenant_id'>[],
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TenantRoleType.bulkCreate(
    rows.map((r) => ({ ...r, tenant_id: tenantId })),
    { transaction },
  );
}

/** The role of every active member of these workspaces. */
export function findActiveMemberRoles(
  ctx: Pick<ServiceContext, 'db'>,
  tenantIds: string[],
): Promise<Pick<Membership, 'tenant_id' | 'role'>[]> {
  return ctx.db.Membership.findAll({
    where: { tenant_id: { [Op.in]: tenantIds }, status: 'active' },
    attributes: ['tenant_id', 'role'],
  });
}

/** The role types of these workspaces: their keys and kinds. */
export function findRoleKindsOf(ctx: Pick<ServiceContext, 'db'>, tenantIds: string[]): Promise<TenantRoleType[]> {
  return ctx.db.TenantRoleType.findAll({
    where: { tenant_id: { [Op.in]: tenantIds } },
    attributes: ['tenant_id', 'role_key', 'kind'],
  });
}

/* ---------- hosts ---------- */

/** The id and status of the workspace with this slug, or null. */
export function findTenantSiteBySlug(
  ctx: Pick<ServiceContext, 'db'>,
  slug: string,
): Promise<Pick<Tenant, 'id' | 'status'> | null> {
  return ctx.db.Tenant.findOne({ where: { slug }, attributes: ['id', 'status'] });
}

/** The id and status of the workspace this verified custom domain belongs to, or null. */
export async function findTenantSiteByDomain(
  ctx: Pick<ServiceContext, 'db'>,
  domain: string,
): Promise<Pick<Tenant, 'id' | 'status'> | null> {
  const row = await ctx.db.TenantDomain.findOne({
    where: { domain, verified_at: { [Op.ne]: null } },
    attributes: ['tenant_id'],
    allTenants: true,
  });
  return row ? ctx.db.Tenant.findByPk(row.tenant_id, { attributes: ['id', 'status'] }) : null;
}

/** The custom domains of a workspace, verified or not. */
export async function findDomainsOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<string[]> {
  const rows = await ctx.db.TenantDomain.findAll({
    where: { tenant_id: tenantId },
    attributes: ['domain'],
    transaction,
  });
  return rows.map((d) => d.domain);
}

/* ---------- brand ---------- */

/** A person's active memberships, oldest first, each with its workspace's name and colour (across tenants: their own). */
export function findActiveMembershipsWithTenant(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction?: Transaction,
): Promise<Membership[]> {
  return ctx.db.Membership.findAll({
    where: { user_id: userId, status: 'active' },
    allTenants: true,
    include: [{ model: ctx.db.Tenant, as: 'tenant', attributes: ['id', 'name', 'primary_color'] }],
    order: [['created_at', 'ASC']],
    transaction,
  });
}

/* ---------- dashboards ---------- */

/** How many members of the workspace hold none of these roles. */
export function countMembersOutside(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  roles: string[],
  transaction?: Transaction,
): Promise<number> {
  return ctx.db.Membership.count({ where: { tenant_id: tenantId, role: { [Op.notIn]: roles } }, transaction });
}

/** How many active members holding none of these roles have ever signed in. */
export function countSignedInMembersOutside(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  roles: string[],
  transaction?: Transaction,
): Promise<number> {
  return ctx.db.Membership.count({
    where: { tenant_id: tenantId, role: { [Op.notIn]: roles }, status: 'active' },
    include: [{ model: ctx.db.User, as: 'user', attributes: [], where: { last_sign_in_at: { [Op.ne]: null } } }],
    transaction,
  });
}

/** How many stored objects the workspace's files that are not deleted point at (shares of one upload count once). */
export function countStoredFiles(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<number> {
  return ctx.db.FileRecord.count({
    where: { tenant_id: tenantId, deleted_at: null },
    distinct: true,
    col: 'storage_key',
    transaction,
  });
}

export function countForms(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<number> {
  return ctx.db.Form.count({ where: { tenant_id: tenantId }, transaction });
}

/*
 * The member checklist. "Shared with you": files addressed to the member or to their role (or, naming
 * nobody, in a folder shared with them), not ones they uploaded themselves, nor deleted ones; opened = they viewed or downloaded it.
 * $1 tenant, $2 the member, $3 their role.
 */
const CHECKLIST_PROFILE_AND_FILES = tenantStatement(
  'dashboard.checklist.profile-and-files',
  `SELECT
     (p.first_name IS NOT NULL AND p.last_name IS NOT NULL AND p.phone IS NOT NULL) AS profile_done,
     count(f.id)::int AS files_total,
     count(f.id) FILTER (WHERE EXISTS (
       SELECT 1 FROM file_events e
       WHERE e.tenant_id = $1 AND e.file_id = f.id AND e.user_id = $2 AND e.kind IN ('view', 'download')
     ))::int AS files_opened
   FROM users u
   LEFT JOIN profiles p ON p.id = u.id
   LEFT JOIN files f ON f.tenant_id = $1 AND f.deleted_at IS NULL
     AND (f.user_id = $2 OR f.assigned_roles @> ARRAY[$3]::text[]
          OR (f.user_id IS NULL AND cardinality(f.assigned_roles) = 0 AND f.folder_id IN (${foldersSharedWith('$2', '$3')})))
     AND f.uploaded_by IS DISTINCT FROM $2
   WHERE u.id = $2
   GROUP BY p.first_name, p.last_name, p.phone`,
);

/** Published forms assigned to the member's roles ($3: owners answer to admin too) and how many they submitted. */
const CHECKLIST_FORMS = tenantStatement(
  'dashboard.checklist.forms',
  `SELECT
     count(*)::int AS forms_total,
     count(*) FILTER (WHERE EXISTS (
       SELECT 1 FROM form_responses r WHERE r.tenant_id = $1 AND r.form_id = f.id AND r.user_id = $2
     ))::int AS forms_submitted
   FROM forms f
   WHERE f.tenant_id = $1 AND f.status = 'published' AND f.assigned_roles && $3::text[]`,
);

/** Whether the member's profile is complete, and how many of the files shared with them they opened; null for no such user. */
export async function selectChecklistProfileAndFiles(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  userId: string,
  role: string,
): Promise<{ profile_done: boolean; files_total: number; files_opened: number } | null> {
  const [row] = await select<{ profile_done: boolean; files_total: number; files_opened: number }>(
    ctx,
    CHECKLIST_PROFILE_AND_FILES,
    [tenantId, userId, role],
  );
  return row ?? null;
}

/** How many published forms are assigned to one of `roles`, and how many of them the member submitted. */
export async function selectChecklistForms(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  userId: string,
  roles: string[],
): Promise<{ forms_total: number; forms_submitted: number } | null> {
  const [row] = await select<{ forms_total: number; forms_submitted: number }>(ctx, CHECKLIST_FORMS, [
    tenantId,
    userId,
    roles,
  ]);
  return row ?? null;
}
