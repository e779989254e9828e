import { col, fn, Op, type Transaction, type WhereOptions } from 'sequelize';
import type { Invitation, Membership, Profile, User } from '../db/models';
import type { ServiceContext } from '../scope';

/** Every read and write of the invitations domain: its model calls (it runs no SQL of its own). */

type Db = Pick<ServiceContext, 'db'>;

/** Neither accepted nor revoked: the one invitation of its address that a link can still use (unique index). */
const LIVE = { accepted_at: null, revoked_at: null } as const;

/** Open = pending: live and not expired. */
export function openInvitationWhere(now: Date): WhereOptions<Invitation> {
  return { ...LIVE, expires_at: { [Op.gt]: now } };
}

/** Revokes the live invitations of an address (expired ones too); answers them. */
export async function revokeLiveInvitations(
  ctx: Db,
  tenantId: string,
  input: { email: string; revokedAt: Date; revokedBy: string | null },
  transaction: Transaction,
): Promise<Invitation[]> {
  const [, revoked] = await ctx.db.Invitation.update(
    { revoked_at: input.revokedAt, revoked_by: input.revokedBy },
    { where: { tenant_id: tenantId, email: input.email, ...LIVE }, returning: true, transaction },
  );
  return revoked;
}

export async function insertInvitation(
  ctx: Db,
  tenantId: string,
  values: { email: string; role: string; tokenHash: string; invitedBy: string | null; expiresAt: Date },
  transaction: Transaction,
): Promise<Invitation> {
  return ctx.db.Invitation.create(
    {
      tenant_id: tenantId,
      email: values.email,
      role: values.role,
      token_hash: values.tokenHash,
      invited_by: values.invitedBy,
      expires_at: values.expiresAt,
    },
    { transaction },
  );
}

/**
 * The invitation a link's token names, in any tenant (the link carries no workspace), with its
 * tenant; locked for update when read in a transaction.
 */
export async function findInvitationByTokenHash(
  ctx: Db,
  tokenHash: string,
  transaction?: Transaction,
): Promise<Invitation | null> {
  return ctx.db.Invitation.findOne({
    where: { token_hash: tokenHash },
    allTenants: true,
    include: [{ model: ctx.db.Tenant, as: 'tenant', attributes: ['id', 'name', 'status'] }],
    transaction,
    lock: transaction ? { level: transaction.LOCK.UPDATE, of: ctx.db.Invitation } : undefined,
  });
}

/** An invitation of this tenant by id; locked for update when read in a transaction. */
export async function findInvitation(
  ctx: Db,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Invitation | null> {
  return ctx.db.Invitation.findOne({
    where: { tenant_id: tenantId, id },
    transaction,
    lock: transaction?.LOCK.UPDATE,
  });
}

/** A workspace's open invitations, newest first, with who sent each. */
export async function listOpenInvitations(
  ctx: Db,
  tenantId: string,
  now: Date,
  transaction?: Transaction,
): Promise<Invitation[]> {
  return ctx.db.Invitation.findAll({
    where: { tenant_id: tenantId, ...openInvitationWhere(now) },
    transaction,
    include: [
      {
        model: ctx.db.User,
        as: 'inviter',
        attributes: ['id', 'email'],
        include: [{ model: ctx.db.Profile, as: 'profile', attributes: ['first_name', 'last_name'] }],
      },
    ],
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
  });
}

/** Open invitations per role key (`n` as PostgreSQL counts it, a string): the plan caps count them. */
export async function countOpenInvitationsByRole(
  ctx: Db,
  tenantId: string,
  now: Date,
  transaction?: Transaction,
): Promise<{ role: string; n: string }[]> {
  const rows = await ctx.db.Invitation.findAll({
    attributes: ['role', [fn('count', col('role')), 'n']],
    group: ['role'],
    raw: true,
    transaction,
    where: { tenant_id: tenantId, ...openInvitationWhere(now) },
  });
  return rows as unknown as { role: string; n: string }[];
}

/** Open invitations offering one of `roles`. */
export async function countOpenInvitationsToRoles(
  ctx: Db,
  tenantId: string,
  roles: readonly string[],
  now: Date,
  transaction: Transaction,
): Promise<number> {
  return ctx.db.Invitation.count({
    where: { tenant_id: tenantId, role: { [Op.in]: [...roles] }, ...openInvitationWhere(now) },
    transaction,
  });
}

/** The user's membership of the tenant the invitation is to, whatever its status. */
export async function findMembership(
  ctx: Db,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Membership | null> {
  return ctx.db.Membership.findOne({ where: { tenant_id: tenantId, user_id: userId }, transaction });
}

/** An active membership with the invitation's role. */
export async function insertMembership(
  ctx: Db,
  tenantId: string,
  values: { userId: string; role: string },
  transaction: Transaction,
): Promise<Membership> {
  return ctx.db.Membership.create(
    { tenant_id: tenantId, user_id: values.userId, role: values.role, status: 'active' },
    { transaction },
  );
}

/** A person's name as a welcome email says it: their profile's, else their address; null for no such person. */
export async function findPersonNames(
  ctx: Db,
  userId: string,
  transaction: Transaction,
): Promise<{ firstName: string | null; fullName: string } | null> {
  const user = await ctx.db.User.findByPk(userId, {
    attributes: ['id', 'email'],
    include: [{ model: ctx.db.Profile, as: 'profile', attributes: ['first_name', 'last_name'] }],
    transaction,
  });
  if (!user) return null;
  const profile = (user as User & { profile?: Profile | null }).profile;
  const fullName = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ');
  return { firstName: profile?.first_name || null, fullName: fullName || user.email };
}
