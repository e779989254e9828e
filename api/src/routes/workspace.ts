import { ROLE_COLORS, ROLE_KEY_PATTERN, ROLE_KINDS } from '@portico/common';
import { saveRoleTypes, updateWorkspaceSettings, type AppContext } from '@portico/core';
import { workspaceRouter } from '../http/guards';
import type { Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { parse } from '../http/validate';
import { authorize } from '../policies';
import { presentRoleTypes, presentTenantConfig } from '../presenters';
import { httpUrl } from './schemas';

const hexColor = (label: string) =>
  z
    .string({ error: `${label} must be a colour such as #2563EB.` })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour such as #2563EB.`)
    .transform((v) => v.toUpperCase())
    .nullable();

/** Brand & Legal: every field optional; null clears it (the name cannot be cleared). */
export const configPatch = z
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

const roleRow = z.object(
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
export const rolesBody = z.object({
  roles: z
    .array(roleRow, { error: 'roles must be a list of role types.' })
    .min(1, 'Keep at least one role type.')
    .max(50, 'A workspace can have at most 50 role types.'),
});

export function workspaceRoutes(ctx: AppContext): Router {
  const router = workspaceRouter(ctx, ['/tenant-config', '/tenant-roles']);

  router.get('/tenant-config', (req, res) => {
    const { tenant, roleTypes } = workspaceOf(req);
    res.json(presentTenantConfig(tenant, roleTypes));
  });

  router.patch('/tenant-config', async (req, res) => {
    const scope = workspaceScopeOf(req);
    authorize(scope, 'workspace.update');
    const body = parse(configPatch, req.body);
    const tenant = await updateWorkspaceSettings(ctx, scope, body);
    res.json(presentTenantConfig(tenant, scope.roleTypes));
  });

  router.get('/tenant-roles', (req, res) => {
    res.json({ roles: presentRoleTypes(workspaceOf(req).roleTypes) });
  });

  router.put('/tenant-roles', async (req, res) => {
    const { actor } = sessionOf(req);
    const { tenant } = workspaceOf(req);
    authorize(workspaceScopeOf(req), 'workspace.roles.update');
    const { roles } = parse(rolesBody, req.body);
    const saved = await saveRoleTypes(ctx, {
      tenantId: tenant.id,
      actor: { userId: actor.user.id, ip: req.ip },
      roles,
    });
    res.json({ roles: presentRoleTypes(saved) });
  });

  return router;
}
