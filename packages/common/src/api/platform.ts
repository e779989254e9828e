import { z } from 'zod';
import { isUuid } from '../ids';
import { MEMBERSHIP_STATUSES } from '../roles';
import { TENANT_STATUSES, TENANT_TIERS } from '../tenants';
import { tenantBillingRow } from './billing-dunning';
import { emailField, requiredText } from './profile';
import { count, id, timestamp } from './wire';

/* The platform console's calls (platform-console §7): the tenant table, a tenant's people, invitations. */

/** An empty filter means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/super/tenants. */
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
  has_domain: z.preprocess(
    blankAsAbsent,
    z
      .enum(['true', 'false'], { error: 'has_domain must be true or false.' })
      .transform((v) => v === 'true')
      .optional()
      .meta({ description: 'Only workspaces with (true) or without (false) a custom domain, verified or not.' }),
  ),
});

const TENANT_ID_MESSAGE = 'Pass the tenant id as ?id=.';

/** GET /api/super/tenant-users. */
export const tenantUsersQuery = z.object({
  id: z
    .string({ error: TENANT_ID_MESSAGE })
    .refine(isUuid, TENANT_ID_MESSAGE)
    .transform((v) => v.toLowerCase())
    .meta({ description: 'The workspace.' }),
});

const tierField = z.enum(TENANT_TIERS, { error: `Choose a tier: ${TENANT_TIERS.join(', ')}.` });

/** POST /api/super/invitations with `tenant`: a new workspace and its first admin (as owner). */
export const newTenantInvitation = z.object({
  tenant: z.object(
    {
      name: requiredText('Tenant name', 100),
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

/** POST /api/super/invitations without `tenant`: someone invited to an existing workspace. */
export const existingTenantInvitation = z.object({
  email: emailField,
  role: z.enum(['owner', 'admin', 'member'], { error: 'Role is required: owner, admin or member.' }),
  tenant_id: z.string({ error: 'Tenant is required.' }).refine(isUuid, 'Tenant is required.'),
});

const isObject = (body: unknown): body is object => typeof body === 'object' && body !== null && !Array.isArray(body);

/**
 * Either form; a body with `tenant` is the new-workspace form. When neither fits, the sentence is
 * the first problem of the form the body meant.
 */
export const tenantInvitationBody = z.union([newTenantInvitation, existingTenantInvitation], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    if (!isObject(issue.input)) return 'The request body must be a JSON object.';
    return issue.errors['tenant' in issue.input ? 0 : 1]?.[0]?.message;
  },
});

/** What a workspace holds, for the console's table and a tenant's Usage tab. */
export const tenantUsage = z
  .object({
    members: count.meta({ description: 'Memberships, active or suspended.' }),
    custom_domains: count,
    storage_bytes: count.meta({
      description: 'Bytes of its files and their earlier versions (an object several rows share counts once).',
    }),
    api_calls: count.meta({
      description: 'Calls made with its API keys, revoked ones included, up to the last minute.',
    }),
    webhooks: count,
    webhook_deliveries: count.meta({ description: 'Deliveries kept (30 days of history).' }),
    messages: count.meta({ description: 'Messages in its threads, deleted ones left out.' }),
  })
  .meta({ id: 'TenantUsage' });
export type TenantUsage = z.infer<typeof tenantUsage>;

export const tenantSummaryRow = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    tier: z.enum(TENANT_TIERS),
    status: z.enum(TENANT_STATUSES),
    seats_used: count,
    seats_total: z.number().int(),
    domain: z.string().nullable(),
    created_at: timestamp,
    usage: tenantUsage,
    billing: tenantBillingRow,
  })
  .meta({ id: 'TenantSummary' });
export type TenantSummary = z.infer<typeof tenantSummaryRow>;
export const tenantsAnswer = z.object({ items: z.array(tenantSummaryRow) });

export const tenantUserRow = z.object({
  id: id.meta({ description: 'The user, or the invitation when `pending`.' }),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(['owner', 'admin', 'member']).meta({ description: 'The console’s generic role.' }),
  role_key: z.string(),
  status: z.enum([...MEMBERSHIP_STATUSES, 'pending']),
  last_login_at: timestamp.nullable(),
});
export type TenantUserRow = z.infer<typeof tenantUserRow>;
export const tenantUsersAnswer = z.object({ items: z.array(tenantUserRow) });

export const tenantInvitationAnswer = z.object({
  emailSent: z.boolean().meta({ description: 'Whether the email was queued (SMTP is configured).' }),
  emailError: z.string().nullable(),
  signup_url: z.string().meta({ description: 'The invitation link, to share by hand when no email went out.' }),
  tenant_id: id,
});
export type TenantInvitationAnswer = z.infer<typeof tenantInvitationAnswer>;

/** DELETE /api/super/tenants/{id}: the slug typed again, and why. */
export const tenantDeletion = z.object({
  slug: z
    .string({ error: 'Type the workspace’s slug to confirm.' })
    .trim()
    .min(1, 'Type the workspace’s slug to confirm.'),
  reason: requiredText('Reason', 500),
});
