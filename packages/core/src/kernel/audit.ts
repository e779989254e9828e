import type { Transaction } from 'sequelize';
import type { ScopeActor, ServiceContext } from '../scope';
import { findAuditLogs, findTenantNames, findUserEmails, findUserIdsByEmailPart, insertAuditLog } from './kernel-data';

export { likeText } from './kernel-data';

/**
 * Whom an audit row names, taken from the scope the action runs in, so no caller unpacks it: a
 * workspace's `TenantScope`; a person or a super admin outside one (`{ actor }`, the row's tenant
 * given by the event); or `systemScope`.
 */
export interface AuditScope {
  /** The workspace the row belongs to, unless the event names another. */
  tenantId?: string;
  actor: Pick<ScopeActor, 'userId'> & Partial<Pick<ScopeActor, 'ip' | 'impersonatorUserId'>>;
}

/** What the platform does by itself (Stripe's events, jobs, the scheduler): nobody acts, from no address. */
export const systemScope: AuditScope = { actor: { userId: null } };

export interface AuditEvent {
  action: string;
  entity: { type: string; id?: string | null };
  /** The row's workspace when it is not the scope's; null writes a platform-wide row. */
  tenantId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

/**
 * One row per privileged action, naming the scope's actor, address and workspace; an impersonation's
 * super admin is named in the details (`impersonator_user_id`) beside the person they act as. Written
 * in the caller's transaction so it stands or falls with the change.
 */
export async function audit(
  ctx: Pick<ServiceContext, 'db'>,
  scope: AuditScope,
  event: AuditEvent,
  transaction?: Transaction,
): Promise<void> {
  const { actor } = scope;
  const details = event.details ?? {};
  await insertAuditLog(
    ctx,
    {
      actor_user_id: actor.userId,
      action: event.action,
      entity_type: event.entity.type,
      entity_id: event.entity.id ?? null,
      tenant_id: event.tenantId !== undefined ? event.tenantId : (scope.tenantId ?? null),
      reason: event.reason ?? null,
      details: actor.impersonatorUserId ? { ...details, impersonator_user_id: actor.impersonatorUserId } : details,
      ip: actor.ip ?? null,
    },
    transaction,
  );
}

export interface AuditFilters {
  limit: number;
  /** An actor's id prefix or part of their email. */
  actor?: string;
  /** Part of the action (`job.` lists every job action). */
  action?: string;
  tenantId?: string;
  from?: Date;
  to?: Date;
}

export interface AuditRow {
  id: string;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  tenant_id: string | null;
  tenant_name: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** The platform's audit log, newest first, filtered (Audit Logs, platform-console §2). */
export async function listAuditLogs(ctx: Pick<ServiceContext, 'db'>, filters: AuditFilters): Promise<AuditRow[]> {
  const actor = filters.actor
    ? { text: filters.actor, userIds: await findUserIdsByEmailPart(ctx, filters.actor) }
    : undefined;
  const rows = await findAuditLogs(ctx, { ...filters, actor });
  const actorIds = [...new Set(rows.map((r) => r.actor_user_id).filter((id): id is string => Boolean(id)))];
  const tenantIds = [...new Set(rows.map((r) => r.tenant_id).filter((id): id is string => Boolean(id)))];
  const [actors, tenants] = await Promise.all([
    actorIds.length ? findUserEmails(ctx, actorIds) : [],
    tenantIds.length ? findTenantNames(ctx, tenantIds) : [],
  ]);
  const emails = new Map(actors.map((u) => [u.id, u.email]));
  const names = new Map(tenants.map((t) => [t.id, t.name]));
  return rows.map((r) => ({
    id: r.id,
    actor_user_id: r.actor_user_id,
    actor_email: r.actor_user_id ? (emails.get(r.actor_user_id) ?? null) : null,
    action: r.action,
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    tenant_id: r.tenant_id,
    tenant_name: r.tenant_id ? (names.get(r.tenant_id) ?? null) : null,
    reason: r.reason,
    details: r.details,
    created_at: r.created_at,
  }));
}
