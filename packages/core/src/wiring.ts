import type { Model, ModelStatic, Transaction } from 'sequelize';
import { systemClock } from './clock';
import type { Config } from './config';
import type { AppContext } from './context';
import { cacheSource, invalidateOnChange, pinnedValues, whereTargets, type CacheSource } from './db/cache-hooks';
import { createSequelize, ensureDatabase } from './db/connection';
import { bindModels, type AuditLog, type Models } from './db/models';
import { createLive, type Live } from './live';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';
import { createMetrics, statementKind } from './metrics';
import { closeQueues, createQueues } from './queues';
import { createBoundedRedis, createRedis } from './redis';
import { invalidateSessions, useSessionCache, type SessionTargets } from './auth';
import { useSettingsLogger } from './settings';
import { invalidateWorkspaces, useWorkspaceCache, type WorkspaceTargets } from './tenancy';
import { SlowQueryLog } from './slow-queries';
import { createStorage } from './storage';
import { createStripe } from './stripe';

/*
 * The composition root of core: createContext builds a process's context and installHooks ties its
 * parts together where one acts on another's behalf — a write to a model tells the caches built from
 * it, an audit row is announced live, the settings log a failed background read. The data layer and
 * the services below know nothing of each other's hooks; they are all wired here.
 */

export async function createContext(config: Config, processName: string): Promise<AppContext> {
  const logger = createLogger(config, processName);
  await ensureDatabase(config.databaseUrl);
  const metrics = createMetrics(processName);
  // Telemetry, stamped with the system clock: the log sees statements before the context exists.
  const slowQueries = new SlowQueryLog(config.slowQueryMs, systemClock);
  const sequelize = createSequelize(config.databaseUrl, {
    logger,
    onQuery: (sql, ms, bind) => {
      metrics.dbQueryDuration.observe({ kind: statementKind(sql) }, ms / 1000);
      slowQueries.observe(sql, ms, bind);
    },
  });
  const db = bindModels(sequelize);
  await sequelize.authenticate();
  const redis = createRedis(config.redisUrl);
  const queues = createQueues(redis, config.redisPrefix);
  const boundedRedis = createBoundedRedis(config.redisUrl);
  const live = createLive(redis, config.redisPrefix);
  installHooks({ config, logger, sequelize, db, boundedRedis, live });
  return {
    config,
    logger,
    sequelize,
    db,
    redis,
    boundedRedis,
    queues,
    storage: createStorage(config),
    mail: createMailer(config),
    clock: systemClock,
    metrics,
    slowQueries,
    live,
    stripe: createStripe(config),
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await closeQueues(ctx.queues);
  await ctx.redis.quit().catch(() => ctx.redis.disconnect());
  await ctx.boundedRedis.quit().catch(() => ctx.boundedRedis.disconnect());
  await ctx.sequelize.close();
}

/** Every hook of a context, on the models bound to its connection. */
function installHooks(ctx: Pick<AppContext, 'config' | 'logger' | 'sequelize' | 'db' | 'boundedRedis' | 'live'>): void {
  const { config, logger, sequelize, db, boundedRedis, live } = ctx;
  invalidateSessionsOnChange(db);
  invalidateWorkspacesOnChange(db);
  // Sessions are cached per process and every change to what they are built from is announced in Redis.
  useSessionCache(sequelize, { redis: boundedRedis, prefix: config.redisPrefix, logger });
  // So are what members browse in a workspace (files, forms, embeds, the checklist).
  useWorkspaceCache(sequelize, { redis: boundedRedis, prefix: config.redisPrefix, logger });
  // The settings and flags are kept in memory without Redis; a failed background read is logged.
  useSettingsLogger(sequelize, logger);
  announceAuditRows(db, live);
}

/** What an authenticated request is built from (auth/users.ts loadSessionActor) is cached; every write here says so. */
function invalidateSessionsOnChange({
  User,
  UserGlobalRole,
  Membership,
  RefreshTokenFamily,
  Tenant,
  TenantRoleType,
}: Models): void {
  invalidateOnChange<SessionTargets>('sessionVersions', invalidateSessions, [
    sessionSource({
      model: User,
      ofRow: (u) => ({ users: [u.id] }),
      ofWhere: (where) => whereTargets(where, 'id', 'users'),
    }),
    sessionSource({
      model: UserGlobalRole,
      ofRow: (g) => ({ users: [g.user_id] }),
      ofWhere: (where) => whereTargets(where, 'user_id', 'users'),
    }),
    sessionSource({
      model: Membership,
      ofRow: (m) => ({ users: [m.user_id, m.previous('user_id')] }),
      ofWhere: (where) => whereTargets(where, 'user_id', 'users'),
    }),
    sessionSource({
      model: RefreshTokenFamily,
      ofRow: (f) => ({ families: [f.id] }),
      ofWhere: (where) =>
        pinnedValues(where, 'id') ? whereTargets(where, 'id', 'families') : whereTargets(where, 'user_id', 'users'),
    }),
    // Tenants and role types change rarely and reach every member: everything is read again.
    sessionSource({ model: Tenant, ofRow: () => ({ everything: true }), ofWhere: () => ({ everything: true }) }),
    sessionSource({
      model: TenantRoleType,
      ofRow: () => ({ everything: true }),
      ofWhere: () => ({ everything: true }),
    }),
  ]);
}

/** What members browse is cached per workspace (tenancy/workspace-cache.ts); every write here says so. */
function invalidateWorkspacesOnChange(db: Models): void {
  const {
    FileRecord,
    FileEvent,
    Folder,
    Form,
    FormResponse,
    Embed,
    Membership,
    TenantRoleType,
    TenantIntegration,
    User,
    Profile,
  } = db;
  invalidateOnChange<WorkspaceTargets>('workspaceVersions', invalidateWorkspaces, [
    // The platform's integration switches decide which embeds members see; a folder's audience, which files they see.
    ...[FileRecord, FileEvent, Folder, Form, FormResponse, Embed, Membership, TenantRoleType, TenantIntegration].map(
      ownRows,
    ),
    // Accounts and profiles show in every workspace their owner belongs to, and in files they shared
    // in workspaces they have left; they change rarely: everything is read again.
    workspaceSource({ model: User, ofRow: () => ({ everything: true }), ofWhere: () => ({ everything: true }) }),
    workspaceSource({ model: Profile, ofRow: () => ({ everything: true }), ofWhere: () => ({ everything: true }) }),
  ]);
}

const sessionSource = <M extends Model>(source: CacheSource<SessionTargets, M>) => cacheSource(source);
const workspaceSource = <M extends Model>(source: CacheSource<WorkspaceTargets, M>) => cacheSource(source);

/** A tenant-owned model names the workspace of each row it writes (its bulk writes pin `tenant_id`, or name everything). */
function ownRows(model: ModelStatic<Model & { tenant_id: string }>): CacheSource<WorkspaceTargets> {
  return workspaceSource({
    model,
    ofRow: (row) => ({ tenants: [row.tenant_id] }),
    ofWhere: (where) => whereTargets(where, 'tenant_id', 'tenants'),
  });
}

/** Every audit row written through these models is announced to super admins once its transaction commits. */
function announceAuditRows({ AuditLog }: Models, live: Live): void {
  AuditLog.addHook('afterCreate', 'live', (row: AuditLog, options: { transaction?: Transaction | null }) => {
    const send = () =>
      live.toSuper('audit', {
        id: row.id,
        action: row.action,
        entity_type: row.entity_type,
        entity_id: row.entity_id,
        tenant_id: row.tenant_id,
      });
    if (options.transaction) options.transaction.afterCommit(send);
    else send();
  });
}
