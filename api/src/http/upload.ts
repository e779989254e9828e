import { badRequest, DomainError, fileStorageKey, safeFileName, UploadTooLargeError, type Storage } from '@portico/core';
import busboy from 'busboy';
import type { Request } from 'express';

/** A declared content type that is safe to store and echo back. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

export interface UploadTarget {
  /** The storage key for the uploaded file's (sanitised) name. */
  key: (fileName: string) => string;
  maxBytes: number;
}

export interface StoredUpload {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

export interface ReceivedUpload {
  fields: Record<string, string[]>;
  file: StoredUpload | null;
}

/** Streams the multipart body: fields are collected, the `file` part goes straight to storage. */
export function receiveUpload(req: Request, store: Storage, target: UploadTarget): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 } });
    } catch {
      reject(badRequest('Send the file as multipart/form-data with a field named file.'));
      return;
    }
    const fields: Record<string, string[]> = {};
    let stored: Promise<StoredUpload | null> = Promise.resolve(null);
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop parsing and let the rest of the body drain so the answer reaches the client.
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value) => {
      // PostgreSQL text cannot hold U+0000 (see refuseNulText for JSON bodies).
      if (name.includes('\u0000') || value.includes('\u0000')) {
        fail(badRequest('Text must not contain NUL characters.', 'invalid_input'));
        return;
      }
      (fields[name] ??= []).push(value);
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'file' || !info.filename) {
        stream.resume();
        return;
      }
      const fileName = safeFileName(info.filename);
      const contentType = CONTENT_TYPE.test(info.mimeType) ? info.mimeType.toLowerCase() : 'application/octet-stream';
      const key = target.key(fileName);
      stored = store.put(key, stream, { contentType, maxBytes: target.maxBytes }).then(({ size }) => ({ key, name: fileName, contentType, size }));
      stored.catch(fail);
    });
    parser.on('close', () => {
      stored.then((file) => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      }, fail);
    });
    parser.on('error', () => fail(badRequest('The upload could not be read. Please try again.')));
    req.on('aborted', () => fail(badRequest('The upload was interrupted.')));
    req.pipe(parser);
  });
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/**
 * Receives a workspace file upload into `{tenant}/{fileId}/{name}`: refuses anything but
 * multipart, and answers 413 with the limit when the file is larger than `maxBytes`.
 */
export async function receiveWorkspaceFile(req: Request, store: Storage, input: { tenantId: string; fileId: string; maxBytes: number }): Promise<ReceivedUpload> {
  if (!req.is('multipart/form-data')) throw badRequest('Send the file as multipart/form-data with a field named file.');
  try {
    return await receiveUpload(req, store, { key: (name) => fileStorageKey(input.tenantId, input.fileId, name), maxBytes: input.maxBytes });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw new DomainError(413, `The file is larger than the ${megabytes(input.maxBytes)} MB upload limit.`, 'file_too_large');
    throw error;
  }
}

/** The last value of a multipart field. */
export function singleField(fields: Record<string, string[]>, name: string): string | undefined {
  return fields[name]?.[fields[name].length - 1];
}
