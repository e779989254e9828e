import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/harness';
import { readOpenApi } from '../../frontend/src/features/integrations/openapi';
import { publicApiGuards } from '../src/http/guards';
import { mountRoutes } from '../src/http/mount';
import { PUBLIC_API_ROUTES } from '../src/public/routes';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every `METHOD /path` the router mounted under /api/v1 registers, in OpenAPI's `{param}` form. */
function registeredOperations(): string[] {
  const router = mountRoutes(app.ctx, PUBLIC_API_ROUTES, publicApiGuards) as unknown as { stack: RouteLayer[] };
  return router.stack.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map(
          (method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`,
        )
      : [],
  );
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

describe('GET /api/openapi.json', () => {
  it('is served without a session or key and validates as OpenAPI 3.1', async () => {
    const res = await app.request('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Every $ref points at something that exists.
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('names every route the /api/v1 router has under /v1, each behind the API key', async () => {
    const { body } = await app.request('GET', '/openapi.json');
    const documented = Object.entries(body.paths as Record<string, Record<string, { security?: unknown }>>)
      .filter(([path]) => path.startsWith('/v1/'))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([key]) => HTTP_METHODS.includes(key))
          .map(([method, operation]) => {
            expect(operation.security, `${method} ${path}`).toContainEqual({ apiKey: [] });
            return `${method.toUpperCase()} ${path.slice('/v1'.length)}`;
          }),
      );
    const registered = registeredOperations();
    expect(registered.length).toBeGreaterThanOrEqual(10);
    expect(documented.sort()).toEqual(registered.sort());
  });

  it('shows the Integrations page the public API alone, at /api/v1, with the key as its only scheme', async () => {
    const { body } = await app.request('GET', '/openapi.json');
    const reference = readOpenApi(body, { securityScheme: 'apiKey' });
    expect(reference.serverUrl).toBe('/api/v1');
    expect(reference.auth.map((scheme) => scheme.name)).toEqual(['apiKey']);
    expect(reference.groups.map((group) => group.name)).toEqual([
      'Members',
      'Files',
      'Forms',
      'Invitations',
      'Messages',
    ]);
    const shown = reference.groups.flatMap((group) =>
      group.operations.map((operation) => `${operation.method} ${operation.path}`),
    );
    expect(shown.sort()).toEqual(registeredOperations().sort());
  });

  it('describes the bearer key, the server, parameters, bodies, rate-limit headers and the error shape', async () => {
    const { body } = await app.request('GET', '/openapi.json');
    expect(body.servers).toEqual([{ url: '/api', description: expect.any(String) }]);
    expect(body.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(body.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { type: 'string' }, code: { type: 'string' } },
    });

    const listMembers = body.paths['/v1/members'].get;
    expect(listMembers.security).toEqual([{ apiKey: [] }]);
    expect(listMembers.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          in: 'query',
          name: 'limit',
          schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 25 }),
        }),
        expect.objectContaining({ in: 'query', name: 'cursor' }),
      ]),
    );
    expect(Object.keys(listMembers.responses).sort()).toEqual(['200', '400', '401', '403', '429', '503']);
    expect(Object.keys(listMembers.responses['200'].headers).sort()).toEqual([
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
    ]);
    expect(Object.keys(listMembers.responses['429'].headers)).toContain('Retry-After');
    expect(body.components.schemas.MemberPage.required).toEqual(['data', 'next_cursor']);

    expect(body.paths['/v1/members/{id}'].get.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    const upload = body.paths['/v1/files'].post.requestBody.content['multipart/form-data'].schema;
    expect(upload.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.required).toEqual(['file']);
    const invite = body.paths['/v1/invitations'].post.requestBody.content['application/json'].schema;
    expect(invite.required).toEqual(['email', 'role']);
    // The download may be opened through its signed link, without the key.
    expect(body.paths['/v1/files/{id}/download'].get.security).toEqual([{ apiKey: [] }, {}]);
    for (const [path, item] of Object.entries(
      body.paths as Record<string, Record<string, { operationId?: string; tags?: string[] }>>,
    )) {
      for (const operation of Object.values(item)) {
        expect(operation.operationId, path).toBeTruthy();
        expect(operation.tags?.length, path).toBe(1);
      }
    }
  });
});
