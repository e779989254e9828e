import { z } from 'zod';
import { ROLE_COLORS, ROLE_KEY_PATTERN, ROLE_KINDS } from '../roles';
import { BILLING_STATUSES, TENANT_STATUSES, TENANT_TIERS } from '../tenants';
import { workspaceBillingState } from './billing-dunning';
import { magicLinkSetting } from './magic-links';
import { httpUrl, requiredText } from './profile';
import { id } from './wire';

/** GET /api/tenant-config: the workspace's settings and brand, as every page of the portal reads them. */
export const workspaceSettingsAnswer = z
  .object({
    id,
    name: z.string(),
    slug: z.string(),
    status: z.enum(TENANT_STATUSES),
    support_email: z.string().nullable(),
    logo_url: z.string().nullable(),
    favicon_url: z.string().nullable(),
    primary_color: z.string().nullable(),
    secondary_color: z.string().nullable(),
    privacy_url: z.string().nullable(),
    terms_url: z.string().nullable(),
    features: z.record(z.string(), z.boolean()).meta({ description: 'The workspace’s feature switches.' }),
    tier: z.enum(TENANT_TIERS),
    plan: z.enum(TENANT_TIERS).meta({ description: 'The same as `tier`.' }),
    seats_purchased: z.number().int().meta({ description: 'Team seats.' }),
    billing_status: z
      .enum(BILLING_STATUSES)
      .meta({ description: '`past_due` when the last payment failed: admins see a banner.' }),
    billing: workspaceBillingState,
    role_labels: z.record(z.string(), z.string()).meta({ description: 'Role key → label.' }),
    role_colors: z.record(z.string(), z.string()).meta({ description: 'Role key → colour.' }),
    magic_links: magicLinkSetting,
    provider_buttons: z.boolean().meta({
      description:
        'Whether the workspace’s sign-in page offers the providers switched on in Super Settings → Auth (“Continue with Google”).',
    }),
  })
  .meta({ id: 'WorkspaceSettings' });
export type WorkspaceSettings = z.infer<typeof workspaceSettingsAnswer>;

/* In Brand & Legal, empty text (as the form sends a cleared field) and null both mean "not set". */

const hexColor = (label: string) =>
  z
    .string({ error: `${label} must be a colour such as #2563EB.` })
    .trim()
    .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), `${label} must be a colour such as #2563EB.`)
    .transform((v) => (v === '' ? null : v.toUpperCase()))
    .nullable();

const SUPPORT_EMAIL_INVALID = 'Support email must be an email address.';
const supportEmail = z
  .string({ error: SUPPORT_EMAIL_INVALID })
  .trim()
  .max(320, 'Support email is too long.')
  .refine((v) => v === '' || z.regexes.email.test(v), SUPPORT_EMAIL_INVALID)
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullable();

/** The Brand & Legal settings, each as the form edits it (the name cannot be cleared). */
export const workspaceSettingsFields = z.object({
  name: requiredText('Workspace name', 100),
  support_email: supportEmail,
  primary_color: hexColor('Primary colour'),
  secondary_color: hexColor('Secondary colour'),
  privacy_url: httpUrl('Privacy policy URL'),
  terms_url: httpUrl('Terms of service URL'),
});

/** The capabilities a workspace can turn off for itself (chosen at onboarding, changed in Settings). */
export const WORKSPACE_CAPABILITIES = ['embeds', 'forms', 'files'] as const;
export type WorkspaceCapability = (typeof WORKSPACE_CAPABILITIES)[number];

export const WORKSPACE_CAPABILITY_LABELS: Record<WorkspaceCapability, string> = {
  embeds: 'Embedded tools',
  forms: 'Forms',
  files: 'File sharing',
};

/** What a call of a capability the workspace turned off is refused with. */
export const WORKSPACE_CAPABILITY_OFF: Record<WorkspaceCapability, string> = {
  embeds: 'Embedded tools are turned off for this workspace. An admin can turn them on in Settings.',
  forms: 'Forms are turned off for this workspace. An admin can turn them on in Settings.',
  files: 'File sharing is turned off for this workspace. An admin can turn it on in Settings.',
};

const capabilitySwitch = z.boolean({ error: 'Each feature must be on (true) or off (false).' });

/** PATCH /api/tenant-config: any of the settings, at least one. */
export const workspaceSettingsPatch = workspaceSettingsFields
  .extend({
    features: z.strictObject(
      { embeds: capabilitySwitch.optional(), forms: capabilitySwitch.optional(), files: capabilitySwitch.optional() },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? 'Features may only be embeds, forms and files.'
            : 'Features must be an object of embeds, forms and files switches.',
      },
    ),
    magic_links: magicLinkSetting,
    provider_buttons: z.boolean({ error: 'Provider buttons must be shown (true) or hidden (false).' }),
  })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Nothing to change: send at least one setting.');
export type WorkspaceSettingsChanges = z.output<typeof workspaceSettingsPatch>;

const roleTypeRow = z.object(
  {
    role_key: z
      .string({ error: 'Each role needs a key.' })
      .trim()
      .min(1, 'Each role needs a key.')
      .max(64, 'Role keys must be at most 64 characters.')
      .regex(ROLE_KEY_PATTERN, 'Role keys may contain only lowercase letters a-z, digits 0-9, _ and -.'),
    role_label: z
      .string({ error: 'Each role needs a label.' })
      .trim()
      .min(1, 'Each role needs a label.')
      .max(64, 'Role labels must be at most 64 characters.'),
    role_color: z.enum(ROLE_COLORS, { error: `Role colours must be one of ${ROLE_COLORS.join(', ')}.` }),
    kind: z.enum(ROLE_KINDS, { error: `Role kinds must be one of ${ROLE_KINDS.join(', ')}.` }).optional(),
  },
  { error: 'Each role type must be an object with role_key, role_label and role_color.' },
);

export interface RoleTypeProblem {
  /** Within the list: the row and field, or empty for the list as a whole. */
  path: (number | 'role_key')[];
  message: string;
}

/**
 * What a list of role types must keep (DECISIONS §3): unique keys, `owner` reserved, the `admin`
 * type present and the only one of kind admin.
 */
export function roleTypeProblems(roles: readonly { role_key: string; kind?: string }[]): RoleTypeProblem[] {
  const keys = roles.map((r) => r.role_key);
  const problems: RoleTypeProblem[] = [];
  keys.forEach((key, index) => {
    if (key !== '' && keys.indexOf(key) !== index)
      problems.push({ path: [index, 'role_key'], message: `The role key "${key}" appears more than once.` });
    if (key === 'owner')
      problems.push({
        path: [index, 'role_key'],
        message: '"owner" is reserved for workspace owners and cannot be a role type.',
      });
  });
  if (!keys.includes('admin')) problems.push({ path: [], message: 'The admin role type cannot be removed.' });
  const adminKindElsewhere = roles.findIndex((r) => r.kind === 'admin' && r.role_key !== 'admin');
  if (adminKindElsewhere >= 0)
    problems.push({
      path: [adminKindElsewhere, 'role_key'],
      message: `Only the admin role can be of kind admin ("${roles[adminKindElsewhere]?.role_key}" is not).`,
    });
  return problems;
}

/** PUT /api/tenant-roles: the whole list of role types, in order. */
export const roleTypesBody = z.object({
  roles: z
    .array(roleTypeRow, { error: 'roles must be a list of role types.' })
    .min(1, 'Keep at least one role type.')
    .max(50, 'A workspace can have at most 50 role types.')
    .superRefine((roles, ctx) => {
      for (const { path, message } of roleTypeProblems(roles)) ctx.addIssue({ code: 'custom', path, message });
    }),
});
export type RoleTypesInput = z.input<typeof roleTypesBody>;

/** GET and PUT /api/tenant-roles: the role types, in order, each with its kind. */
export const roleTypesAnswer = z.object({
  roles: z.array(
    z.object({
      role_key: z.string(),
      role_label: z.string(),
      role_color: z.enum(ROLE_COLORS),
      kind: z.enum(ROLE_KINDS),
    }),
  ),
});
export type RoleTypesAnswer = z.infer<typeof roleTypesAnswer>;

/** GET /api/held-mail: the workspace's mail to clients waiting for its owner to confirm their address (issue 31). */
export const heldMailAnswer = z.object({
  held: z
    .boolean()
    .meta({ description: 'Mail to clients waits: the owner who signed up has not confirmed their address.' }),
  count: z.number().int().meta({ description: 'Emails waiting.' }),
  yours: z.boolean().meta({ description: 'The signed-in person is that owner: confirming their address sends them.' }),
});
