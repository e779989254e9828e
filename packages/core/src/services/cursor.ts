import { badRequest } from './errors';

/**
 * Opaque cursors for newest-first lists ordered by (created_at DESC, id DESC). A cursor carries the
 * last row's created_at as PostgreSQL's text (microseconds kept: a JavaScript Date would round them
 * and skip or repeat rows) and its id; the next page is the rows below that pair.
 */
export interface CursorPosition {
  /** `created_at::text` of the last row of the previous page. */
  at: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const INVALID_CURSOR = 'The cursor is not valid. Start again from the first page.';

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string' && !Number.isNaN(Date.parse(value[0])) && UUID.test(value[1])) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the sentence below.
  }
  throw badRequest(INVALID_CURSOR, 'invalid_cursor');
}

/** Rows fetched with `limit + 1`: the page, and the cursor after it when more rows follow. */
export function pageOf<T>(rows: T[], limit: number, positionOf: (row: T) => CursorPosition): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? encodeCursor(positionOf(page[page.length - 1]!)) : null };
}
