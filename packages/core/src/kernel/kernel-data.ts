import {
  cast,
  col,
  Op,
  where as where_,
  type CreationAttributes,
  type Transaction,
  type WhereOptions,
} from 'sequelize';
import type { AuditLog, JobOutbox, TenantEvent } from '../db/models';
import type { ServiceContext } from '../scope';

/* The kernel's reads and writes: audit rows, the job outbox, tenant events (issue 29: one data file per folder). */

type Db = Pick<ServiceContext, 'db'>;

/** An ILIKE pattern matching text that contains `text` literally (its `%`, `_` and `\\` escaped). */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function insertAuditLog(
  ctx: Db,
  values: CreationAttributes<AuditLog>,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.AuditLog.create(values, { transaction });
}

/** Ids of the people whose email contains `part` (at most 500). */
export async function findUserIdsByEmailPart(ctx: Db, part: string): Promise<string[]> {
  const users = await ctx.db.User.findAll({
    where: { email: { [Op.iLike]: likeText(part) } },
    attributes: ['id'],
    limit: 500,
  });
  return users.map((u) => u.id);
}

export interface AuditLogQuery {
  limit: number;
  action?: string;
  tenantId?: string;
  from?: Date;
  to?: Date;
  /** Rows by one of these people, or by an actor whose id starts with `text`. */
  actor?: { text: string; userIds: string[] };
}

/** Audit rows of every workspace and the platform, newest first. */
export async function findAuditLogs(ctx: Db, query: AuditLogQuery): Promise<AuditLog[]> {
  const where: WhereOptions<AuditLog> = {};
  const and: WhereOptions<AuditLog>[] = [];
  if (query.action) and.push({ action: { [Op.iLike]: likeText(query.action) } });
  if (query.tenantId) and.push({ tenant_id: query.tenantId });
  if (query.from) and.push({ created_at: { [Op.gte]: query.from } });
  if (query.to) and.push({ created_at: { [Op.lt]: query.to } });
  if (query.actor)
    and.push({
      [Op.or]: [
        { actor_user_id: { [Op.in]: query.actor.userIds } },
        where_(cast(col('actor_user_id'), 'text'), {
          [Op.like]: `${query.actor.text.toLowerCase().replace(/[\\%_]/g, '')}%`,
        }),
      ],
    });
  if (and.length > 0) Object.assign(where, { [Op.and]: and });
  return ctx.db.AuditLog.findAll({
    where,
    allTenants: true,
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit: query.limit,
  });
}

/** The id and email of each of these accounts that exists (audit rows, impersonations, onboarding events). */
export function findUserEmails(ctx: Db, ids: string[], transaction?: Transaction) {
  return ctx.db.User.findAll({ where: { id: ids }, attributes: ['id', 'email'], transaction });
}

export function findTenantNames(ctx: Db, ids: string[]) {
  return ctx.db.Tenant.findAll({ where: { id: ids }, attributes: ['id', 'name'] });
}

export function insertTenantEvent(
  ctx: Db,
  tenantId: string,
  values: Pick<CreationAttributes<TenantEvent>, 'type' | 'data'>,
  transaction: Transaction,
): Promise<TenantEvent> {
  return ctx.db.TenantEvent.create({ tenant_id: tenantId, ...values }, { transaction });
}

export function insertOutboxJob(
  ctx: Db,
  values: CreationAttributes<JobOutbox>,
  transaction: Transaction,
): Promise<JobOutbox> {
  return ctx.db.JobOutbox.create(values, { transaction });
}

export async function deleteOutboxJob(ctx: Db, jobId: string): Promise<void> {
  await ctx.db.JobOutbox.destroy({ where: { job_id: jobId } });
}

/** The oldest 500 outbox rows recorded before `before`. */
export function findOutboxJobsBefore(ctx: Db, before: Date): Promise<JobOutbox[]> {
  return ctx.db.JobOutbox.findAll({
    where: { created_at: { [Op.lt]: before } },
    order: [['created_at', 'ASC']],
    limit: 500,
  });
}
