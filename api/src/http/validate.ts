import { badRequest } from '@portico/core';
import type { RequestHandler } from 'express';
import type { z } from 'zod';

/** Parses input with a schema; the first problem becomes a 400 with its sentence. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'invalid_type' && issue.path.length === 0) throw badRequest('The request body must be a JSON object.', 'invalid_input');
  throw badRequest(issue?.message ?? 'The request is not valid.', 'invalid_input');
}

function holdsNul(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string' && value.includes('\u0000')) return true;
    if (value !== null && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** PostgreSQL text and jsonb cannot hold U+0000, so a body or query carrying it anywhere (keys too) is refused. */
export const refuseNulText: RequestHandler = (req, _res, next) => {
  if (holdsNul(req.body) || holdsNul(req.query)) throw badRequest('Text must not contain NUL characters.', 'invalid_input');
  next();
};
