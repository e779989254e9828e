import {
  assertValidRole,
  bulkChangeRole,
  inviteMember,
  listPendingInvitations,
  listPeople,
  memberForPasswordReset,
  NO_SUCH_INVITATION,
  notFound,
  PEOPLE_PAGE_SIZES,
  PEOPLE_SORTS,
  PLANS,
  recordAudit,
  removePerson,
  requestPasswordReset,
  resendInvitation,
  revokeInvitation,
  setMemberPassword,
  updatePerson,
  type AppContext,
  type PeopleActor,
} from '@portico/core';
import { workspaceRouter } from '../http/guards';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { parse } from '../http/validate';
import { isUuid, MEMBERSHIP_STATUSES } from '@portico/common';
import { authorize } from '../policies';
import { sendCsv } from '../http/csv';
import {
  PEOPLE_CSV_COLUMNS,
  personCsvRow,
  presentCreatedInvitation,
  presentPendingInvitation,
  presentPerson,
} from '../presenters/people';
import { emailField, passwordField } from './schemas';

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

export const listQuery = z.object({
  ...filterFields,
  page: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: 'Page must be a whole number of at least 1.' })
      .int('Page must be a whole number of at least 1.')
      .min(1, 'Page must be a whole number of at least 1.')
      .max(1_000_000, 'Page is too large.')
      .default(1),
  ),
  page_size: z.preprocess(
    blankAsAbsent,
    z.coerce
      .number({ error: `Page size must be one of ${PEOPLE_PAGE_SIZES.join(', ')}.` })
      .refine(
        (v) => (PEOPLE_PAGE_SIZES as readonly number[]).includes(v),
        `Page size must be one of ${PEOPLE_PAGE_SIZES.join(', ')}.`,
      )
      .default(25),
  ),
});

export const exportQuery = z.object(filterFields);
/** An export is read from the database a page at a time and written as it comes. */
const EXPORT_PAGE_SIZE = 500;

const nameField = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(100, `${label} must be at most 100 characters.`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

const roleField = z.string({ error: 'Role is required.' }).trim().min(1, 'Role is required.');

export const personPatch = z
  .object({
    role: roleField.optional(),
    status: z
      .enum(MEMBERSHIP_STATUSES, { error: `Status must be one of ${MEMBERSHIP_STATUSES.join(', ')}.` })
      .optional(),
    email: emailField.optional(),
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
    password: passwordField('New password').optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    'Nothing to change: send role, status, email, first_name, last_name or password.',
  );

export const bulkRoleBody = z.object({
  user_ids: z
    .array(
      z
        .string({ error: 'Each user id must be a user id (a UUID).' })
        .refine(isUuid, 'Each user id must be a user id (a UUID).'),
      { error: 'user_ids must be a list of user ids.' },
    )
    .min(1, 'Choose at least one user.')
    .max(500, 'Change at most 500 users at once.'),
  role: roleField,
});

export const deleteQuery = z.object({
  deleteFiles: z.enum(['true', 'false'], { error: 'deleteFiles must be true or false.' }).default('false'),
});

export const inviteBody = z.object({ email: emailField, role: roleField });

export const resetBody = z.object({
  user_id: z
    .string({ error: 'user_id must be a user id (a UUID).' })
    .refine(isUuid, 'user_id must be a user id (a UUID).'),
  new_password: passwordField('New password').optional(),
});

function actorOf(req: Request): PeopleActor {
  const { actor } = sessionOf(req);
  return { userId: actor.user.id, isSuperAdmin: actor.isSuperAdmin, ip: req.ip };
}

/** The workspace of an admin-only call, after the policy check. */
function adminWorkspace(req: Request, action: 'workspace.members.read' | 'workspace.members.manage') {
  const workspace = workspaceOf(req);
  authorize(workspaceScopeOf(req), action);
  return workspace;
}

function userIdParam(req: Request): string {
  const id = req.params.id;
  if (!isUuid(id)) throw notFound('This user is not a member of this workspace.');
  return id.toLowerCase();
}

function invitationIdParam(req: Request): string {
  const id = req.params.id;
  if (!isUuid(id)) throw notFound(NO_SUCH_INVITATION);
  return id.toLowerCase();
}

/** People (CRM users): the member table, its edits, invitations (sent, pending, revoked, resent) and password resets. */
export function peopleRoutes(ctx: AppContext): Router {
  const router = workspaceRouter(ctx, ['/users', '/invite', '/invitations', '/admin-reset-password']);

  router.get('/public/plans', (_req, res) => {
    res.json({ plans: PLANS });
  });

  router.get('/users', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.read');
    const query = parse(listQuery, req.query);
    if (query.role) assertValidRole(query.role, roleTypes);
    const { rows, total } = await listPeople(tenant.id, { ...query, pageSize: query.page_size });
    const actor = actorOf(req);
    res.json({
      users: rows.map((p) => presentPerson(p, roleTypes, actor)),
      total,
      page: query.page,
      page_size: query.page_size,
    });
  });

  router.get('/users/export.csv', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.read');
    const query = parse(exportQuery, req.query);
    if (query.role) assertValidRole(query.role, roleTypes);
    const actor = actorOf(req);
    async function* rows() {
      for (let page = 1; ; page++) {
        const { rows: people } = await listPeople(tenant.id, { ...query, page, pageSize: EXPORT_PAGE_SIZE });
        for (const person of people) yield personCsvRow(presentPerson(person, roleTypes, actor));
        if (people.length < EXPORT_PAGE_SIZE) return;
      }
    }
    await sendCsv(res, `users-${tenant.slug}.csv`, PEOPLE_CSV_COLUMNS, rows());
  });

  router.patch('/users/:id', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.manage');
    const userId = userIdParam(req);
    const patch = parse(personPatch, req.body);
    const actor = actorOf(req);
    const person = await updatePerson(ctx, { tenantId: tenant.id, roleTypes, actor, userId, patch });
    res.json({ user: presentPerson(person, roleTypes, actor) });
  });

  router.post('/users/bulk-role', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.manage');
    const body = parse(bulkRoleBody, req.body);
    const updated = await bulkChangeRole(ctx, {
      tenantId: tenant.id,
      roleTypes,
      actor: actorOf(req),
      userIds: body.user_ids.map((id) => id.toLowerCase()),
      role: body.role,
    });
    res.json({ updated });
  });

  router.delete('/users/:id', async (req, res) => {
    const { tenant } = adminWorkspace(req, 'workspace.members.manage');
    const userId = userIdParam(req);
    const { deleteFiles } = parse(deleteQuery, req.query);
    const result = await removePerson(ctx, {
      tenantId: tenant.id,
      actor: actorOf(req),
      userId,
      deleteFiles: deleteFiles === 'true',
    });
    res.json({ ok: true, account_deleted: result.accountDeleted, files_deleted: result.filesDeleted });
  });

  router.post('/invite', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.manage');
    const body = parse(inviteBody, req.body);
    const created = await inviteMember(ctx, {
      tenant,
      roleTypes,
      actor: actorOf(req),
      email: body.email,
      role: body.role,
    });
    res.status(201).json(presentCreatedInvitation(created));
  });

  router.get('/invitations', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.manage');
    const invitations = await listPendingInvitations(tenant.id);
    res.json({ invitations: invitations.map((i) => presentPendingInvitation(i, roleTypes)) });
  });

  router.delete('/invitations/:id', async (req, res) => {
    const { tenant } = adminWorkspace(req, 'workspace.members.manage');
    await revokeInvitation(ctx, { tenantId: tenant.id, id: invitationIdParam(req), actor: actorOf(req) });
    res.status(204).end();
  });

  router.post('/invitations/:id/resend', async (req, res) => {
    const { tenant, roleTypes } = adminWorkspace(req, 'workspace.members.manage');
    const created = await resendInvitation(ctx, { tenant, roleTypes, actor: actorOf(req), id: invitationIdParam(req) });
    res.status(201).json(presentCreatedInvitation(created));
  });

  router.post('/admin-reset-password', async (req, res) => {
    const { tenant } = adminWorkspace(req, 'workspace.members.manage');
    const body = parse(resetBody, req.body);
    const actor = actorOf(req);
    const user = await memberForPasswordReset(
      tenant.id,
      body.user_id.toLowerCase(),
      actor,
      body.new_password === undefined ? 'link' : 'set',
    );
    if (body.new_password !== undefined) {
      await setMemberPassword(ctx, { tenantId: tenant.id, actor, userId: user.id, password: body.new_password });
      res.json({ ok: true, mode: 'set' });
      return;
    }
    await requestPasswordReset(ctx, user.email, tenant.id);
    await recordAudit({
      actorUserId: actor.userId,
      action: 'member.password_reset_link_sent',
      entityType: 'user',
      entityId: user.id,
      tenantId: tenant.id,
      ip: actor.ip,
    });
    res.json({ ok: true, mode: 'link' });
  });

  return router;
}
