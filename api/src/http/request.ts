import type {
  Actor,
  DomainError,
  ScopeActor,
  ServiceContext,
  Tenant,
  TenantScope,
  WorkspaceVersions,
} from '@portico/core';
import type { RoleKind, RoleType } from '@portico/common';
import { roleTypesOf, unauthorized } from '@portico/core';
import type { Request } from 'express';

export interface Session {
  /** Who acts; a super admin calling from outside the console's IP allowlist acts without that authority. */
  actor: Actor;
  familyId: string;
  /** A read request's workspace cache versions, read beside the session's. */
  workspaceVersions?: WorkspaceVersions;
  /**
   * Set when the person is a super admin calling from outside the console's IP allowlist: the
   * answer to anything that would have needed their super-admin authority.
   */
  superAdminRefusal?: DomainError;
}

export interface Workspace {
  tenant: Tenant;
  roleTypes: RoleType[];
  /** Null when a super admin views a tenant they do not belong to. */
  role: string | null;
  roleKind: RoleKind | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    session?: Session;
    workspace?: Workspace;
    /** Set by the API-key guard (the public API). */
    apiKeyScope?: TenantScope;
  }
}

export function sessionOf(req: Request): Session {
  if (!req.session) throw unauthorized();
  return req.session;
}

/** The signed-in person, as the audit rows of what they do name them: an impersonation's super admin beside them. */
export function sessionActorOf(req: Request): ScopeActor & { userId: string } {
  const { actor } = sessionOf(req);
  return {
    userId: actor.user.id,
    apiKeyId: null,
    isSuperAdmin: actor.isSuperAdmin,
    ip: req.ip ?? null,
    impersonatorUserId: actor.impersonation?.impersonatorUserId ?? null,
  };
}

/** The super admin acting from the console, for the audit rows of what they do. */
export function platformActorOf(req: Request): { userId: string; ip: string | null } {
  return { userId: sessionOf(req).actor.user.id, ip: req.ip ?? null };
}

export function workspaceOf(req: Request): Workspace {
  if (!req.workspace) throw new Error('workspace middleware did not run for this route');
  return req.workspace;
}

/** The scope a workspace route's services act in: the workspace, the signed-in person and their role in it. */
export function workspaceScopeOf(req: Request): TenantScope {
  const { workspaceVersions } = sessionOf(req);
  const { tenant, roleTypes, role, roleKind } = workspaceOf(req);
  return {
    tenantId: tenant.id,
    tenant,
    roleTypes,
    role,
    roleKind,
    actor: sessionActorOf(req),
    cacheVersions: workspaceVersions,
  };
}

/** The scope a public API route's services act in: the key's workspace, the key as the actor (no person, no role). */
export function apiKeyScopeOf(req: Request): TenantScope {
  if (!req.apiKeyScope) throw new Error('the API key guard did not run for this route');
  return req.apiKeyScope;
}

/** The scope of a super admin acting on a tenant from the platform console: no role in it, the platform's rights. */
export async function platformScopeOf(
  ctx: Pick<ServiceContext, 'db'>,
  req: Request,
  tenant: Tenant,
  transaction?: ServiceContext['transaction'],
): Promise<TenantScope> {
  const { actor } = sessionOf(req);
  return {
    tenantId: tenant.id,
    tenant,
    roleTypes: await roleTypesOf(ctx, tenant.id, transaction),
    role: null,
    roleKind: null,
    // An impersonation session is never a super admin, so none reaches the console: no impersonator here.
    actor: { userId: actor.user.id, apiKeyId: null, isSuperAdmin: true, ip: req.ip ?? null, impersonatorUserId: null },
  };
}
