import type { FeatureFlagKey } from '@portico/common';
import {
  inTransaction,
  notFound,
  refuseWhileReadOnly,
  type AppContext,
  type ServiceContext,
  type TenantScope,
} from '@portico/core';
import { authorize } from '../policies';
import { Router, type RequestHandler } from 'express';
import type { z } from 'zod';
import { flagsOfRoute, refuseCapabilitiesOff, requireFlags } from '../middleware/feature-flags';
import { markRoute } from './declared-route';
import { apiKeyScopeOf, sessionOf, workspaceOf, workspaceScopeOf } from './request';
import {
  isJsonAnswer,
  isStreamAnswer,
  refusedWhileReadOnly,
  successStatus,
  type AnyRoute,
  type Guard,
  type RouteGroup,
} from './route';
import { parse } from './validate';

/** The middleware a guard puts in front of one of its routes, outermost first (a route may also take a signed link). */
export type GuardHandlers = (guard: Guard, route: AnyRoute) => RequestHandler[];

/** A path parameter that does not parse names nothing: 404 with the schema's sentence. */
function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw notFound(result.error.issues[0]?.message ?? 'There is nothing at this address.');
}

/** What the guard established for the handler: the session, the workspace and its scope, or the API key's scope. */
function guardParts(guard: Guard, req: Parameters<RequestHandler>[0]) {
  switch (guard) {
    case 'public':
      return {};
    case 'session':
    case 'platform':
      return { session: sessionOf(req) };
    case 'workspace':
      return { session: sessionOf(req), workspace: workspaceOf(req), scope: workspaceScopeOf(req) };
    case 'apiKey':
      return { scope: apiKeyScopeOf(req) };
  }
}

/**
 * The answer of a JSON route, checked against its declared schema when NODE_ENV=test, so a test
 * of any route fails when what it sends drifts from what the document says.
 */
function checkedAnswer(ctx: AppContext, route: AnyRoute, status: number, answer: unknown): unknown {
  const spec = route.responses[status];
  if (!spec || !isJsonAnswer(spec) || ctx.config.env !== 'test') return answer;
  // The schema describes the wire, so dates are checked as the JSON strings they become.
  const result = spec.schema.safeParse(JSON.parse(JSON.stringify(answer ?? null)));
  if (!result.success)
    throw new Error(
      `${route.method.toUpperCase()} ${route.path} answered ${status} with a body its schema refuses: ${JSON.stringify(result.error.issues.slice(0, 5))}`,
    );
  return answer;
}

/** The route's declared rule of who may call it, for the scope its guard established. */
function authorizeRoute(route: AnyRoute, scope: TenantScope | undefined): void {
  if (!scope) throw new Error(`${route.path}: only workspace and API-key routes declare who may call them.`);
  if (typeof route.authorize === 'function') route.authorize(scope);
  else authorize(scope, route.authorize!);
}

function handlerOf(ctx: AppContext, guard: Guard, route: AnyRoute, flags: readonly FeatureFlagKey[]): RequestHandler {
  return async (req, res) => {
    const parts = guardParts(guard, req);
    if (parts.scope) refuseCapabilitiesOff(parts.scope.tenant, flags);
    // From the tenant the guard loaded (cached, and dropped on every process when a Tenant changes).
    if (parts.scope && refusedWhileReadOnly(guard, route)) refuseWhileReadOnly(ctx, parts.scope.tenant);
    if (route.authorize) authorizeRoute(route, parts.scope);
    const params = route.params ? parseParams(route.params, req.params) : undefined;
    const query = route.query ? parse(route.query, req.query) : undefined;
    const body = route.body ? parse(route.body, req.body) : undefined;
    const call = { req, res, params, query, body, ...parts };
    // The handler may choose another declared status (res.status) before it returns.
    res.status(successStatus(route));
    const run = (callCtx: ServiceContext) => route.handle({ ...call, ctx: callCtx } as never);
    const answer = route.transaction
      ? await inTransaction(ctx, (transaction) => run({ ...ctx, transaction }))
      : await run(ctx);
    const spec = route.responses[res.statusCode];
    if (spec && isStreamAnswer(spec)) return;
    if (spec && isJsonAnswer(spec)) res.json(checkedAnswer(ctx, route, res.statusCode, answer));
    else res.end();
  };
}

/** Express path of a declaration (`/files/:id`) for OpenAPI (`/files/{id}`). */
export function documentedPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/**
 * A router that matches paths exactly as declared. Express matches without regard to letter case
 * unless told otherwise, so `/api/FILES` reached the files routes while anything that read the path
 * as written (the feature flags did) saw another area (issue 25). Every router of the app is one of these.
 */
export function exactRouter(): Router {
  return Router({ caseSensitive: true });
}

/**
 * One router serving the groups' routes, each behind its group's guard (applied by construction,
 * route by route, so a guard never reaches a path of another group). The feature flags a route's
 * area needs are read from its declaration here: the platform's before the guard, the workspace's
 * once the guard knows the workspace.
 */
export function mountRoutes(ctx: AppContext, groups: readonly RouteGroup[], guards: GuardHandlers): Router {
  const router = exactRouter();
  for (const group of groups) {
    for (const route of group.routes) {
      const flags = flagsOfRoute(route.path);
      router[route.method](
        route.path,
        markRoute(route.path),
        ...requireFlags(ctx, flags),
        ...guards(group.guard, route),
        handlerOf(ctx, group.guard, route, flags),
      );
    }
  }
  return router;
}
