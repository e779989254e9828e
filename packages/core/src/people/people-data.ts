import { PEOPLE_SORTS, SUPER_ADMIN_ROLES, type PeopleSort, type RoleColor, type RoleKind } from '@portico/common';
import { col, fn, Op, type Transaction } from 'sequelize';
import type { Membership, MembershipStatus, Profile, Tenant, User } from '../db/models';
import { crossTenantStatement, execute, select, tenantStatement, type Statement } from '../db/statements';
import type { ServiceContext } from '../scope';

/** Every read and write of the people domain: its statements and its model calls. */

type Db = Pick<ServiceContext, 'db'>;
type Sql = Pick<ServiceContext, 'db' | 'sequelize'>;

export interface PeopleFilters {
  query?: string;
  role?: string;
  status?: MembershipStatus;
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
 * The super admin roles are the platform's constants, written into the statement.
 */
const PERSON_COLUMNS = `u.id, u.email, m.role, m.status, p.first_name, p.last_name, p.phone, p.linkedin, m.created_at, u.last_sign_in_at,
  EXISTS (SELECT 1 FROM memberships o WHERE o.user_id = u.id AND o.tenant_id <> m.tenant_id) AS shared_account,
  EXISTS (SELECT 1 FROM user_global_roles g WHERE g.user_id = u.id AND g.role IN (${SUPER_ADMIN_ROLES.map((r) => `'${r}'`).join(', ')})) AS super_admin`;
const PERSON_FROM = 'FROM memberships m JOIN users u ON u.id = m.user_id LEFT JOIN profiles p ON p.id = u.id';
const SELECT_PERSON = `SELECT ${PERSON_COLUMNS} ${PERSON_FROM}`;

/*
 * The People list's filters: one left out is bound as NULL and its condition drops.
 * $1 tenant, $2 role key, $3 status, $4 the ILIKE pattern of the search text.
 */
const FILTERED = `m.tenant_id = $1
  AND ($2::text IS NULL OR m.role = $2::text)
  AND ($3::text IS NULL OR m.status = $3::text)
  AND ($4::text IS NULL OR u.email ILIKE $4::text OR p.first_name ILIKE $4::text OR p.last_name ILIKE $4::text
       OR concat_ws(' ', p.first_name, p.last_name) ILIKE $4::text)`;

type Order = 'asc' | 'desc';

/** One statement per sort and direction (an ORDER BY cannot be bound); $5 the limit (NULL: every row), $6 the offset. */
const listStatement = (sort: PeopleSort, order: Order): Statement =>
  tenantStatement(
    `people.list.${sort}.${order}`,
    `${SELECT_PERSON} WHERE ${FILTERED}
     ORDER BY ${SORT_SQL[sort]} ${order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST'}, u.email ASC, u.id ASC
     LIMIT $5 OFFSET $6`,
  );

const LIST_PEOPLE = Object.fromEntries(
  PEOPLE_SORTS.map((sort) => [sort, { asc: listStatement(sort, 'asc'), desc: listStatement(sort, 'desc') }]),
) as Record<PeopleSort, Record<Order, Statement>>;

const COUNT_PEOPLE = tenantStatement('people.count', `SELECT count(*) AS total ${PERSON_FROM} WHERE ${FILTERED}`);

/** Newest first, after the cursor when there is one: $2 its created_at text, $3 its user id; $4 the limit. */
const MEMBERS_PAGE = tenantStatement(
  'people.members-page',
  `SELECT ${PERSON_COLUMNS}, m.created_at::text AS cursor_at ${PERSON_FROM}
   WHERE m.tenant_id = $1
     AND ($2::timestamptz IS NULL OR (m.created_at, m.user_id) < ($2::timestamptz, $3::uuid))
   ORDER BY m.created_at DESC, m.user_id DESC LIMIT $4`,
);

/** $1 tenant, $2 the user. */
const PERSON = tenantStatement('people.person', `${SELECT_PERSON} WHERE m.tenant_id = $1 AND m.user_id = $2`);

/*
 * The lock is keyed by the tenant id ($1) and reads no table, so there is no tenant_id column to
 * filter; the key is `plan-caps:<tenant id>`.
 */
const PLAN_CAPS_LOCK = crossTenantStatement(
  'people.plan-caps-lock',
  'an advisory lock keyed by one tenant id; it reads and writes no table',
  `SELECT pg_advisory_xact_lock(hashtext('plan-caps:' || $1::text))`,
);

function toPerson(row: Record<string, unknown>): PersonRow {
  return {
    ...(row as unknown as PersonRow),
    created_at: new Date(row.created_at as string),
    last_sign_in_at: row.last_sign_in_at ? new Date(row.last_sign_in_at as string) : null,
  };
}

const filterBind = (tenantId: string, filters: PeopleFilters) => [
  tenantId,
  filters.role || null,
  filters.status || null,
  filters.query ? `%${filters.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
];

/** The members matching the filters in the list's order: the rows of `window`, or every one without it. */
export async function selectPeople(
  ctx: Sql,
  tenantId: string,
  options: PeopleFilters & { sort: PeopleSort; order: Order },
  window: { limit: number; offset: number } | null,
): Promise<PersonRow[]> {
  const rows = await select<Record<string, unknown>>(ctx, LIST_PEOPLE[options.sort][options.order], [
    ...filterBind(tenantId, options),
    window?.limit ?? null,
    window?.offset ?? 0,
  ]);
  return rows.map(toPerson);
}

export async function countPeople(ctx: Sql, tenantId: string, filters: PeopleFilters): Promise<number> {
  const [counted] = await select<{ total: string }>(ctx, COUNT_PEOPLE, filterBind(tenantId, filters));
  return Number(counted?.total ?? 0);
}

/** Members newest first, after `after` when given; each with its cursor's `cursor_at`. */
export async function selectMembersPage(
  ctx: Sql,
  tenantId: string,
  after: { at: string; id: string } | null,
  limit: number,
): Promise<(PersonRow & { cursor_at: string })[]> {
  const rows = await select<{ cursor_at: string } & Record<string, unknown>>(ctx, MEMBERS_PAGE, [
    tenantId,
    after?.at ?? null,
    after?.id ?? null,
    limit,
  ]);
  return rows.map((row) => ({ ...toPerson(row), cursor_at: row.cursor_at }));
}

export async function findPerson(
  ctx: Sql,
  tenantId: string,
  userId: string,
  transaction?: Transaction,
): Promise<PersonRow | null> {
  const [row] = await select<Record<string, unknown>>(ctx, PERSON, [tenantId, userId], transaction);
  return row ? toPerson(row) : null;
}

/** Serialises every change of a tenant's members or caps, until the transaction ends. */
export async function lockPlanCaps(
  ctx: Pick<ServiceContext, 'sequelize'>,
  tenantId: string,
  transaction: Transaction,
): Promise<void> {
  await execute(ctx, PLAN_CAPS_LOCK, [tenantId], transaction);
}

export async function lockMembership(
  ctx: Db,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Membership | null> {
  return ctx.db.Membership.findOne({
    where: { tenant_id: tenantId, user_id: userId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

export async function lockMemberships(
  ctx: Db,
  tenantId: string,
  userIds: readonly string[],
  transaction: Transaction,
): Promise<Membership[]> {
  return ctx.db.Membership.findAll({
    where: { tenant_id: tenantId, user_id: { [Op.in]: [...userIds] } },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

export async function findMembershipId(ctx: Db, tenantId: string, userId: string): Promise<string | null> {
  const membership = await ctx.db.Membership.findOne({
    where: { tenant_id: tenantId, user_id: userId },
    attributes: ['id'],
  });
  return membership?.id ?? null;
}

export async function countMemberships(
  ctx: Db,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<number> {
  return ctx.db.Membership.count({ where: { tenant_id: tenantId, user_id: userId }, transaction });
}

/** Active owners and admins of the tenant other than `except`. */
export async function countActiveAdmins(
  ctx: Db,
  tenantId: string,
  except: readonly string[],
  transaction: Transaction,
): Promise<number> {
  return ctx.db.Membership.count({
    where: {
      tenant_id: tenantId,
      status: 'active',
      role: { [Op.in]: ['owner', 'admin'] },
      user_id: { [Op.notIn]: [...except] },
    },
    transaction,
  });
}

export async function countMembersWithRoles(
  ctx: Db,
  tenantId: string,
  roles: readonly string[],
  transaction: Transaction,
): Promise<number> {
  return ctx.db.Membership.count({ where: { tenant_id: tenantId, role: { [Op.in]: [...roles] } }, transaction });
}

/** How many workspaces the user belongs to, all tenants counted. */
export async function countMembershipsOfUser(ctx: Db, userId: string, transaction: Transaction): Promise<number> {
  return ctx.db.Membership.count({ where: { user_id: userId }, allTenants: true, transaction });
}

/** Active members per role key (`n` as PostgreSQL counts it, a string). */
export async function countActiveMembersByRole(
  ctx: Db,
  tenantId: string,
  transaction?: Transaction,
): Promise<{ role: string; n: string }[]> {
  const rows = await ctx.db.Membership.findAll({
    attributes: ['role', [fn('count', col('role')), 'n']],
    group: ['role'],
    raw: true,
    transaction,
    where: { tenant_id: tenantId, status: 'active' },
  });
  return rows as unknown as { role: string; n: string }[];
}

export async function setMembersRole(
  ctx: Db,
  tenantId: string,
  userIds: readonly string[],
  role: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.Membership.update(
    { role },
    { where: { tenant_id: tenantId, user_id: { [Op.in]: [...userIds] } }, transaction },
  );
}

/** The workspace members to choose from, with their accounts and names. */
export async function listMembershipsWithAccounts(
  ctx: Db,
  tenantId: string,
  options: { activeOnly: boolean; orderBy: 'email' | 'joined' | 'newest'; limit?: number },
  transaction?: Transaction,
): Promise<Membership[]> {
  return ctx.db.Membership.findAll({
    where: { tenant_id: tenantId, ...(options.activeOnly ? { status: 'active' } : {}) },
    include: [
      {
        model: ctx.db.User,
        as: 'user',
        attributes: ['id', 'email', 'last_sign_in_at'],
        include: [{ model: ctx.db.Profile, as: 'profile', attributes: ['first_name', 'last_name'] }],
      },
    ],
    order:
      options.orderBy === 'email'
        ? [[{ model: ctx.db.User, as: 'user' }, 'email', 'ASC']]
        : [['created_at', options.orderBy === 'newest' ? 'DESC' : 'ASC']],
    limit: options.limit,
    transaction,
  });
}

export async function lockUser(ctx: Db, userId: string, transaction: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, { transaction, lock: transaction.LOCK.UPDATE });
}

export async function findUserEmail(ctx: Db, userId: string, transaction?: Transaction): Promise<string | null> {
  return (await ctx.db.User.findByPk(userId, { attributes: ['email'], transaction }))?.email ?? null;
}

export async function findUserIdByEmail(ctx: Db, email: string, transaction: Transaction): Promise<string | null> {
  return (await ctx.db.User.findOne({ where: { email }, attributes: ['id'], transaction }))?.id ?? null;
}

/** Another account than `userId` with this email. */
export async function findOtherUserIdByEmail(
  ctx: Db,
  email: string,
  userId: string,
  transaction: Transaction,
): Promise<string | null> {
  const other = await ctx.db.User.findOne({
    where: { email, id: { [Op.ne]: userId } },
    attributes: ['id'],
    transaction,
  });
  return other?.id ?? null;
}

export async function setPasswordHash(
  ctx: Db,
  userId: string,
  passwordHash: string,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.User.update({ password_hash: passwordHash }, { where: { id: userId }, transaction });
}

export async function deleteUser(ctx: Db, userId: string, transaction: Transaction): Promise<void> {
  await ctx.db.User.destroy({ where: { id: userId }, transaction });
}

export async function globalRolesOf(ctx: Db, userId: string, transaction?: Transaction): Promise<string[]> {
  const roles = await ctx.db.UserGlobalRole.findAll({ where: { user_id: userId }, attributes: ['role'], transaction });
  return roles.map((r) => r.role);
}

/** The user's profile, or a new unsaved one when they have none yet. */
export async function findOrBuildProfile(ctx: Db, userId: string, transaction: Transaction): Promise<Profile> {
  return (await ctx.db.Profile.findByPk(userId, { transaction })) ?? ctx.db.Profile.build({ id: userId });
}

/** What the plan caps of a tenant are computed from; null when there is no such tenant. */
export async function findSeatHolder(
  ctx: Db,
  tenantId: string,
  transaction: Transaction,
): Promise<Pick<Tenant, 'id' | 'tier' | 'seats_total' | 'admin_seats_extra'> | null> {
  return ctx.db.Tenant.findByPk(tenantId, {
    attributes: ['id', 'tier', 'seats_total', 'admin_seats_extra'],
    transaction,
  });
}

export interface RoleTypeRow {
  role_key: string;
  role_label: string;
  role_color: RoleColor;
  kind: RoleKind;
  sort_order: number;
}

/** Replaces the tenant's role types with `rows`. */
export async function replaceRoleTypes(
  ctx: Db,
  tenantId: string,
  rows: readonly RoleTypeRow[],
  transaction: Transaction,
): Promise<void> {
  await ctx.db.TenantRoleType.destroy({ where: { tenant_id: tenantId }, transaction });
  await ctx.db.TenantRoleType.bulkCreate(
    rows.map((r) => ({ tenant_id: tenantId, ...r })),
    { transaction },
  );
}
