import { roleKindOf, type RoleType } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';

import { planOf, type Plan } from '../plans';
import { conflict, type DomainError } from '../kernel/errors';
import { countOpenInvitationsByRole } from '../invitations';
import { roleTypesOf } from '../tenancy';
import { countActiveMembersByRole, findSeatHolder, lockPlanCaps } from './people-data';

/**
 * The plan's caps (DECISIONS §4, tenant-portal §6 and §9): clients, team seats and admin seats.
 * Each counts active members of its kind plus open invitations to a role of that kind, so a number
 * can grow by inviting, by changing a member's role, by reactivating a member and by changing a role
 * type's kind. Each of those runs inside `withinPlanCaps`, which counts before and after the change
 * in the change's own transaction; a change of plan or seats is checked by `capOverruns`.
 */

export type CappedKind = 'clients' | 'team' | 'admins';
export type Usage = Record<CappedKind, number>;
export type Caps = Record<CappedKind, number | null>;

export interface SeatHolder {
  tier: string;
  seats_total: number;
  admin_seats_extra: number;
}

/** What a tenant may hold: clients by plan, team seats bought (starter counts as one), admin seats included plus extra. */
export function capsOf(tenant: SeatHolder): Caps {
  const plan = planOf(tenant.tier);
  const extraAdmins = Math.min(tenant.admin_seats_extra, plan.admin_seats.max_extra ?? Infinity);
  return {
    clients: plan.client_cap,
    team: plan.team_seats ? tenant.seats_total : 1,
    admins: plan.admin_seats.included + extraAdmins,
  };
}

const KIND_OF_ROLE_KIND = { admin: 'admins', team: 'team', client: 'clients', guest: null } as const;

/** Active members and open invitations of each capped kind. */
export async function usageOf(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  tenantId: string,
  roleTypes: readonly RoleType[],
  transaction?: Transaction,
): Promise<Usage> {
  const [members, invitations] = await Promise.all([
    countActiveMembersByRole(ctx, tenantId, transaction),
    countOpenInvitationsByRole(ctx, tenantId, ctx.clock.now(), transaction),
  ]);
  const usage: Usage = { clients: 0, team: 0, admins: 0 };
  for (const row of [...members, ...invitations]) {
    const kind = KIND_OF_ROLE_KIND[roleKindOf(row.role, roleTypes)];
    if (kind) usage[kind] += Number(row.n);
  }
  return usage;
}

export interface CapCount {
  kind: CappedKind;
  plan: Plan;
  cap: number;
  before: number;
  after: number;
}

const NOUNS: Record<CappedKind, [one: string, many: string]> = {
  clients: ['client', 'clients'],
  team: ['team member', 'team members'],
  admins: ['admin', 'admins'],
};
const noun = (kind: CappedKind, n: number) => NOUNS[kind][n === 1 ? 0 : 1];

/** What a change that goes over a cap is told, by default. */
export function capExceeded({ kind, plan, cap, after }: CapCount): DomainError {
  if (kind === 'clients')
    return conflict(
      `This change would make ${after} clients (members and open invitations), but your ${plan.name} plan allows up to ${cap}. Upgrade your plan or remove clients first.`,
      'client_cap_reached',
    );
  const seats = kind === 'team' ? 'team seats' : 'admin seats';
  return conflict(
    `This change would make ${after} ${noun(kind, after)} (members and open invitations), but this workspace has ${cap} ${cap === 1 ? seats.slice(0, -1) : seats}. Add ${seats} under Billing or remove ${NOUNS[kind][1]} first.`,
    kind === 'team' ? 'team_seats_full' : 'admin_seats_full',
  );
}

/**
 * Runs `change` and refuses it (rolling the transaction back) when it leaves more of a kind than
 * the tenant may hold and more than there were before, so a workspace already over a cap (after a
 * downgrade) can still shrink or change what does not add to it. Every such change of a tenant takes
 * the same advisory lock first, so two at once cannot both take the last place; it also serialises
 * invitations, which keeps one live invitation per address.
 */
export async function withinPlanCaps<T>(
  ctx: Pick<AppContext, 'db' | 'clock' | 'sequelize'>,
  tenantId: string,
  transaction: Transaction,
  change: () => Promise<T>,
  refusal: (count: CapCount) => DomainError = capExceeded,
): Promise<T> {
  await lockPlanCaps(ctx, tenantId, transaction);
  const tenant = await findSeatHolder(ctx, tenantId, transaction);
  if (!tenant) return change();
  const caps = capsOf(tenant);
  const before = await usageOf(ctx, tenantId, await roleTypesOf(ctx, tenantId, transaction), transaction);
  const result = await change();
  const after = await usageOf(ctx, tenantId, await roleTypesOf(ctx, tenantId, transaction), transaction);
  for (const kind of ['clients', 'team', 'admins'] as const) {
    const cap = caps[kind];
    if (cap !== null && after[kind] > cap && after[kind] > before[kind])
      throw refusal({ kind, plan: planOf(tenant.tier), cap, before: before[kind], after: after[kind] });
  }
  return result;
}

/**
 * Why a tenant holding `usage` cannot move to `next` (a plan or seat count): one sentence per cap it
 * would be over, naming how many to remove. Empty when it fits.
 */
export function capOverruns(usage: Usage, next: SeatHolder): string[] {
  const caps = capsOf(next);
  const plan = planOf(next.tier);
  const problems: string[] = [];
  for (const kind of ['clients', 'team', 'admins'] as const) {
    const cap = caps[kind];
    if (cap === null || usage[kind] <= cap) continue;
    const over = usage[kind] - cap;
    const limit =
      kind === 'clients'
        ? `The ${plan.name} plan allows up to ${cap} clients`
        : `With ${cap} ${kind === 'team' ? 'team' : 'admin'} seat${cap === 1 ? '' : 's'} there is room for ${cap} ${noun(kind, cap)}`;
    problems.push(
      `${limit}; this workspace has ${usage[kind]} (members and open invitations). Remove ${over} ${noun(kind, over)} first.`,
    );
  }
  return problems;
}

/** Refuses (409, `over_plan_cap`) a plan or seat change the tenant's members do not fit in. */
export async function assertFitsCaps(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  tenantId: string,
  next: SeatHolder,
  transaction?: Transaction,
): Promise<void> {
  const usage = await usageOf(ctx, tenantId, await roleTypesOf(ctx, tenantId, transaction), transaction);
  const problems = capOverruns(usage, next);
  if (problems.length > 0) throw conflict(problems.join(' '), 'over_plan_cap');
}
