import { notFound, ObjectMissingError, type FileRow, type Logger, type Storage } from '@portico/core';
import { create as contentDisposition } from 'content-disposition';
import type { Response } from 'express';
import { pipeline, type Readable } from 'node:stream';

/** Streams stored files to the client: the web app's files routes, share links and the public API share this. */

/** What sending a stored object reads of a file row or of one of its versions. */
type StoredFile = Pick<FileRow, 'id' | 'storage_key' | 'original_name' | 'size_bytes'>;

/** The stored object of a row; a row whose object is gone answers 404 rather than 500. */
export async function openStoredFile(store: Storage, logger: Logger, row: StoredFile): Promise<Readable> {
  try {
    return await store.get(row.storage_key);
  } catch (error) {
    if (error instanceof ObjectMissingError) {
      logger.warn({ file: row.id }, 'stored object missing');
      throw notFound('This file is no longer available.');
    }
    throw error;
  }
}

export async function sendStoredFile(
  store: Storage,
  logger: Logger,
  res: Response,
  row: StoredFile,
  disposition: 'attachment' | 'inline',
  contentType: string,
): Promise<void> {
  const body = await openStoredFile(store, logger, row);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', String(row.size_bytes));
  // `filename*` carries the real name in any script, `filename` a fallback for old clients.
  res.setHeader('Content-Disposition', contentDisposition(row.original_name, { type: disposition }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'private, no-store');
  streamStoredObject(body, res, logger, { file: row.id });
}

/**
 * Sends a stored object as the answer's body. A storage stream that fails midway cannot change the
 * status any more: the connection is ended and the failure logged, never thrown (an unhandled
 * stream error would end the process). A client that leaves early is not a failure.
 */
export function streamStoredObject(
  body: Readable,
  res: Response,
  logger: Logger,
  context: Record<string, unknown>,
): void {
  pipeline(body, res, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      logger.error({ err: error, ...context }, 'stored object stream failed');
  });
}
