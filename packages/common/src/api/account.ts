import { z } from 'zod';
import type { AccountAbilities, WorkspaceAbilities } from '../abilities';
import { MEMBERSHIP_STATUSES, ROLE_KINDS } from '../roles';
import { TENANT_STATUSES } from '../tenants';
import { emailField, optionalText, passwordField, requiredText } from './profile';
import { id, timestamp } from './wire';

/* Accounts (tenant-portal §7 Auth): sign-up, sign-in, tokens, passwords, the profile and invitation links. */

export const signupBody = z.object({
  email: emailField,
  password: passwordField(),
  full_name: requiredText('Full name', 200),
  title: optionalText('Title', 100),
  invitation_token: z
    .string({ error: 'The invitation token is not valid.' })
    .max(200, 'The invitation token is not valid.')
    .optional()
    .meta({
      description:
        'The token of the invitation link the person signs up from. An open invitation to this very address lets it sign up where self-serve signup is closed (the `signup` flag off, or a signup domain allowlist it is not on); any other token changes nothing.',
    }),
});

const MISSING_CREDENTIALS = 'You must provide either an email or phone number and a password';
export const loginBody = z.object({
  email: z.string({ error: MISSING_CREDENTIALS }).trim().min(1, MISSING_CREDENTIALS),
  password: z.string({ error: MISSING_CREDENTIALS }).min(1, MISSING_CREDENTIALS),
});

export const refreshBody = z.object({
  refresh_token: z.string({ error: 'refresh_token is required.' }).min(1, 'refresh_token is required.'),
});
export const logoutBody = z.object({ refresh_token: z.string().optional() });
export const passwordChangeBody = z.object({
  current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.'),
  new_password: passwordField('New password'),
});
export const emailChangeBody = z.object({
  email: z.string({ error: 'Email cannot be empty.' }).trim().min(1, 'Email cannot be empty.').pipe(emailField),
  current_password: z.string({ error: 'Current password is required.' }).min(1, 'Current password is required.'),
});
export const emailVerifyBody = z.object({
  token: z
    .string({ error: 'The confirmation link is incomplete.' })
    .min(1, 'The confirmation link is incomplete.')
    .max(200, 'The confirmation link is not valid.'),
});
/* Verified email (issue 31): the sentences of a confirmation sent again, and of mail held meanwhile. */
export const EMAIL_CONFIRMATION_MESSAGES = {
  alreadyConfirmed: 'Your email address is already confirmed.',
  tooMany: 'Too many confirmation emails were sent to this address. Try again in an hour.',
} as const;
/** Why an invitation's email (or any mail to a client) did not go out yet. */
export const CLIENT_MAIL_HELD =
  'The email waits until the workspace owner confirms their email address; it goes out once they do.';
export const emailConfirmationSentAnswer = z.object({
  ok: z.literal(true),
  email: z.string().meta({ description: 'Where the link went: the pending address when there is one.' }),
});

export const forgotPasswordBody = z.object({ email: emailField, tenant_id: z.uuid().optional().catch(undefined) });
export const resetPasswordBody = z.object({
  token: z.string({ error: 'The reset link is incomplete.' }).min(1, 'The reset link is incomplete.'),
  password: passwordField(),
});
export const acceptInvitationBody = z.object({
  token: z
    .string({ error: 'The invitation token is required.' })
    .min(1, 'The invitation token is required.')
    .max(200, 'The invitation token is not valid.'),
});

/** An account as it leaves the server. */
export const accountUser = z
  .object({
    id,
    email: z.string(),
    role: z.string().nullable().meta({ description: 'A platform role, such as `super_admin`; null for most.' }),
    created_at: timestamp,
    last_sign_in_at: timestamp.nullable(),
    email_verified_at: timestamp
      .nullable()
      .meta({ description: 'When a link sent to `email` was opened; null while the address is unconfirmed.' }),
    pending_email: z
      .string()
      .nullable()
      .meta({ description: 'The address the account asked to move to, until the link sent to it is opened.' }),
  })
  .meta({ id: 'User' });
export type AuthUser = z.infer<typeof accountUser>;

/** The contact info of an account. */
export const accountProfile = z
  .object({
    id,
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone: z.string().nullable(),
    linkedin: z.string().nullable(),
    title: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof accountProfile>;
export const profileAnswer = z.object({ profile: accountProfile });

export const sessionAnswer = z
  .object({
    access_token: z.string().meta({ description: 'Send as `Authorization: Bearer …` (the `session` scheme).' }),
    refresh_token: z.string().meta({ description: 'Single use: `POST /auth/refresh` answers a new one.' }),
    token_type: z.literal('bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds the access token lasts.' }),
    expires_at: z.number().int().meta({ description: 'When the access token expires, Unix seconds.' }),
    user: accountUser,
  })
  .meta({ id: 'Session' });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const signupAnswer = z.object({ user: accountUser, profile: accountProfile, session: sessionAnswer });

/** What the person may do in a workspace, as the API's policies decide it (the SPA shows what these allow). */
export const workspaceAbilities = z
  .object({
    manage_settings: z.boolean().meta({ description: 'Change the workspace’s settings, brand and features.' }),
    manage_roles: z.boolean().meta({ description: 'Change the workspace’s role types.' }),
    manage_users: z.boolean().meta({ description: 'Invite, change and remove members.' }),
    manage_files: z.boolean().meta({ description: 'See every file, share files with others and see their activity.' }),
    manage_embeds: z.boolean().meta({ description: 'Add, change and remove embeds.' }),
    build_forms: z.boolean().meta({ description: 'Build forms and read their responses.' }),
    delete_forms: z.boolean().meta({ description: 'Delete forms.' }),
    manage_integrations: z
      .boolean()
      .meta({ description: 'Manage webhooks, API keys and Slack (the plan decides too).' }),
    manage_billing: z.boolean().meta({ description: 'See and change the subscription.' }),
    manage_domains: z.boolean().meta({ description: 'Add and remove the workspace’s domains.' }),
  })
  .meta({ id: 'WorkspaceAbilities' }) satisfies z.ZodType<WorkspaceAbilities>;

/** The person's abilities outside their memberships. */
export const accountAbilities = workspaceAbilities
  .extend({
    use_console: z.boolean().meta({ description: 'Open the platform console.' }),
  })
  .meta({
    id: 'AccountAbilities',
    description:
      'The platform console, and what the person may do in a workspace they are not a member of (everything for a super admin, nothing for anyone else).',
  }) satisfies z.ZodType<AccountAbilities>;

export const accountMembership = z.object({
  tenant_id: id,
  tenant_name: z.string(),
  tenant_slug: z.string(),
  tenant_status: z.enum(TENANT_STATUSES),
  role: z.string(),
  role_label: z.string(),
  role_kind: z.enum(ROLE_KINDS),
  status: z.enum(MEMBERSHIP_STATUSES),
  abilities: workspaceAbilities,
});
export type Membership = z.infer<typeof accountMembership>;

/** GET /api/auth/user: who is signed in, with their memberships. */
export const currentUserAnswer = z.object({
  user: accountUser,
  profile: accountProfile,
  is_super_admin: z.boolean(),
  memberships: z.array(accountMembership),
  abilities: accountAbilities,
});
export type AuthUserAnswer = z.infer<typeof currentUserAnswer>;

export const okAnswer = z.object({ ok: z.literal(true) });
export const userAnswer = z.object({ user: accountUser });

/** GET /api/public/invitations/{token}. */
export const invitationLinkAnswer = z.object({
  invitation: z.object({
    email: z.string(),
    role: z.string(),
    tenant_id: id,
    tenant_name: z.string(),
    expires_at: timestamp,
    accepted: z.boolean(),
    expired: z.boolean(),
    revoked: z.boolean().meta({ description: 'Withdrawn by the workspace, or replaced by a newer invitation.' }),
  }),
});
export type InvitationLink = z.infer<typeof invitationLinkAnswer>['invitation'];

export const acceptedInvitationAnswer = z.object({
  membership: z.object({ tenant_id: id, role: z.string(), status: z.enum(MEMBERSHIP_STATUSES) }),
});
