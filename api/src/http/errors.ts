import { DomainError, isDatabaseUnavailable, TenantScopeError, withoutSentValues, type Logger } from '@portico/core';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { routeLabel } from './declared-route';
import { noteFailure, sentValues } from './error-traces';

export const notFoundHandler: RequestHandler = (req, res) => {
  afterUnreadBody(req, () => res.status(404).json({ error: `There is no ${req.method} ${req.path} endpoint.` }));
};

/** The longest a refusal waits for the rest of the request's body before it is sent anyway. */
const UNREAD_BODY_WAIT_MS = 5_000;

/**
 * Runs `answer` once the request's body has arrived to its end (or after a short wait). An answer
 * sent while the client is still sending is followed by the connection's close, and closing with
 * unread bytes makes the kernel reset the connection, which discards the answer on the client's
 * side before it is read: a refused upload would look like a dropped connection, not a sentence.
 */
function afterUnreadBody(req: Request, answer: () => void): void {
  if (req.complete || req.readableEnded || req.destroyed) return answer();
  let answered = false;
  const once = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    answer();
  };
  const timer = setTimeout(once, UNREAD_BODY_WAIT_MS);
  req.once('end', once);
  req.once('close', once);
  req.once('error', once);
  req.resume();
}

/** What the HTTP layer (body-parser, the router) attaches to an error it raises for the request itself. */
interface HttpLayerError {
  type?: string;
  status?: number;
}

/** Sentences for the request errors the HTTP layer raises, by their `type`. */
const HTTP_LAYER_SENTENCES: Record<string, string> = {
  'entity.parse.failed': 'The request body is not valid JSON.',
  'entity.too.large': 'The request body is too large.',
  'entity.verify.failed': 'The request body could not be read.',
  'request.aborted': 'The request was interrupted before its body arrived.',
  'request.size.invalid': 'The request body is not the size its Content-Length says.',
  'charset.unsupported': 'Send the request body as UTF-8.',
  'encoding.unsupported':
    'The request body is compressed in a way this server does not read: send it as gzip, deflate or uncompressed.',
  'parameters.too.many': 'The request has too many parameters.',
};

/**
 * The status and sentence of an error the request itself caused before any route ran: a body
 * that is not JSON, a path with broken percent-encoding (the router's URIError), a charset or
 * compression the parser does not take. Every such error carries a 4xx `status`; null otherwise.
 */
function requestError(error: unknown): { status: number; sentence: string } | null {
  const { type, status } = (error ?? {}) as HttpLayerError;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (error instanceof URIError)
    return {
      status: 400,
      sentence: 'The address contains broken percent-encoding (a % not followed by a valid UTF-8 escape).',
    };
  return { status, sentence: (type && HTTP_LAYER_SENTENCES[type]) ?? 'The request could not be read.' };
}

/** Seconds a caller is asked to wait (`Retry-After`) while the database cannot be reached: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The error as its log line keeps it: its message and stack without any value the request sent (a
 * message may repeat what it choked on); the logger's serializer drops what a failed statement carried.
 */
function loggedError(error: unknown, req: Request): unknown {
  if (!(error instanceof Error)) return error;
  const sent = sentValues(req);
  return Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error, {
    message: withoutSentValues(error.message, ...sent),
    stack: error.stack && withoutSentValues(error.stack, ...sent),
  });
}

/** Every failure leaves as `{error}` with a sentence; never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    // A stream that failed after its answer began: Express's own handler ends the connection.
    if (res.headersSent) return next(error);
    afterUnreadBody(req, () => answerError(error, req, res, logger));
  };
}

function answerError(error: unknown, req: Request, res: Response, logger: Logger): void {
  if (error instanceof DomainError) {
    res.status(error.status).json({
      error: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.details ? { details: error.details } : {}),
    });
    return;
  }
  const refused = requestError(error);
  if (refused) {
    res.status(refused.status).json({ error: refused.sentence });
    return;
  }
  // The line carries the request's id, so it can be matched to the answer; the declared route, never the path's values.
  const log = req.id ? logger.child({ reqId: req.id }) : logger;
  const line = { err: loggedError(error, req), route: routeLabel(req) };
  noteFailure(res, error);
  if (isDatabaseUnavailable(error)) {
    // Not a fault of this request or of the code: PostgreSQL is restarting or out of reach.
    log.warn(line, 'database unavailable');
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.status(503).json({
      error: 'The database cannot be reached at the moment. Please try again in a few seconds.',
      code: 'database_unavailable',
    });
    return;
  }
  if (error instanceof TenantScopeError) log.error(line, 'unscoped tenant query');
  else log.error(line, 'unhandled error');
  res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
}
