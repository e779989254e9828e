import { recordErrorTrace, tracePayload, withoutSentValues, type AppContext } from '@portico/core';
import type { Request, RequestHandler, Response } from 'express';
import { routeLabel } from './declared-route';

/** What went wrong, as the error handler saw it, for the answer's trace. */
export function noteFailure(res: Response, error: unknown): void {
  res.locals.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * The parts of the request's path the caller chose: the segments that are not literally in the
 * declared route (its parameters, such as an invitation's token), or every segment when no route
 * was declared for it.
 */
function pathValues(req: Request): string[] {
  const declared = new Set((req.routeTemplate ?? '').split('/'));
  return req.originalUrl
    .split('?')[0]!
    .split('/')
    .filter((segment) => segment && !declared.has(segment))
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** Every value the caller sent, for `withoutSentValues`: the body's, the query's and the path's own. */
export function sentValues(req: Request): unknown[] {
  return [req.body, req.query, pathValues(req)];
}

/**
 * Keeps a trace of every answer with a 5xx status for the Error Explorer: when, which declared
 * route, the request id, the workspace, the status, the error and the body's shape — no value the
 * caller sent (`console/error-traces.ts`): the error's text has the body's, the query's and the
 * path's values taken out.
 */
export function errorTraces(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (res.statusCode < 500) return;
      const failure = typeof res.locals.failure === 'string' ? res.locals.failure : null;
      void recordErrorTrace(ctx, {
        method: req.method,
        endpoint: routeLabel(req),
        request_id: req.id ?? null,
        tenant_id: req.workspace?.tenant.id ?? req.apiKeyScope?.tenantId ?? null,
        status: res.statusCode,
        error: failure && withoutSentValues(failure, ...sentValues(req)),
        payload: tracePayload(req.body),
      });
    });
    next();
  };
}
