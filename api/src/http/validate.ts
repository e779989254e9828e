import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from '@portico/common';
import { badRequest } from '@portico/core';
import type { RequestHandler } from 'express';
import type { z } from 'zod';

/** Parses input with a schema; the first problem becomes a 400 with its sentence. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'invalid_type' && issue.path.length === 0)
    throw badRequest('The request body must be a JSON object.', 'invalid_input');
  throw badRequest(issue?.message ?? 'The request is not valid.', 'invalid_input');
}

function holdsIllFormedText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string' && !isWellFormedText(value)) return true;
    if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (!isWellFormedText(key)) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** Refuses a JSON body or a query carrying text the database cannot store, anywhere (keys too). */
export const refuseIllFormedText: RequestHandler = (req, _res, next) => {
  if (holdsIllFormedText(req.body) || holdsIllFormedText(req.query))
    throw badRequest(ILL_FORMED_TEXT_MESSAGE, 'invalid_input');
  next();
};
