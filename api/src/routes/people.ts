import {
  bulkRoleAnswer,
  bulkRoleBody,
  invitationSentAnswer,
  inviteBody,
  memberPasswordResetAnswer,
  memberPasswordResetBody,
  peopleExportQuery,
  peopleListQuery,
  peoplePageAnswer,
  pendingInvitationsAnswer,
  personAnswer,
  personPatch,
  removePersonAnswer,
  removePersonQuery,
} from '@portico/common';
import {
  bulkChangeRole,
  inviteMember,
  listPendingInvitations,
  listPeople,
  peopleForExport,
  NO_SUCH_INVITATION,
  removePerson,
  resendInvitation,
  resetMemberPassword,
  revokeInvitation,
  updatePerson,
} from '@portico/core';
import { z } from 'zod';
import { sendCsv } from '../http/csv';
import { defineRoutes } from '../http/route';
import {
  PEOPLE_CSV_COLUMNS,
  personCsvRow,
  presentCreatedInvitation,
  presentPendingInvitation,
  presentPerson,
} from '../presenters/people';
import { authorizeCredentialChange } from '../policies';
import { pathId } from './schemas';

const NOT_A_MEMBER = 'This user is not a member of this workspace.';
const MEMBER_LIST_ADMINS = 'Only workspace admins can see the member list.';
const MANAGE_ADMINS = 'Only workspace admins can manage users.';
const UNKNOWN_ROLE = 'An unknown role (`invalid_role`).';
const OVER_CLIENT_CAP =
  'the change would take the clients (active client members and open invitations to a client role) over the plan’s cap and above their number before (`client_cap_reached`)';
const NOT_PENDING = 'The invitation is no longer pending: accepted, revoked or expired (`invitation_not_pending`).';

const personParams = z.object({ id: pathId(NOT_A_MEMBER, 'The member’s user id.') });
const invitationParams = z.object({ id: pathId(NO_SUCH_INVITATION, 'The invitation.') });

/** People (CRM users): the member table, its edits, invitations (sent, pending, revoked, resent) and password resets. */
export const peopleRoutes = defineRoutes(
  'workspace',
  {
    name: 'People',
    description: 'The workspace’s members: the users table, invitations and password resets (admins).',
  },
  (route) => [
    route({
      method: 'get',
      path: '/users',
      operationId: 'listPeople',
      summary: 'List members, filtered, sorted and paged',
      description: '`page_size` is 10, 25, 50 or 100.',
      query: peopleListQuery,
      responses: { 200: { description: 'One page.', schema: peoplePageAnswer } },
      refusals: { 400: UNKNOWN_ROLE, 403: MEMBER_LIST_ADMINS },
      authorize: 'workspace.members.read',
      handle: async ({ ctx, scope, query }) => {
        const { rows, total } = await listPeople(ctx, scope, { ...query, pageSize: query.page_size });
        return {
          users: rows.map((person) => presentPerson(person, scope.roleTypes, scope.actor)),
          total,
          page: query.page,
          page_size: query.page_size,
        };
      },
    }),
    route({
      method: 'get',
      path: '/users/export.csv',
      operationId: 'exportPeople',
      summary: 'Export the members as CSV',
      description: 'The same filters and sort as the list, without paging.',
      query: peopleExportQuery,
      responses: { 200: { description: '`users-{slug}.csv`, as an attachment.', mediaType: 'text/csv' } },
      refusals: { 400: UNKNOWN_ROLE, 403: MEMBER_LIST_ADMINS },
      authorize: 'workspace.members.read',
      handle: async ({ ctx, scope, res, query }) => {
        const people = peopleForExport(ctx, scope, query);
        async function* rows() {
          for await (const person of people) yield personCsvRow(presentPerson(person, scope.roleTypes, scope.actor));
        }
        await sendCsv(res, `users-${scope.tenant.slug}.csv`, PEOPLE_CSV_COLUMNS, rows());
      },
    }),
    route({
      method: 'post',
      path: '/users/bulk-role',
      operationId: 'changeRoles',
      summary: 'Give several members one role',
      body: bulkRoleBody,
      responses: { 200: { description: 'How many changed.', schema: bulkRoleAnswer } },
      refusals: {
        400: UNKNOWN_ROLE,
        403: MANAGE_ADMINS,
        404: 'Some of these users are not members; nothing changed.',
        409: `The last active owner or admin (\`last_admin\`), or ${OVER_CLIENT_CAP}.`,
      },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, body }) => {
        return { updated: await bulkChangeRole(ctx, scope, { userIds: body.user_ids, role: body.role }) };
      },
    }),
    route({
      method: 'patch',
      path: '/users/:id',
      operationId: 'updatePerson',
      summary: 'Change a member’s role, status, email, name or password',
      description:
        'Role and status belong to the workspace. Name, email and password belong to the person: a workspace admin changes them only for an account of this workspace alone that is not a super admin’s. Suspending withdraws the person’s pending invitation.',
      params: personParams,
      body: personPatch,
      responses: { 200: { description: 'The member.', schema: personAnswer } },
      refusals: {
        400: 'An unknown role (`invalid_role`), or suspending yourself (`self_suspend`).',
        403: `${MANAGE_ADMINS} A super admin’s or another workspace’s account: its name, email and password only by a super admin (\`super_admin_target\`, \`shared_account\`). An impersonation session changing the impersonated person’s email or password (\`impersonation_credentials\`).`,
        404: NOT_A_MEMBER,
        409: `The last active owner or admin (\`last_admin\`), the email is taken (\`email_taken\`), or a new role or a reactivation means ${OVER_CLIENT_CAP}.`,
      },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, session, params, body }) => {
        if (body.email !== undefined || body.password !== undefined)
          authorizeCredentialChange(session.actor, params.id);
        const person = await updatePerson(ctx, scope, { userId: params.id, patch: body });
        return { user: presentPerson(person, scope.roleTypes, scope.actor) };
      },
    }),
    route({
      method: 'delete',
      path: '/users/:id',
      operationId: 'removePerson',
      summary: 'Remove a member, and their files if asked',
      description: 'Also withdraws the person’s pending invitation to this workspace.',
      params: personParams,
      query: removePersonQuery,
      responses: { 200: { description: 'Removed.', schema: removePersonAnswer } },
      refusals: {
        400: 'You cannot delete yourself (`self_delete`).',
        403: MANAGE_ADMINS,
        404: NOT_A_MEMBER,
        409: 'The last active owner or admin (`last_admin`).',
      },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, params, query }) => {
        const result = await removePerson(ctx, scope, { userId: params.id, deleteFiles: query.deleteFiles });
        return { ok: true as const, account_deleted: result.accountDeleted, files_deleted: result.filesDeleted };
      },
    }),
    route({
      method: 'post',
      path: '/invite',
      operationId: 'inviteMember',
      summary: 'Invite someone to the workspace',
      description:
        'An address has one live invitation per workspace: inviting it again revokes the earlier one, whose link stops working.',
      body: inviteBody,
      responses: {
        201: { description: 'The invitation, and whether its email went out.', schema: invitationSentAnswer },
      },
      refusals: {
        400: UNKNOWN_ROLE,
        403: MANAGE_ADMINS,
        409: 'Already a member (`already_member`), or the plan’s client cap is reached (`client_cap_reached`).',
      },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, body }) => {
        return presentCreatedInvitation(await inviteMember(ctx, scope, body));
      },
    }),
    route({
      method: 'get',
      path: '/invitations',
      operationId: 'listPendingInvitations',
      summary: 'List the pending invitations',
      description: 'Invitations neither accepted, revoked nor expired, newest first.',
      responses: { 200: { description: 'The pending invitations.', schema: pendingInvitationsAnswer } },
      refusals: { 403: MANAGE_ADMINS },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope }) => {
        const invitations = await listPendingInvitations(ctx, scope);
        return { invitations: invitations.map((i) => presentPendingInvitation(i, scope.roleTypes)) };
      },
    }),
    route({
      method: 'delete',
      path: '/invitations/:id',
      operationId: 'revokeInvitation',
      summary: 'Revoke a pending invitation',
      description: 'Its link stops working at once; the signup page says it was withdrawn.',
      params: invitationParams,
      responses: { 204: { description: 'Revoked.' } },
      refusals: { 403: MANAGE_ADMINS, 404: NO_SUCH_INVITATION, 409: NOT_PENDING },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, params }) => {
        await revokeInvitation(ctx, scope, params);
      },
    }),
    route({
      method: 'post',
      path: '/invitations/:id/resend',
      operationId: 'resendInvitation',
      summary: 'Send a pending invitation again',
      description:
        'Only a hash of each link is stored, so this makes a new invitation with a new link and a new expiry that replaces the old one (whose link stops working), and emails it.',
      params: invitationParams,
      responses: {
        201: { description: 'The new invitation, and whether its email went out.', schema: invitationSentAnswer },
      },
      refusals: {
        400: 'Its role is no longer a role of this workspace (`invalid_role`).',
        403: MANAGE_ADMINS,
        404: NO_SUCH_INVITATION,
        409: `${NOT_PENDING} Or the person has become a member (\`already_member\`).`,
      },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, params }) => {
        return presentCreatedInvitation(await resendInvitation(ctx, scope, params));
      },
    }),
    route({
      method: 'post',
      path: '/admin-reset-password',
      operationId: 'resetMemberPassword',
      summary: 'Set a member’s password, or email them a reset link',
      body: memberPasswordResetBody,
      responses: { 200: { description: '`set` with `new_password`, else `link`.', schema: memberPasswordResetAnswer } },
      refusals: {
        403: `${MANAGE_ADMINS} Setting the password of a super admin’s or another workspace’s account (\`super_admin_target\`, \`shared_account\`), or of the impersonated person from their impersonation session (\`impersonation_credentials\`).`,
        404: NOT_A_MEMBER,
      },
      authorize: 'workspace.members.manage',
      handle: async ({ ctx, scope, session, body }) => {
        authorizeCredentialChange(session.actor, body.user_id);
        const mode = await resetMemberPassword(ctx, scope, { userId: body.user_id, password: body.new_password });
        return { ok: true as const, mode };
      },
    }),
  ],
);
