import { roleKindOf, type RoleType } from '@portico/common';
import { Op, type Transaction } from 'sequelize';
import { Invitation, Membership, Tenant } from '../db/models';
import { planOf, type Plan } from '../plans';
import { conflict, type DomainError } from './errors';
import { openInvitationWhere } from './invitations';
import { roleTypesOf } from './tenants';

/**
 * The plan's client cap (DECISIONS §4). Clients are active members of a client-kind role plus open
 * invitations to one, so the number can grow by inviting, by changing a member's role, by
 * reactivating a member, and by changing a role type's kind. Each of those runs inside
 * `withinClientCap`, which counts before and after the change in the change's own transaction.
 */

/** Role keys of kind client in this tenant (its own types, plus built-in keys it does not redefine). */
export function clientRoleKeys(roleTypes: readonly RoleType[]): string[] {
  const own = roleTypes.filter((r) => r.kind === 'client').map((r) => r.role_key);
  const builtIn = ['role2', 'jobseeker'].filter(
    (k) => !roleTypes.some((r) => r.role_key === k) && roleKindOf(k) === 'client',
  );
  return [...own, ...builtIn];
}

/** Active client members plus open invitations to a client role. */
export async function clientsCounted(
  tenantId: string,
  roleTypes: readonly RoleType[],
  transaction?: Transaction,
): Promise<number> {
  const keys = clientRoleKeys(roleTypes);
  const [members, invitations] = await Promise.all([
    Membership.count({ where: { tenant_id: tenantId, status: 'active', role: { [Op.in]: keys } }, transaction }),
    Invitation.count({
      where: { tenant_id: tenantId, role: { [Op.in]: keys }, ...openInvitationWhere() },
      transaction,
    }),
  ]);
  return members + invitations;
}

export interface ClientCount {
  plan: Plan & { client_cap: number };
  before: number;
  after: number;
}

export function clientCapExceeded({ plan, after }: ClientCount): DomainError {
  return conflict(
    `This change would make ${after} clients (members and open invitations), but your ${plan.name} plan allows up to ${plan.client_cap}. Upgrade your plan or remove clients first.`,
    'client_cap_reached',
  );
}

/**
 * Runs `change` and refuses it (rolling the transaction back) when it leaves more clients than the
 * plan allows and more than there were before, so a workspace already over its cap (after a
 * downgrade) can still shrink or change what does not add clients. Every such change of a tenant
 * takes the same advisory lock first, so two at once cannot both take the last place; it also
 * serialises invitations, which keeps one live invitation per address.
 */
export async function withinClientCap<T>(
  tenantId: string,
  transaction: Transaction,
  change: () => Promise<T>,
  refusal = clientCapExceeded,
): Promise<T> {
  await Tenant.sequelize!.query('SELECT pg_advisory_xact_lock(hashtext(:key))', {
    replacements: { key: `clients:${tenantId}` },
    transaction,
  });
  const tenant = await Tenant.findByPk(tenantId, { attributes: ['id', 'tier'], transaction });
  const plan = planOf(tenant?.tier);
  if (plan.client_cap === null) return change();
  const before = await clientsCounted(tenantId, await roleTypesOf(tenantId, transaction), transaction);
  const result = await change();
  const after = await clientsCounted(tenantId, await roleTypesOf(tenantId, transaction), transaction);
  if (after > plan.client_cap && after > before)
    throw refusal({ plan: { ...plan, client_cap: plan.client_cap }, before, after });
  return result;
}
