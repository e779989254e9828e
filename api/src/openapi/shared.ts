import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorSchema, uploadBody } from '../public/schemas';
import { optionalTenantHeader, sessionLinkQuery, tenantHeader } from './operations';

/*
 * Building blocks of the portal's operations (the web app's own calls under /api). Request schemas
 * come from the route files that parse them; this file only says how a call is authenticated and
 * which answers it can give.
 */

/** The document's one server; every path is relative to it. */
export const API_SERVER = '/api';
/** Where the public API's paths start, below the server. */
export const PUBLIC_API_PREFIX = '/v1';

export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/**
 * How a portal call is authenticated: `public` needs nothing, `session` the bearer access token,
 * `workspace` the token and `x-tenant-id`, `signedLink` the same as workspace or, instead, the
 * query of a signed link from `POST /files/{id}/link`.
 */
export type Access = 'public' | 'session' | 'workspace' | 'signedLink';

type ErrorStatus = '400' | '401' | '403' | '404' | '409' | '413' | '415' | '429' | '503';

/** What an operation's own code refuses, by status: one or more sentences each. */
export type Refusals = Partial<Record<ErrorStatus, string>>;

export interface PortalOperation {
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  path?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** The call also does its work without a body (a missing body is read as `{}`). */
  bodyOptional?: true;
  /** A multipart/form-data body. */
  multipart?: z.ZodObject;
  /** The success answer, by status. */
  success: ZodOpenApiResponsesObject;
  refusals?: Refusals;
}

const SECURITY: Record<Access, ZodOpenApiOperationObject['security']> = {
  public: [],
  session: [{ session: [] }],
  workspace: [{ session: [] }],
  signedLink: [{ session: [] }, {}],
};

/** What the middleware in front of a call refuses, before the call's own code runs. */
const MIDDLEWARE_REFUSALS: Record<Access, Refusals> = {
  public: {},
  session: {
    '401':
      'No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too.',
  },
  workspace: {
    '400': 'The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`).',
    '401':
      'No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too.',
    '403':
      'Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`).',
    '404': 'For a super admin: the workspace does not exist.',
  },
  signedLink: {
    '400': 'With the bearer token: the `x-tenant-id` header is missing or is not a UUID.',
    '401':
      'No session, or an expired or revoked one; or the signed link was altered (`link_invalid`) or has expired (`link_expired`).',
    '403': 'Not a member of this workspace, or the membership or the workspace is suspended.',
    '404': 'For a super admin: the workspace does not exist.',
  },
};

const INVALID_INPUT: Refusals = { '400': 'The input is not valid; `error` names the first problem.' };
/** express.json in front of every route. */
const JSON_BODY_REFUSALS: Refusals = {
  '400': 'The body is not valid JSON.',
  '413': 'The JSON body is larger than 1 MB.',
};

function problem(description: string): ZodOpenApiResponseObject {
  return { description, content: json(errorSchema) };
}

/** Joins the sentences of the layers that may refuse with the same status, outermost first. */
function refusalResponses(...layers: Refusals[]): ZodOpenApiResponsesObject {
  const sentences = new Map<string, string[]>();
  for (const layer of layers) {
    for (const [status, sentence] of Object.entries(layer))
      sentences.set(status, [...(sentences.get(status) ?? []), sentence]);
  }
  return Object.fromEntries([...sentences].map(([status, parts]) => [status, problem(parts.join(' '))]));
}

export function portalOperation(spec: PortalOperation): ZodOpenApiOperationObject {
  const header =
    spec.access === 'workspace' ? tenantHeader : spec.access === 'signedLink' ? optionalTenantHeader : undefined;
  const query = spec.access === 'signedLink' ? sessionLinkQuery.extend(spec.query?.shape ?? {}) : spec.query;
  const input = spec.query || spec.body || spec.multipart ? INVALID_INPUT : {};
  const jsonBody = spec.body ? JSON_BODY_REFUSALS : {};
  const requestParams = {
    ...(spec.path ? { path: spec.path } : {}),
    ...(query ? { query } : {}),
    ...(header ? { header } : {}),
  };
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [spec.tag],
    security: SECURITY[spec.access],
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(spec.body ? { requestBody: { required: !spec.bodyOptional, content: json(spec.body) } } : {}),
    ...(spec.multipart
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: spec.multipart } } } }
      : {}),
    responses: {
      ...spec.success,
      ...refusalResponses(MIDDLEWARE_REFUSALS[spec.access], input, jsonBody, spec.refusals ?? {}),
    },
  };
}

/** A JSON answer. */
export function answer(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, content: json(schema) };
}

/** A success without a body (204). */
export function noContent(description: string): ZodOpenApiResponseObject {
  return { description };
}

/** A file streamed as it is stored, or made on the fly (`text/csv`, `application/zip`). */
export function fileAnswer(description: string, mediaType: string): ZodOpenApiResponseObject {
  return { description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } };
}

/**
 * A body the route builds by hand, without a zod schema: the object's top-level keys, each with
 * what it holds in words, so the document never claims more than the route promises.
 */
export function keysOf(keys: Record<string, z.ZodType | string>) {
  return z.object(
    Object.fromEntries(
      Object.entries(keys).map(([key, value]) => [key, typeof value === 'string' ? described(value) : value]),
    ),
  );
}

/** Words for an object the route sends: its field names, as code. */
export const objectOf = (fields: string) => `\`{${fields}}\`.`;

/** Words for a list of such objects. */
export const listOf = (fields: string) => `\`[{${fields}}]\`.`;

/** A value the document does not spell out further, described in words. */
export const described = (description: string) => z.unknown().meta({ description });

/** The file part of a multipart upload, as the public API's upload describes it (at most `MAX_UPLOAD_MB`). */
export const filePart = uploadBody.shape.file;
