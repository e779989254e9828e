import {
  isSuperAdminRole,
  isTenantAdminRole,
  SUPER_ADMIN_ROLES,
  type PeopleSort,
  type PROFILE_LOCKS,
  type RoleType,
} from '@portico/common';
import { Op, QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import { inTransaction, type ScopeActor, type ServiceContext, type TenantScope } from '../scope';
import type { Membership, MembershipStatus } from '../db/models';
import { audit } from '../kernel/audit';
import { withinPlanCaps } from './plan-caps';
import { hashPassword } from '../kernel/crypto';
import { assertPasswordPolicy } from '../settings';
import { decodeCursor, pageOf } from '../kernel/cursor';
import { badRequest, conflict, forbidden, notFound } from '../kernel/errors';
import { recordEvent } from '../kernel/events';
import { deleteUserFiles } from '../files';
import { createInvitation, pendingInvitation, revokeInvitationsTo, type CreatedInvitation } from '../invitations';
import { requestPasswordReset, revokeUserSessions } from '../auth';

/** The People (CRM users) area: a tenant's members, joined to their accounts and profiles. */

export { PEOPLE_PAGE_SIZES, PEOPLE_SORTS, type PeopleSort } from '@portico/common';

export interface PeopleFilters {
  query?: string;
  role?: string;
  status?: MembershipStatus;
}

export interface PeopleListOptions extends PeopleFilters {
  sort: PeopleSort;
  order: 'asc' | 'desc';
  /** Absent for an export: every matching row. */
  page?: number;
  pageSize?: number;
}

export interface PersonRow {
  id: string;
  email: string;
  role: string;
  status: MembershipStatus;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  linkedin: string | null;
  /** When the person joined this workspace. */
  created_at: Date;
  last_sign_in_at: Date | null;
  /** They also belong to another workspace. */
  shared_account: boolean;
  /** They are a platform super admin. */
  super_admin: boolean;
}

const SORT_SQL: Record<PeopleSort, string> = {
  created_at: 'm.created_at',
  email: 'u.email',
  name: "lower(concat_ws(' ', p.first_name, p.last_name))",
  role: 'm.role',
  last_sign_in_at: 'u.last_sign_in_at',
  status: 'm.status',
};

/*
 * The two EXISTS say whether the person's account reaches beyond this workspace (see
 * `profileLock`): the one deliberate look at other tenants' memberships here, answering only yes or no.
 */
const PERSON_COLUMNS = `u.id, u.email, m.role, m.status, p.first_name, p.last_name, p.phone, p.linkedin, m.created_at, u.last_sign_in_at,
  EXISTS (SELECT 1 FROM memberships o WHERE o.user_id = u.id AND o.tenant_id <> m.tenant_id) AS shared_account,
  EXISTS (SELECT 1 FROM user_global_roles g WHERE g.user_id = u.id AND g.role IN (:superAdminRoles)) AS super_admin`;
const SUPER_ADMIN_REPLACEMENT = { superAdminRoles: [...SUPER_ADMIN_ROLES] };
const PERSON_FROM = 'FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN profiles p ON p.id = u.id';
const SELECT_PERSON = `SELECT ${PERSON_COLUMNS} ${PERSON_FROM}`;

function filterSql(tenantId: string, filters: PeopleFilters): { where: string; replacements: Record<string, unknown> } {
  const clauses = ['m.tenant_id = :tenantId'];
  const replacements: Record<string, unknown> = { tenantId };
  if (filters.role) {
    clauses.push('m.role = :role');
    replacements.role = filters.role;
  }
  if (filters.status) {
    clauses.push('m.status = :status');
    replacements.status = filters.status;
  }
  if (filters.query) {
    clauses.push(
      "(u.email ILIKE :like OR p.first_name ILIKE :like OR p.last_name ILIKE :like OR concat_ws(' ', p.first_name, p.last_name) ILIKE :like)",
    );
    replacements.like = `%${filters.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  return { where: `WHERE ${clauses.join(' AND ')}`, replacements };
}

function toPerson(row: Record<string, unknown>): PersonRow {
  return {
    ...(row as unknown as PersonRow),
    created_at: new Date(row.created_at as string),
    last_sign_in_at: row.last_sign_in_at ? new Date(row.last_sign_in_at as string) : null,
  };
}

/** One page of the members matching the filters, in the list's order (every match without `page`). */
async function selectPeople(ctx: ServiceContext, tenantId: string, options: PeopleListOptions): Promise<PersonRow[]> {
  const { where, replacements } = filterSql(tenantId, options);
  const direction = options.order === 'asc' ? 'ASC' : 'DESC';
  const nulls = options.order === 'asc' ? 'NULLS FIRST' : 'NULLS LAST';
  const paging = options.page && options.pageSize ? ' LIMIT :limit OFFSET :offset' : '';
  const rows = await ctx.sequelize.query<Record<string, unknown>>(
    `${SELECT_PERSON} ${where} ORDER BY ${SORT_SQL[options.sort]} ${direction} ${nulls}, u.email ASC, u.id ASC${paging}`,
    {
      replacements: {
        ...replacements,
        ...SUPER_ADMIN_REPLACEMENT,
        limit: options.pageSize,
        offset: options.page && options.pageSize ? (options.page - 1) * options.pageSize : 0,
      },
      type: QueryTypes.SELECT,
    },
  );
  return rows.map(toPerson);
}

/** Filters, sorts and pages a tenant's members in the database, with how many match in all. */
export async function listPeople(
  ctx: ServiceContext,
  scope: TenantScope,
  options: PeopleListOptions,
): Promise<{ rows: PersonRow[]; total: number }> {
  if (options.role) assertValidRole(options.role, scope.roleTypes);
  const { where, replacements } = filterSql(scope.tenantId, options);
  const [rows, [counted]] = await Promise.all([
    selectPeople(ctx, scope.tenantId, options),
    ctx.sequelize.query<{ total: string }>(
      `SELECT count(*) AS total FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN profiles p ON p.id = u.id ${where}`,
      { replacements, type: QueryTypes.SELECT },
    ),
  ]);
  return { rows, total: Number(counted?.total ?? 0) };
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
      const rows = await selectPeople(ctx, scope.tenantId, { ...options, page, pageSize: EXPORT_PAGE_SIZE });
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
  const replacements: Record<string, unknown> = { tenantId, ...SUPER_ADMIN_REPLACEMENT, limit: options.limit + 1 };
  let after = '';
  if (options.cursor) {
    const { at, id } = decodeCursor(options.cursor);
    Object.assign(replacements, { cursorAt: at, cursorId: id });
    after = ' AND (m.created_at, m.user_id) < (:cursorAt::timestamptz, :cursorId::uuid)';
  }
  const rows = await ctx.sequelize.query<Record<string, unknown>>(
    `SELECT ${PERSON_COLUMNS}, m.created_at::text AS cursor_at ${PERSON_FROM}
     WHERE m.tenant_id = :tenantId${after} ORDER BY m.created_at DESC, m.user_id DESC LIMIT :limit`,
    { replacements, type: QueryTypes.SELECT },
  );
  const page = pageOf(rows, options.limit, (row) => ({ at: row.cursor_at as string, id: row.id as string }));
  return { rows: page.rows.map(toPerson), nextCursor: page.nextCursor };
}

export async function findPerson(
  ctx: Pick<ServiceContext, 'db' | 'sequelize'>,
  tenantId: string,
  userId: string,
  transaction?: Transaction,
): Promise<PersonRow | null> {
  const [row] = await ctx.sequelize.query<Record<string, unknown>>(
    `${SELECT_PERSON} WHERE m.tenant_id = :tenantId AND m.user_id = :userId`,
    {
      replacements: { tenantId, userId, ...SUPER_ADMIN_REPLACEMENT },
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row ? toPerson(row) : null;
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
  const membership = await ctx.db.Membership.findOne({
    where: { tenant_id: tenantId, user_id: userId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
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
  const remaining = await ctx.db.Membership.count({
    where: {
      tenant_id: tenantId,
      status: 'active',
      role: { [Op.in]: ['owner', 'admin'] },
      user_id: { [Op.notIn]: [...leaving] },
    },
    transaction,
  });
  if (remaining === 0)
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
  const roles = await ctx.db.UserGlobalRole.findAll({ where: { user_id: userId }, attributes: ['role'], transaction });
  return roles.some((r) => isSuperAdminRole(r.role));
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
    const user = (await ctx.db.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE }))!;
    const profile = (await ctx.db.Profile.findByPk(userId, { transaction })) ?? ctx.db.Profile.build({ id: userId });
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
      const taken = await ctx.db.User.findOne({
        where: { email: patch.email, id: { [Op.ne]: userId } },
        attributes: ['id'],
        transaction,
      });
      if (taken) throw emailTaken();
      changes.email = { from: user.email, to: patch.email };
      user.email = patch.email!;
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
      await ctx.db.User.update(
        { password_hash: await hashPassword(ctx.config.passwordHashing, patch.password) },
        { where: { id: userId }, transaction },
      );
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
    return (await findPerson(ctx, tenantId, userId, transaction))!;
  };
  // Only a new role or a reactivation can add a client.
  const mayAddClients = patch.role !== undefined || patch.status !== undefined;
  return inTransaction(ctx, (transaction) =>
    mayAddClients ? withinPlanCaps(ctx, tenantId, transaction, () => apply(transaction)) : apply(transaction),
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
      const memberships = await ctx.db.Membership.findAll({
        where: { tenant_id: tenantId, user_id: { [Op.in]: userIds } },
        transaction,
        lock: transaction.LOCK.UPDATE,
      });
      if (memberships.length !== userIds.length)
        throw notFound('Some of these users are not members of this workspace. Nothing was changed.');
      if (!isTenantAdminRole(role)) {
        const demoted = memberships.filter((m) => isTenantAdminRole(m.role)).map((m) => m.user_id);
        if (demoted.length > 0) await assertAdminsRemain(ctx, tenantId, demoted, transaction);
      }
      await ctx.db.Membership.update(
        { role },
        { where: { tenant_id: tenantId, user_id: { [Op.in]: userIds } }, transaction },
      );
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
    const email = (await ctx.db.User.findByPk(userId, { attributes: ['email'], transaction }))?.email ?? null;
    await membership.destroy({ transaction });
    if (email) await revokeInvitationsTo(ctx, { tenantId, email, reason: 'member_removed', actor }, transaction);
    const elsewhere = await ctx.db.Membership.count({ where: { user_id: userId }, allTenants: true, transaction });
    const accountDeleted = elsewhere === 0 && !(await isSuperAdminUser(ctx, userId, transaction));
    if (accountDeleted) await ctx.db.User.destroy({ where: { id: userId }, transaction });
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
        const existing = await ctx.db.User.findOne({ where: { email }, attributes: ['id'], transaction });
        if (
          existing &&
          (await ctx.db.Membership.count({ where: { tenant_id: tenant.id, user_id: existing.id }, transaction })) > 0
        ) {
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
  const membership = await ctx.db.Membership.findOne({
    where: { tenant_id: tenantId, user_id: input.userId },
    attributes: ['id'],
  });
  if (!membership) throw notFound(NOT_A_MEMBER);
  if (input.password === undefined) {
    const user = (await ctx.db.User.findByPk(input.userId, { attributes: ['id', 'email'] }))!;
    await requestPasswordReset(ctx, user.email, tenantId);
    await audit(ctx, scope, { action: 'member.password_reset_link_sent', entity: { type: 'user', id: user.id } });
    return 'link';
  }
  const password = input.password;
  await assertProfileManageable(ctx, tenantId, input.userId, actor);
  await assertPasswordPolicy(ctx, password, 'New password');
  await inTransaction(ctx, async (transaction) => {
    await ctx.db.User.update(
      { password_hash: await hashPassword(ctx.config.passwordHashing, password) },
      { where: { id: input.userId }, transaction },
    );
    await revokeUserSessions(ctx, input.userId, 'password_set_by_admin', undefined, transaction);
    await audit(ctx, scope, { action: 'member.password_set', entity: { type: 'user', id: input.userId } }, transaction);
  });
  return 'set';
}
