import { SUPER_ADMIN_ROLES, type TenantTier, type TenantUsage } from '@portico/common';
import { col, fn, Op, type CreationAttributes, type Transaction } from 'sequelize';
import type {
  AlertRule,
  Announcement,
  AuditLog,
  Membership,
  Profile,
  RefreshTokenFamily,
  Tenant,
  User,
  UserGlobalRole,
} from '../db/models';
import { crossTenantStatement, select } from '../db/statements';
import { likeText } from '../kernel/kernel-data';
import type { ServiceContext } from '../scope';
import { lapsedClaims } from '../custom-domains';

/*
 * The console's reads and writes, every model call and SQL statement of the folder (issue 29). The
 * console works across workspaces: its statements say why, and its model calls name `allTenants`.
 */

type Db = Pick<ServiceContext, 'db'>;
type Sql = Pick<ServiceContext, 'sequelize'>;

/* ---- Workspaces: their figures, and the platform's ---- */

/*
 * The console's tenant table and a tenant's Usage tab (issue 14): what each workspace holds. Its
 * storage counts every stored object once: files (deleted ones until purged) and their versions.
 * $1 the workspaces' ids.
 */
const TENANT_USAGE = crossTenantStatement(
  'tenants.usage',
  'The platform console shows the figures of many workspaces in one table; each subquery is pinned to one tenant_id.',
  `SELECT t.id AS tenant_id,
     (SELECT count(*) FROM memberships m WHERE m.tenant_id = t.id)::int AS members,
     (SELECT count(*) FROM tenant_domains td WHERE td.tenant_id = t.id)::int AS custom_domains,
     (SELECT coalesce(sum(size_bytes), 0) FROM (
        SELECT DISTINCT ON (o.storage_key) o.size_bytes FROM (
          SELECT f.storage_key, f.size_bytes FROM files f WHERE f.tenant_id = t.id
          UNION ALL
          SELECT v.storage_key, v.size_bytes FROM file_versions v WHERE v.tenant_id = t.id
        ) o
      ) stored)::text AS storage_bytes,
     (SELECT coalesce(sum(k.calls_count), 0) FROM api_keys k WHERE k.tenant_id = t.id)::text AS api_calls,
     (SELECT count(*) FROM webhooks w WHERE w.tenant_id = t.id)::int AS webhooks,
     (SELECT count(*) FROM webhook_deliveries d WHERE d.tenant_id = t.id)::int AS webhook_deliveries,
     (SELECT count(*) FROM messages ms WHERE ms.tenant_id = t.id AND ms.deleted_at IS NULL)::int AS messages
   FROM unnest($1::uuid[]) AS t(id)`,
);

/** A workspace's usage as PostgreSQL answers it: the sums of bigints come as text. */
export type TenantUsageRow = Omit<TenantUsage, 'storage_bytes' | 'api_calls'> & {
  tenant_id: string;
  storage_bytes: string;
  api_calls: string;
};

/** What each of these workspaces holds, in the request's transaction when there is one. */
export function selectTenantUsage(
  ctx: Pick<ServiceContext, 'sequelize' | 'transaction'>,
  tenantIds: string[],
): Promise<TenantUsageRow[]> {
  return select<TenantUsageRow>(ctx, TENANT_USAGE, [tenantIds]);
}

const STORAGE_BYTES = crossTenantStatement(
  'console.storage-bytes',
  'The platform gauge and Mission Control count the bytes stored by every workspace together.',
  `SELECT sum(size_bytes)::text AS bytes FROM (
     SELECT DISTINCT ON (storage_key) size_bytes FROM (
       SELECT storage_key, size_bytes FROM files UNION ALL SELECT storage_key, size_bytes FROM file_versions
     ) o
   ) stored`,
);

/** Bytes stored for every workspace's files and their earlier versions: an object several rows share counts once. */
export async function platformStorageBytes(ctx: Sql): Promise<number> {
  const [row] = await select<{ bytes: string | null }>(ctx, STORAGE_BYTES, []);
  return Number(row?.bytes ?? 0);
}

const TENANTS_BY_TIER = crossTenantStatement(
  'console.tenants-by-tier',
  'The platform gauge of workspaces counts every workspace by tier and status.',
  'SELECT tier, status, count(*)::text AS n FROM tenants GROUP BY tier, status',
);

export function countTenantsByTierAndStatus(ctx: Sql): Promise<Array<{ tier: string; status: string; n: string }>> {
  return select(ctx, TENANTS_BY_TIER, []);
}

/*
 * People who signed in or renewed a session since midnight (UTC) of $1, the workspaces they are
 * active members of, and accounts created in the 7 days before $1.
 */
const ACTIVE_USERS = crossTenantStatement(
  'console.active-users',
  'Mission Control counts the people active today on the whole platform and the workspaces they belong to.',
  `WITH active AS (
     SELECT DISTINCT f.user_id FROM refresh_tokens t
     JOIN refresh_token_families f ON f.id = t.family_id
     WHERE t.created_at >= date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
   )
   SELECT
     (SELECT count(*) FROM active)::text AS today,
     (SELECT count(DISTINCT m.tenant_id) FROM memberships m JOIN active a ON a.user_id = m.user_id
       WHERE m.status = 'active')::text AS tenants,
     (SELECT count(*) FROM users WHERE created_at >= $1::timestamptz - interval '7 days')::text AS signups7d`,
);

export async function countActiveUsers(
  ctx: Sql,
  now: Date,
): Promise<{ today: string; tenants: string; signups7d: string } | undefined> {
  const [row] = await select<{ today: string; tenants: string; signups7d: string }>(ctx, ACTIVE_USERS, [
    now.toISOString(),
  ]);
  return row;
}

/**
 * The health check of PostgreSQL. Not a registered statement: it reads no data, and `logging: false`
 * keeps the probe, run on every App Health view, out of the statement timings and the SQL log.
 */
export function pingDatabase(ctx: Sql): Promise<unknown> {
  return ctx.sequelize.query('SELECT 1', { logging: false });
}

/* ---- Deleting a workspace ---- */

export function lockTenantRow(ctx: Db, tenantId: string, transaction: Transaction): Promise<Tenant | null> {
  return ctx.db.Tenant.findByPk(tenantId, { transaction, lock: transaction.LOCK.UPDATE });
}

export async function findMemberUserIds(ctx: Db, tenantId: string, transaction: Transaction): Promise<string[]> {
  const members = await ctx.db.Membership.findAll({
    where: { tenant_id: tenantId },
    attributes: ['user_id'],
    transaction,
  });
  return members.map((m) => m.user_id);
}

/* ---- People: the super admin, user search, sessions ---- */

export function lockUserByEmail(ctx: Db, email: string, transaction: Transaction): Promise<User | null> {
  return ctx.db.User.findOne({ where: { email }, transaction, lock: transaction.LOCK.UPDATE });
}

export function insertUser(ctx: Db, values: CreationAttributes<User>, transaction: Transaction): Promise<User> {
  return ctx.db.User.create(values, { transaction });
}

export async function insertProfile(
  ctx: Db,
  values: CreationAttributes<Profile>,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.Profile.create(values, { transaction });
}

export async function ensureGlobalRole(ctx: Db, userId: string, role: string, transaction: Transaction): Promise<void> {
  await ctx.db.UserGlobalRole.findOrCreate({ where: { user_id: userId, role }, transaction });
}

/** People whose email contains `part`, with their global roles, by email. */
export function findUsersByEmailPart(ctx: Db, part: string, limit: number): Promise<User[]> {
  return ctx.db.User.findAll({
    where: { email: { [Op.iLike]: likeText(part) } },
    attributes: ['id', 'email', 'role'],
    include: [{ model: ctx.db.UserGlobalRole, as: 'globalRoles', attributes: ['role'] }],
    order: [['email', 'ASC']],
    limit,
  });
}

/** These people's active memberships in every workspace, with the workspace's name, oldest first. */
export function findActiveMembershipsWithTenantName(ctx: Db, userIds: string[]): Promise<Membership[]> {
  return ctx.db.Membership.findAll({
    where: { user_id: userIds, status: 'active' },
    include: [{ model: ctx.db.Tenant, as: 'tenant', attributes: ['name'] }],
    order: [['created_at', 'ASC']],
    allTenants: true,
  });
}

/** The workspaces this person is a member of, in any status. */
export async function findMembershipTenantIds(ctx: Db, userId: string, transaction: Transaction): Promise<string[]> {
  const memberships = await ctx.db.Membership.findAll({
    where: { user_id: userId },
    attributes: ['tenant_id'],
    allTenants: true,
    transaction,
  });
  return memberships.map((m) => m.tenant_id);
}

export function findUserWithGlobalRoles(ctx: Db, userId: string, transaction: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, {
    include: [{ model: ctx.db.UserGlobalRole, as: 'globalRoles', attributes: ['role'] }],
    transaction,
  });
}

export function findUser(ctx: Db, userId: string, transaction?: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, { transaction });
}

export function findUserEmail(ctx: Db, userId: string, transaction: Transaction): Promise<User | null> {
  return ctx.db.User.findByPk(userId, { attributes: ['id', 'email'], transaction });
}

export function lockSession(ctx: Db, familyId: string, transaction: Transaction): Promise<RefreshTokenFamily | null> {
  return ctx.db.RefreshTokenFamily.findByPk(familyId, { transaction, lock: transaction.LOCK.UPDATE });
}

export function lockUserSession(
  ctx: Db,
  userId: string,
  familyId: string,
  transaction: Transaction,
): Promise<RefreshTokenFamily | null> {
  return ctx.db.RefreshTokenFamily.findOne({
    where: { id: familyId, user_id: userId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
}

/** The person's sessions neither revoked nor expired at `now`, newest first. */
export function findLiveSessions(
  ctx: Db,
  userId: string,
  now: Date,
  transaction?: Transaction,
): Promise<RefreshTokenFamily[]> {
  return ctx.db.RefreshTokenFamily.findAll({
    where: { user_id: userId, revoked_at: null, expires_at: { [Op.gt]: now } },
    order: [
      ['created_at', 'DESC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
}

/** How many tokens each of these sessions issued, and when its newest was. */
export async function countIssuedTokens(
  ctx: Db,
  familyIds: string[],
  transaction?: Transaction,
): Promise<Array<{ family_id: string; issued: string; last_issued_at: Date }>> {
  return (await ctx.db.RefreshToken.findAll({
    where: { family_id: familyIds },
    attributes: ['family_id', [fn('COUNT', col('id')), 'issued'], [fn('MAX', col('created_at')), 'last_issued_at']],
    group: ['family_id'],
    raw: true,
    transaction,
  })) as unknown as Array<{ family_id: string; issued: string; last_issued_at: Date }>;
}

export function findProfileName(ctx: Db, userId: string, transaction?: Transaction): Promise<Profile | null> {
  return ctx.db.Profile.findByPk(userId, { attributes: ['first_name', 'last_name'], transaction });
}

export function findGlobalRoles(ctx: Db, userId: string, transaction?: Transaction): Promise<UserGlobalRole[]> {
  return ctx.db.UserGlobalRole.findAll({ where: { user_id: userId }, attributes: ['role'], transaction });
}

/** The person's memberships in every workspace, with the workspace's id, name and slug, oldest first. */
export function findMembershipsWithTenant(ctx: Db, userId: string, transaction?: Transaction): Promise<Membership[]> {
  return ctx.db.Membership.findAll({
    where: { user_id: userId },
    include: [{ model: ctx.db.Tenant, as: 'tenant', attributes: ['id', 'name', 'slug'] }],
    order: [['created_at', 'ASC']],
    allTenants: true,
    transaction,
  });
}

/** A workspace's audit rows of these actions, newest first. */
export function findAuditRowsOfActions(
  ctx: Db,
  tenantId: string,
  actions: readonly string[],
  limit: number,
): Promise<AuditLog[]> {
  return ctx.db.AuditLog.findAll({
    where: { tenant_id: tenantId, action: [...actions] },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit,
  });
}

/* ---- The rows a queued job works on ---- */

export async function reopenFailedEmail(ctx: Db, outboxId: string, transaction?: Transaction): Promise<void> {
  await ctx.db.EmailOutbox.update(
    { status: 'queued' },
    { where: { id: outboxId, status: 'failed' }, allTenants: true, transaction },
  );
}

export async function failQueuedEmail(
  ctx: Db,
  outboxId: string,
  lastError: string,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.EmailOutbox.update(
    { status: 'failed', last_error: lastError },
    { where: { id: outboxId, status: 'queued' }, allTenants: true, transaction },
  );
}

export async function reopenFailedDelivery(ctx: Db, deliveryId: string, transaction?: Transaction): Promise<void> {
  await ctx.db.WebhookDelivery.update(
    { status: 'pending', completed_at: null },
    { where: { id: deliveryId, status: 'failed' }, allTenants: true, transaction },
  );
}

export async function failPendingDelivery(
  ctx: Db,
  deliveryId: string,
  lastError: string,
  at: Date,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.WebhookDelivery.update(
    { status: 'failed', last_error: lastError, completed_at: at },
    { where: { id: deliveryId, status: 'pending' }, allTenants: true, transaction },
  );
}

/** Marks an event fanned out unless it already was. */
export async function markEventDispatched(
  ctx: Db,
  eventId: string,
  at: Date,
  transaction?: Transaction,
): Promise<void> {
  await ctx.db.TenantEvent.update(
    { dispatched_at: at },
    { where: { id: eventId, dispatched_at: { [Op.is]: null } }, allTenants: true, transaction },
  );
}

/* ---- Maintenance ---- */

/**
 * Removes, in every workspace: sessions, reset links, sign-in challenges and unanswered invitations
 * expired at `now`, lapsed domain claims, webhook history (all but pending deliveries) completed or
 * dispatched before `historyBefore`, and audit rows made before `auditBefore`. Answers how many of each.
 */
export async function deleteExpiredRows(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  cutoffs: { now: Date; historyBefore: Date; auditBefore: Date },
) {
  const { now, historyBefore, auditBefore } = cutoffs;
  const [
    refreshTokenFamilies,
    passwordResetTokens,
    invitations,
    webhookDeliveries,
    tenantEvents,
    auditLogs,
    twoFactorChallenges,
    domainClaims,
  ] = await Promise.all([
    ctx.db.RefreshTokenFamily.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    ctx.db.PasswordResetToken.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    ctx.db.Invitation.destroy({ where: { expires_at: { [Op.lt]: now }, accepted_at: null }, allTenants: true }),
    ctx.db.WebhookDelivery.destroy({
      where: { status: { [Op.ne]: 'pending' }, completed_at: { [Op.lt]: historyBefore } },
      allTenants: true,
    }),
    ctx.db.TenantEvent.destroy({ where: { dispatched_at: { [Op.lt]: historyBefore } }, allTenants: true }),
    ctx.db.AuditLog.destroy({ where: { created_at: { [Op.lt]: auditBefore } }, allTenants: true }),
    ctx.db.TwoFactorChallenge.destroy({ where: { expires_at: { [Op.lt]: now } } }),
    ctx.db.TenantDomain.destroy({ where: lapsedClaims(ctx), allTenants: true }),
  ]);
  return {
    refreshTokenFamilies,
    passwordResetTokens,
    invitations,
    webhookDeliveries,
    tenantEvents,
    auditLogs,
    twoFactorChallenges,
    domainClaims,
  };
}

/* ---- Announcements ---- */

/** The workspaces, not suspended, an announcement's audience names. */
export function findAudienceTenants(
  ctx: Db,
  row: Pick<Announcement, 'audience' | 'plan' | 'tenant_ids'>,
  transaction?: Transaction,
): Promise<Tenant[]> {
  const where =
    row.audience === 'all'
      ? {}
      : row.audience === 'plan'
        ? { tier: row.plan as TenantTier }
        : { id: { [Op.in]: row.tenant_ids } };
  return ctx.db.Tenant.findAll({ where: { ...where, status: { [Op.ne]: 'suspended' } }, transaction });
}

/** Which of these ids are workspaces. */
export async function findTenantIds(ctx: Db, ids: string[], transaction: Transaction): Promise<string[]> {
  const tenants = await ctx.db.Tenant.findAll({ where: { id: { [Op.in]: ids } }, attributes: ['id'], transaction });
  return tenants.map((t) => t.id);
}

export function insertAnnouncement(
  ctx: Db,
  values: CreationAttributes<Announcement>,
  transaction: Transaction,
): Promise<Announcement> {
  return ctx.db.Announcement.create(values, { transaction });
}

const HISTORY_LIMIT = 200;

/** GET /api/notifications/history: the newest announcements first. */
export function announcementHistory(ctx: Db): Promise<Announcement[]> {
  return ctx.db.Announcement.findAll({ order: [['created_at', 'DESC']], limit: HISTORY_LIMIT });
}

/** Announcements whose window is open at `now`, the latest start first. */
export function findOpenAnnouncements(ctx: Db, now: Date): Promise<Announcement[]> {
  return ctx.db.Announcement.findAll({
    where: { start_at: { [Op.lte]: now }, end_at: { [Op.gt]: now } },
    order: [['start_at', 'DESC']],
  });
}

export async function findDismissedAnnouncementIds(ctx: Db, userId: string): Promise<string[]> {
  const dismissed = await ctx.db.AnnouncementDismissal.findAll({
    where: { user_id: userId },
    attributes: ['announcement_id'],
  });
  return dismissed.map((d) => d.announcement_id);
}

export function findAnnouncement(ctx: Db, id: string): Promise<Announcement | null> {
  return ctx.db.Announcement.findByPk(id);
}

export async function ensureDismissal(ctx: Db, announcementId: string, userId: string): Promise<void> {
  await ctx.db.AnnouncementDismissal.findOrCreate({ where: { announcement_id: announcementId, user_id: userId } });
}

/** Announcements open at `now` and never pushed. */
export function findUnpushedOpenAnnouncements(ctx: Db, now: Date): Promise<Announcement[]> {
  return ctx.db.Announcement.findAll({
    where: { pushed_at: null, start_at: { [Op.lte]: now }, end_at: { [Op.gt]: now } },
  });
}

/** Marks an announcement pushed unless another process did: 1 when this call did, else 0. */
export async function claimAnnouncementPush(ctx: Db, id: string, now: Date, transaction: Transaction): Promise<number> {
  const [claimed] = await ctx.db.Announcement.update(
    { pushed_at: now },
    { where: { id, pushed_at: null }, transaction },
  );
  return claimed;
}

/* ---- Alert rules ---- */

/** Alert rules in the order they were made. */
export function listAlertRules(ctx: Db): Promise<AlertRule[]> {
  return ctx.db.AlertRule.findAll({ order: [['created_at', 'ASC']] });
}

export function findEnabledAlertRules(ctx: Db): Promise<AlertRule[]> {
  return ctx.db.AlertRule.findAll({ where: { enabled: true } });
}

/** Enabled rules breached at their last evaluation, the latest fired first. */
export function findFiringAlertRules(ctx: Db): Promise<AlertRule[]> {
  return ctx.db.AlertRule.findAll({ where: { enabled: true, breached: true }, order: [['last_triggered_at', 'DESC']] });
}

export function findAlertRule(ctx: Db, id: string, transaction: Transaction): Promise<AlertRule | null> {
  return ctx.db.AlertRule.findByPk(id, { transaction });
}

export function lockAlertRule(ctx: Db, id: string, transaction: Transaction): Promise<AlertRule | null> {
  return ctx.db.AlertRule.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
}

export function insertAlertRule(
  ctx: Db,
  values: CreationAttributes<AlertRule>,
  transaction: Transaction,
): Promise<AlertRule> {
  return ctx.db.AlertRule.create(values, { transaction });
}

/** Records a rule's figure at an evaluation that found it not breached. */
export async function markAlertRuleClear(ctx: Db, id: string, value: number, at: Date): Promise<void> {
  await ctx.db.AlertRule.update({ breached: false, last_value: value, last_evaluated_at: at }, { where: { id } });
}

/** Marks an enabled rule breached and fired at `at` unless it already was: 1 when this call did, else 0. */
export async function claimAlertRuleBreach(
  ctx: Db,
  id: string,
  value: number,
  at: Date,
  transaction: Transaction,
): Promise<number> {
  const [claimed] = await ctx.db.AlertRule.update(
    { breached: true, last_value: value, last_evaluated_at: at, last_triggered_at: at },
    { where: { id, enabled: true, breached: false }, transaction },
  );
  return claimed;
}

/** Records a rule's figure at an evaluation, leaving whether it is breached as it was. */
export async function recordAlertRuleFigure(
  ctx: Db,
  id: string,
  value: number,
  at: Date,
  transaction: Transaction,
): Promise<void> {
  await ctx.db.AlertRule.update({ last_value: value, last_evaluated_at: at }, { where: { id }, transaction });
}

/** The workspaces with a webhook attempt since `since` that got no answer or a non-2xx one. */
export async function findTenantsWithFailedAttempts(ctx: Db, since: Date): Promise<string[]> {
  const failed = await ctx.db.WebhookAttempt.findAll({
    where: {
      created_at: { [Op.gte]: since },
      [Op.or]: [{ status_code: null }, { status_code: { [Op.notBetween]: [200, 299] } }],
    },
    attributes: ['tenant_id'],
    group: ['tenant_id'],
    allTenants: true,
  });
  return failed.map((a) => a.tenant_id);
}

/** The email addresses of the platform's super admins. */
export async function findSuperAdminEmails(ctx: Db, transaction: Transaction): Promise<string[]> {
  const admins = await ctx.db.User.findAll({
    attributes: ['email'],
    include: [
      {
        model: ctx.db.UserGlobalRole,
        as: 'globalRoles',
        attributes: [],
        where: { role: { [Op.in]: [...SUPER_ADMIN_ROLES] } },
      },
    ],
    transaction,
  });
  return admins.map((a) => a.email);
}
