import { FORM_MESSAGES } from '@portico/common';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { formResponseSchema, idParams } from '../public/schemas';
import {
  formBody,
  listQuery as formListQuery,
  patchBody as formPatchBody,
  responseBody,
  responsePageQuery,
  responsesQuery,
} from '../routes/forms';
import { answer, described, fileAnswer, filePart, keysOf, noContent, objectOf, portalOperation } from './shared';

/* Forms of the workspace in `x-tenant-id`. */

const FILE_TOO_LARGE = 'The file is larger than `MAX_UPLOAD_MB` (`file_too_large`).';

/** The multipart body of a form question's upload, received by hand. */
const formUpload = z.object({
  file: filePart,
  question_id: z.string().meta({ description: 'The file question this upload answers.' }),
});

/** The builder's body of a create or save, shared by both as one component. */
const formInput = formBody.meta({ id: 'FormInput' });

const FORM = described(
  `A \`FormDetail\`: ${objectOf('id, title, description, status, published, assigned_roles, version, questions_count, responses_count, completion_rate, submitted, created_at, updated_at, fields, theme')}`,
);
const FORM_BUILDERS = 'Only workspace admins and team members can build forms or read their responses.';

export const CONTENT_TAGS = [
  { name: 'Workspace forms', description: 'The form builder, filling forms and reading responses in the portal.' },
];

export const contentPaths: ZodOpenApiPathsObject = {
  '/forms': {
    get: portalOperation({
      operationId: 'listWorkspaceForms',
      summary: 'List forms',
      description: 'Builders get every form; members the published forms assigned to their role.',
      tag: 'Workspace forms',
      access: 'workspace',
      query: formListQuery,
      success: {
        '200': answer(
          'Newest first.',
          keysOf({ forms: '`FormSummary[]`: a `FormDetail` without `fields` and `theme`.' }),
        ),
      },
    }),
    post: portalOperation({
      operationId: 'createForm',
      summary: 'Create a form',
      tag: 'Workspace forms',
      access: 'workspace',
      body: formInput,
      bodyOptional: true,
      success: { '201': answer('The form.', keysOf({ form: FORM })) },
      refusals: { '400': FORM_MESSAGES.invalidRole, '403': FORM_BUILDERS },
    }),
    patch: portalOperation({
      operationId: 'assignForm',
      summary: 'Change a form’s roles or status',
      tag: 'Workspace forms',
      access: 'workspace',
      body: formPatchBody,
      success: { '200': answer('The form.', keysOf({ form: FORM })) },
      refusals: {
        '400': `Nothing to change. ${FORM_MESSAGES.invalidRole}`,
        '403': FORM_BUILDERS,
        '404': FORM_MESSAGES.notFound,
      },
    }),
  },
  '/forms/{id}': {
    get: portalOperation({
      operationId: 'getWorkspaceForm',
      summary: 'Read a form',
      tag: 'Workspace forms',
      access: 'workspace',
      path: idParams,
      success: { '200': answer('The form’s current version.', keysOf({ form: FORM })) },
      refusals: { '403': `\`${FORM_MESSAGES.noAccess}\` (\`form_not_assigned\`)`, '404': FORM_MESSAGES.notFound },
    }),
    put: portalOperation({
      operationId: 'saveForm',
      summary: 'Save a form',
      description: 'A change to a published form, or to one with responses, starts a new version.',
      tag: 'Workspace forms',
      access: 'workspace',
      path: idParams,
      body: formInput,
      success: { '200': answer('The form.', keysOf({ form: FORM })) },
      refusals: {
        '400': `Nothing to save. ${FORM_MESSAGES.invalidRole}`,
        '403': FORM_BUILDERS,
        '404': FORM_MESSAGES.notFound,
      },
    }),
    delete: portalOperation({
      operationId: 'deleteForm',
      summary: 'Delete a form with its versions and responses',
      tag: 'Workspace forms',
      access: 'workspace',
      path: idParams,
      success: { '204': noContent('Deleted; files uploaded with answers stay.') },
      refusals: { '403': 'Only workspace admins can delete forms.', '404': FORM_MESSAGES.notFound },
    }),
  },
  '/forms/{id}/copy': {
    post: portalOperation({
      operationId: 'copyForm',
      summary: 'Copy a form',
      tag: 'Workspace forms',
      access: 'workspace',
      path: idParams,
      success: { '201': answer('The copy: a draft with the same questions, theme and roles.', keysOf({ form: FORM })) },
      refusals: { '403': FORM_BUILDERS, '404': FORM_MESSAGES.notFound },
    }),
  },
  '/forms/{id}/uploads': {
    post: portalOperation({
      operationId: 'uploadFormFile',
      summary: 'Upload a file for a file question',
      tag: 'Workspace forms',
      access: 'workspace',
      path: idParams,
      multipart: formUpload,
      success: {
        '201': answer(
          'The file; its id is the answer to the question.',
          keysOf({ file: objectOf('id, title, original_name, size_bytes') }),
        ),
      },
      refusals: {
        '400': 'No file, or `question_id` is not a file question of the form.',
        '403': FORM_MESSAGES.noAccess,
        '404': FORM_MESSAGES.notFound,
        '409': FORM_MESSAGES.notPublished,
        '413': FILE_TOO_LARGE,
      },
    }),
  },
  '/forms/{id}/responses': {
    post: portalOperation({
      operationId: 'submitFormResponse',
      summary: 'Submit a response',
      tag: 'Workspace forms',
      access: 'workspace',
      path: idParams,
      body: responseBody,
      success: { '201': answer('The response.', keysOf({ response: formResponseSchema })) },
      refusals: {
        '400':
          'An answer is missing or wrong: `error` is `{label}: {problem}`, `details.fields` maps question ids to problems.',
        '403': FORM_MESSAGES.noAccess,
        '404': FORM_MESSAGES.notFound,
        '409': FORM_MESSAGES.notPublished,
      },
    }),
  },
  '/form-responses': {
    get: portalOperation({
      operationId: 'listWorkspaceFormResponses',
      summary: 'List a form’s responses',
      tag: 'Workspace forms',
      access: 'workspace',
      query: responsePageQuery,
      success: {
        '200': answer(
          'One page, newest first; pass `next_cursor` as `cursor` for the next.',
          keysOf({
            responses: z.array(formResponseSchema),
            next_cursor: z.string().nullable(),
            total: z.number().int().nonnegative().meta({ description: 'Responses to the form in all.' }),
          }),
        ),
      },
      refusals: { '403': FORM_BUILDERS, '404': FORM_MESSAGES.notFound },
    }),
  },
  '/form-responses/export.csv': {
    get: portalOperation({
      operationId: 'exportFormResponses',
      summary: 'Export a form’s responses as CSV',
      tag: 'Workspace forms',
      access: 'workspace',
      query: responsesQuery,
      success: { '200': fileAnswer('Name, Email, Submitted At, then a column per question label.', 'text/csv') },
      refusals: { '403': FORM_BUILDERS, '404': FORM_MESSAGES.notFound },
    }),
  },
};
