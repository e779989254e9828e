import { EMBED_MESSAGES, FORM_MESSAGES } from '@portico/common';
import { FILE_KINDS, FILE_STATUSES } from '@portico/core';
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
import { linkBody, listQuery as fileListQuery, shareBody, uploadFields } from '../routes/files';
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

/* Files, embeds and forms of the workspace in `x-tenant-id`. */

const fileRow = keysOf({
  id: z.uuid(),
  title: z.string(),
  file_url: z.string().meta({ description: '`/api/files/{id}/download`.' }),
  original_name: z.string(),
  content_type: z.string(),
  kind: z.enum(FILE_KINDS),
  size_bytes: z.number().int(),
  user_id: z.uuid().nullable(),
  user_email: z.string().nullable(),
  assigned_roles: z.array(z.string()),
  uploaded_by: z.uuid().nullable(),
  uploaded_by_email: z.string().nullable(),
  recipients_count: z.number().int(),
  status: z.enum(FILE_STATUSES),
  created_at: z.iso.datetime({ offset: true }),
}).meta({ id: 'WorkspaceFile' });

const FILE_NOT_FOUND = 'This file does not exist.';
const FILES_ADMINS: Refusals = {
  '403': 'Only workspace admins can share files with other people or see their activity.',
};
const ASSIGNMENT_REFUSALS =
  'No user or role chosen, a user who is not a member, or a role the workspace does not have (`error` says which).';
const FILE_TOO_LARGE = 'The file is larger than `MAX_UPLOAD_MB` (`file_too_large`).';

/** The multipart body of a workspace upload: the fields the route parses, and the file part it streams to storage. */
const fileUpload = uploadFields.extend({ file: filePart });

/** `?ids=` of the zip download, split and checked by hand. */
const zipQuery = z.object({ ids: z.string().meta({ description: 'Comma-separated file ids, at most 1000.' }) });

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
  { name: 'Workspace files', description: 'Uploads, sharing, downloads and previews in the portal.' },
  { name: 'Embeds', description: 'Tools embedded in the portal.' },
  { name: 'Workspace forms', description: 'The form builder, filling forms and reading responses in the portal.' },
];

export const contentPaths: ZodOpenApiPathsObject = {
  '/files': {
    get: portalOperation({
      operationId: 'listWorkspaceFiles',
      summary: 'List the files the caller may see',
      tag: 'Workspace files',
      access: 'workspace',
      query: fileListQuery,
      success: {
        '200': answer(
          'Newest first (or oldest first with `order=oldest`), a page at a time; `total` counts every match.',
          keysOf({ files: z.array(fileRow), next_cursor: z.string().nullable(), total: z.number().int() }),
        ),
      },
    }),
    post: portalOperation({
      operationId: 'shareFile',
      summary: 'Share an existing file with a member or roles',
      description: 'Adds a row pointing at the same stored file; nothing is copied.',
      tag: 'Workspace files',
      access: 'workspace',
      body: shareBody,
      success: { '201': answer('The new file row.', fileRow) },
      refusals: {
        '400': `No \`file_id\` or \`file_url\`. ${ASSIGNMENT_REFUSALS}`,
        ...FILES_ADMINS,
        '404': FILE_NOT_FOUND,
      },
    }),
  },
  '/files/tenant-users': {
    get: portalOperation({
      operationId: 'listFileRecipients',
      summary: 'Active members to share files with',
      tag: 'Workspace files',
      access: 'workspace',
      success: { '200': answer('By email.', keysOf({ users: listOf('id, email, role') })) },
      refusals: FILES_ADMINS,
    }),
  },
  '/files/upload': {
    post: portalOperation({
      operationId: 'uploadWorkspaceFile',
      summary: 'Upload a file',
      description:
        'Streamed to storage. Admins share it with a member and/or roles; other members upload for themselves.',
      tag: 'Workspace files',
      access: 'workspace',
      multipart: fileUpload,
      success: { '201': answer('The file row.', fileRow) },
      refusals: {
        '400': `No file. ${ASSIGNMENT_REFUSALS}`,
        '403': 'Only workspace admins can share files with other people.',
        '413': FILE_TOO_LARGE,
      },
    }),
  },
  '/files/download.zip': {
    get: portalOperation({
      operationId: 'downloadFilesZip',
      summary: 'Download several files as one zip',
      tag: 'Workspace files',
      access: 'workspace',
      query: zipQuery,
      success: { '200': fileAnswer('A zip of the listed files the caller may see, streamed.', 'application/zip') },
      refusals: { '404': 'None of these files exist.' },
    }),
  },
  '/files/{id}': {
    get: portalOperation({
      operationId: 'getWorkspaceFile',
      summary: 'Read one file row',
      tag: 'Workspace files',
      access: 'workspace',
      path: idParams,
      success: { '200': answer('The file row.', keysOf({ file: fileRow })) },
      refusals: { '404': FILE_NOT_FOUND },
    }),
    delete: portalOperation({
      operationId: 'deleteWorkspaceFile',
      summary: 'Delete a file',
      description: 'The stored object goes once no row points at it.',
      tag: 'Workspace files',
      access: 'workspace',
      path: idParams,
      success: { '204': noContent('Deleted.') },
      refusals: {
        '403': 'Only workspace admins or the person who uploaded a file can delete it.',
        '404': FILE_NOT_FOUND,
      },
    }),
  },
  '/files/{id}/download': {
    get: portalOperation({
      operationId: 'downloadWorkspaceFile',
      summary: 'Download a file',
      description:
        'With the bearer token and `x-tenant-id`, or through a signed link from `POST /files/{id}/link`. Records a download.',
      tag: 'Workspace files',
      access: 'signedLink',
      path: idParams,
      success: {
        '200': fileAnswer('The file as an attachment, with its stored content type.', 'application/octet-stream'),
      },
      refusals: { '404': `${FILE_NOT_FOUND} Or its stored object is gone.` },
    }),
  },
  '/files/{id}/preview': {
    get: portalOperation({
      operationId: 'previewWorkspaceFile',
      summary: 'Show a file inline',
      description: 'PDF and PNG, JPEG, GIF and WebP images (never SVG), as for the download. Records a view.',
      tag: 'Workspace files',
      access: 'signedLink',
      path: idParams,
      success: { '200': fileAnswer('The file, inline.', 'application/octet-stream') },
      refusals: {
        '404': `${FILE_NOT_FOUND} Or its stored object is gone.`,
        '415': 'This file type cannot be previewed (`not_previewable`).',
      },
    }),
  },
  '/files/{id}/link': {
    post: portalOperation({
      operationId: 'linkWorkspaceFile',
      summary: 'A signed link to download or preview a file',
      description:
        'For `<a>`, `<img>` and `<iframe>`, which cannot send the bearer token. Valid 5 minutes; every use re-checks the session and access.',
      tag: 'Workspace files',
      access: 'workspace',
      path: idParams,
      body: linkBody,
      bodyOptional: true,
      success: { '200': answer('The link.', keysOf({ url: z.string(), expires_at: z.iso.datetime() })) },
      refusals: { '404': FILE_NOT_FOUND },
    }),
  },
  '/files/{id}/activity': {
    get: portalOperation({
      operationId: 'getFileActivity',
      summary: 'Who viewed or downloaded a file',
      tag: 'Workspace files',
      access: 'workspace',
      path: idParams,
      success: {
        '200': answer(
          'Newest first.',
          keysOf({ activity: listOf('id, kind: view|download, user_id, user_email, created_at') }),
        ),
      },
      refusals: { ...FILES_ADMINS, '404': FILE_NOT_FOUND },
    }),
  },
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
