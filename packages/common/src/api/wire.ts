import { z } from 'zod';

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
