import { Op, type CreationAttributes, type Transaction, type WhereOptions } from 'sequelize';
import type { Embed, Membership, Profile, User } from '../db/models';
import type { ServiceContext } from '../scope';

/* Every read and write of the embeds domain: the model calls of `embeds.ts`. */

const ORDER: [string, string][] = [
  ['sort_order', 'ASC'],
  ['created_at', 'ASC'],
];

export interface EmbedFilters {
  q?: string;
  provider?: string;
  status?: 'active' | 'inactive';
  /** A role key, `all`, or `user` (every personal embed). */
  audience?: string;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The tenant's embeds matching the filters, in their order. */
export function findEmbeds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  filters: EmbedFilters,
  transaction?: Transaction,
): Promise<Embed[]> {
  const and: WhereOptions<Embed>[] = [{ tenant_id: tenantId }];
  const q = filters.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    and.push({
      [Op.or]: [{ title: { [Op.iLike]: like } }, { description: { [Op.iLike]: like } }, { url: { [Op.iLike]: like } }],
    });
  }
  if (filters.provider) and.push({ provider: filters.provider });
  if (filters.status) and.push({ is_active: filters.status === 'active' });
  if (filters.audience === 'user') and.push({ embed_type: 'user' });
  else if (filters.audience) and.push({ embed_type: 'role', role: filters.audience });
  return ctx.db.Embed.findAll({ where: { [Op.and]: and }, order: ORDER, transaction });
}

/** Every embed of the tenant, in its order. */
export function findAllEmbeds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction?: Transaction,
): Promise<Embed[]> {
  return ctx.db.Embed.findAll({ where: { tenant_id: tenantId }, order: ORDER, transaction });
}

/** The tenant's active embeds aimed at one of `roles`, or at `userId` personally, in their order. */
export function findActiveEmbedsFor(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  audience: { roles: string[]; userId: string | null },
  transaction?: Transaction,
): Promise<Embed[]> {
  const { roles, userId } = audience;
  return ctx.db.Embed.findAll({
    where: {
      tenant_id: tenantId,
      is_active: true,
      [Op.or]: [
        { embed_type: 'role', role: { [Op.in]: roles } },
        ...(userId ? [{ embed_type: 'user', user_id: userId }] : []),
      ],
    },
    order: ORDER,
    transaction,
  });
}

/**
 * One embed of the tenant, or null. Inside a transaction the row is locked: a change is worked out
 * from what it holds, so two at once must not both read it.
 */
export function embedById(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  transaction?: Transaction,
): Promise<Embed | null> {
  return ctx.db.Embed.findOne({
    where: { tenant_id: tenantId, id },
    transaction,
    lock: transaction ? transaction.LOCK.UPDATE : undefined,
  });
}

/** The ids of every embed of the tenant, their rows locked in id order (so two lockers queue instead of deadlocking). */
export async function lockEmbedIds(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction: Transaction,
): Promise<string[]> {
  const rows = await ctx.db.Embed.findAll({
    where: { tenant_id: tenantId },
    attributes: ['id'],
    order: [['id', 'ASC']],
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  return rows.map((r) => r.id);
}

/** The highest sort_order of the tenant's embeds; null when it has none. */
export function maxEmbedSortOrder(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  transaction: Transaction,
): Promise<number | null> {
  return ctx.db.Embed.max<number | null, Embed>('sort_order', { where: { tenant_id: tenantId }, transaction });
}

export function insertEmbed(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  values: Omit<CreationAttributes<Embed>, 'tenant_id'>,
  transaction: Transaction,
): Promise<Embed> {
  return ctx.db.Embed.create({ tenant_id: tenantId, ...values }, { transaction });
}

export async function setEmbedSortOrder(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  sortOrder: number,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.Embed.update({ sort_order: sortOrder }, { where: { tenant_id: tenantId, id }, transaction });
}

/** Stores the answer of the framing check (null: it could not be asked) and when it was asked. */
export async function setEmbedFraming(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  id: string,
  framing: { blocked: boolean | null; checkedAt: Date },
): Promise<void> {
  await ctx.db.Embed.update(
    { frame_blocked: framing.blocked, frame_checked_at: framing.checkedAt },
    { where: { tenant_id: tenantId, id } },
  );
}

/** Which of these integration keys the platform turned off for the tenant. */
export async function findDisabledIntegrationKeys(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  keys: string[],
  transaction?: Transaction,
): Promise<string[]> {
  const rows = await ctx.db.TenantIntegration.findAll({
    where: { tenant_id: tenantId, key: { [Op.in]: keys }, enabled: false },
    attributes: ['key'],
    transaction,
  });
  return rows.map((r) => r.key);
}

/** A membership of the user in the tenant (any status), or null. */
export function findMembership(
  ctx: Pick<ServiceContext, 'db'>,
  tenantId: string,
  userId: string,
  transaction: Transaction,
): Promise<Membership | null> {
  return ctx.db.Membership.findOne({ where: { tenant_id: tenantId, user_id: userId }, transaction });
}

export interface EmbedTargetUser {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
}

/** These people with their names (accounts belong to no tenant). */
export async function findTargetUsers(ctx: Pick<ServiceContext, 'db'>, ids: string[]): Promise<EmbedTargetUser[]> {
  const users = await ctx.db.User.findAll({
    where: { id: { [Op.in]: ids } },
    attributes: ['id', 'email'],
    include: [{ model: ctx.db.Profile, as: 'profile', attributes: ['first_name', 'last_name'] }],
  });
  return users.map((u) => {
    const profile = (u as User & { profile?: Profile | null }).profile;
    return { id: u.id, email: u.email, first_name: profile?.first_name ?? null, last_name: profile?.last_name ?? null };
  });
}
