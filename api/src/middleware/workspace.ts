import { isUuid } from '@portico/common';
import {
  badRequest,
  findTenant,
  forbidden,
  notFound,
  roleTypesOf,
  teamSsoRefusal,
  tenantSiteOf,
  type AppContext,
} from '@portico/core';
import type { RequestHandler } from 'express';
import { sessionOf, type Session, type Workspace } from '../http/request';

export const HOST_OF_ANOTHER_WORKSPACE =
  'This address belongs to another workspace. Open that workspace at its own address.';

/**
 * The workspace `tenantId` names, for this session on this host: not a member → 403, suspended
 * membership or tenant → 403. On a workspace's own host (its subdomain or domain) it must be that
 * workspace (403 otherwise): the host decides. Super admins pass for any existing tenant. A workspace
 * that requires its single sign-on for its team refuses a team member's session that came another
 * way (403 `sso_required`). The live server asks the same when a socket joins a thread's room.
 */
export async function resolveWorkspace(
  ctx: AppContext,
  session: Pick<Session, 'actor' | 'superAdminRefusal'>,
  tenantId: string,
  host: string,
): Promise<Workspace> {
  // A super admin outside the console's IP allowlist passes only as their membership lets anyone.
  const { actor, superAdminRefusal } = session;
  const site = await tenantSiteOf(ctx, host);
  if (site && site.tenantId !== tenantId) throw forbidden(HOST_OF_ANOTHER_WORKSPACE, 'host_mismatch');
  const membership = actor.memberships.find((m) => m.tenant_id === tenantId);
  if (!actor.isSuperAdmin) {
    if (!membership) throw superAdminRefusal ?? forbidden('You are not a member of this workspace.', 'not_a_member');
    if (membership.status !== 'active')
      throw (
        superAdminRefusal ??
        forbidden(
          'Your access to this workspace has been suspended. Contact its administrator.',
          'membership_suspended',
        )
      );
  }
  // Members already carry their tenant; only a super admin visiting another tenant needs a lookup.
  const tenant = membership?.tenant ?? (await findTenant(ctx, tenantId));
  if (!tenant) throw notFound('This workspace does not exist.');
  const roleTypes = membership?.roleTypes ?? (await roleTypesOf(ctx, tenant.id));
  if (tenant.status === 'suspended' && !actor.isSuperAdmin) {
    throw (
      superAdminRefusal ??
      forbidden(`${tenant.name} is suspended. Contact the platform administrator.`, 'tenant_suspended')
    );
  }
  const ssoRefusal = teamSsoRefusal(actor, membership);
  if (ssoRefusal) throw ssoRefusal;
  return { tenant, roleTypes, role: membership?.role ?? null, roleKind: membership?.role_kind ?? null };
}

/** Resolves the workspace named by `x-tenant-id` (malformed → 400) for the request's session and host. */
export const requireWorkspace =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    const session = sessionOf(req);
    const header = req.headers['x-tenant-id'];
    if (header === undefined || header === '')
      throw badRequest('Choose a workspace first: the x-tenant-id header is missing.', 'tenant_required');
    if (!isUuid(header))
      throw badRequest('The x-tenant-id header must be a workspace id (a UUID).', 'tenant_malformed');
    req.workspace = await resolveWorkspace(ctx, session, header.toLowerCase(), req.get('host') ?? '');
    next();
  };
