import {
  tenantPlanPatch,
  tenantSummaryRow,
  tenantInvitationAnswer,
  tenantInvitationBody,
  tenantsAnswer,
  tenantsQuery,
  tenantUsersAnswer,
  tenantUsersQuery,
} from '@portico/common';
import {
  changeTenantPlan,
  findTenant,
  seatsUsedByTenant,
  invitationRoleKey,
  inviteMember,
  listMemberChoices,
  listPendingInvitations,
  listTenantSummaries,
  notFound,
  provisionTenant,
  type ServiceContext,
  type Tenant,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { pathId } from './schemas';
import { platformActorOf, platformScopeOf } from '../http/request';
import { presentTenantSummary } from '../presenters';

const NO_SUCH_TENANT = 'This workspace does not exist.';

/** The console names roles generically: a workspace's own keys other than owner and admin are members. */
const genericRole = (role: string): 'owner' | 'admin' | 'member' =>
  role === 'owner' || role === 'admin' ? role : 'member';

async function existingTenant(ctx: ServiceContext, id: string): Promise<Tenant> {
  const tenant = await findTenant(id.toLowerCase(), ctx.transaction);
  if (!tenant) throw notFound(NO_SUCH_TENANT);
  return tenant;
}

/** The platform console's calls (platform-console §7), for super admins only. */
export const superRoutes = defineRoutes(
  'platform',
  { name: 'Platform', description: 'The super admin’s console.' },
  (route) => [
    route({
      method: 'get',
      path: '/super/tenants',
      operationId: 'listTenants',
      summary: 'List the workspaces',
      query: tenantsQuery,
      responses: { 200: { description: 'Newest first, at most 500.', schema: tenantsAnswer } },
      handle: async ({ ctx, query }) => ({
        items: (await listTenantSummaries(ctx, query)).map(({ tenant, seatsUsed }) =>
          presentTenantSummary(tenant, seatsUsed),
        ),
      }),
    }),
    route({
      method: 'get',
      path: '/super/tenant-users',
      operationId: 'listTenantUsers',
      summary: 'List the people of a workspace',
      query: tenantUsersQuery,
      responses: {
        200: { description: 'Members, then open invitations (status `pending`).', schema: tenantUsersAnswer },
      },
      refusals: { 404: NO_SUCH_TENANT },
      handle: async ({ ctx, req, query }) => {
        const scope = await platformScopeOf(req, await existingTenant(ctx, query.id));
        const [members, invitations] = await Promise.all([
          listMemberChoices(ctx, scope, { activeOnly: false, orderBy: 'joined' }),
          listPendingInvitations(ctx, scope),
        ]);
        return {
          items: [
            ...members.map((m) => ({
              id: m.id,
              name: [m.first_name, m.last_name].filter(Boolean).join(' ') || null,
              email: m.email,
              role: genericRole(m.role),
              role_key: m.role,
              status: m.status,
              last_login_at: m.last_sign_in_at?.toISOString() ?? null,
            })),
            ...invitations.map((i) => ({
              id: i.id,
              name: null,
              email: i.email,
              role: genericRole(i.role),
              role_key: i.role,
              status: 'pending' as const,
              last_login_at: null,
            })),
          ],
        };
      },
    }),
    route({
      method: 'patch',
      path: '/super/tenants/:id',
      operationId: 'updateTenantPlan',
      summary: 'Set a workspace’s plan, seats, status or billing bypass',
      description:
        'How the platform operator manages plans where Stripe does not (DECISIONS §6). Audited with the reason. A plan or seat count the workspace’s members do not fit in is refused, naming how many to remove.',
      params: z.object({ id: pathId(NO_SUCH_TENANT, 'The workspace.') }),
      body: tenantPlanPatch,
      responses: {
        200: { description: 'The workspace as it is now.', schema: z.object({ tenant: tenantSummaryRow }) },
      },
      refusals: { 404: NO_SUCH_TENANT, 409: 'Its members do not fit the new plan or seats (`over_plan_cap`).' },
      handle: async ({ ctx, req, params, body }) => {
        const tenant = await changeTenantPlan(ctx, platformActorOf(req), params.id, body);
        const seats = await seatsUsedByTenant([tenant.id]);
        return { tenant: presentTenantSummary(tenant, seats.get(tenant.id) ?? 0) };
      },
    }),
    route({
      method: 'post',
      path: '/super/invitations',
      operationId: 'createTenantInvitation',
      summary: 'Invite a workspace admin, creating the workspace or not',
      description:
        'With `tenant`: creates the workspace and invites its first admin as owner. Without: invites someone to an existing workspace.',
      body: tenantInvitationBody,
      transaction: true,
      responses: { 201: { description: 'The invitation was created.', schema: tenantInvitationAnswer } },
      refusals: {
        400: 'The tenant name gives no address (fewer than two letters or digits).',
        404: NO_SUCH_TENANT,
        409: 'The workspace address is already taken (`slug_taken`).',
      },
      handle: async ({ ctx, req, body }) => {
        const { tenant, email, role } =
          'tenant' in body
            ? {
                tenant: await provisionTenant(ctx, platformActorOf(req), {
                  name: body.tenant.name,
                  slug: body.tenant.slug,
                  tier: body.tenant.tier,
                  seatsTotal: body.tenant.seats_total,
                  bypassBilling: body.bypass_billing,
                }),
                email: body.admin.email,
                role: 'owner',
              }
            : {
                tenant: await existingTenant(ctx, body.tenant_id),
                email: body.email,
                role: invitationRoleKey(body.role),
              };
        const scope = await platformScopeOf(req, tenant, ctx.transaction);
        const created = await inviteMember(ctx, scope, { email, role });
        return {
          emailSent: created.emailSent,
          emailError: created.emailError,
          signup_url: created.signupUrl,
          tenant_id: tenant.id,
        };
      },
    }),
  ],
);
