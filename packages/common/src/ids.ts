/**
 * An id as PostgreSQL's uuid type reads it, in the canonical 8-4-4-4-12 hex form (any version).
 * Every id that arrives in a request is checked with this before it reaches a query, so text
 * that merely looks like an id (36 characters, the wrong ones) is refused with a sentence rather
 * than by the database.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
