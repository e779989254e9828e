import { isUuid, slugFromName } from '@portico/common';
import {
  badRequest,
  createTenant,
  findTenant,
  invitationRoleKey,
  inviteMember,
  listPendingInvitations,
  listTenants,
  notFound,
  recordAudit,
  seatsUsedByTenant,
  TENANT_STATUSES,
  TENANT_TIERS,
  type AppContext,
  type Tenant,
  listMemberChoices,
} from '@portico/core';
import { Router } from 'express';
import { z } from 'zod';
import { platformScopeOf, sessionOf } from '../http/request';
import { parse } from '../http/validate';
import { authorizePlatform } from '../policies';
import { presentTenantSummary } from '../presenters';
import { emailField } from './schemas';

/** An empty filter means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

export const tenantsQuery = z.object({
  q: z
    .string({ error: 'Search text must be given once.' })
    .trim()
    .max(100, 'Search text must be at most 100 characters.')
    .optional(),
  tier: z.preprocess(
    blankAsAbsent,
    z.enum(TENANT_TIERS, { error: `Tier must be one of ${TENANT_TIERS.join(', ')}.` }).optional(),
  ),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(TENANT_STATUSES, { error: `Status must be one of ${TENANT_STATUSES.join(', ')}.` }).optional(),
  ),
});

const tierField = z.enum(TENANT_TIERS, { error: `Choose a tier: ${TENANT_TIERS.join(', ')}.` });

export const newTenantInvitation = z.object({
  tenant: z.object(
    {
      name: z
        .string({ error: 'Tenant name is required.' })
        .trim()
        .min(1, 'Tenant name is required.')
        .max(100, 'Tenant name must be at most 100 characters.'),
      slug: z.string().trim().max(63, 'The slug must be at most 63 characters.').optional(),
      tier: tierField,
      seats_total: z.coerce
        .number({ error: 'Seats must be a whole number of at least 1.' })
        .int('Seats must be a whole number of at least 1.')
        .min(1, 'Seats must be a whole number of at least 1.')
        .max(10_000, 'Seats must be at most 10000.')
        .default(3),
    },
    { error: 'Tenant details are required.' },
  ),
  admin: z.object({ email: emailField }, { error: 'The first admin email is required.' }),
  bypass_billing: z.boolean({ error: 'bypass_billing must be true or false.' }).default(false),
});

export const existingTenantInvitation = z.object({
  email: emailField,
  role: z.enum(['owner', 'admin', 'member'], { error: 'Role is required: owner, admin or member.' }),
  tenant_id: z.string({ error: 'Tenant is required.' }).refine(isUuid, 'Tenant is required.'),
});

/** Platform console calls; mounted at /api/super behind authentication. */
export function superRoutes(ctx: AppContext): Router {
  const router = Router();
  router.use((req, _res, next) => {
    authorizePlatform(sessionOf(req).actor);
    next();
  });

  router.get('/tenants', async (req, res) => {
    const query = parse(tenantsQuery, req.query);
    const tenants = await listTenants(query);
    const seats = await seatsUsedByTenant(tenants.map((t) => t.id));
    res.json({ items: tenants.map((t) => presentTenantSummary(t, seats.get(t.id) ?? 0)) });
  });

  router.get('/tenant-users', async (req, res) => {
    const id = req.query.id;
    if (!isUuid(id)) throw badRequest('Pass the tenant id as ?id=.');
    const tenant = await findTenant(id);
    if (!tenant) throw notFound('This workspace does not exist.');
    const scope = await platformScopeOf(req, tenant);
    const [members, invitations] = await Promise.all([
      listMemberChoices(ctx, scope, { activeOnly: false, orderBy: 'joined' }),
      listPendingInvitations(ctx, scope),
    ]);
    const genericRole = (role: string) => (role === 'owner' || role === 'admin' ? role : 'member');
    res.json({
      items: [
        ...members.map((m) => ({
          id: m.id,
          name: [m.first_name, m.last_name].filter(Boolean).join(' ') || null,
          email: m.email,
          role: genericRole(m.role),
          role_key: m.role,
          status: m.status,
          last_login_at: m.last_sign_in_at,
        })),
        ...invitations.map((i) => ({
          id: i.id,
          name: null,
          email: i.email,
          role: genericRole(i.role),
          role_key: i.role,
          status: 'pending',
          last_login_at: null,
        })),
      ],
    });
  });

  router.post('/invitations', async (req, res) => {
    const { actor } = sessionOf(req);
    const isNewTenant = typeof req.body === 'object' && req.body !== null && 'tenant' in req.body;
    const result = await ctx.sequelize.transaction(async (transaction) => {
      let tenant: Tenant;
      let role: string;
      let email: string;
      if (isNewTenant) {
        const body = parse(newTenantInvitation, req.body);
        const slug = slugFromName(body.tenant.slug || body.tenant.name);
        if (slug.length < 2)
          throw badRequest('The tenant name needs at least two letters or digits to make its address.');
        tenant = await createTenant(
          {
            name: body.tenant.name,
            slug,
            tier: body.tenant.tier,
            seatsTotal: body.tenant.seats_total,
            bypassBilling: body.bypass_billing,
          },
          transaction,
        );
        await recordAudit(
          {
            actorUserId: actor.user.id,
            action: 'tenant.created',
            entityType: 'tenant',
            entityId: tenant.id,
            tenantId: tenant.id,
            details: {
              name: tenant.name,
              slug,
              tier: tenant.tier,
              seats_total: tenant.seats_total,
              bypass_billing: tenant.bypass_billing,
            },
            ip: req.ip,
          },
          transaction,
        );
        role = 'owner';
        email = body.admin.email;
      } else {
        const body = parse(existingTenantInvitation, req.body);
        const found = await findTenant(body.tenant_id, transaction);
        if (!found) throw notFound('This workspace does not exist.');
        tenant = found;
        role = invitationRoleKey(body.role);
        email = body.email;
      }
      const scope = await platformScopeOf(req, tenant, transaction);
      const created = await inviteMember({ ...ctx, transaction }, scope, { email, role });
      return { ...created, tenantId: tenant.id };
    });
    res.status(201).json({
      emailSent: result.emailSent,
      emailError: result.emailError,
      signup_url: result.signupUrl,
      tenant_id: result.tenantId,
    });
  });

  return router;
}
