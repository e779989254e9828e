import { isSuperAdminRole, isTenantAdminRole, roleKindOf, type RoleType } from '@portico/common';
import { Op, QueryTypes, UniqueConstraintError, type Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { Invitation, Membership, Profile, User, UserGlobalRole, type MembershipStatus, type Tenant } from '../db/models';
import { planOf } from '../plans';
import { recordAudit } from './audit';
import { hashPassword } from './crypto';
import { decodeCursor, pageOf } from './cursor';
import { badRequest, conflict, forbidden, notFound } from './errors';
import { recordEvent } from './events';
import { deleteUserFiles } from './files';
import { createInvitation, type CreatedInvitation } from './invitations';
import { revokeUserSessions } from './sessions';

/** The People (CRM users) area: a tenant's members, joined to their accounts and profiles. */

export const PEOPLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PEOPLE_SORTS = ['created_at', 'email', 'name', 'role', 'last_sign_in_at', 'status'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];
export const MEMBERSHIP_STATUSES = ['active', 'suspended'] as const;

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
}

const SORT_SQL: Record<PeopleSort, string> = {
  created_at: 'm.created_at',
  email: 'u.email',
  name: "lower(concat_ws(' ', p.first_name, p.last_name))",
  role: 'm.role',
  last_sign_in_at: 'u.last_sign_in_at',
  status: 'm.status',
};

const PERSON_COLUMNS = 'u.id, u.email, m.role, m.status, p.first_name, p.last_name, p.phone, p.linkedin, m.created_at, u.last_sign_in_at';
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
    clauses.push("(u.email ILIKE :like OR p.first_name ILIKE :like OR p.last_name ILIKE :like OR concat_ws(' ', p.first_name, p.last_name) ILIKE :like)");
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

/** Filters, sorts and pages a tenant's members in the database. */
export async function listPeople(tenantId: string, options: PeopleListOptions): Promise<{ rows: PersonRow[]; total: number }> {
  const sequelize = Membership.sequelize!;
  const { where, replacements } = filterSql(tenantId, options);
  const direction = options.order === 'asc' ? 'ASC' : 'DESC';
  const nulls = options.order === 'asc' ? 'NULLS FIRST' : 'NULLS LAST';
  const paging = options.page && options.pageSize ? ' LIMIT :limit OFFSET :offset' : '';
  const rows = await sequelize.query<Record<string, unknown>>(
    `${SELECT_PERSON} ${where} ORDER BY ${SORT_SQL[options.sort]} ${direction} ${nulls}, u.email ASC, u.id ASC${paging}`,
    {
      replacements: { ...replacements, limit: options.pageSize, offset: options.page && options.pageSize ? (options.page - 1) * options.pageSize : 0 },
      type: QueryTypes.SELECT,
    },
  );
  const [counted] = await sequelize.query<{ total: string }>(
    `SELECT count(*) AS total FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN profiles p ON p.id = u.id ${where}`,
    { replacements, type: QueryTypes.SELECT },
  );
  return { rows: rows.map(toPerson), total: Number(counted?.total ?? 0) };
}

/** One page of a tenant's members, newest first, for cursor paging (the public API). */
export async function listMembersPage(tenantId: string, options: { limit: number; cursor?: string }): Promise<{ rows: PersonRow[]; nextCursor: string | null }> {
  const replacements: Record<string, unknown> = { tenantId, limit: options.limit + 1 };
  let after = '';
  if (options.cursor) {
    const { at, id } = decodeCursor(options.cursor);
    Object.assign(replacements, { cursorAt: at, cursorId: id });
    after = ' AND (m.created_at, m.user_id) < (:cursorAt::timestamptz, :cursorId::uuid)';
  }
  const rows = await Membership.sequelize!.query<Record<string, unknown>>(
    `SELECT ${PERSON_COLUMNS}, m.created_at::text AS cursor_at ${PERSON_FROM}
     WHERE m.tenant_id = :tenantId${after} ORDER BY m.created_at DESC, m.user_id DESC LIMIT :limit`,
    { replacements, type: QueryTypes.SELECT },
  );
  const page = pageOf(rows, options.limit, (row) => ({ at: row.cursor_at as string, id: row.id as string }));
  return { rows: page.rows.map(toPerson), nextCursor: page.nextCursor };
}

export async function findPerson(tenantId: string, userId: string, transaction?: Transaction): Promise<PersonRow | null> {
  const [row] = await Membership.sequelize!.query<Record<string, unknown>>(`${SELECT_PERSON} WHERE m.tenant_id = :tenantId AND m.user_id = :userId`, {
    replacements: { tenantId, userId },
    type: QueryTypes.SELECT,
    transaction,
  });
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

async function membershipOf(tenantId: string, userId: string, transaction: Transaction): Promise<Membership> {
  const membership = await Membership.findOne({ where: { tenant_id: tenantId, user_id: userId }, transaction, lock: transaction.LOCK.UPDATE });
  if (!membership) throw notFound(NOT_A_MEMBER);
  return membership;
}

/** Refuses a change that would leave the workspace without an active owner or admin. */
async function assertAdminsRemain(tenantId: string, leaving: readonly string[], transaction: Transaction): Promise<void> {
  const remaining = await Membership.count({
    where: { tenant_id: tenantId, status: 'active', role: { [Op.in]: ['owner', 'admin'] }, user_id: { [Op.notIn]: [...leaving] } },
    transaction,
  });
  if (remaining === 0) throw conflict('A workspace needs at least one active owner or admin. Make someone else an admin first.', 'last_admin');
}

async function isSuperAdminUser(userId: string, transaction?: Transaction): Promise<boolean> {
  const roles = await UserGlobalRole.findAll({ where: { user_id: userId }, attributes: ['role'], transaction });
  return roles.some((r) => isSuperAdminRole(r.role));
}

/**
 * A tenant admin may set the email or password of someone who belongs to this tenant only: an
 * account shared with another workspace, or a super admin's, would hand over access beyond it.
 */
async function assertCredentialsManageable(tenantId: string, userId: string, actor: PeopleActor, transaction?: Transaction): Promise<void> {
  if (actor.isSuperAdmin) return;
  if (await isSuperAdminUser(userId, transaction)) {
    throw forbidden("Only platform super admins can change a super admin's email or password.", 'super_admin_target');
  }
  const elsewhere = await Membership.count({ where: { user_id: userId, tenant_id: { [Op.ne]: tenantId } }, allTenants: true, transaction });
  if (elsewhere > 0) {
    throw forbidden('This person also belongs to another workspace, so only they or a platform super admin can change their email or password. Send them a reset link instead.', 'shared_account');
  }
}

export interface PersonPatch {
  role?: string;
  status?: MembershipStatus;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  password?: string;
}

export interface PeopleActor {
  /** Null when an API key acts (the public API); `apiKeyId` then names it in the audit row. */
  userId: string | null;
  apiKeyId?: string;
  isSuperAdmin: boolean;
  ip?: string | null;
}

/** Changes one member of this tenant; every change is audited; a new password signs them out. */
export async function updatePerson(
  ctx: Pick<AppContext, 'sequelize'>,
  input: { tenantId: string; roleTypes: readonly RoleType[]; actor: PeopleActor; userId: string; patch: PersonPatch },
): Promise<PersonRow> {
  const { tenantId, actor, userId, patch } = input;
  return ctx.sequelize.transaction(async (transaction) => {
    const membership = await membershipOf(tenantId, userId, transaction);
    const user = (await User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE }))!;
    const changes: Record<string, unknown> = {};

    const emailChanges = patch.email !== undefined && patch.email !== user.email;
    if (emailChanges || patch.password !== undefined) await assertCredentialsManageable(tenantId, userId, actor, transaction);
    if (patch.role !== undefined && patch.role !== membership.role) {
      assertValidRole(patch.role, input.roleTypes);
      if (isTenantAdminRole(membership.role) && !isTenantAdminRole(patch.role)) await assertAdminsRemain(tenantId, [userId], transaction);
      changes.role = { from: membership.role, to: patch.role };
      membership.role = patch.role;
    }
    if (patch.status !== undefined && patch.status !== membership.status) {
      if (patch.status === 'suspended') {
        if (userId === actor.userId) throw badRequest('You cannot suspend yourself.', 'self_suspend');
        if (isTenantAdminRole(membership.role)) await assertAdminsRemain(tenantId, [userId], transaction);
      }
      changes.status = { from: membership.status, to: patch.status };
      membership.status = patch.status;
    }
    if (changes.role || changes.status) await membership.save({ transaction });

    if (emailChanges) {
      const emailTaken = () => conflict('An account with this email already exists.', 'email_taken');
      const taken = await User.findOne({ where: { email: patch.email, id: { [Op.ne]: userId } }, attributes: ['id'], transaction });
      if (taken) throw emailTaken();
      changes.email = { from: user.email, to: patch.email };
      user.email = patch.email!;
      await user.save({ transaction }).catch((error: unknown) => {
        // Two requests for the same address at once: the unique index decides.
        throw error instanceof UniqueConstraintError ? emailTaken() : error;
      });
    }
    const profile = (await Profile.findByPk(userId, { transaction })) ?? Profile.build({ id: userId });
    for (const field of ['first_name', 'last_name'] as const) {
      if (patch[field] !== undefined && patch[field] !== profile[field]) {
        changes[field] = { from: profile[field] ?? null, to: patch[field] };
        profile[field] = patch[field];
      }
    }
    if (changes.first_name !== undefined || changes.last_name !== undefined) await profile.save({ transaction });

    if (patch.password !== undefined) {
      await User.update({ password_hash: await hashPassword(patch.password) }, { where: { id: userId }, transaction });
      await revokeUserSessions(userId, 'password_set_by_admin', undefined, transaction);
      changes.password = 'set';
    }
    if (Object.keys(changes).length > 0) {
      await recordAudit({ actorUserId: actor.userId, action: 'member.updated', entityType: 'user', entityId: userId, tenantId, details: changes, ip: actor.ip }, transaction);
    }
    return (await findPerson(tenantId, userId, transaction))!;
  });
}

/** Gives several members of this tenant one role, all or nothing. */
export async function bulkChangeRole(
  ctx: Pick<AppContext, 'sequelize'>,
  input: { tenantId: string; roleTypes: readonly RoleType[]; actor: PeopleActor; userIds: readonly string[]; role: string },
): Promise<number> {
  const { tenantId, role } = input;
  const userIds = [...new Set(input.userIds)];
  assertValidRole(role, input.roleTypes);
  return ctx.sequelize.transaction(async (transaction) => {
    const memberships = await Membership.findAll({ where: { tenant_id: tenantId, user_id: { [Op.in]: userIds } }, transaction, lock: transaction.LOCK.UPDATE });
    if (memberships.length !== userIds.length) throw notFound('Some of these users are not members of this workspace. Nothing was changed.');
    if (!isTenantAdminRole(role)) {
      const demoted = memberships.filter((m) => isTenantAdminRole(m.role)).map((m) => m.user_id);
      if (demoted.length > 0) await assertAdminsRemain(tenantId, demoted, transaction);
    }
    await Membership.update({ role }, { where: { tenant_id: tenantId, user_id: { [Op.in]: userIds } }, transaction });
    await recordAudit(
      {
        actorUserId: input.actor.userId,
        action: 'member.role_bulk_updated',
        entityType: 'tenant',
        entityId: tenantId,
        tenantId,
        details: { role, members: memberships.map((m) => ({ user_id: m.user_id, from: m.role })) },
        ip: input.actor.ip,
      },
      transaction,
    );
    return memberships.length;
  });
}

/**
 * Removes a member from this tenant, with their files in it when asked. Someone left with no
 * workspace (and not a super admin) loses their account too.
 */
export async function removePerson(
  ctx: Pick<AppContext, 'sequelize'>,
  input: { tenantId: string; actor: PeopleActor; userId: string; deleteFiles: boolean },
): Promise<{ accountDeleted: boolean; filesDeleted: number | null }> {
  const { tenantId, userId } = input;
  if (userId === input.actor.userId) throw badRequest('You cannot delete yourself.', 'self_delete');
  return ctx.sequelize.transaction(async (transaction) => {
    const membership = await membershipOf(tenantId, userId, transaction);
    if (isTenantAdminRole(membership.role)) await assertAdminsRemain(tenantId, [userId], transaction);
    const filesDeleted = input.deleteFiles ? await deleteUserFiles(tenantId, userId, transaction) : null;
    const email = (await User.findByPk(userId, { attributes: ['email'], transaction }))?.email ?? null;
    await membership.destroy({ transaction });
    const elsewhere = await Membership.count({ where: { user_id: userId }, allTenants: true, transaction });
    const accountDeleted = elsewhere === 0 && !(await isSuperAdminUser(userId, transaction));
    if (accountDeleted) await User.destroy({ where: { id: userId }, transaction });
    await recordAudit(
      {
        actorUserId: input.actor.userId,
        action: 'member.removed',
        entityType: 'user',
        entityId: userId,
        tenantId,
        details: { role: membership.role, delete_files: input.deleteFiles, files_deleted: filesDeleted, account_deleted: accountDeleted },
        ip: input.actor.ip,
      },
      transaction,
    );
    await recordEvent(tenantId, 'member.removed', { member: { id: userId, email, role: membership.role }, files_deleted: filesDeleted, account_deleted: accountDeleted }, transaction);
    return { accountDeleted, filesDeleted };
  });
}

/** Role keys of kind client in this tenant (its own types, plus built-in keys it does not redefine). */
export function clientRoleKeys(roleTypes: readonly RoleType[]): string[] {
  const own = roleTypes.filter((r) => r.kind === 'client').map((r) => r.role_key);
  const builtIn = ['role2', 'jobseeker'].filter((k) => !roleTypes.some((r) => r.role_key === k) && roleKindOf(k) === 'client');
  return [...own, ...builtIn];
}

/** Active client members plus open invitations to a client role. */
export async function clientsCounted(tenantId: string, roleTypes: readonly RoleType[], transaction?: Transaction): Promise<number> {
  const keys = clientRoleKeys(roleTypes);
  const [members, invitations] = await Promise.all([
    Membership.count({ where: { tenant_id: tenantId, status: 'active', role: { [Op.in]: keys } }, transaction }),
    Invitation.count({ where: { tenant_id: tenantId, role: { [Op.in]: keys }, accepted_at: null, expires_at: { [Op.gt]: new Date() } }, transaction }),
  ]);
  return members + invitations;
}

/** An admin's invitation of one person to this tenant, within the plan's client cap. */
export async function inviteMember(
  ctx: Pick<AppContext, 'config' | 'queues' | 'logger' | 'sequelize'>,
  input: { tenant: Tenant; roleTypes: readonly RoleType[]; actor: PeopleActor; email: string; role: string },
): Promise<CreatedInvitation> {
  const { tenant, roleTypes, email, role } = input;
  assertValidRole(role, roleTypes);
  return ctx.sequelize.transaction(async (transaction) => {
    // One invitation at a time per tenant, so two at once cannot both take the last client place.
    await ctx.sequelize.query('SELECT pg_advisory_xact_lock(hashtext(:key))', { replacements: { key: `invite:${tenant.id}` }, transaction });
    const existing = await User.findOne({ where: { email }, attributes: ['id'], transaction });
    if (existing && (await Membership.count({ where: { tenant_id: tenant.id, user_id: existing.id }, transaction })) > 0) {
      throw conflict('This person is already a member of this workspace.', 'already_member');
    }
    const plan = planOf(tenant.tier);
    if (plan.client_cap !== null && roleKindOf(role, roleTypes) === 'client') {
      const used = await clientsCounted(tenant.id, roleTypes, transaction);
      if (used >= plan.client_cap) {
        throw conflict(`Your ${plan.name} plan allows up to ${plan.client_cap} clients. Upgrade your plan to invite more.`, 'client_cap_reached');
      }
    }
    const created = await createInvitation(ctx, { tenant, email, role, invitedBy: input.actor.userId }, transaction);
    await recordAudit(
      {
        actorUserId: input.actor.userId,
        action: 'invitation.created',
        entityType: 'invitation',
        entityId: created.invitation.id,
        tenantId: tenant.id,
        details: { email, role, ...(input.actor.apiKeyId ? { api_key_id: input.actor.apiKeyId } : {}) },
        ip: input.actor.ip,
      },
      transaction,
    );
    return created;
  });
}

/**
 * The target of an admin password reset must be a member. Setting a password also needs an
 * account that belongs to this tenant only; a reset link goes to the person's own inbox.
 */
export async function memberForPasswordReset(tenantId: string, userId: string, actor: PeopleActor, mode: 'set' | 'link'): Promise<User> {
  const membership = await Membership.findOne({ where: { tenant_id: tenantId, user_id: userId }, attributes: ['id'] });
  if (!membership) throw notFound(NOT_A_MEMBER);
  if (mode === 'set') await assertCredentialsManageable(tenantId, userId, actor);
  return (await User.findByPk(userId))!;
}

/** Sets a member's password as their admin typed it and signs them out everywhere. */
export async function setMemberPassword(ctx: Pick<AppContext, 'sequelize'>, input: { tenantId: string; actor: PeopleActor; userId: string; password: string }): Promise<void> {
  await ctx.sequelize.transaction(async (transaction) => {
    await User.update({ password_hash: await hashPassword(input.password) }, { where: { id: input.userId }, transaction });
    await revokeUserSessions(input.userId, 'password_set_by_admin', undefined, transaction);
    await recordAudit(
      { actorUserId: input.actor.userId, action: 'member.password_set', entityType: 'user', entityId: input.userId, tenantId: input.tenantId, ip: input.actor.ip },
      transaction,
    );
  });
}
