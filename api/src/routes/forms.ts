import { randomUUID } from 'node:crypto';
import {
  answersPayloadSchema,
  DEFAULT_THEME,
  FORM_LIST_LIMITS,
  FORM_MESSAGES,
  FORM_STATUSES,
  formDescriptionSchema,
  formFieldsSchema,
  formThemeSchema,
  formTitleSchema,
  isUuid,
  RESPONSE_PAGE_MAX,
  RESPONSE_PAGE_SIZE,
} from '@portico/common';
import {
  badRequest,
  copyForm,
  countResponses,
  createForm,
  deleteForm,
  findAnswerableForm,
  findFillableForm,
  findForm,
  formStats,
  getProfile,
  listForms,
  listResponses,
  listResponsesPage,
  notFound,
  recordUpload,
  responseFiles,
  submitResponse,
  updateForm,
  type AppContext,
  type Form,
  type FormScope,
  type FormViewer,
} from '@portico/core';
import { sendCsv } from '../http/csv';
import { workspaceRouter } from '../http/guards';
import type { Request, Router } from 'express';
import { z } from 'zod';
import { sessionOf, workspaceOf, workspaceScopeOf } from '../http/request';
import { receiveFileUpload, workspaceFile } from '../http/upload';
import { parse } from '../http/validate';
import { authorize, can } from '../policies';
import { presentForm, presentFormRow, presentResponse, responsesCsv } from '../presenters/forms';
import { pageCursorField, pageLimitField } from './schemas';

const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

const roleList = z
  .array(z.string({ error: FORM_MESSAGES.invalidRole }).trim().min(1, FORM_MESSAGES.invalidRole).max(64), {
    error: 'assigned_roles must be a list of role keys.',
  })
  .max(100);
const status = z.enum(FORM_STATUSES, { error: `status must be one of ${FORM_STATUSES.join(', ')}.` });

/** Every field of a form one may send; the definition parts are the shared schema's. */
export const formBody = z.object({
  title: formTitleSchema.optional(),
  description: formDescriptionSchema.optional(),
  fields: formFieldsSchema.optional(),
  theme: formThemeSchema.optional(),
  assigned_roles: roleList.optional(),
  status: status.optional(),
});

export const patchBody = z.object({
  id: z.string({ error: 'Give the id of the form.' }),
  assigned_roles: roleList.optional(),
  status: status.optional(),
});

export const listQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be 200 or 1000.' })
    .refine((n) => (FORM_LIST_LIMITS as readonly number[]).includes(n), 'limit must be 200 or 1000.')
    .default(200),
  q: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Search text must be given once.' })
      .trim()
      .max(200, 'Search text must be at most 200 characters.')
      .optional(),
  ),
  status: z.preprocess(blankAsAbsent, status.optional()),
});

export const responseBody = z.object({
  answers: answersPayloadSchema,
  version: z
    .number({ error: 'version must be a whole number.' })
    .int('version must be a whole number.')
    .min(1, 'version must be a whole number.')
    .optional(),
});

export const responsesQuery = z.object({ formId: z.string({ error: 'Give the form with formId.' }) });
export const responsePageQuery = responsesQuery.extend({
  limit: pageLimitField(RESPONSE_PAGE_MAX, RESPONSE_PAGE_SIZE),
  cursor: pageCursorField,
});

function formIdOf(value: unknown): string {
  if (typeof value !== 'string' || !isUuid(value)) throw notFound(FORM_MESSAGES.notFound);
  return value.toLowerCase();
}

function viewerOf(req: Request): FormViewer {
  const { actor } = sessionOf(req);
  const { role } = workspaceOf(req);
  return { userId: actor.user.id, role, builder: can(workspaceScopeOf(req), 'forms.build') };
}

function scopeOf(req: Request): FormScope {
  const { actor } = sessionOf(req);
  const { tenant, roleTypes } = workspaceOf(req);
  return {
    tenantId: tenant.id,
    roleKeys: roleTypes.map((r) => r.role_key),
    actor: { userId: actor.user.id, ip: req.ip },
  };
}

function authorizeBuilder(req: Request): void {
  authorize(workspaceScopeOf(req), 'forms.build');
}

/** Forms: builder, management, filling and responses (tenant-portal §2 Forms, §6, §7; DECISIONS §2). */
/** The text field of a form question's upload: which file question it answers. */
const formUploadFields = z.object({
  question_id: z.string({ error: 'Name the file question this upload answers with question_id.' }).optional(),
});

export function formRoutes(ctx: AppContext): Router {
  const router = workspaceRouter(ctx, ['/forms', '/form-responses']);

  async function detail(req: Request, form: Form) {
    return presentForm(form, await formStats(ctx.sequelize, form.tenant_id, form.id, sessionOf(req).actor.user.id));
  }

  router.get('/forms', async (req, res) => {
    const query = parse(listQuery, req.query);
    const rows = await listForms(ctx.sequelize, workspaceOf(req).tenant.id, viewerOf(req), query);
    res.json({ forms: rows.map(presentFormRow) });
  });

  router.post('/forms', async (req, res) => {
    authorizeBuilder(req);
    const body = parse(formBody, req.body ?? {});
    const form = await createForm(ctx, scopeOf(req), { ...body, theme: body.theme ?? { ...DEFAULT_THEME } });
    res.status(201).json({ form: await detail(req, form) });
  });

  router.patch('/forms', async (req, res) => {
    authorizeBuilder(req);
    const body = parse(patchBody, req.body ?? {});
    const id = formIdOf(body.id);
    if (body.assigned_roles === undefined && body.status === undefined)
      throw badRequest('Nothing to change: send assigned_roles or status.');
    const form = await updateForm(ctx, scopeOf(req), id, { assigned_roles: body.assigned_roles, status: body.status });
    res.json({ form: await detail(req, form) });
  });

  router.get('/forms/:id', async (req, res) => {
    const form = await findFillableForm(workspaceOf(req).tenant.id, viewerOf(req), formIdOf(req.params.id));
    res.json({ form: await detail(req, form) });
  });

  router.put('/forms/:id', async (req, res) => {
    authorizeBuilder(req);
    const id = formIdOf(req.params.id);
    const body = parse(formBody, req.body ?? {});
    if (Object.values(body).every((v) => v === undefined))
      throw badRequest('Nothing to save: send at least one field.');
    const form = await updateForm(ctx, scopeOf(req), id, body);
    res.json({ form: await detail(req, form) });
  });

  router.post('/forms/:id/copy', async (req, res) => {
    authorizeBuilder(req);
    const form = await copyForm(ctx, scopeOf(req), formIdOf(req.params.id));
    res.status(201).json({ form: await detail(req, form) });
  });

  router.delete('/forms/:id', async (req, res) => {
    authorize(workspaceScopeOf(req), 'forms.delete');
    await deleteForm(ctx, scopeOf(req), formIdOf(req.params.id));
    res.status(204).end();
  });

  router.post('/forms/:id/uploads', async (req, res) => {
    const { actor } = sessionOf(req);
    const { tenant } = workspaceOf(req);
    const form = await findAnswerableForm(tenant.id, viewerOf(req), formIdOf(req.params.id));
    const fileId = randomUUID();
    const destination = workspaceFile(tenant.id, fileId, ctx.config.maxUploadBytes);
    const row = await receiveFileUpload(
      ctx,
      req,
      { destination, fields: formUploadFields, missingFile: 'Please select a file' },
      async ({ file, fields }) => {
        const question = form.fields.find((q) => q.id === fields.question_id);
        if (!question || question.type !== 'file')
          throw badRequest('Name the file question this upload answers with question_id.');
        const title = `${form.title} — ${question.label}`.slice(0, 255);
        return ctx.sequelize.transaction((transaction) =>
          recordUpload(
            ctx,
            {
              tenantId: tenant.id,
              fileId,
              file,
              title,
              userId: actor.user.id,
              roles: [],
              uploadedBy: actor.user.id,
              formId: form.id,
              audit: { ip: req.ip, details: { form_id: form.id, question_id: question.id } },
            },
            transaction,
          ),
        );
      },
    );
    res
      .status(201)
      .json({ file: { id: row.id, title: row.title, original_name: row.original_name, size_bytes: row.size_bytes } });
  });

  router.post('/forms/:id/responses', async (req, res) => {
    const { actor } = sessionOf(req);
    const { tenant } = workspaceOf(req);
    const form = await findAnswerableForm(tenant.id, viewerOf(req), formIdOf(req.params.id));
    const body = parse(responseBody, req.body ?? {});
    const profile = await getProfile(ctx, { userId: actor.user.id });
    const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || null;
    const submitted = await submitResponse(
      ctx,
      tenant.id,
      form,
      { userId: actor.user.id, email: actor.user.email, name },
      body,
    );
    res
      .status(201)
      .json({ response: presentResponse(submitted, await responseFiles(tenant.id, [submitted.response])) });
  });

  router.get('/form-responses', async (req, res) => {
    authorizeBuilder(req);
    const query = parse(responsePageQuery, req.query);
    const form = await findForm(workspaceOf(req).tenant.id, formIdOf(query.formId));
    const [page, total] = await Promise.all([
      listResponsesPage(ctx.sequelize, form.tenant_id, form.id, { limit: query.limit, cursor: query.cursor }),
      countResponses(form.tenant_id, form.id),
    ]);
    const files = await responseFiles(
      form.tenant_id,
      page.responses.map((l) => l.response),
    );
    res.json({ responses: page.responses.map((l) => presentResponse(l, files)), next_cursor: page.nextCursor, total });
  });

  router.get('/form-responses/export.csv', async (req, res) => {
    authorizeBuilder(req);
    const form = await findForm(workspaceOf(req).tenant.id, formIdOf(parse(responsesQuery, req.query).formId));
    const listed = await listResponses(form.tenant_id, form.id);
    const files = await responseFiles(
      form.tenant_id,
      listed.map((l) => l.response),
    );
    const { columns, rows } = responsesCsv(listed.map((l) => presentResponse(l, files)));
    const slug =
      form.title
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .toLowerCase()
        .slice(0, 80) || 'form';
    await sendCsv(res, `responses-${slug}.csv`, columns, rows);
  });

  return router;
}
