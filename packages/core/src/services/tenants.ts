import { DEFAULT_ROLE_TYPES, roleKindOf, type RoleType } from '@portico/common';
import { Op, UniqueConstraintError, type Transaction } from 'sequelize';
import { Membership, Tenant, TenantRoleType, type TenantTier } from '../db/models';
import { conflict } from './errors';

export interface NewTenant {
  name: string;
  slug: string;
  tier: TenantTier;
  seatsTotal: number;
  bypassBilling: boolean;
}

export async function createTenant(input: NewTenant, transaction: Transaction): Promise<Tenant> {
  const slugTaken = () => conflict(`The workspace address "${input.slug}" is already taken. Choose another name or slug.`, 'slug_taken');
  const taken = await Tenant.findOne({ where: { slug: input.slug }, attributes: ['id'], transaction });
  if (taken) throw slugTaken();
  const tenant = await Tenant.create(
    { name: input.name, slug: input.slug, tier: input.tier, seats_total: input.seatsTotal, bypass_billing: input.bypassBilling },
    { transaction },
  ).catch((error: unknown) => {
    // Two requests for the same slug at once: the unique index decides.
    throw error instanceof UniqueConstraintError ? slugTaken() : error;
  });
  await TenantRoleType.bulkCreate(
    DEFAULT_ROLE_TYPES.map((r, i) => ({ ...r, tenant_id: tenant.id, sort_order: i })),
    { transaction },
  );
  return tenant;
}

/** Role types in the tenant's order, as plain values. */
export function sortRoleTypes(rows: readonly TenantRoleType[]): RoleType[] {
  return [...rows]
    .sort((a, b) => a.sort_order - b.sort_order || a.role_key.localeCompare(b.role_key))
    .map((r) => ({ role_key: r.role_key, role_label: r.role_label, role_color: r.role_color, kind: r.kind }));
}

export async function roleTypesOf(tenantId: string, transaction?: Transaction): Promise<RoleType[]> {
  return sortRoleTypes(await TenantRoleType.findAll({ where: { tenant_id: tenantId }, transaction }));
}

export function roleLabelOf(roleKey: string, roleTypes: readonly RoleType[]): string {
  if (roleKey === 'owner') return 'Owner';
  return roleTypes.find((r) => r.role_key === roleKey)?.role_label ?? roleKey;
}

/** Administrator and team seats in use: active members whose role is of kind admin or team. */
export async function seatsUsedByTenant(tenantIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (tenantIds.length === 0) return counts;
  const [memberships, roleTypes] = await Promise.all([
    Membership.findAll({ where: { tenant_id: { [Op.in]: tenantIds }, status: 'active' }, attributes: ['tenant_id', 'role'] }),
    TenantRoleType.findAll({ where: { tenant_id: { [Op.in]: tenantIds } }, attributes: ['tenant_id', 'role_key', 'kind'] }),
  ]);
  const roleTypesByTenant = new Map<string, TenantRoleType[]>();
  for (const r of roleTypes) roleTypesByTenant.set(r.tenant_id, [...(roleTypesByTenant.get(r.tenant_id) ?? []), r]);
  for (const m of memberships) {
    const kind = roleKindOf(m.role, roleTypesByTenant.get(m.tenant_id));
    if (kind === 'admin' || kind === 'team') counts.set(m.tenant_id, (counts.get(m.tenant_id) ?? 0) + 1);
  }
  return counts;
}
