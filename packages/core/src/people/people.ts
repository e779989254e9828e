import {
  isSuperAdminRole,
  isTenantAdminRole,
  type PeopleSort,
  type PROFILE_LOCKS,
  type RoleType,
} from '@portico/common';
import { UniqueConstraintError, type Transaction } from 'sequelize';
import { inTransaction, type ScopeActor, type ServiceContext, type TenantScope } from '../scope';
import type { Membership, MembershipStatus } from '../db/models';
import { audit } from '../kernel/audit';
import { withinPlanCaps } from './plan-caps';
import { hashPassword } from '../kernel/crypto';
import { assertPasswordPolicy } from '../settings';
import { decodeCursor, pageOf } from '../kernel/cursor';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { recordEvent } from '../kernel/events';
import { notify } from '../inbox';
import { deleteUserFiles } from '../files';
import { createInvitation, pendingInvitation, revokeInvitationsTo, type CreatedInvitation } from '../invitations';
import { requestPasswordReset, revokeUserSessions } from '../auth';
import {
  countActiveAdmins,
  countMemberships,
  countMembershipsOfUser,
  countPeople,
  deleteUser,
  findMembershipId,
  findOrBuildProfile,
  findOtherUserIdByEmail,
  findPerson,
  findUserEmail,
  findUserIdByEmail,
  globalRolesOf,
  lockMembership,
  lockMemberships,
  lockUser,
  selectMembersPage,
  selectPeople,
  setMembersRole,
  setPasswordHash,
  type PeopleFilters,
  type PersonRow,
} from './people-data';

/** The People (CRM users) area: a tenant's members, joined to their accounts and profiles. */

export { PEOPLE_PAGE_SIZES, PEOPLE_SORTS, type PeopleSort } from '@portico/common';

export interface PeopleListOptions extends PeopleFilters {
  sort: PeopleSort;
  order: 'asc' | 'desc';
  /** Absent for an export: every matching row. */
  page?: number;
  pageSize?: number;
}

/** One page of the members matching the filters, in the list's order (every match without `page`). */
function peoplePage(ctx: ServiceContext, tenantId: string, options: PeopleListOptions): Promise<PersonRow[]> {
  const window =
    options.page && options.pageSize
      ? { limit: options.pageSize, offset: (options.page - 1) * options.pageSize }
      : null;
  return selectPeople(ctx, tenantId, options, window);
}

/** Filters, sorts and pages a tenant's members in the database, with how many match in all. */
export async function listPeople(
  ctx: ServiceContext,
  scope: TenantScope,
  options: PeopleListOptions,
): Promise<{ rows: PersonRow[]; total: number }> {
  if (options.role) assertValidRole(options.role, scope.roleTypes);
  const [rows, total] = await Promise.all([
    peoplePage(ctx, scope.tenantId, options),
    countPeople(ctx, scope.tenantId, options),
  ]);
  return { rows, total };
}

/** An export is read from the database a page at a time and written as it comes. */
const EXPORT_PAGE_SIZE = 500;

/**
 * Every member matching the filters, in the list's order, read a page at a time. The role filter is
 * checked here, before the first row, so a refusal comes before anything is sent.
 */
export function peopleForExport(
  ctx: ServiceContext,
  scope: TenantScope,
  options: Omit<PeopleListOptions, 'page' | 'pageSize'>,
): AsyncIterable<PersonRow> {
  if (options.role) assertValidRole(options.role, scope.roleTypes);
  return (async function* () {
    for (let page = 1; ; page++) {
      const rows = await peoplePage(ctx, scope.tenantId, { ...options, page, pageSize: EXPORT_PAGE_SIZE });
      yield* rows;
      if (rows.length < EXPORT_PAGE_SIZE) return;
    }
  })();
}

/** One page of a tenant's members, newest first, for cursor paging (the public API). */
export async function listMembersPage(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  tenantId: string,
  options: { limit: number; cursor?: string },
): Promise<{ rows: PersonRow[]; nextCursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await selectMembersPage(ctx, tenantId, after, options.limit + 1);
  return pageOf(rows, options.limit, (row) => ({ at: row.cursor_at, id: row.id }));
}

/** Role keys a member may hold in this tenant: its role types, plus owner. */
export function validRoleKeys(roleTypes: readonly RoleType[]): string[] {
  const keys = roleTypes.map((r) => r.role_key);
  return keys.includes('owner') ? keys : [...keys, 'owner'];
}

export function assertValidRole(role: string, roleTypes: readonly RoleType[]): void {
  const keys = validRoleKeys(roleTypes);
  if (!keys.includes(role)) throw badRequest(`Invalid role. Valid roles: ${keys.join(', ')}`, 'invalid_role');
}

const NOT_A_MEMBER = 'This user is not a member of this workspace.';

async function membershipOf(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Membership> {
  const membership = await lockMembership(ctx, tenantId, userId, transaction);
  if (!membership) throw notFound(NOT_A_MEMBER);
  return membership;
}

/** Refuses a change that would leave the workspace without an active owner or admin. */
async function assertAdminsRemain(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  leaving: readonly string[],
  transaction: Transaction,
): Promise<void> {
  if ((await countActiveAdmins(ctx, tenantId, leaving, transaction)) === 0)
    throw conflict(
      'A workspace needs at least one active owner or admin. Make someone else an admin first.',
      'last_admin',
    );
}

async function isSuperAdminUser(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction?: Transaction,
): Promise<boolean> {
  return (await globalRolesOf(ctx, userId, transaction)).some(isSuperAdminRole);
}

export type ProfileLock = (typeof PROFILE_LOCKS)[number];

/**
 * A tenant admin changes what belongs to the tenant (role, status). A person's profile — name,
 * email, password — is theirs and the platform's: an admin may change it only for an account that
 * belongs to their workspace alone and is not a super admin's, since another workspace shows the
 * same name and signs in with the same credentials. Null when this actor may change it.
 */
export function profileLock(
  person: Pick<PersonRow, 'shared_account' | 'super_admin'>,
  actor: Pick<ScopeActor, 'isSuperAdmin'>,
): ProfileLock | null {
  if (actor.isSuperAdmin) return null;
  if (person.super_admin) return 'super_admin_target';
  return person.shared_account ? 'shared_account' : null;
}

const PROFILE_LOCKED: Record<ProfileLock, string> = {
  super_admin_target: "Only platform super admins can change a super admin's name, email or password.",
  shared_account:
    'This person also belongs to another workspace, so only they or a platform super admin can change their name, email or password. You can still change their role or status, or send them a password reset link.',
};

async function assertProfileManageable(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  tenantId: string,
  userId: string,
  actor: ScopeActor,
  transaction?: Transaction,
): Promise<void> {
  const person = await findPerson(ctx, tenantId, userId, transaction);
  if (!person) throw notFound(NOT_A_MEMBER);
  const lock = profileLock(person, actor);
  if (lock) throw forbidden(PROFILE_LOCKED[lock], lock);
}

const NAME_FIELDS = ['first_name', 'last_name'] as const;

export interface PersonPatch {
  role?: string;
  status?: MembershipStatus;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  password?: string;
}

/**
 * Changes one member of this tenant; every change is audited; a new password signs them out, and a
 * suspension withdraws their pending invitation so it cannot undo the suspension.
 */
export async function updatePerson(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { userId: string; patch: PersonPatch },
): Promise<PersonRow> {
  const { tenantId, actor } = scope;
  const { userId, patch } = input;
  const apply = async (transaction: Transaction): Promise<PersonRow> => {
    const membership = await membershipOf(ctx, tenantId, userId, transaction);
    const user = (await lockUser(ctx, userId, transaction))!;
    const profile = await findOrBuildProfile(ctx, userId, transaction);
    const changes: Record<string, unknown> = {};

    const emailChanges = patch.email !== undefined && patch.email !== user.email;
    const namesChanged = NAME_FIELDS.filter(
      (field) => patch[field] !== undefined && patch[field] !== (profile[field] ?? null),
    );
    if (emailChanges || namesChanged.length > 0 || patch.password !== undefined)
      await assertProfileManageable(ctx, tenantId, userId, actor, transaction);
    if (patch.role !== undefined && patch.role !== membership.role) {
      assertValidRole(patch.role, scope.roleTypes);
      if (isTenantAdminRole(membership.role) && !isTenantAdminRole(patch.role))
        await assertAdminsRemain(ctx, tenantId, [userId], transaction);
      changes.role = { from: membership.role, to: patch.role };
      membership.role = patch.role;
    }
    if (patch.status !== undefined && patch.status !== membership.status) {
      if (patch.status === 'suspended') {
        if (userId === actor.userId) throw badRequest('You cannot suspend yourself.', 'self_suspend');
        if (isTenantAdminRole(membership.role)) await assertAdminsRemain(ctx, tenantId, [userId], transaction);
      }
      changes.status = { from: membership.status, to: patch.status };
      membership.status = patch.status;
      if (patch.status === 'suspended')
        await revokeInvitationsTo(ctx, { tenantId, email: user.email, reason: 'member_suspended', actor }, transaction);
    }
    if (changes.role || changes.status) await membership.save({ transaction });

    if (emailChanges) {
      const emailTaken = () => conflict('An account with this email already exists.', 'email_taken');
      if (await findOtherUserIdByEmail(ctx, patch.email!, userId, transaction)) throw emailTaken();
      changes.email = { from: user.email, to: patch.email };
      user.email = patch.email!;
      // An address an admin typed is not proven to be the person's; a change they had asked for is dropped.
      user.email_verified_at = null;
      user.pending_email = null;
      await user.save({ transaction }).catch((error: unknown) => {
        // Two requests for the same address at once: the unique index decides.
        throw error instanceof UniqueConstraintError ? emailTaken() : error;
      });
    }
    for (const field of namesChanged) {
      changes[field] = { from: profile[field] ?? null, to: patch[field] };
      profile[field] = patch[field] ?? null;
    }
    if (namesChanged.length > 0) await profile.save({ transaction });

    if (patch.password !== undefined) {
      await assertPasswordPolicy(ctx, patch.password, 'New password');
      await setPasswordHash(ctx, userId, await hashPassword(ctx.config.passwordHashing, patch.password), transaction);
      await revokeUserSessions(ctx, userId, 'password_set_by_admin', undefined, transaction);
      changes.password = 'set';
    }
    if (Object.keys(changes).length > 0) {
      await audit(
        ctx,
        scope,
        { action: 'member.updated', entity: { type: 'user', id: userId }, details: changes },
        transaction,
      );
    }
    if (changes.role) await announceRole(ctx, scope, { userIds: [userId], role: membership.role }, transaction);
    return (await findPerson(ctx, tenantId, userId, transaction))!;
  };
  // Only a new role or a reactivation can add a client.
  const mayAddClients = patch.role !== undefined || patch.status !== undefined;
  return inTransaction(ctx, (transaction) =>
    mayAddClients ? withinPlanCaps(ctx, tenantId, transaction, () => apply(transaction)) : apply(transaction),
  );
}

/** Tells people their role in the workspace changed, and where their home in it now is. */
function announceRole(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { userIds: readonly string[]; role: string },
  transaction: Transaction,
): Promise<void> {
  const label = scope.roleTypes.find((r) => r.role_key === input.role)?.role_label ?? input.role;
  return notify(
    ctx,
    scope.tenantId,
    {
      kind: 'member.role_changed',
      userIds: input.userIds,
      roles: [],
      actorId: scope.actor.userId,
      title: `Your role is now ${label}`,
      body: null,
      path: isTenantAdminRole(input.role) ? '/dashboard/admin' : '/dashboard/client',
      entity: { type: 'tenant', id: scope.tenantId },
    },
    transaction,
  );
}

/** Gives several members of this tenant one role, all or nothing. */
export async function bulkChangeRole(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { userIds: readonly string[]; role: string },
): Promise<number> {
  const { tenantId } = scope;
  const { role } = input;
  const userIds = [...new Set(input.userIds)];
  assertValidRole(role, scope.roleTypes);
  return inTransaction(ctx, (transaction) =>
    withinPlanCaps(ctx, tenantId, transaction, async () => {
      const memberships = await lockMemberships(ctx, tenantId, userIds, transaction);
      if (memberships.length !== userIds.length)
        throw notFound('Some of these users are not members of this workspace. Nothing was changed.');
      if (!isTenantAdminRole(role)) {
        const demoted = memberships.filter((m) => isTenantAdminRole(m.role)).map((m) => m.user_id);
        if (demoted.length > 0) await assertAdminsRemain(ctx, tenantId, demoted, transaction);
      }
      await setMembersRole(ctx, tenantId, userIds, role, transaction);
      const changed = memberships.filter((m) => m.role !== role).map((m) => m.user_id);
      await announceRole(ctx, scope, { userIds: changed, role }, transaction);
      await audit(
        ctx,
        scope,
        {
          action: 'member.role_bulk_updated',
          entity: { type: 'tenant', id: tenantId },
          details: { role, members: memberships.map((m) => ({ user_id: m.user_id, from: m.role })) },
        },
        transaction,
      );
      return memberships.length;
    }),
  );
}

/**
 * Removes a member from this tenant, with their files in it when asked, and withdraws their pending
 * invitation so it cannot bring them back. Someone left with no workspace (and not a super admin)
 * loses their account too.
 */
export async function removePerson(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { userId: string; deleteFiles: boolean },
): Promise<{ accountDeleted: boolean; filesDeleted: number | null }> {
  const { tenantId, actor } = scope;
  const { userId } = input;
  if (userId === actor.userId) throw badRequest('You cannot delete yourself.', 'self_delete');
  return inTransaction(ctx, async (transaction) => {
    const membership = await membershipOf(ctx, tenantId, userId, transaction);
    if (isTenantAdminRole(membership.role)) await assertAdminsRemain(ctx, tenantId, [userId], transaction);
    const filesDeleted = input.deleteFiles ? await deleteUserFiles(ctx, tenantId, userId, transaction) : null;
    const email = await findUserEmail(ctx, userId, transaction);
    await membership.destroy({ transaction });
    if (email) await revokeInvitationsTo(ctx, { tenantId, email, reason: 'member_removed', actor }, transaction);
    const elsewhere = await countMembershipsOfUser(ctx, userId, transaction);
    const accountDeleted = elsewhere === 0 && !(await isSuperAdminUser(ctx, userId, transaction));
    if (accountDeleted) await deleteUser(ctx, userId, transaction);
    await audit(
      ctx,
      scope,
      {
        action: 'member.removed',
        entity: { type: 'user', id: userId },
        details: {
          role: membership.role,
          delete_files: input.deleteFiles,
          files_deleted: filesDeleted,
          account_deleted: accountDeleted,
        },
      },
      transaction,
    );
    await recordEvent(
      ctx,
      tenantId,
      'member.removed',
      {
        member: { id: userId, email, role: membership.role },
        files_deleted: filesDeleted,
        account_deleted: accountDeleted,
      },
      transaction,
    );
    return { accountDeleted, filesDeleted };
  });
}

/**
 * An invitation of one person to this tenant by its admin, the super admin or an API key, within
 * the plan's client cap; it replaces the address' earlier invitation. In the caller's transaction
 * when there is one (a new tenant's first invitation).
 */
export async function inviteMember(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { email: string; role: string },
): Promise<CreatedInvitation> {
  const { tenant, actor } = scope;
  const { role } = input;
  const email = input.email.trim().toLowerCase();
  assertValidRole(role, scope.roleTypes);
  return inTransaction(ctx, (transaction) =>
    withinPlanCaps(
      ctx,
      tenant.id,
      transaction,
      async () => {
        const existing = await findUserIdByEmail(ctx, email, transaction);
        if (existing && (await countMemberships(ctx, tenant.id, existing, transaction)) > 0) {
          throw conflict('This person is already a member of this workspace.', 'already_member');
        }
        return createInvitation(ctx, { tenant, email, role, actor }, transaction);
      },
      (count) => {
        if (count.kind === 'clients')
          return conflict(
            `Your ${count.plan.name} plan allows up to ${count.cap} clients. Upgrade your plan to invite more.`,
            'client_cap_reached',
          );
        const seats = count.kind === 'team' ? 'team seats' : 'admin seats';
        return conflict(
          `This workspace's ${count.cap} ${count.cap === 1 ? seats.slice(0, -1) : seats} ${count.cap === 1 ? 'is' : 'are'} taken. Add ${seats} under Billing to invite more.`,
          count.kind === 'team' ? 'team_seats_full' : 'admin_seats_full',
        );
      },
    ),
  );
}

/**
 * Sends a pending invitation again. Only the token's hash is stored, so this is a new invitation
 * (new link, new expiry) that replaces the old one, whose link stops working.
 */
export async function resendInvitation(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { id: string },
): Promise<CreatedInvitation> {
  const previous = await pendingInvitation(ctx, scope.tenantId, input.id);
  return inviteMember(ctx, scope, { email: previous.email, role: previous.role });
}

/**
 * An admin's password reset of a member: with `password`, sets it as typed and signs them out
 * everywhere (only for an account of this workspace alone that is not a super admin's); without,
 * emails the person a reset link. Audited either way.
 */
export async function resetMemberPassword(
  ctx: ServiceContext,
  scope: TenantScope,
  input: { userId: string; password?: string },
): Promise<'set' | 'link'> {
  const { tenantId, actor } = scope;
  if (!(await findMembershipId(ctx, tenantId, input.userId))) throw notFound(NOT_A_MEMBER);
  if (input.password === undefined) {
    const email = (await findUserEmail(ctx, input.userId))!;
    await requestPasswordReset(ctx, email, tenantId);
    await audit(ctx, scope, { action: 'member.password_reset_link_sent', entity: { type: 'user', id: input.userId } });
    return 'link';
  }
  const password = input.password;
  await assertProfileManageable(ctx, tenantId, input.userId, actor);
  await assertPasswordPolicy(ctx, password, 'New password');
  await inTransaction(ctx, async (transaction) => {
    await setPasswordHash(ctx, input.userId, await hashPassword(ctx.config.passwordHashing, password), transaction);
    await revokeUserSessions(ctx, input.userId, 'password_set_by_admin', undefined, transaction);
    await audit(ctx, scope, { action: 'member.password_set', entity: { type: 'user', id: input.userId } }, transaction);
  });
  return 'set';
}
