import { createDocument } from 'zod-openapi';
import type { RouteGroup } from './http/route';
import { declaredPaths } from './openapi/operations';
import { PUBLIC_API_ROUTES } from './public/routes';

/*
 * The OpenAPI 3.1 document of every endpoint under /api (`GET /api/openapi.json`), generated with
 * zod-openapi from the zod schemas that validate the requests. Paths are relative to the one
 * server, `/api`: the public API's under `/v1` (security `apiKey`), the web app's own beside them
 * (security `session`). The Integrations page shows the `apiKey` operations only. The web app's
 * groups are handed in, not imported: one of them serves this document (`routes/index.ts`).
 */

/** The document's one server; every path is relative to it. */
const API_SERVER = '/api';
/** Where the public API's paths start, below the server. */
const PUBLIC_API_PREFIX = '/v1';

const DESCRIPTION = `The HTTP API of a Portico server: the public API (the operations that take an API key, under \`/v1\`)
and the web app's own calls (security \`session\`).

**Keys.** Workspace admins create API keys under Integrations → API Access (Pro and Advanced plans).
Send the key as \`Authorization: Bearer ptk_…\`. A key is bound to its workspace, opens only the public API,
and stops working the moment it is revoked.

**Pages.** Lists of the public API answer \`{data, next_cursor}\`, newest first; pass \`next_cursor\` as
\`cursor\` for the next page and set \`limit\` (1–100, default 25).

**Limits.** Each key may make a set number of calls a minute; every answer carries \`RateLimit-Limit\`,
\`RateLimit-Remaining\` and \`RateLimit-Reset\`, and past the limit the API answers 429 with \`Retry-After\`.

**Errors.** Every error is \`{error, code?}\`, with a sentence a person can read. While the server cannot reach
its database any call may answer 503 (\`database_unavailable\`) with \`Retry-After\`.`;

export function buildOpenApiDocument(webAppRoutes: readonly RouteGroup[]) {
  const publicApiTags = PUBLIC_API_ROUTES.map((group) => group.tag);
  const portalTags = webAppRoutes
    .map((group) => group.tag)
    .filter((tag, i, all) => all.findIndex((t) => t.name === tag.name) === i);
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Portico API', version: '1', description: DESCRIPTION },
    servers: [{ url: API_SERVER, description: 'This Portico server' }],
    tags: [...publicApiTags, ...portalTags],
    'x-tagGroups': [
      { name: 'Public API', tags: publicApiTags.map((tag) => tag.name) },
      { name: 'Web app', tags: portalTags.map((tag) => tag.name) },
    ],
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ptk_…',
          description: 'An API key of the workspace, created under Integrations → API Access.',
        },
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The `access_token` of `POST /auth/login` (or sign-up, or refresh); it lasts `ACCESS_TOKEN_TTL_SECONDS` (15 minutes by default). Calls that act in a workspace also send its id in `x-tenant-id`.',
        },
      },
    },
    paths: {
      ...declaredPaths([
        ...PUBLIC_API_ROUTES.map((group) => ({ basePath: PUBLIC_API_PREFIX, group })),
        ...webAppRoutes.map((group) => ({ basePath: '', group })),
      ]),
    },
  });
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
