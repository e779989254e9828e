import { roleTypeProblems, type RoleColor, type RoleKind, type RoleType } from '@portico/common';

import { audit } from '../kernel/audit';
import { withinPlanCaps } from './plan-caps';
import { badRequest, conflict } from '../kernel/errors';
import { countOpenInvitationsToRoles } from '../invitations';
import { inTransaction, type ServiceContext, type TenantScope } from '../scope';
import { roleTypesOf } from '../tenancy';
import { countMembersWithRoles, replaceRoleTypes } from './people-data';

export interface RoleTypeInput {
  role_key: string;
  role_label: string;
  role_color: RoleColor;
  kind?: RoleKind;
}

function assertRoleTypesValid(roles: readonly RoleTypeInput[]): void {
  const [problem] = roleTypeProblems(roles);
  if (problem) throw badRequest(problem.message);
}

/**
 * Replaces a tenant's role types, in the order given (DECISIONS §3): `admin` stays and is the only
 * key of kind admin, `owner` is reserved, a key members still hold cannot go, a key sent without a
 * kind keeps its kind and a new one is a client. A kind turned into client adds its members and
 * open invitations to the clients, so the save is held to the plan's client cap.
 */
export async function saveRoleTypes(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { roles: readonly RoleTypeInput[] },
): Promise<RoleType[]> {
  const { tenantId } = scope;
  const { roles } = input;
  assertRoleTypesValid(roles);
  const keys = roles.map((r) => r.role_key);
  return inTransaction(ctx, (transaction) =>
    withinPlanCaps(ctx, tenantId, transaction, async () => {
      const before = await roleTypesOf(ctx, tenantId, transaction);
      const removed = before.map((r) => r.role_key).filter((k) => !keys.includes(k));
      if (removed.length > 0) {
        const named = removed.map((k) => `"${k}"`).join(', ');
        if ((await countMembersWithRoles(ctx, tenantId, removed, transaction)) > 0)
          throw conflict(`Members still hold the role ${named}. Move them to another role first.`, 'role_in_use');
        // An invitation to a role that is gone would make a member with a role the workspace no longer has.
        if ((await countOpenInvitationsToRoles(ctx, tenantId, removed, ctx.clock.now(), transaction)) > 0)
          throw conflict(
            `Pending invitations still offer the role ${named}. Revoke them under People first.`,
            'role_in_use',
          );
      }
      await replaceRoleTypes(
        ctx,
        tenantId,
        roles.map((r, i) => ({
          role_key: r.role_key,
          role_label: r.role_label,
          role_color: r.role_color,
          kind:
            r.role_key === 'admin'
              ? 'admin'
              : (r.kind ?? before.find((b) => b.role_key === r.role_key)?.kind ?? 'client'),
          sort_order: i,
        })),
        transaction,
      );
      await audit(
        ctx,
        scope,
        { action: 'tenant.roles_updated', entity: { type: 'tenant', id: tenantId }, details: { before, after: roles } },
        transaction,
      );
      return roleTypesOf(ctx, tenantId, transaction);
    }),
  );
}
