import { isUuid } from '@portico/common';
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

/** PostgreSQL's text of a timestamptz, as `created_at::text` writes it: `2026-11-23 18:32:39.123456+00`. */
const TIMESTAMPTZ_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(?::(\d{2}))?$/;

export const INVALID_CURSOR = 'The cursor is not valid. Start again from the first page.';

/**
 * Whether `text` is a timestamp as PostgreSQL writes one, naming a day and time that exist (so
 * the database, which refuses 30 February or hour 25, takes it back). Anything else in a cursor
 * did not come from us.
 */
function isTimestampText(text: string): boolean {
  const match = TIMESTAMPTZ_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offsetHours = Number(match[9]);
  const offsetMinutes = Number(match[10] ?? 0);
  const date = new Date(0);
  // An impossible day (30 February) rolls over into the next month and no longer matches.
  date.setUTCFullYear(year, month - 1, day);
  const dayExists =
    year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return dayExists && hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15 && offsetMinutes <= 59;
}

export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      isTimestampText(value[0]) &&
      isUuid(value[1])
    ) {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the sentence below.
  }
  throw badRequest(INVALID_CURSOR, 'invalid_cursor');
}

/** Rows fetched with `limit + 1`: the page, and the cursor after it when more rows follow. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  positionOf: (row: T) => CursorPosition,
): { rows: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  return { rows: page, nextCursor: more ? encodeCursor(positionOf(page[page.length - 1]!)) : null };
}
