import { z } from 'zod';
import { isUuid } from '../ids';
import { MEMBERSHIP_STATUSES } from '../roles';
import { emailField, passwordField } from './profile';
import { count, id, timestamp } from './wire';

/* People (tenant-portal §2 CRM users): the member table, its edits, invitations and password resets. */

export const PEOPLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PEOPLE_SORTS = ['created_at', 'email', 'name', 'role', 'last_sign_in_at', 'status'] as const;
export type PeopleSort = (typeof PEOPLE_SORTS)[number];

/** An empty filter means no filter. */
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const filterFields = {
  query: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Search text must be given once.' })
      .trim()
      .max(100, 'Search text must be at most 100 characters.')
      .optional(),
  ),
  role: z.preprocess(blankAsAbsent, z.string({ error: 'The role filter must be given once.' }).trim().optional()),
  status: z.preprocess(
    blankAsAbsent,
    z.enum(MEMBERSHIP_STATUSES, { error: `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}.` }).optional(),
  ),
  sort: z.preprocess(
    blankAsAbsent,
    z.enum(PEOPLE_SORTS, { error: `Sort must be one of ${PEOPLE_SORTS.join(', ')}.` }).default('created_at'),
  ),
  order: z.preprocess(blankAsAbsent, z.enum(['asc', 'desc'], { error: 'Order must be asc or desc.' }).default('desc')),
};

const PAGE_MESSAGE = 'Page must be a whole number of at least 1.';
const PAGE_SIZE_MESSAGE = `Page size must be one of ${PEOPLE_PAGE_SIZES.join(', ')}.`;

/** GET /api/users. */
export const peopleListQuery = z.object({
  ...filterFields,
  page: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: PAGE_MESSAGE })
      .int(PAGE_MESSAGE)
      .min(1, PAGE_MESSAGE)
      .max(1_000_000, 'Page is too large.')
      .default(1),
  ),
  page_size: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: PAGE_SIZE_MESSAGE })
      .refine((v) => (PEOPLE_PAGE_SIZES as readonly number[]).includes(v), PAGE_SIZE_MESSAGE)
      .default(25),
  ),
});

/** GET /api/users/export.csv: the list's filters and sort, without paging. */
export const peopleExportQuery = z.object(filterFields);

const nameField = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(100, `${label} must be at most 100 characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const roleField = z.string({ error: 'Role is required.' }).trim().min(1, 'Role is required.');

/** The fields of PATCH /api/users/{id}, each optional. */
export const personFields = z.object({
  role: roleField.optional(),
  status: z.enum(MEMBERSHIP_STATUSES, { error: `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}.` }).optional(),
  email: emailField.optional(),
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  password: passwordField('New password').optional(),
});

/** PATCH /api/users/{id}: any of the fields, at least one. */
export const personPatch = personFields.refine(
  (b) => Object.values(b).some((v) => v !== undefined),
  'Nothing to change: send role, status, email, first_name, last_name or password.',
);

const USER_ID_MESSAGE = 'Each user id must be a user id (a UUID).';

/** POST /api/users/bulk-role. */
export const bulkRoleBody = z.object({
  user_ids: z
    .array(
      z
        .string({ error: USER_ID_MESSAGE })
        .refine(isUuid, USER_ID_MESSAGE)
        .transform((v) => v.toLowerCase()),
      { error: 'user_ids must be a list of user ids.' },
    )
    .min(1, 'Choose at least one user.')
    .max(500, 'Change at most 500 users at once.'),
  role: roleField,
});

/** DELETE /api/users/{id}. */
export const removePersonQuery = z.object({
  deleteFiles: z
    .enum(['true', 'false'], { error: 'deleteFiles must be true or false.' })
    .default('false')
    .transform((v) => v === 'true'),
});

/** POST /api/invite (and the public API's invitations). */
export const inviteBody = z.object({ email: emailField, role: roleField });

/** POST /api/admin-reset-password: `new_password` sets it, without it a reset link is emailed. */
export const memberPasswordResetBody = z.object({
  user_id: z
    .string({ error: 'user_id must be a user id (a UUID).' })
    .refine(isUuid, 'user_id must be a user id (a UUID).')
    .transform((v) => v.toLowerCase()),
  new_password: passwordField('New password').optional(),
});

export const PROFILE_LOCKS = ['shared_account', 'super_admin_target'] as const;

/** One member as the People table shows it. */
export const personRow = z
  .object({
    id,
    email: z.string(),
    role: z.string(),
    role_label: z.string(),
    status: z.enum(MEMBERSHIP_STATUSES),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    linkedin: z.string().nullable(),
    created_at: timestamp,
    last_sign_in_at: timestamp.nullable(),
    profile_lock: z.enum(PROFILE_LOCKS).nullable().meta({
      description:
        'Why the caller may not change the person’s name, email or password: `shared_account` (they also belong to another workspace) or `super_admin_target` (a platform super admin); null when they may.',
    }),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personRow>;

export const peoplePageAnswer = z.object({
  users: z.array(personRow),
  total: count,
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type PeoplePage = z.infer<typeof peoplePageAnswer>;
export const personAnswer = z.object({ user: personRow });
export const bulkRoleAnswer = z.object({ updated: count });
export const removePersonAnswer = z.object({
  ok: z.literal(true),
  account_deleted: z.boolean(),
  files_deleted: count.nullable().meta({ description: 'How many files went; null when `deleteFiles` was false.' }),
});

/** An invitation sent or sent again: the invitation, whether its email went out, and its link. */
export const invitationSentAnswer = z.object({
  invitation: z.object({ id, email: z.string(), role: z.string(), expires_at: timestamp }),
  emailSent: z.boolean(),
  emailError: z.string().nullable(),
  signup_url: z.string(),
});
export type InvitationSent = z.infer<typeof invitationSentAnswer>;

export const pendingInvitationRow = z.object({
  id,
  email: z.string(),
  role: z.string(),
  role_label: z.string(),
  invited_by: z
    .object({ id, email: z.string(), name: z.string().nullable() })
    .nullable()
    .meta({ description: 'Null when a key sent it or its sender’s account is gone.' }),
  created_at: timestamp,
  expires_at: timestamp,
});
export type PendingInvitation = z.infer<typeof pendingInvitationRow>;
export const pendingInvitationsAnswer = z.object({ invitations: z.array(pendingInvitationRow) });

export const memberPasswordResetAnswer = z.object({ ok: z.literal(true), mode: z.enum(['set', 'link']) });
