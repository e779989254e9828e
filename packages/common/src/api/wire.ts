import { z } from 'zod';
import { isUuid } from '../ids';

/*
 * Building blocks of the API's answers as they travel (JSON): the schemas in this folder describe
 * what the API sends and takes, so the API checks and documents them and the SPA types itself
 * from the same source.
 */

/** An id (UUID). */
export const id = z.guid();
/** A moment, as JSON writes a date: ISO 8601 with its offset. */
export const timestamp = z.iso.datetime({ offset: true });
/** A count of things. */
export const count = z.number().int().nonnegative();

/** An optional id in a body or query: any UUID (`isUuid`), lower-cased; other text is refused with `message`. Empty or null counts as not given. */
export const optionalId = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: message })
      .trim()
      .refine(isUuid, message)
      .transform((v) => v.toLowerCase())
      .optional(),
  );

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100.';
/** `limit` of a paged list: 1 to 100, `fallback` when absent. */
export const pageLimit = (fallback: number) =>
  z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(fallback);
/** `cursor` of a paged list: the previous answer's `next_cursor`. */
export const pageCursor = z
  .string({ error: 'The cursor is not valid. Start again from the first page.' })
  .max(500, 'The cursor is not valid. Start again from the first page.')
  .optional();
