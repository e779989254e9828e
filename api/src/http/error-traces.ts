import { recordErrorTrace, tracePayload, type AppContext } from '@portico/core';
import type { RequestHandler, Response } from 'express';
import { routeLabel } from './metrics';

/** What went wrong, as the error handler saw it, for the answer's trace. */
export function noteFailure(res: Response, error: unknown): void {
  res.locals.failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Keeps a trace of every answer with a 5xx status for the Error Explorer: when, which declared
 * route, the request id, the workspace, the status, the error and a redacted payload excerpt.
 */
export function errorTraces(ctx: AppContext): RequestHandler {
  return (req, res, next) => {
    res.once('finish', () => {
      if (res.statusCode < 500) return;
      void recordErrorTrace(ctx, {
        method: req.method,
        endpoint: routeLabel(req),
        request_id: req.id ?? null,
        tenant_id: req.workspace?.tenant.id ?? req.apiKeyScope?.tenantId ?? null,
        status: res.statusCode,
        error: typeof res.locals.failure === 'string' ? res.locals.failure : null,
        payload: tracePayload(req.body),
      });
    });
    next();
  };
}
