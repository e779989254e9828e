import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../src';

const ID = '0b9f6c1e-3c4d-4e5f-8a7b-1c2d3e4f5a6b';
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('cursors', () => {
  it.each([
    '2026-11-23 18:32:39.123456+00',
    '2026-11-23 18:32:39+00',
    '2024-02-29 00:00:00.1+05:30',
    '0099-12-31 23:59:59-03',
  ])('take back what PostgreSQL writes: %s', (at) => {
    expect(decodeCursor(encodeCursor({ at, id: ID }))).toEqual({ at, id: ID });
  });

  it.each([
    ['a day February does not have', ['2024-02-30 10:00:00+00', ID]],
    ['29 February of a common year', ['2023-02-29 10:00:00+00', ID]],
    ['hour 25', ['2024-01-01 25:00:00+00', ID]],
    ['a five-digit year', ['99999-01-01 00:00:00+00', ID]],
    ['year 0', ['0000-01-01 00:00:00+00', ID]],
    ['an ISO date JavaScript reads but is not ours', ['2024-01-01T10:00:00Z', ID]],
    ['a date in words', ['1 January 2024', ID]],
    ['an id that is not a UUID', ['2024-01-01 10:00:00+00', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']],
    ['three parts', ['2024-01-01 10:00:00+00', ID, 'x']],
    ['an object', { at: '2024-01-01 10:00:00+00', id: ID }],
  ])('refuse %s with a sentence', (_case, value) => {
    expect(() => decodeCursor(cursorOf(value))).toThrow(INVALID_CURSOR);
  });

  it('refuse what is not base64url JSON', () => {
    expect(() => decodeCursor('%%%')).toThrow(INVALID_CURSOR);
    expect(() => decodeCursor(Buffer.from('[1,').toString('base64url'))).toThrow(INVALID_CURSOR);
  });
});
