import type { Actor, Tenant } from '@portico/core';
import type { RoleKind, RoleType } from '@portico/common';
import { unauthorized } from '@portico/core';
import type { Request } from 'express';

export interface Session {
  actor: Actor;
  familyId: string;
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
  }
}

export function sessionOf(req: Request): Session {
  if (!req.session) throw unauthorized();
  return req.session;
}

export function workspaceOf(req: Request): Workspace {
  if (!req.workspace) throw new Error('workspace middleware did not run for this route');
  return req.workspace;
}
