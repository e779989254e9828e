import { Op, type CreationAttributes, type Transaction } from 'sequelize';
import type { Tenant, TenantDomain } from '../db/models';
import { crossTenantStatement, select } from '../db/statements';
import type { ServiceContext } from '../scope';

/*
 * Every read and write of the custom-domains domain: its model calls and its SQL. "Not found" is
 * null, and the services decide what that means.
 */

type Db = Pick<ServiceContext, 'db'>;

/** The workspace's domains, oldest first. */
export function listTenantDomains(ctx: Db, tenantId: string, transaction?: Transaction): Promise<TenantDomain[]> {
  return ctx.db.TenantDomain.findAll({
    where: { tenant_id: tenantId },
    order: [
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
}

export function findDomain(
  ctx: Db,
  tenantId: string,
  domain: string,
  transaction?: Transaction,
): Promise<TenantDomain | null> {
  return ctx.db.TenantDomain.findOne({ where: { tenant_id: tenantId, domain }, transaction });
}

export function findDomainById(ctx: Db, tenantId: string, id: string): Promise<TenantDomain | null> {
  return ctx.db.TenantDomain.findOne({ where: { tenant_id: tenantId, id } });
}

/** The workspace that verified this domain, if one has: only a verified domain is a workspace's. */
export async function verifiedOwnerOf(ctx: Db, domain: string, transaction?: Transaction): Promise<string | null> {
  // Across tenants on purpose: who holds a domain is a platform-wide question.
  const row = await ctx.db.TenantDomain.findOne({
    where: { domain, verified_at: { [Op.ne]: null } },
    attributes: ['tenant_id'],
    allTenants: true,
    transaction,
  });
  return row?.tenant_id ?? null;
}

/** The workspace's domains that count: verified, or claimed after `claimedAfter`. */
export function countLiveDomains(
  ctx: Db,
  tenantId: string,
  claimedAfter: Date,
  transaction: Transaction,
): Promise<number> {
  return ctx.db.TenantDomain.count({
    where: {
      tenant_id: tenantId,
      [Op.or]: [{ verified_at: { [Op.ne]: null } }, { created_at: { [Op.gt]: claimedAfter } }],
    },
    transaction,
  });
}

/** Other workspaces' rows for this domain (claims: only one workspace can have verified it). */
export function listOtherClaims(
  ctx: Db,
  domain: string,
  exceptTenantId: string,
  transaction: Transaction,
): Promise<TenantDomain[]> {
  // Across tenants on purpose: the other workspaces' claims on the same domain.
  return ctx.db.TenantDomain.findAll({
    where: { domain, tenant_id: { [Op.ne]: exceptTenantId } },
    allTenants: true,
    transaction,
  });
}

/** The workspace's first verified domain with a certificate. */
export function findFirstReadyDomain(
  ctx: Db,
  tenantId: string,
  transaction: Transaction,
): Promise<TenantDomain | null> {
  return ctx.db.TenantDomain.findOne({
    where: { tenant_id: tenantId, ssl_status: 'ready', verified_at: { [Op.ne]: null } },
    order: [['created_at', 'ASC']],
    transaction,
  });
}

export function insertDomain(
  ctx: Db,
  tenantId: string,
  values: Omit<CreationAttributes<TenantDomain>, 'tenant_id'>,
  transaction: Transaction,
): Promise<TenantDomain> {
  return ctx.db.TenantDomain.create({ ...values, tenant_id: tenantId }, { transaction });
}

const LOCK_DOMAIN = crossTenantStatement(
  'domains.lock',
  'an advisory lock on a domain name, which any workspace may claim; it reads and writes no table',
  'SELECT pg_advisory_xact_lock(hashtext($1))',
);

/**
 * Serialises whatever decides who holds a domain (claims, verifications) until the transaction
 * ends, so two workspaces verifying it at once cannot both win.
 */
export async function lockDomainName(
  ctx: Pick<ServiceContext, 'sequelize'>,
  domain: string,
  transaction: Transaction,
): Promise<void> {
  await select(ctx, LOCK_DOMAIN, [`domain:${domain}`], transaction);
}

export function findTenant(ctx: Db, tenantId: string, transaction: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { transaction });
}

/** Sets `tenants.domain`, where the workspace's links point. */
export async function setTenantDomain(
  ctx: Db,
  tenantId: string,
  domain: string | null,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.Tenant.update({ domain }, { where: { id: tenantId }, transaction });
}
