import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { idParams } from '../public/schemas';
import {
  bulkRoleBody,
  deleteQuery,
  exportQuery,
  inviteBody,
  listQuery,
  personPatch,
  resetBody,
} from '../routes/people';
import { answer, fileAnswer, keysOf, listOf, noContent, objectOf, portalOperation, type Refusals } from './shared';

/* The workspace's people: the users table, invitations and password resets. */

const PERSON =
  'id, email, role, role_label, status, first_name, last_name, phone, linkedin, created_at, last_sign_in_at, profile_lock';
const PROFILE_LOCK =
  '`profile_lock` says why the caller may not change the person’s name, email or password: `shared_account` (they also belong to another workspace) or `super_admin_target` (a platform super admin); null when they may.';

const MEMBER_LIST_ADMINS: Refusals = { '403': 'Only workspace admins can see the member list.' };
const MANAGE_ADMINS = 'Only workspace admins can manage users.';
const NOT_A_MEMBER = 'This user is not a member of this workspace.';
const OVER_CLIENT_CAP =
  'the change would take the clients (active client members and open invitations to a client role) over the plan’s cap and above their number before (`client_cap_reached`)';
const NO_SUCH_INVITATION =
  'This invitation does not exist in this workspace (also for a malformed id or another workspace’s invitation).';
const NOT_PENDING = 'The invitation is no longer pending: accepted, revoked or expired (`invitation_not_pending`).';
const INVITATION_SENT = keysOf({
  invitation: objectOf('id, email, role, expires_at'),
  emailSent: z.boolean(),
  emailError: z.string().nullable(),
  signup_url: z.string(),
});

export const WORKSPACE_TAGS = [
  {
    name: 'Workspace',
    description: 'Settings, branding, role types and dashboards of the workspace in `x-tenant-id`.',
  },
  { name: 'Search', description: 'The header search.' },
  {
    name: 'People',
    description: 'The workspace’s members: the users table, invitations and password resets (admins).',
  },
];

export const workspacePaths: ZodOpenApiPathsObject = {
  '/users': {
    get: portalOperation({
      operationId: 'listPeople',
      summary: 'List members, filtered, sorted and paged',
      description: '`page_size` is 10, 25, 50 or 100.',
      tag: 'People',
      access: 'workspace',
      query: listQuery,
      success: {
        '200': answer(
          `One page. ${PROFILE_LOCK}`,
          keysOf({
            users: listOf(PERSON),
            total: z.number().int(),
            page: z.number().int(),
            page_size: z.number().int(),
          }),
        ),
      },
      refusals: { '400': 'An unknown role (`invalid_role`).', ...MEMBER_LIST_ADMINS },
    }),
  },
  '/users/export.csv': {
    get: portalOperation({
      operationId: 'exportPeople',
      summary: 'Export the members as CSV',
      description: 'The same filters and sort as the list, without paging.',
      tag: 'People',
      access: 'workspace',
      query: exportQuery,
      success: { '200': fileAnswer('`users-{slug}.csv`, as an attachment.', 'text/csv') },
      refusals: { '400': 'An unknown role (`invalid_role`).', ...MEMBER_LIST_ADMINS },
    }),
  },
  '/users/{id}': {
    patch: portalOperation({
      operationId: 'updatePerson',
      summary: 'Change a member’s role, status, email, name or password',
      description:
        'Role and status belong to the workspace. Name, email and password belong to the person: a workspace admin changes them only for an account of this workspace alone that is not a super admin’s. Suspending withdraws the person’s pending invitation.',
      tag: 'People',
      access: 'workspace',
      path: idParams,
      body: personPatch,
      success: { '200': answer(`The member. ${PROFILE_LOCK}`, keysOf({ user: objectOf(PERSON) })) },
      refusals: {
        '400': 'An unknown role (`invalid_role`), or suspending yourself (`self_suspend`).',
        '403': `${MANAGE_ADMINS} A super admin’s or another workspace’s account: its name, email and password only by a super admin (\`super_admin_target\`, \`shared_account\`).`,
        '404': NOT_A_MEMBER,
        '409': `The last active owner or admin (\`last_admin\`), the email is taken (\`email_taken\`), or a new role or a reactivation means ${OVER_CLIENT_CAP}.`,
      },
    }),
    delete: portalOperation({
      operationId: 'removePerson',
      summary: 'Remove a member, and their files if asked',
      description: 'Also withdraws the person’s pending invitation to this workspace.',
      tag: 'People',
      access: 'workspace',
      path: idParams,
      query: deleteQuery,
      success: {
        '200': answer(
          'Removed.',
          keysOf({ ok: z.literal(true), account_deleted: z.boolean(), files_deleted: z.number().int() }),
        ),
      },
      refusals: {
        '400': 'You cannot delete yourself (`self_delete`).',
        '403': MANAGE_ADMINS,
        '404': NOT_A_MEMBER,
        '409': 'The last active owner or admin (`last_admin`).',
      },
    }),
  },
  '/users/bulk-role': {
    post: portalOperation({
      operationId: 'changeRoles',
      summary: 'Give several members one role',
      tag: 'People',
      access: 'workspace',
      body: bulkRoleBody,
      success: { '200': answer('How many changed.', keysOf({ updated: z.number().int() })) },
      refusals: {
        '400': 'An unknown role (`invalid_role`).',
        '403': MANAGE_ADMINS,
        '404': 'Some of these users are not members; nothing changed.',
        '409': `The last active owner or admin (\`last_admin\`), or ${OVER_CLIENT_CAP}.`,
      },
    }),
  },
  '/invite': {
    post: portalOperation({
      operationId: 'inviteMember',
      summary: 'Invite someone to the workspace',
      description:
        'An address has one live invitation per workspace: inviting it again revokes the earlier one, whose link stops working.',
      tag: 'People',
      access: 'workspace',
      body: inviteBody,
      success: { '201': answer('The invitation, and whether its email went out.', INVITATION_SENT) },
      refusals: {
        '400': 'An unknown role (`invalid_role`).',
        '403': MANAGE_ADMINS,
        '409': 'Already a member (`already_member`), or the plan’s client cap is reached (`client_cap_reached`).',
      },
    }),
  },
  '/invitations': {
    get: portalOperation({
      operationId: 'listPendingInvitations',
      summary: 'List the pending invitations',
      description:
        'Invitations neither accepted, revoked nor expired, newest first. `invited_by` is null when a key sent it or its sender’s account is gone.',
      tag: 'People',
      access: 'workspace',
      success: {
        '200': answer(
          'The pending invitations.',
          keysOf({
            invitations: listOf(
              'id, email, role, role_label, invited_by: {id, email, name} | null, created_at, expires_at',
            ),
          }),
        ),
      },
      refusals: { '403': MANAGE_ADMINS },
    }),
  },
  '/invitations/{id}': {
    delete: portalOperation({
      operationId: 'revokeInvitation',
      summary: 'Revoke a pending invitation',
      description: 'Its link stops working at once; the signup page says it was withdrawn.',
      tag: 'People',
      access: 'workspace',
      path: idParams,
      success: { '204': noContent('Revoked.') },
      refusals: { '403': MANAGE_ADMINS, '404': NO_SUCH_INVITATION, '409': NOT_PENDING },
    }),
  },
  '/invitations/{id}/resend': {
    post: portalOperation({
      operationId: 'resendInvitation',
      summary: 'Send a pending invitation again',
      description:
        'Only a hash of each link is stored, so this makes a new invitation with a new link and a new expiry that replaces the old one (whose link stops working), and emails it.',
      tag: 'People',
      access: 'workspace',
      path: idParams,
      success: { '201': answer('The new invitation, and whether its email went out.', INVITATION_SENT) },
      refusals: {
        '400': 'Its role is no longer a role of this workspace (`invalid_role`).',
        '403': MANAGE_ADMINS,
        '404': NO_SUCH_INVITATION,
        '409': `${NOT_PENDING} Or the person has become a member (\`already_member\`).`,
      },
    }),
  },
  '/admin-reset-password': {
    post: portalOperation({
      operationId: 'resetMemberPassword',
      summary: 'Set a member’s password, or email them a reset link',
      tag: 'People',
      access: 'workspace',
      body: resetBody,
      success: {
        '200': answer(
          '`set` with `new_password`, else `link`.',
          keysOf({ ok: z.literal(true), mode: z.enum(['set', 'link']) }),
        ),
      },
      refusals: {
        '403': `${MANAGE_ADMINS} Setting the password of a super admin’s or another workspace’s account (\`super_admin_target\`, \`shared_account\`).`,
        '404': NOT_A_MEMBER,
      },
    }),
  },
};
