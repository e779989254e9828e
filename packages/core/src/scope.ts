import { roleKindOf, type RoleKind, type RoleType } from '@portico/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'sequelize';
import type { AppContext } from './context';
import { isTransactionConflict, sqlStateOf } from './db/errors';
import type { Tenant } from './db/models';

/**
 * Who acts: a signed-in person, or an API key (no person: `userId` null). `ip` is the client's
 * address as the API believes it (TRUST_PROXY), for audit rows.
 */
export interface ScopeActor {
  userId: string | null;
  apiKeyId: string | null;
  isSuperAdmin: boolean;
  ip: string | null;
  /** The super admin acting as this person when the session is an impersonation, for audit rows. */
  impersonatorUserId: string | null;
}

/** A super admin acting from the platform console. */
export type PlatformActor = Pick<ScopeActor, 'userId' | 'ip'>;

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
  /** The workspace cache's versions as a read request found them when it began (`tenancy/workspace-cache.ts`). */
  cacheVersions?: WorkspaceVersions;
}

/** A workspace's versions as a request read them when it began (`TenantScope.cacheVersions`). */
export interface WorkspaceVersions {
  tenantId: string;
  versions: Promise<string | null>;
}

/** The context a service runs in: the process's, and the transaction of the request when a route opened one. */
export type ServiceContext = AppContext & { transaction?: Transaction };

/** How many times a transaction of its own is run before a deadlock or serialization failure is let through. */
export const TRANSACTION_ATTEMPTS = 4;
/** The longest pause before the first rerun; it doubles with each, and each pause is a random part of it. */
const RERUN_PAUSE_MS = 20;

/**
 * Runs `work` in the request's transaction when the route opened one, else in a transaction of its own.
 * A transaction of its own that loses a deadlock or a serialization failure to another is run again
 * from the start, after a short random pause so the two do not meet again in step (up to
 * TRANSACTION_ATTEMPTS runs). A joined transaction is not: the statement that lost has aborted the
 * whole transaction, so only its owner can run it again, and the error goes up to it.
 */
export async function inTransaction<T>(
  ctx: Pick<ServiceContext, 'sequelize' | 'logger' | 'transaction'>,
  work: (transaction: Transaction) => Promise<T>,
): Promise<T> {
  if (ctx.transaction) return work(ctx.transaction);
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.sequelize.transaction(work);
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
      ctx.logger.debug({ sqlState: sqlStateOf(error), attempt }, 'transaction lost to another; running it again');
      await sleep(Math.random() * RERUN_PAUSE_MS * 2 ** (attempt - 1));
    }
  }
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
    actor: { userId, apiKeyId: null, isSuperAdmin: false, ip: null, impersonatorUserId: null },
  };
}
