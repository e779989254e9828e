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
import { sessionOf } from '../http/request';

export const HOST_OF_ANOTHER_WORKSPACE =
  'This address belongs to another workspace. Open that workspace at its own address.';

/**
 * Resolves the workspace named by `x-tenant-id` and checks the caller belongs to it:
 * malformed → 400, not a member → 403, suspended membership or tenant → 403. On a workspace's own
 * host (its subdomain or domain) the header must name that workspace (403 otherwise): the host
 * decides. Super admins pass for any existing tenant. A workspace that requires its single sign-on
 * for its team refuses a team member's session that came another way (403 `sso_required`).
 */
export const requireWorkspace =
  (ctx: AppContext): RequestHandler =>
  async (req, _res, next) => {
    // A super admin outside the console's IP allowlist passes only as their membership lets anyone.
    const { actor, superAdminRefusal } = sessionOf(req);
    const header = req.headers['x-tenant-id'];
    if (header === undefined || header === '')
      throw badRequest('Choose a workspace first: the x-tenant-id header is missing.', 'tenant_required');
    if (!isUuid(header))
      throw badRequest('The x-tenant-id header must be a workspace id (a UUID).', 'tenant_malformed');
    const tenantId = header.toLowerCase();
    const site = await tenantSiteOf(ctx, req.get('host') ?? '');
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
    req.workspace = { tenant, roleTypes, role: membership?.role ?? null, roleKind: membership?.role_kind ?? null };
    next();
  };
