import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from 'zod-openapi';
import {
  downloadQuery,
  errorSchema,
  filePage,
  fileSchema,
  formDetailSchema,
  formPage,
  formResponsePage,
  idParams,
  invitationBody,
  invitationCreatedSchema,
  listQuery,
  memberPage,
  memberSchema,
  uploadBody,
} from './public/schemas';

/*
 * The OpenAPI 3.1 document of the public API (`GET /api/openapi.json`), generated with zod-openapi
 * from the zod schemas in ./public/schemas that also validate the requests. Paths are relative to
 * the one server, `/api/v1`, so a try-it view on the same origin calls the real API.
 */

/** Where the public API lives; the document's only server. */
export const PUBLIC_API_BASE = '/api/v1';

const rateLimitHeaders = z.object({
  'RateLimit-Limit': z.number().int().nonnegative().meta({ description: 'Calls this key may make per minute.', header: { id: 'RateLimit-Limit' } }),
  'RateLimit-Remaining': z.number().int().nonnegative().meta({ description: 'Calls left in the current minute.', header: { id: 'RateLimit-Remaining' } }),
  'RateLimit-Reset': z.number().int().nonnegative().meta({ description: 'Seconds until the current minute ends.', header: { id: 'RateLimit-Reset' } }),
});

const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

function ok(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, headers: rateLimitHeaders, content: json(schema) };
}

function problem(id: string, description: string): ZodOpenApiResponseObject {
  return { id, description, headers: rateLimitHeaders, content: json(errorSchema) };
}

const BAD_REQUEST = problem('BadRequest', 'The input is not valid; `error` says what to change.');
const UNAUTHORIZED: ZodOpenApiResponseObject = {
  id: 'Unauthorized',
  description: 'No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here.',
  content: json(errorSchema),
};
const FORBIDDEN = problem('Forbidden', "The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`).");
const NOT_FOUND = problem('NotFound', 'There is no such item in this workspace.');
const TOO_MANY: ZodOpenApiResponseObject = {
  id: 'TooManyRequests',
  description: 'This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows.',
  headers: rateLimitHeaders.extend({ 'Retry-After': z.number().int().nonnegative().meta({ description: 'Seconds to wait before calling again.', header: { id: 'Retry-After' } }) }),
  content: json(errorSchema),
};

/** Answers every call can give, besides its own. */
const COMMON = { '401': UNAUTHORIZED, '403': FORBIDDEN, '429': TOO_MANY };

function list(summary: string, operationId: string, tag: string, page: z.ZodType, extra: Partial<ZodOpenApiOperationObject> = {}): ZodOpenApiOperationObject {
  return {
    summary,
    operationId,
    tags: [tag],
    requestParams: { query: listQuery, ...extra.requestParams },
    responses: { '200': ok('One page, newest first.', page), '400': BAD_REQUEST, ...COMMON, ...extra.responses },
  };
}

function one(summary: string, operationId: string, tag: string, schema: z.ZodType): ZodOpenApiOperationObject {
  return { summary, operationId, tags: [tag], requestParams: { path: idParams }, responses: { '200': ok(summary, schema), '404': NOT_FOUND, ...COMMON } };
}

const DESCRIPTION = `The public API of a Portico workspace.

**Keys.** Workspace admins create API keys under Integrations → API Access (Pro and Advanced plans).
Send the key as \`Authorization: Bearer ptk_…\`. A key is bound to its workspace, opens only this API,
and stops working the moment it is revoked.

**Pages.** Lists answer \`{data, next_cursor}\`, newest first; pass \`next_cursor\` as \`cursor\` for the
next page and set \`limit\` (1–100, default 25).

**Limits.** Each key may make a set number of calls a minute; every answer carries \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\`, and past the limit the API answers 429 with \`Retry-After\`.

**Errors.** Every error is \`{error, code?}\`, with a sentence a person can read.`;

export function buildOpenApiDocument() {
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Portico API', version: '1', description: DESCRIPTION },
    servers: [{ url: PUBLIC_API_BASE, description: 'This Portico server' }],
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Members', description: 'People in the workspace.' },
      { name: 'Files', description: 'Files shared in the workspace.' },
      { name: 'Forms', description: 'Forms and their responses.' },
      { name: 'Invitations', description: 'Invite people to the workspace.' },
    ],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'ptk_…', description: 'An API key of the workspace, created under Integrations → API Access.' },
      },
    },
    paths: {
      '/members': { get: list('List members', 'listMembers', 'Members', memberPage) },
      '/members/{id}': { get: one('Get a member', 'getMember', 'Members', memberSchema) },
      '/files': {
        get: list('List files', 'listFiles', 'Files', filePage),
        post: {
          summary: 'Upload a file',
          description: 'Stores the file and shares it with a member (`user_id`) and/or roles (`assigned_roles`).',
          operationId: 'uploadFile',
          tags: ['Files'],
          requestBody: { required: true, content: { 'multipart/form-data': { schema: uploadBody } } },
          responses: {
            '201': { description: 'The stored file.', headers: rateLimitHeaders, content: json(fileSchema) },
            '400': BAD_REQUEST,
            '413': problem('PayloadTooLarge', 'The file is larger than the upload limit.'),
            ...COMMON,
          },
        },
      },
      '/files/{id}': { get: one('Get a file', 'getFile', 'Files', fileSchema) },
      '/files/{id}/download': {
        get: {
          summary: 'Download a file',
          description: 'Streams the file. Works with the API key, or without it through the signed `download_url` of the file.',
          operationId: 'downloadFile',
          tags: ['Files'],
          security: [{ apiKey: [] }, {}],
          requestParams: { path: idParams, query: downloadQuery },
          responses: {
            '200': { description: 'The file.', headers: rateLimitHeaders, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
            '404': NOT_FOUND,
            ...COMMON,
          },
        },
      },
      '/forms': { get: list('List forms', 'listForms', 'Forms', formPage) },
      '/forms/{id}': { get: one('Get a form with its questions and theme', 'getForm', 'Forms', formDetailSchema) },
      '/forms/{id}/responses': {
        get: list('List the responses to a form', 'listFormResponses', 'Forms', formResponsePage, { requestParams: { path: idParams }, responses: { '404': NOT_FOUND } }),
      },
      '/invitations': {
        post: {
          summary: 'Invite someone to the workspace',
          description: 'Emails an invitation (when the server sends email) and answers its link. The plan’s client limit applies.',
          operationId: 'createInvitation',
          tags: ['Invitations'],
          requestBody: { required: true, content: json(invitationBody) },
          responses: {
            '201': { description: 'The invitation.', headers: rateLimitHeaders, content: json(invitationCreatedSchema) },
            '400': BAD_REQUEST,
            '409': problem('Conflict', 'The person is already a member, or the plan’s client limit is reached.'),
            ...COMMON,
          },
        },
      },
    },
  });
}

let cached: ReturnType<typeof buildOpenApiDocument> | null = null;

/** The document, built once per process. */
export function openApiDocument(): ReturnType<typeof buildOpenApiDocument> {
  cached ??= buildOpenApiDocument();
  return cached;
}
