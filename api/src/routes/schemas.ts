import { isUuid, PASSWORD_MIN_LENGTH, wire } from '@portico/common';
import { INVALID_CURSOR } from '@portico/core';
import { z } from 'zod';

export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(320, 'Email is too long.')
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((v) => v.toLowerCase());

export const passwordField = (label = 'Password') =>
  z
    .string({ error: `${label} is required.` })
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(200, `${label} is too long.`);

/** An optional id in a body or query: any UUID, lower-cased; other text is refused with `message`. Empty or null counts as not given. */
export const idField = wire.optionalId;

export { httpUrl, optionalText } from '@portico/common';

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
