import {
  heldMailAnswer,
  roleTypesAnswer,
  roleTypesBody,
  workspaceSettingsAnswer,
  workspaceSettingsPatch,
} from '@portico/common';
import { heldClientMail, saveRoleTypes, updateWorkspaceSettings } from '@portico/core';
import { defineRoutes } from '../http/route';
import { presentRoleTypes, presentTenantConfig } from '../presenters';

const SETTINGS_ADMINS = { 403: 'Only workspace admins can change workspace settings.' };

/** The workspace's settings and role types (tenant-portal §2 Settings). */
export const workspaceRoutes = defineRoutes(
  'workspace',
  {
    name: 'Workspace',
    description: 'Settings, branding, role types and dashboards of the workspace in `x-tenant-id`.',
  },
  (route) => [
    route({
      method: 'get',
      path: '/tenant-config',
      operationId: 'getWorkspaceSettings',
      summary: 'Read the workspace settings',
      responses: { 200: { description: 'The workspace settings.', schema: workspaceSettingsAnswer } },
      // Every page asks for it: answered from the workspace the guard already holds, no query.
      handle: async ({ ctx, workspace }) => presentTenantConfig(workspace.tenant, workspace.roleTypes, ctx.clock.now()),
    }),
    route({
      method: 'patch',
      path: '/tenant-config',
      operationId: 'updateWorkspaceSettings',
      summary: 'Change brand and legal settings',
      description: 'Any of the fields; `null` clears all but the name.',
      body: workspaceSettingsPatch,
      responses: { 200: { description: 'The workspace settings.', schema: workspaceSettingsAnswer } },
      refusals: SETTINGS_ADMINS,
      authorize: 'workspace.update',
      handle: async ({ ctx, scope, body }) => {
        return presentTenantConfig(await updateWorkspaceSettings(ctx, scope, body), scope.roleTypes, ctx.clock.now());
      },
    }),
    route({
      method: 'get',
      path: '/held-mail',
      operationId: 'getHeldMail',
      summary: 'Mail to clients waiting for the owner’s confirmation',
      description:
        'A workspace whose owner signed up and has not confirmed their email address keeps its mail to clients (invitations to client roles, sign-in and reset links to clients) until they do; mail to the owner and the team goes out. Confirming (`POST /auth/email/verify`) sends what waited, once.',
      responses: {
        200: { description: 'Whether mail waits, how much, and whether it waits for you.', schema: heldMailAnswer },
      },
      refusals: { 403: 'Only workspace admins can see the workspace’s held mail.' },
      authorize: 'workspace.mail.read',
      handle: async ({ ctx, scope }) =>
        heldClientMail(ctx, { tenantId: scope.tenant.id, userId: scope.actor.userId ?? '' }),
    }),
    route({
      method: 'get',
      path: '/tenant-roles',
      operationId: 'listRoleTypes',
      summary: 'List the role types',
      responses: { 200: { description: 'The role types, in order.', schema: roleTypesAnswer } },
      handle: async ({ scope }) => ({ roles: presentRoleTypes(scope.roleTypes) }),
    }),
    route({
      method: 'put',
      path: '/tenant-roles',
      operationId: 'replaceRoleTypes',
      summary: 'Replace the role types',
      description: '`admin` must stay, `owner` is reserved, only `admin` is of kind admin.',
      body: roleTypesBody,
      responses: { 200: { description: 'The saved role types.', schema: roleTypesAnswer } },
      refusals: {
        400: 'A key appears twice, `owner` is used, `admin` is missing, or another role is of kind admin.',
        403: 'Only workspace admins can change role types.',
        409: 'Members or pending invitations still hold a removed role (`role_in_use`), or a kind turned into client would take the clients over the plan’s cap (`client_cap_reached`).',
      },
      authorize: 'workspace.roles.update',
      handle: async ({ ctx, scope, body }) => {
        return { roles: presentRoleTypes(await saveRoleTypes(ctx, scope, body)) };
      },
    }),
  ],
);
