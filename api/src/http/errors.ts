import { DomainError, TenantScopeError, type Logger } from '@portico/core';
import type { ErrorRequestHandler, RequestHandler } from 'express';

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ error: `There is no ${req.method} ${req.path} endpoint.` });
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Every failure leaves as `{error}` with a sentence; never a stack trace. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (error instanceof DomainError) {
      res.status(error.status).json({ error: error.message, ...(error.code ? { code: error.code } : {}), ...(error.details ? { details: error.details } : {}) });
      return;
    }
    const parserError = error as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'The request body is not valid JSON.' });
      return;
    }
    if (parserError.type === 'entity.too.large') {
      res.status(413).json({ error: 'The request body is too large.' });
      return;
    }
    if (error instanceof TenantScopeError) logger.error({ err: error, path: req.path }, 'unscoped tenant query');
    else logger.error({ err: error, path: req.path }, 'unhandled error');
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
  };
}
