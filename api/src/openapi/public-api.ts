import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject } from 'zod-openapi';
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
} from '../public/schemas';
import { json, PUBLIC_API_PREFIX } from './shared';

/*
 * The public API (`/api/v1`, API keys), from the zod schemas in ../public/schemas that also validate
 * its requests and type its answers. Paths are written as the public router registers them, then
 * served under PUBLIC_API_PREFIX.
 */

const rateLimitHeaders = z.object({
  'RateLimit-Limit': z
    .number()
    .int()
    .nonnegative()
    .meta({ description: 'Calls this key may make per minute.', header: { id: 'RateLimit-Limit' } }),
  'RateLimit-Remaining': z
    .number()
    .int()
    .nonnegative()
    .meta({ description: 'Calls left in the current minute.', header: { id: 'RateLimit-Remaining' } }),
  'RateLimit-Reset': z
    .number()
    .int()
    .nonnegative()
    .meta({ description: 'Seconds until the current minute ends.', header: { id: 'RateLimit-Reset' } }),
});

function ok(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, headers: rateLimitHeaders, content: json(schema) };
}

function problem(id: string, description: string): ZodOpenApiResponseObject {
  return { id, description, headers: rateLimitHeaders, content: json(errorSchema) };
}

const BAD_REQUEST = problem('BadRequest', 'The input is not valid; `error` says what to change.');
const UNAUTHORIZED: ZodOpenApiResponseObject = {
  id: 'Unauthorized',
  description:
    'No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here.',
  content: json(errorSchema),
};
const FORBIDDEN = problem(
  'Forbidden',
  "The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`).",
);
const NOT_FOUND = problem('NotFound', 'There is no such item in this workspace.');
const TOO_MANY: ZodOpenApiResponseObject = {
  id: 'TooManyRequests',
  description: 'This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows.',
  headers: rateLimitHeaders.extend({
    'Retry-After': z
      .number()
      .int()
      .nonnegative()
      .meta({ description: 'Seconds to wait before calling again.', header: { id: 'Retry-After' } }),
  }),
  content: json(errorSchema),
};

/** Every operation of the public API takes the key; that marks it as the public API (the SPA shows only these). */
const API_KEY = [{ apiKey: [] }];

const UNAVAILABLE: ZodOpenApiResponseObject = {
  id: 'RateLimitUnavailable',
  description: 'The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly.',
  content: json(errorSchema),
};

/** Answers every call can give, besides its own. */
const COMMON = { '401': UNAUTHORIZED, '403': FORBIDDEN, '429': TOO_MANY, '503': UNAVAILABLE };

function list(
  summary: string,
  operationId: string,
  tag: string,
  page: z.ZodType,
  extra: Partial<ZodOpenApiOperationObject> = {},
): ZodOpenApiOperationObject {
  return {
    summary,
    operationId,
    tags: [tag],
    security: API_KEY,
    requestParams: { query: listQuery, ...extra.requestParams },
    responses: { '200': ok('One page, newest first.', page), '400': BAD_REQUEST, ...COMMON, ...extra.responses },
  };
}

function one(summary: string, operationId: string, tag: string, schema: z.ZodType): ZodOpenApiOperationObject {
  return {
    summary,
    operationId,
    tags: [tag],
    security: API_KEY,
    requestParams: { path: idParams },
    responses: { '200': ok(summary, schema), '404': NOT_FOUND, ...COMMON },
  };
}

const PATHS: ZodOpenApiPathsObject = {
  '/members': { get: list('List members', 'listMembers', 'Members', memberPage) },
  '/members/{id}': { get: one('Get a member', 'getMember', 'Members', memberSchema) },
  '/files': {
    get: list('List files', 'listFiles', 'Files', filePage),
    post: {
      summary: 'Upload a file',
      description: 'Stores the file and shares it with a member (`user_id`) and/or roles (`assigned_roles`).',
      operationId: 'uploadFile',
      tags: ['Files'],
      security: API_KEY,
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
      description:
        'Streams the file. Works with the API key, or without it through the signed `download_url` of the file.',
      operationId: 'downloadFile',
      tags: ['Files'],
      security: [{ apiKey: [] }, {}],
      requestParams: { path: idParams, query: downloadQuery },
      responses: {
        '200': {
          description: 'The file.',
          headers: rateLimitHeaders,
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '404': NOT_FOUND,
        ...COMMON,
      },
    },
  },
  '/forms': { get: list('List forms', 'listForms', 'Forms', formPage) },
  '/forms/{id}': { get: one('Get a form with its questions and theme', 'getForm', 'Forms', formDetailSchema) },
  '/forms/{id}/responses': {
    get: list('List the responses to a form', 'listFormResponses', 'Forms', formResponsePage, {
      requestParams: { path: idParams },
      responses: { '404': NOT_FOUND },
    }),
  },
  '/invitations': {
    post: {
      summary: 'Invite someone to the workspace',
      description:
        'Emails an invitation (when the server sends email) and answers its link. The plan’s client limit applies. Inviting an address again replaces its earlier invitation, whose link stops working.',
      operationId: 'createInvitation',
      tags: ['Invitations'],
      security: API_KEY,
      requestBody: { required: true, content: json(invitationBody) },
      responses: {
        '201': { description: 'The invitation.', headers: rateLimitHeaders, content: json(invitationCreatedSchema) },
        '400': BAD_REQUEST,
        '409': problem('Conflict', 'The person is already a member, or the plan’s client limit is reached.'),
        ...COMMON,
      },
    },
  },
};

/** Tags of the public API, in the order the Integrations page shows them. */
export const PUBLIC_API_TAGS = [
  { name: 'Members', description: 'People in the workspace.' },
  { name: 'Files', description: 'Files shared in the workspace.' },
  { name: 'Forms', description: 'Forms and their responses.' },
  { name: 'Invitations', description: 'Invite people to the workspace.' },
];

export const publicApiPaths: ZodOpenApiPathsObject = Object.fromEntries(
  Object.entries(PATHS).map(([path, item]) => [`${PUBLIC_API_PREFIX}${path}`, item]),
);
