import { EMBED_MESSAGES, FORM_MESSAGES } from '@portico/common';
import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { formResponseSchema, idParams } from '../public/schemas';
import {
  createBody as embedCreateBody,
  idQuery as embedIdQuery,
  listQuery as embedListQuery,
  patchBody as embedPatchBody,
  reorderBody,
} from '../routes/embeds';
import {
  formBody,
  listQuery as formListQuery,
  patchBody as formPatchBody,
  responseBody,
  responsePageQuery,
  responsesQuery,
} from '../routes/forms';
import {
  answer,
  described,
  fileAnswer,
  filePart,
  keysOf,
  listOf,
  noContent,
  objectOf,
  portalOperation,
  type Refusals,
} from './shared';

/* Embeds and forms of the workspace in `x-tenant-id`. */

const FILE_TOO_LARGE = 'The file is larger than `MAX_UPLOAD_MB` (`file_too_large`).';

/** The multipart body of a form question's upload, received by hand. */
const formUpload = z.object({
  file: filePart,
  question_id: z.string().meta({ description: 'The file question this upload answers.' }),
});

const EMBED =
  'id, title, provider, provider_label, url, embed_type, role, user_id, user, is_active, sort_order, description, frame_blocked, frame_checked_at, created_at, updated_at';
const EMBEDS_ADMINS: Refusals = { '403': 'Only workspace admins can manage embeds.' };

/** The builder's body of a create or save, shared by both as one component. */
const formInput = formBody.meta({ id: 'FormInput' });

const FORM = described(
  `A \`FormDetail\`: ${objectOf('id, title, description, status, published, assigned_roles, version, questions_count, responses_count, completion_rate, submitted, created_at, updated_at, fields, theme')}`,
);
const FORM_BUILDERS = 'Only workspace admins and team members can build forms or read their responses.';

export const CONTENT_TAGS = [
  { name: 'Embeds', description: 'Tools embedded in the portal.' },
  { name: 'Workspace forms', description: 'The form builder, filling forms and reading responses in the portal.' },
];

export const contentPaths: ZodOpenApiPathsObject = {
  '/embeds': {
    get: portalOperation({
      operationId: 'listEmbeds',
      summary: 'List embeds, or read one with `id`',
      description: 'Admins get every embed, filtered; members (and `visible=true`) the embeds visible to them.',
      tag: 'Embeds',
      access: 'workspace',
      query: embedListQuery,
      success: {
        '200': answer(
          '`{embed}` with `id`, else `{embeds}`.',
          z.union([keysOf({ embed: objectOf(EMBED) }), keysOf({ embeds: listOf(EMBED) })]),
        ),
      },
      refusals: {
        '403': `\`${EMBED_MESSAGES.noAccess}\` for an embed the member may not see.`,
        '404': `\`${EMBED_MESSAGES.noAccess}\` for an unknown id.`,
      },
    }),
    post: portalOperation({
      operationId: 'createEmbed',
      summary: 'Add an embed',
      description: 'The framing check runs after the save.',
      tag: 'Embeds',
      access: 'workspace',
      body: embedCreateBody,
      success: { '201': answer('The embed.', keysOf({ embed: objectOf(EMBED) })) },
      refusals: {
        '400': `\`${EMBED_MESSAGES.fillRequired}\`, a role or user outside the workspace.`,
        ...EMBEDS_ADMINS,
      },
    }),
    patch: portalOperation({
      operationId: 'updateEmbed',
      summary: 'Change an embed',
      tag: 'Embeds',
      access: 'workspace',
      query: embedIdQuery,
      body: embedPatchBody,
      success: { '200': answer('The embed.', keysOf({ embed: objectOf(EMBED) })) },
      refusals: {
        '400': 'Nothing to change, or a role or user outside the workspace.',
        ...EMBEDS_ADMINS,
        '404': EMBED_MESSAGES.noAccess,
      },
    }),
    delete: portalOperation({
      operationId: 'deleteEmbed',
      summary: 'Delete an embed',
      tag: 'Embeds',
      access: 'workspace',
      query: embedIdQuery,
      success: { '204': noContent('Deleted.') },
      refusals: { ...EMBEDS_ADMINS, '404': EMBED_MESSAGES.noAccess },
    }),
  },
  '/embeds/reorder': {
    post: portalOperation({
      operationId: 'reorderEmbeds',
      summary: 'Put every embed in a new order',
      tag: 'Embeds',
      access: 'workspace',
      body: reorderBody,
      success: { '200': answer('The embeds in their new order.', keysOf({ embeds: listOf(EMBED) })) },
      refusals: {
        '400': 'An embed appears twice.',
        ...EMBEDS_ADMINS,
        '404': 'One of these embeds does not exist.',
        '409': 'The list misses embeds (`stale_order`).',
      },
    }),
  },
  '/embeds/audience-users': {
    get: portalOperation({
      operationId: 'listEmbedAudience',
      summary: 'Active members to aim a user embed at',
      tag: 'Embeds',
      access: 'workspace',
      success: { '200': answer('By email.', keysOf({ users: listOf('id, email, role, first_name, last_name') })) },
      refusals: EMBEDS_ADMINS,
    }),
  },
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
