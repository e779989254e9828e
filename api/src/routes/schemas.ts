import { isUuid } from '@portico/common';
import { INVALID_CURSOR } from '@portico/core';
import { z } from 'zod';

export { emailField, httpUrl, optionalText, passwordField } from '@portico/common';

/** `limit` of a paged list: a whole number from 1 to `max`, `fallback` when left out. */
export const pageLimitField = (max: number, fallback: number) => {
  const message = `limit must be a whole number from 1 to ${max}.`;
  return z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).default(fallback);
};

/** `cursor` of a paged list: the `next_cursor` of the page before; left out for the first page. */
export const pageCursorField = z.string({ error: INVALID_CURSOR }).max(500, INVALID_CURSOR).optional();

/** An id in a path: anything but an id names nothing, so it is refused (404) with `notFound`; lower-cased. */
export const pathId = (notFound: string, description: string) =>
  z
    .string()
    .refine(isUuid, notFound)
    .transform((id) => id.toLowerCase())
    .meta({ description });
