import {
  addedDomainAnswer,
  consoleRoleOf,
  domainBody,
  domainQuery,
  domainsAnswer,
  tenantDeletion,
  tenantPlanPatch,
  tenantSummaryRow,
  verifiedDomainAnswer,
  workspaceSettingsAnswer,
  workspaceSettingsPatch,
  tenantInvitationAnswer,
  tenantInvitationBody,
  tenantsAnswer,
  tenantsQuery,
  tenantUsersAnswer,
  tenantUsersQuery,
} from '@portico/common';
import {
  addDomain,
  changeTenantPlan,
  deleteTenant,
  findTenant,
  hasCustomDomains,
  invitationRoleKey,
  listDomains,
  removeDomain,
  subdomainHostOf,
  summariesOf,
  txtRecordOf,
  updateWorkspaceSettings,
  verifyDomain,
  inviteMember,
  listMemberChoices,
  listPendingInvitations,
  listTenantSummaries,
  notFound,
  provisionTenant,
  SLUG_MISMATCH,
  type ServiceContext,
  type Tenant,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes } from '../http/route';
import { pathId } from './schemas';
import { platformActorOf, platformScopeOf } from '../http/request';
import { presentTenantConfig, presentTenantSummary } from '../presenters';
import { presentDomain } from '../presenters/domains';
import { BRAND_FORMATS, BRAND_LIMIT, imageUpload, receiveBrandAsset } from './brand';

export const NO_SUCH_TENANT = 'This workspace does not exist.';

async function existingTenant(ctx: ServiceContext, id: string): Promise<Tenant> {
  const tenant = await findTenant(ctx, id.toLowerCase(), ctx.transaction);
  if (!tenant) throw notFound(NO_SUCH_TENANT);
  return tenant;
}

/** A workspace as the console's tenant table and drawer show it. */
export async function summaryOf(ctx: ServiceContext, tenant: Tenant) {
  const [summary] = await summariesOf(ctx, [tenant]);
  return { tenant: presentTenantSummary(summary!, ctx.clock.now()) };
}

export const tenantParams = z.object({ id: pathId(NO_SUCH_TENANT, 'The workspace.') });

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
        items: (await listTenantSummaries(ctx, query)).map((summary) => presentTenantSummary(summary, ctx.clock.now())),
      }),
    }),
    route({
      method: 'get',
      path: '/super/tenants/:id',
      operationId: 'getTenant',
      summary: 'Read one workspace',
      params: tenantParams,
      responses: {
        200: { description: 'The workspace, its seats and usage.', schema: z.object({ tenant: tenantSummaryRow }) },
      },
      refusals: { 404: NO_SUCH_TENANT },
      handle: async ({ ctx, params }) => summaryOf(ctx, await existingTenant(ctx, params.id)),
    }),
    route({
      method: 'delete',
      path: '/super/tenants/:id',
      operationId: 'deleteTenant',
      summary: 'Delete a workspace',
      description:
        'Removes the workspace and everything in it at once (audited as `tenant.deleted` with its name, slug and the reason); a provisioning job then removes its stored files. The slug must be typed again.',
      params: tenantParams,
      body: tenantDeletion,
      responses: { 204: { description: 'Deleted; its files are removed from storage within moments.' } },
      refusals: { 400: SLUG_MISMATCH, 404: NO_SUCH_TENANT },
      handle: async ({ ctx, req, params, body }) => {
        await deleteTenant(ctx, platformActorOf(req), params.id, body);
      },
    }),
    route({
      method: 'get',
      path: '/super/tenants/:id/domains',
      operationId: 'listTenantDomains',
      summary: 'List a workspace’s domains',
      params: tenantParams,
      responses: { 200: { description: 'Its subdomain and custom domains, oldest first.', schema: domainsAnswer } },
      refusals: { 404: NO_SUCH_TENANT },
      handle: async ({ ctx, req, params }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        return {
          domains: (await listDomains(ctx, scope)).map(presentDomain),
          subdomain: subdomainHostOf(ctx.config, scope.tenant),
          allowed: hasCustomDomains(scope.tenant),
        };
      },
    }),
    route({
      method: 'post',
      path: '/super/tenants/:id/domains',
      operationId: 'addTenantDomain',
      summary: 'Add a custom domain to a workspace',
      description:
        'As the workspace’s admin would: a claim, pending until the TXT record in the answer is published and verified (within 7 days).',
      params: tenantParams,
      body: domainBody,
      responses: { 201: { description: 'The domain and the TXT record to publish.', schema: addedDomainAnswer } },
      refusals: {
        400: 'An address of the platform itself.',
        403: 'The workspace’s plan has no custom domains (`plan_required`).',
        404: NO_SUCH_TENANT,
        409: 'Already connected to this workspace, verified by another workspace, or ten domains already.',
      },
      handle: async ({ ctx, req, params, body }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        const row = await addDomain(ctx, scope, body);
        return { domain: presentDomain(row), txtRecord: txtRecordOf(row) };
      },
    }),
    route({
      method: 'post',
      path: '/super/tenants/:id/domains/verify',
      operationId: 'verifyTenantDomain',
      summary: 'Verify a workspace’s custom domain',
      description: 'Looks up its TXT record; found, the proxy is asked for its certificate.',
      params: tenantParams,
      body: domainBody,
      responses: { 200: { description: 'Verified.', schema: verifiedDomainAnswer } },
      refusals: {
        403: 'The workspace’s plan has no custom domains (`plan_required`).',
        404: `${NO_SUCH_TENANT} Or the domain is not connected to it.`,
        409: 'The TXT record was not found or holds another value (`txt_not_found`), the claim lapsed (`claim_lapsed`), or another workspace verified the domain first (`domain_taken`).',
      },
      handle: async ({ ctx, req, params, body }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        return { domain: presentDomain(await verifyDomain(ctx, scope, body)), message: 'Domain verified' as const };
      },
    }),
    route({
      method: 'delete',
      path: '/super/tenants/:id/domains',
      operationId: 'removeTenantDomain',
      summary: 'Remove a workspace’s custom domain',
      params: tenantParams,
      query: domainQuery,
      responses: { 204: { description: 'Removed: it no longer answers for the workspace or gets certificates.' } },
      refusals: { 404: `${NO_SUCH_TENANT} Or the domain is not connected to it.` },
      handle: async ({ ctx, req, params, query }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        await removeDomain(ctx, scope, query);
      },
    }),
    route({
      method: 'get',
      path: '/super/tenants/:id/branding',
      operationId: 'getTenantBranding',
      summary: 'Read a workspace’s brand',
      params: tenantParams,
      responses: {
        200: {
          description: 'The workspace settings, its logo and colours among them.',
          schema: workspaceSettingsAnswer,
        },
      },
      refusals: { 404: NO_SUCH_TENANT },
      handle: async ({ ctx, req, params }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        return presentTenantConfig(scope.tenant, scope.roleTypes, ctx.clock.now());
      },
    }),
    route({
      method: 'patch',
      path: '/super/tenants/:id/branding',
      operationId: 'updateTenantBranding',
      summary: 'Change a workspace’s brand',
      description:
        'The fields of its Brand & Legal settings (primary and secondary colours…), as its admin would; audited.',
      params: tenantParams,
      body: workspaceSettingsPatch,
      responses: { 200: { description: 'The workspace settings.', schema: workspaceSettingsAnswer } },
      refusals: { 404: NO_SUCH_TENANT },
      handle: async ({ ctx, req, params, body }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        return presentTenantConfig(await updateWorkspaceSettings(ctx, scope, body), scope.roleTypes, ctx.clock.now());
      },
    }),
    route({
      method: 'post',
      path: '/super/tenants/:id/branding/logo',
      operationId: 'uploadTenantLogo',
      summary: 'Upload a workspace’s logo',
      description: `A ${BRAND_FORMATS.logo} image of at most ${BRAND_LIMIT} (never SVG); it replaces the previous one.`,
      params: tenantParams,
      multipart: imageUpload,
      responses: { 200: { description: 'The workspace settings, `logo_url` set.', schema: workspaceSettingsAnswer } },
      refusals: {
        400: `No image, or not a ${BRAND_FORMATS.logo} image.`,
        404: NO_SUCH_TENANT,
        413: `The logo is larger than ${BRAND_LIMIT}.`,
      },
      handle: async ({ ctx, req, params }) => {
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, params.id));
        return receiveBrandAsset(ctx, scope, req, 'logo');
      },
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
        const scope = await platformScopeOf(ctx, req, await existingTenant(ctx, query.id));
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
              role: consoleRoleOf(m.role),
              role_key: m.role,
              status: m.status,
              last_login_at: m.last_sign_in_at?.toISOString() ?? null,
            })),
            ...invitations.map((i) => ({
              id: i.id,
              name: null,
              email: i.email,
              role: consoleRoleOf(i.role),
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
      params: tenantParams,
      body: tenantPlanPatch,
      responses: {
        200: { description: 'The workspace as it is now.', schema: z.object({ tenant: tenantSummaryRow }) },
      },
      refusals: {
        400: 'Suspending without a reason.',
        404: NO_SUCH_TENANT,
        409: 'Its members do not fit the new plan or seats (`over_plan_cap`).',
      },
      handle: async ({ ctx, req, params, body }) => {
        return summaryOf(ctx, await changeTenantPlan(ctx, platformActorOf(req), params.id, body));
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
        400: 'The tenant name gives no address (fewer than two letters or digits), or the address is reserved for the platform (`slug_reserved`).',
        404: NO_SUCH_TENANT,
        409: 'The workspace address is already taken, by a workspace or an owner still onboarding (`slug_taken`).',
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
        const scope = await platformScopeOf(ctx, req, tenant, ctx.transaction);
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
