import { z } from 'zod';
import { ROLE_COLORS, ROLE_KEY_PATTERN, ROLE_KINDS } from '../roles';
import { TENANT_STATUSES, TENANT_TIERS } from '../tenants';
import { httpUrl } from './profile';
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
    seats_purchased: z.number().int(),
    role_labels: z.record(z.string(), z.string()).meta({ description: 'Role key → label.' }),
    role_colors: z.record(z.string(), z.string()).meta({ description: 'Role key → colour.' }),
  })
  .meta({ id: 'WorkspaceSettings' });
export type WorkspaceSettings = z.infer<typeof workspaceSettingsAnswer>;

const hexColor = (label: string) =>
  z
    .string({ error: `${label} must be a colour such as #2563EB.` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour such as #2563EB.`)
    .transform((v) => v.toUpperCase())
    .nullable();

/** PATCH /api/tenant-config (Brand & Legal): every field optional; null clears it (the name cannot be cleared). */
export const workspaceSettingsPatch = z
  .object({
    name: z
      .string({ error: 'Workspace name is required.' })
      .trim()
      .min(1, 'Workspace name is required.')
      .max(100, 'Workspace name must be at most 100 characters.'),
    support_email: z
      .string({ error: 'Support email must be an email address.' })
      .trim()
      .max(320, 'Support email is too long.')
      .pipe(z.email({ error: 'Support email must be an email address.' }))
      .transform((v) => v.toLowerCase())
      .nullable(),
    primary_color: hexColor('Primary colour'),
    secondary_color: hexColor('Secondary colour'),
    privacy_url: httpUrl('Privacy policy URL'),
    terms_url: httpUrl('Terms of service URL'),
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

/** PUT /api/tenant-roles: the whole list of role types, in order. */
export const roleTypesBody = z.object({
  roles: z
    .array(roleTypeRow, { error: 'roles must be a list of role types.' })
    .min(1, 'Keep at least one role type.')
    .max(50, 'A workspace can have at most 50 role types.'),
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
