import { z } from 'zod';
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
  ZodOpenApiResponsesObject,
} from 'zod-openapi';
import { documentedPath } from '../http/mount';
import {
  isJsonAnswer,
  isStreamAnswer,
  READ_ONLY_REFUSAL,
  refusedWhileReadOnly,
  type AnswerSpec,
  type AnyRoute,
  type Guard,
  type Refusals,
  type RouteGroup,
} from '../http/route';
import { errorSchema } from '../public/schemas';

/*
 * The OpenAPI operation of a declared route: its own schemas, summary and refusals, plus what its
 * group's guard adds (security, the `x-tenant-id` header, a signed link's query, the guard's own
 * refusals, the public API's rate-limit headers).
 */

export const json = <T extends z.ZodType>(schema: T) => ({ 'application/json': { schema } });

/** The `x-tenant-id` header the workspace guard reads. */
const tenantId = z.guid().meta({
  description:
    'The workspace the call acts in: the id of a workspace the caller is a member of (super admins: any workspace).',
  param: { id: 'TenantId' },
});
export const tenantHeader = z.object({ 'x-tenant-id': tenantId });
/** With a signed link the workspace comes from the link, so the header is needed only with the bearer token. */
export const optionalTenantHeader = z.object({
  'x-tenant-id': z
    .guid()
    .optional()
    .meta({ description: 'The workspace; required with the bearer token, not with a signed link.' }),
});

/** The query of a signed link of the web app (`POST /files/{id}/link`). */
export const sessionLinkQuery = z.object({
  uid: z.guid().optional().meta({ description: 'Signed link: the user it was made for.' }),
  tid: z.guid().optional().meta({ description: 'Signed link: the workspace.' }),
  fam: z.guid().optional().meta({ description: 'Signed link: the session (refresh-token family).' }),
  exp: z.string().optional().meta({ description: 'Signed link: expiry, Unix seconds.' }),
  sig: z.string().optional().meta({ description: 'Signed link: HMAC signature.' }),
});

/** The query of a public API file's `download_url`. */
const keyLinkQuery = z.object({
  kid: z.string().optional().meta({ description: 'Signed link: the API key the link was made for.' }),
  tid: z.string().optional().meta({ description: 'Signed link: the workspace.' }),
  exp: z.string().optional().meta({ description: 'Signed link: expiry, Unix seconds.' }),
  sig: z.string().optional().meta({ description: 'Signed link: HMAC signature.' }),
});

const SESSION_REFUSED =
  'No session, or an expired or revoked one (`no_session`, `invalid_token`, `session_revoked`); API keys are refused here too.';

/** What the guard in front of a route refuses, before the route's own code runs. */
const GUARD_REFUSALS: Record<Guard, Refusals> = {
  public: {},
  session: { 401: SESSION_REFUSED },
  platform: { 401: SESSION_REFUSED, 403: 'Only platform super admins can do that.' },
  workspace: {
    400: 'The `x-tenant-id` header is missing (`tenant_required`) or is not a UUID (`tenant_malformed`).',
    401: SESSION_REFUSED,
    403: 'Not a member of this workspace (`not_a_member`), or the membership or the workspace is suspended (`membership_suspended`, `tenant_suspended`).',
    404: 'For a super admin: the workspace does not exist.',
  },
  apiKey: {
    401: 'No API key, or an unknown or revoked one (`Invalid API key.`). Sessions of the web app are not accepted here.',
    403: "The workspace's plan has no API access (`plan_required`), or the workspace is suspended (`tenant_suspended`).",
    429: 'This key made more calls this minute than `API_RATE_LIMIT_PER_MINUTE` allows (`rate_limited`); `Retry-After` says when to call again.',
    503: 'The rate-limit store (Redis) did not answer in time (`rate_limit_unavailable`); try again shortly.',
  },
};

const SIGNED_LINK_REFUSALS: Refusals = {
  401: 'The signed link was altered (`link_invalid`) or has expired (`link_expired`).',
};
const INVALID_INPUT: Refusals = { 400: 'The input is not valid; `error` names the first problem.' };
/** express.json in front of every route. */
const JSON_BODY_REFUSALS: Refusals = { 400: 'The body is not valid JSON.', 413: 'The JSON body is larger than 1 MB.' };

/** Every answer of the public API says how much of the key's minute is left. */
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
const retryAfterHeaders = rateLimitHeaders.extend({
  'Retry-After': z
    .number()
    .int()
    .nonnegative()
    .meta({ description: 'Seconds to wait before calling again.', header: { id: 'Retry-After' } }),
});

/** A redirect's one header. */
const locationHeaders = z.object({
  Location: z.string().meta({ description: 'Where the browser goes next.', header: { id: 'Location' } }),
});

/** Joins the sentences of the layers that may refuse with the same status, outermost first. */
function refusalResponses(guard: Guard, layers: Refusals[]): ZodOpenApiResponsesObject {
  const sentences = new Map<string, string[]>();
  for (const layer of layers) {
    for (const [status, sentence] of Object.entries(layer))
      sentences.set(status, [...(sentences.get(status) ?? []), sentence]);
  }
  return Object.fromEntries(
    [...sentences].map(([status, parts]): [string, ZodOpenApiResponseObject] => {
      const headers =
        guard !== 'apiKey' || status === '401' ? undefined : status === '429' ? retryAfterHeaders : rateLimitHeaders;
      return [status, { description: parts.join(' '), ...(headers ? { headers } : {}), content: json(errorSchema) }];
    }),
  );
}

function successResponses(guard: Guard, route: AnyRoute): ZodOpenApiResponsesObject {
  const headers = guard === 'apiKey' ? { headers: rateLimitHeaders } : {};
  return Object.fromEntries(
    Object.entries<AnswerSpec>(route.responses).map(([status, answer]): [string, ZodOpenApiResponseObject] => {
      if (isJsonAnswer(answer))
        return [status, { description: answer.description, ...headers, content: json(answer.schema) }];
      if (isStreamAnswer(answer))
        return [
          status,
          {
            description: answer.description,
            ...headers,
            content: { [answer.mediaType]: { schema: { type: 'string', format: 'binary' } } },
          },
        ];
      if (status.startsWith('3')) return [status, { description: answer.description, headers: locationHeaders }];
      return [status, { description: answer.description, ...headers }];
    }),
  );
}

function security(guard: Guard, route: AnyRoute): ZodOpenApiOperationObject['security'] {
  const scheme = guard === 'public' ? [] : [{ [guard === 'apiKey' ? 'apiKey' : 'session']: [] }];
  return route.signedLink ? [...scheme, {}] : scheme;
}

export function operationOf(guard: Guard, tag: string, route: AnyRoute): ZodOpenApiOperationObject {
  const header = guard === 'workspace' ? (route.signedLink ? optionalTenantHeader : tenantHeader) : undefined;
  const linkQuery = route.signedLink ? (guard === 'apiKey' ? keyLinkQuery : sessionLinkQuery) : undefined;
  const query = linkQuery ? linkQuery.extend(route.query?.shape ?? {}) : route.query;
  const requestParams = {
    ...(route.params ? { path: route.params } : {}),
    ...(query ? { query } : {}),
    ...(header ? { header } : {}),
  };
  const input = route.query || route.body || route.multipart ? INVALID_INPUT : {};
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [tag],
    security: security(guard, route),
    ...(Object.keys(requestParams).length > 0 ? { requestParams } : {}),
    ...(route.body ? { requestBody: { required: !route.bodyOptional, content: json(route.body) } } : {}),
    ...(route.multipart
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: route.multipart } } } }
      : {}),
    responses: {
      ...successResponses(guard, route),
      ...refusalResponses(guard, [
        GUARD_REFUSALS[guard],
        route.signedLink ? SIGNED_LINK_REFUSALS : {},
        input,
        route.body ? JSON_BODY_REFUSALS : {},
        refusedWhileReadOnly(guard, route) ? READ_ONLY_REFUSAL : {},
        route.refusals ?? {},
      ]),
    },
  };
}

/** The paths of declared routes, each group's under the path it is mounted at (`/v1` for the public API). */
export function declaredPaths(groups: ReadonlyArray<{ basePath: string; group: RouteGroup }>): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const { basePath, group } of groups) {
    for (const route of group.routes) {
      const path = documentedPath(`${basePath}${route.path}`);
      const item = (paths[path] ??= {});
      if (item[route.method]) throw new Error(`Two routes declare ${route.method.toUpperCase()} ${path}.`);
      item[route.method] = operationOf(group.guard, group.tag.name, route);
    }
  }
  return paths;
}
