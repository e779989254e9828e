import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';

/**
 * Sends rows as a CSV download, written as they come: an async source pages through the database,
 * so no export is held in memory whole. Cells a spreadsheet would run as a formula (= + - @, tab,
 * carriage return and their full-width forms, header cells too) are defused by csv-stringify's
 * `escape_formulas`; `res.attachment` names the file, in any script.
 */
export async function sendCsv(
  res: Response,
  fileName: string,
  columns: readonly string[],
  rows: Iterable<readonly string[]> | AsyncIterable<readonly string[]>,
): Promise<void> {
  res.attachment(fileName);
  await pipeline(Readable.from(rows), stringify({ header: true, columns: [...columns], escape_formulas: true }), res);
}
