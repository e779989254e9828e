import { randomUUID } from 'node:crypto';
import type { Logger } from '@portico/core';
import type { Request, RequestHandler } from 'express';
import { routeLabel } from './declared-route';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request's id: the caller's `x-request-id` when it is a plain token, else a new UUID. */
    id?: string;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's address as the log keeps it: the declared route (`/api/public/invitations/:token`,
 * never the token) and the names of its query's parameters without their values (a signed link's
 * `sig`, an OAuth `code`).
 */
function loggedUrl(req: Request): string {
  const query = req.originalUrl.indexOf('?');
  const names = query < 0 ? [] : [...new Set(new URLSearchParams(req.originalUrl.slice(query + 1)).keys())];
  return names.length > 0 ? `${routeLabel(req)}?${names.join('&')}` : routeLabel(req);
}

/**
 * Request ids and the request log. Every request gets an id, sent back in `x-request-id` (a caller's
 * own is kept for tracing only when it is a plain token: it goes into logs and headers). Each call
 * under /api is logged once answered — `request completed` at info, `request errored` at error for a
 * 5xx — with its method, declared route and query names (`loggedUrl`: no value the caller sent),
 * client address, status and time taken.
 *
 * pino-http did this before, but built a child logger for every request by serialising the whole
 * request (headers, redaction) whether or not anything was logged: a tenth of a cached API call's
 * time (`npm run bench`). Here only the line is made, and only when its level logs; what else logs
 * about a request names its id (`errorHandler`).
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('x-request-id', id);
    req.id = id;
    if (req.originalUrl.startsWith('/api') && logger.isLevelEnabled('error')) {
      const started = performance.now();
      res.once('finish', () => {
        const failed = res.statusCode >= 500;
        if (!failed && !logger.isLevelEnabled('info')) return;
        const line = {
          reqId: id,
          req: { method: req.method, url: loggedUrl(req), remoteAddress: req.ip },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - started),
        };
        if (failed) logger.error(line, 'request errored');
        else logger.info(line, 'request completed');
      });
    }
    next();
  };
}
