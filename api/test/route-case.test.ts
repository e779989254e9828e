import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import type { RouteGroup } from '../src/http/route';
import { PUBLIC_API_ROUTES } from '../src/public/routes';
import { WEB_APP_ROUTES } from '../src/routes';
import { createKey } from './public-api-support';

/*
 * Routing is case-sensitive (issue 25): Express matched `/api/FILES` to the files routes while the
 * feature flags read the path as written. Every declared route, spelled in capitals, must reach no
 * handler, even for a caller every guard lets through (a super admin in a workspace, a valid key).
 */

let app: TestApp;
let root: Person;
let tenantId: string;
let apiKey: string;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
  const workspace = await makeWorkspace(app, { tier: 'pro' });
  tenantId = workspace.tenant.id;
  apiKey = (await createKey(app, workspace.tenant, workspace.admin)).key;
});
afterAll(() => app.close());

/** Each declared route as `[METHOD, path]`, its parameters filled in. */
function declared(groups: readonly RouteGroup[]): [string, string][] {
  return groups.flatMap((group) =>
    group.routes.map((route): [string, string] => [
      route.method.toUpperCase(),
      route.path.replace(/:\w+/g, () => randomUUID()),
    ]),
  );
}

async function expectNoRoute(method: string, path: string, token: string): Promise<void> {
  const res = await app.request(method, path, { token, tenantId, body: method === 'GET' ? undefined : {} });
  expect(res.status, `${method} /api${path}: ${JSON.stringify(res.body)}`).toBe(404);
  expect(res.body.error, `${method} /api${path}`).toMatch(/^There is no [A-Z]+ \S+ endpoint\.$/);
}

it('no declared route of the web app answers its path in capitals', async () => {
  const routes = declared(WEB_APP_ROUTES);
  expect(routes.length).toBeGreaterThan(100);
  for (const [method, path] of routes) {
    expect(path.toUpperCase()).not.toBe(path);
    await expectNoRoute(method, path.toUpperCase(), root.token);
  }
});

it('no declared route of the public API answers its path, or its /v1 prefix, in capitals', async () => {
  for (const [method, path] of declared(PUBLIC_API_ROUTES)) {
    await expectNoRoute(method, `/v1${path.toUpperCase()}`, apiKey);
    await expectNoRoute(method, `/V1${path}`, apiKey);
  }
});
