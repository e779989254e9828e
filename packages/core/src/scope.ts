import { roleKindOf, type RoleKind, type RoleType } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { AppContext } from './context';
import type { Tenant } from './db/models';
import type { WorkspaceVersions } from './services/workspace-cache';

/**
 * Who acts: a signed-in person, or an API key (no person: `userId` null). `ip` is the client's
 * address as the API believes it (TRUST_PROXY), for audit rows.
 */
export interface ScopeActor {
  userId: string | null;
  apiKeyId: string | null;
  isSuperAdmin: boolean;
  ip: string | null;
}

/**
 * What every service acting in one workspace receives second, after the context: the workspace,
 * who acts in it and with which role. The API builds it once per request (the workspace guard, or
 * the API-key guard); the worker and scripts build their own. Services read tenant data through
 * `tenantId` only, so a service cannot reach another tenant by accident.
 */
export interface TenantScope {
  tenantId: string;
  tenant: Tenant;
  roleTypes: readonly RoleType[];
  actor: ScopeActor;
  /** The actor's role key in this workspace; null for an API key or a super admin who is not a member. */
  role: string | null;
  roleKind: RoleKind | null;
  /** The workspace cache's versions as a read request found them when it began (`services/workspace-cache.ts`). */
  cacheVersions?: WorkspaceVersions;
}

/** The context a service runs in: the process's, and the transaction of the request when a route opened one. */
export type ServiceContext = AppContext & { transaction?: Transaction };

/** Runs `work` in the request's transaction when the route opened one, else in a transaction of its own. */
export function inTransaction<T>(ctx: ServiceContext, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  return ctx.transaction ? work(ctx.transaction) : ctx.sequelize.transaction(work);
}

/** The scope of a member acting in their workspace outside a request: scripts, the worker, tests. */
export function memberScope(
  tenant: Tenant,
  roleTypes: readonly RoleType[],
  userId: string | null,
  role: string,
): TenantScope {
  return {
    tenantId: tenant.id,
    tenant,
    roleTypes,
    role,
    roleKind: roleKindOf(role, roleTypes),
    actor: { userId, apiKeyId: null, isSuperAdmin: false, ip: null },
  };
}
