import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createApp } from '../src/app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** What this test reads of Express 5's router stack: routes, and routers mounted at a path. */
interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  rawPath?: string | RegExp | Array<string | RegExp>;
  handle: { stack?: Layer[] };
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ $ref?: string; in?: string; name?: string }>;
}

interface Document {
  servers: Array<{ url: string }>;
  tags: Array<{ name: string }>;
  'x-tagGroups': Array<{ name: string; tags: string[] }>;
  paths: Record<string, Record<string, Operation>>;
  components: { parameters?: Record<string, { in: string; name: string }> };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Every `METHOD /path` a router stack registers, mount paths joined in front, `:id` written `{id}`. */
function routesOf(stack: Layer[], prefix: string): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const path = `${prefix}${layer.route.path}`.replace(/:(\w+)/g, '{$1}');
      return Object.keys(layer.route.methods).map((method) => `${method.toUpperCase()} ${path}`);
    }
    const mounted = layer.handle.stack;
    if (!mounted) return [];
    return [layer.rawPath ?? '/'].flat().flatMap((mountPath) => {
      if (typeof mountPath !== 'string')
        throw new Error(`A router is mounted at ${String(mountPath)}; this test reads string paths only.`);
      return routesOf(mounted, mountPath === '/' ? prefix : `${prefix}${mountPath}`);
    });
  });
}

/** The (method, path) pairs the real app serves under /api, relative to /api. */
function registeredOperations(): string[] {
  const { app: express } = createApp(app.ctx);
  const { stack } = (express as unknown as { router: { stack: Layer[] } }).router;
  return routesOf(stack, '')
    .map((operation) => operation.split(' ') as [string, string])
    .filter(([, path]) => path.startsWith('/api/'))
    .map(([method, path]) => `${method} ${path.slice('/api'.length)}`);
}

async function openApiDocument(): Promise<Document> {
  const { status, body } = await app.request<Document>('GET', '/openapi.json');
  expect(status).toBe(200);
  return body;
}

function operationsOf(doc: Document): Array<{ key: string; method: string; path: string; operation: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        operation,
      })),
  );
}

/** Whether the operation documents the `x-tenant-id` header, itself or through a component. */
function takesTenantHeader(doc: Document, operation: Operation): boolean {
  return (operation.parameters ?? []).some((parameter) => {
    const resolved = parameter.$ref ? doc.components.parameters?.[parameter.$ref.split('/').pop() ?? ''] : parameter;
    return resolved?.in === 'header' && resolved.name === 'x-tenant-id';
  });
}

describe('the OpenAPI document covers the API', () => {
  it('documents exactly the operations the app registers under /api, relative to the server /api', async () => {
    const doc = await openApiDocument();
    expect(doc.servers.map((server) => server.url)).toEqual(['/api']);
    const registered = registeredOperations();
    expect(registered).toEqual(
      expect.arrayContaining(['GET /health', 'POST /auth/login', 'GET /v1/members', 'GET /files/{id}/download']),
    );
    expect(registered.length).toBe(new Set(registered).size);
    const documented = operationsOf(doc).map((entry) => entry.key);
    expect(
      registered.filter((operation) => !documented.includes(operation)),
      'registered but not documented',
    ).toEqual([]);
    expect(
      documented.filter((operation) => !registered.includes(operation)),
      'documented but not registered',
    ).toEqual([]);
  });

  it('gives each operation its own id, a summary and one declared tag, each tag in one group', async () => {
    const doc = await openApiDocument();
    const operations = operationsOf(doc).map(({ key, operation }) => ({ key, ...operation }));
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    const declared = doc.tags.map((tag) => tag.name);
    expect(
      operations
        .filter(
          (operation) => !operation.summary || operation.tags?.length !== 1 || !declared.includes(operation.tags[0]!),
        )
        .map((operation) => operation.key),
    ).toEqual([]);
    expect(doc['x-tagGroups'].flatMap((group) => group.tags).sort()).toEqual([...declared].sort());
  });

  it('asks for the credentials each operation documents: none, a session, an API key, and x-tenant-id', async () => {
    const doc = await openApiDocument();
    const { admin } = await makeWorkspace(app);
    const mismatches: string[] = [];
    for (const { key, method, path, operation } of operationsOf(doc)) {
      const url = path.replace(/\{\w+\}/g, () => randomUUID());
      if (!operation.security) {
        mismatches.push(`${key}: states no security`);
        continue;
      }
      const schemes = operation.security.flatMap((requirement) => Object.keys(requirement));
      const optional = operation.security.some((requirement) => Object.keys(requirement).length === 0);

      const anonymous = await app.request(method, url);
      if (schemes.length === 0 && anonymous.status === 401)
        mismatches.push(`${key}: documented without security, answers 401`);
      if (schemes.length > 0 && !optional) {
        const expected = schemes.includes('session') ? 'no_session' : 'invalid_api_key';
        if (anonymous.status !== 401 || anonymous.body?.code !== expected)
          mismatches.push(
            `${key}: without credentials answers ${anonymous.status} ${anonymous.body?.code}, not 401 ${expected}`,
          );
      }

      if (schemes.includes('session')) {
        const withoutWorkspace = await app.request(method, url, { token: admin.token });
        const asksForWorkspace = withoutWorkspace.body?.code === 'tenant_required';
        if (asksForWorkspace !== takesTenantHeader(doc, operation))
          mismatches.push(
            `${key}: ${asksForWorkspace ? 'needs' : 'does not need'} x-tenant-id, the document says otherwise`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
