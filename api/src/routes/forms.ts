import { randomUUID } from 'node:crypto';
import {
  DEFAULT_THEME,
  FORM_MESSAGES,
  formAnswer,
  formAssignBody,
  formBody,
  formListAnswer,
  formListQuery,
  formResponseAnswer,
  formResponseBody,
  formResponsePageAnswer,
  formResponsesQuery,
  formUploadAnswer,
  formUploadFields,
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
  recordAnswerFile,
  responseFiles,
  submitResponse,
  updateForm,
  type Form,
  type FormViewer,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';
import { z } from 'zod';
import { sendCsv } from '../http/csv';
import { defineRoutes } from '../http/route';
import { receiveFileUpload, workspaceFile } from '../http/upload';
import { can } from '../policies';
import { presentForm, presentFormRow, presentResponse, responsesCsv } from '../presenters/forms';
import { pageCursorField, pageLimitField, pathId } from './schemas';

const FORM_BUILDERS = 'Only workspace admins and team members can build forms or read their responses.';
const FILE_TOO_LARGE = 'The file is larger than `MAX_UPLOAD_MB` (`file_too_large`).';

const formParams = z.object({ id: pathId(FORM_MESSAGES.notFound, 'The form.') });
const responsePageQuery = formResponsesQuery.extend({
  limit: pageLimitField(RESPONSE_PAGE_MAX, RESPONSE_PAGE_SIZE),
  cursor: pageCursorField,
});
/** The multipart body of a form question's upload, as documented: the field the route parses, and the file. */
const formUpload = formUploadFields.extend({
  file: z.any().meta({
    description: 'The file, at most `MAX_UPLOAD_MB`.',
    override: { type: 'string', format: 'binary' },
  }),
});

/** The form an id in a body or query names; anything but an id names nothing. */
function formIdOf(value: string): string {
  if (!isUuid(value)) throw notFound(FORM_MESSAGES.notFound);
  return value.toLowerCase();
}

/** Who is looking: builders see every form; other members the published ones assigned to their role. */
function viewerOf(scope: TenantScope): FormViewer {
  return { userId: scope.actor.userId, role: scope.role, builder: can(scope, 'forms.build') };
}

/** A form with its counts, and whether the caller has responded. */
async function detail(ctx: ServiceContext, scope: TenantScope, form: Form) {
  return { form: presentForm(form, await formStats(ctx, scope, { formId: form.id, userId: scope.actor.userId })) };
}

/** Forms: builder, management, filling and responses (tenant-portal §2 Forms, §6, §7; DECISIONS §2). */
export const formRoutes = defineRoutes(
  'workspace',
  {
    name: 'Workspace forms',
    description: 'The form builder, filling forms and reading responses in the portal.',
  },
  (route) => [
    route({
      method: 'get',
      path: '/forms',
      operationId: 'listWorkspaceForms',
      summary: 'List forms',
      description: 'Builders get every form; members the published forms assigned to their role.',
      query: formListQuery,
      responses: { 200: { description: 'Newest first.', schema: formListAnswer } },
      handle: async ({ ctx, scope, query }) => ({
        forms: (await listForms(ctx, scope, { viewer: viewerOf(scope), ...query })).map(presentFormRow),
      }),
    }),
    route({
      method: 'post',
      path: '/forms',
      operationId: 'createForm',
      summary: 'Create a form',
      body: formBody,
      bodyOptional: true,
      responses: { 201: { description: 'The form.', schema: formAnswer } },
      refusals: { 400: FORM_MESSAGES.invalidRole, 403: FORM_BUILDERS },
      authorize: 'forms.build',
      handle: async ({ ctx, scope, body }) => {
        const form = await createForm(ctx, scope, { ...body, theme: body.theme ?? { ...DEFAULT_THEME } });
        return detail(ctx, scope, form);
      },
    }),
    route({
      method: 'patch',
      path: '/forms',
      operationId: 'assignForm',
      summary: 'Change a form’s roles or status',
      body: formAssignBody,
      responses: { 200: { description: 'The form.', schema: formAnswer } },
      refusals: {
        400: `Nothing to change. ${FORM_MESSAGES.invalidRole}`,
        403: FORM_BUILDERS,
        404: FORM_MESSAGES.notFound,
      },
      authorize: 'forms.build',
      handle: async ({ ctx, scope, body }) => {
        const form = await updateForm(ctx, scope, {
          id: formIdOf(body.id),
          changes: { assigned_roles: body.assigned_roles, status: body.status },
        });
        return detail(ctx, scope, form);
      },
    }),
    route({
      method: 'get',
      path: '/forms/:id',
      operationId: 'getWorkspaceForm',
      summary: 'Read a form',
      params: formParams,
      responses: { 200: { description: 'The form’s current version.', schema: formAnswer } },
      refusals: { 403: `\`${FORM_MESSAGES.noAccess}\` (\`form_not_assigned\`)`, 404: FORM_MESSAGES.notFound },
      handle: async ({ ctx, scope, params }) =>
        detail(ctx, scope, await findFillableForm(ctx, scope, { viewer: viewerOf(scope), id: params.id })),
    }),
    route({
      method: 'put',
      path: '/forms/:id',
      operationId: 'saveForm',
      summary: 'Save a form',
      description: 'A change to a published form, or to one with responses, starts a new version.',
      params: formParams,
      body: formBody,
      bodyOptional: true,
      responses: { 200: { description: 'The form.', schema: formAnswer } },
      refusals: {
        400: `Nothing to save. ${FORM_MESSAGES.invalidRole}`,
        403: FORM_BUILDERS,
        404: FORM_MESSAGES.notFound,
      },
      authorize: 'forms.build',
      handle: async ({ ctx, scope, params, body }) => {
        if (Object.values(body).every((v) => v === undefined))
          throw badRequest('Nothing to save: send at least one field.');
        return detail(ctx, scope, await updateForm(ctx, scope, { id: params.id, changes: body }));
      },
    }),
    route({
      method: 'post',
      path: '/forms/:id/copy',
      operationId: 'copyForm',
      summary: 'Copy a form',
      params: formParams,
      responses: {
        201: { description: 'The copy: a draft with the same questions, theme and roles.', schema: formAnswer },
      },
      refusals: { 403: FORM_BUILDERS, 404: FORM_MESSAGES.notFound },
      authorize: 'forms.build',
      handle: async ({ ctx, scope, params }) => {
        return detail(ctx, scope, await copyForm(ctx, scope, params));
      },
    }),
    route({
      method: 'delete',
      path: '/forms/:id',
      operationId: 'deleteForm',
      summary: 'Delete a form with its versions and responses',
      params: formParams,
      responses: { 204: { description: 'Deleted; files uploaded with answers stay.' } },
      refusals: { 403: 'Only workspace admins can delete forms.', 404: FORM_MESSAGES.notFound },
      authorize: 'forms.delete',
      handle: async ({ ctx, scope, params }) => {
        await deleteForm(ctx, scope, params);
      },
    }),
    route({
      method: 'post',
      path: '/forms/:id/uploads',
      operationId: 'uploadFormFile',
      summary: 'Upload a file for a file question',
      params: formParams,
      multipart: formUpload,
      responses: { 201: { description: 'The file; its id is the answer to the question.', schema: formUploadAnswer } },
      refusals: {
        400: 'No file, or `question_id` is not a file question of the form.',
        403: FORM_MESSAGES.noAccess,
        404: FORM_MESSAGES.notFound,
        409: FORM_MESSAGES.notPublished,
        413: FILE_TOO_LARGE,
      },
      handle: async ({ ctx, scope, req, params }) => {
        const form = await findAnswerableForm(ctx, scope, { viewer: viewerOf(scope), id: params.id });
        const fileId = randomUUID();
        const row = await receiveFileUpload(
          ctx,
          req,
          {
            destination: workspaceFile(scope.tenantId, fileId, ctx.config.maxUploadBytes),
            fields: formUploadFields,
            missingFile: 'Please select a file',
          },
          ({ file, fields }) => recordAnswerFile(ctx, scope, { form, questionId: fields.question_id, fileId, file }),
        );
        return { file: { id: row.id, title: row.title, original_name: row.original_name, size_bytes: row.size_bytes } };
      },
    }),
    route({
      method: 'post',
      path: '/forms/:id/responses',
      operationId: 'submitFormResponse',
      summary: 'Submit a response',
      params: formParams,
      body: formResponseBody,
      bodyOptional: true,
      responses: { 201: { description: 'The response.', schema: formResponseAnswer } },
      refusals: {
        400: 'An answer is missing or wrong: `error` is `{label}: {problem}`, `details.fields` maps question ids to problems.',
        403: FORM_MESSAGES.noAccess,
        404: FORM_MESSAGES.notFound,
        409: FORM_MESSAGES.notPublished,
      },
      handle: async ({ ctx, scope, session, params, body }) => {
        const form = await findAnswerableForm(ctx, scope, { viewer: viewerOf(scope), id: params.id });
        const { user } = session.actor;
        const profile = await getProfile(ctx, { userId: user.id });
        const name = [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || null;
        const submitted = await submitResponse(ctx, scope, {
          form,
          submitter: { userId: user.id, email: user.email, name },
          ...body,
        });
        return { response: presentResponse(submitted, await responseFiles(ctx, scope, [submitted.response])) };
      },
    }),
    route({
      method: 'get',
      path: '/form-responses',
      operationId: 'listWorkspaceFormResponses',
      summary: 'List a form’s responses',
      query: responsePageQuery,
      responses: {
        200: {
          description: 'One page, newest first; pass `next_cursor` as `cursor` for the next.',
          schema: formResponsePageAnswer,
        },
      },
      refusals: { 403: FORM_BUILDERS, 404: FORM_MESSAGES.notFound },
      authorize: 'forms.build',
      handle: async ({ ctx, scope, query }) => {
        const form = await findForm(ctx, scope, { id: formIdOf(query.formId) });
        const [page, total] = await Promise.all([
          listResponsesPage(ctx, scope, { formId: form.id, limit: query.limit, cursor: query.cursor }),
          countResponses(ctx, scope, { formId: form.id }),
        ]);
        const files = await responseFiles(
          ctx,
          scope,
          page.responses.map((l) => l.response),
        );
        return {
          responses: page.responses.map((l) => presentResponse(l, files)),
          next_cursor: page.nextCursor,
          total,
        };
      },
    }),
    route({
      method: 'get',
      path: '/form-responses/export.csv',
      operationId: 'exportFormResponses',
      summary: 'Export a form’s responses as CSV',
      query: formResponsesQuery,
      responses: {
        200: { description: 'Name, Email, Submitted At, then a column per question label.', mediaType: 'text/csv' },
      },
      refusals: { 403: FORM_BUILDERS, 404: FORM_MESSAGES.notFound },
      authorize: 'forms.build',
      handle: async ({ ctx, scope, res, query }) => {
        const form = await findForm(ctx, scope, { id: formIdOf(query.formId) });
        const listed = await listResponses(ctx, scope, { formId: form.id });
        const files = await responseFiles(
          ctx,
          scope,
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
      },
    }),
  ],
);
