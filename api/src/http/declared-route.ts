import type { Request, RequestHandler } from 'express';

/*
 * The declared route a request reached, the one name of it that metrics, request logs, error
 * logs and error traces may carry: never the raw path with the caller's values in it.
 */

declare module 'express-serve-static-core' {
  interface Request {
    /** The declared path that answered (`/api/files/:id`), the only route label metrics carry. */
    routeTemplate?: string;
  }
}

/** Names the declared route answering a request, for its metrics (set as the route is entered). */
export function markRoute(path: string): RequestHandler {
  return (req, _res, next) => {
    req.routeTemplate = `${req.baseUrl}${path}`;
    next();
  };
}

/** The route a request is counted under: its declared route, else `unmatched` under /api, else `web app`. */
export function routeLabel(req: Request): string {
  return req.routeTemplate ?? (req.originalUrl.startsWith('/api/') ? 'unmatched' : 'web app');
}
