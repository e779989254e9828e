import { finished, PassThrough, pipeline, type Readable } from 'node:stream';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from '@portico/common';
import { badRequest, DomainError, fileStorageKey, originalFileName, UploadTooLargeError, type Storage } from '@portico/core';
import busboy from 'busboy';
import type { Request } from 'express';

/** A declared content type that is safe to store and echo back. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

const NOT_MULTIPART = 'Send the file as multipart/form-data with a field named file.';
const UNREADABLE = 'The upload could not be read: the multipart body is malformed or incomplete. Please try again.';
const TOO_MANY_PARTS = 'The upload has too many parts: send one file and at most 50 fields.';
const FIELD_TOO_LONG = 'A form field of the upload is longer than 64 KB.';
const LIMITS = { files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60, headerPairs: 20 };

export interface UploadTarget {
  /** The storage key for the uploaded file's name. */
  key: (fileName: string) => string;
  maxBytes: number;
}

export interface StoredUpload {
  key: string;
  /** The name the uploader gave the file (see `originalFileName`). */
  name: string;
  contentType: string;
  size: number;
}

export interface ReceivedUpload {
  fields: Record<string, string[]>;
  file: StoredUpload | null;
}

/**
 * The one upload pipeline: streams a multipart body, collects its fields and sends the `file` part
 * straight to storage. Every stream involved is watched from its first byte, so a body cut short,
 * a malformed part or a client that goes away ends as a 400 (or 413) and never as an unhandled
 * stream error; the object is removed on any failure. Resolves once the object is stored.
 */
function receiveMultipart(req: Request, store: Storage, target: UploadTarget): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send UTF-8 file names in the plain `filename=` parameter; busboy reads latin1 unless told.
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: LIMITS });
    } catch {
      reject(badRequest(NOT_MULTIPART));
      return;
    }
    const fields: Record<string, string[]> = {};
    let stored: Promise<StoredUpload> | null = null;
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      // Keep reading what the client still sends, so the answer can reach it.
      req.resume();
      parser.destroy();
      const removal = stored ? stored.then((file) => store.remove(file.key)).catch(() => undefined) : Promise.resolve();
      void removal.then(() => reject(error));
    };
    const unreadable = () => fail(badRequest(UNREADABLE));

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(FIELD_TOO_LONG));
      // The same rule as refuseIllFormedText for JSON bodies.
      if (!isWellFormedText(name) || !isWellFormedText(value)) return fail(badRequest(ILL_FORMED_TEXT_MESSAGE, 'invalid_input'));
      (fields[name] ??= []).push(value);
    });
    parser.on('file', (name, stream, info) => {
      // A part can still arrive from the chunk being parsed when the upload has just been refused.
      if (settled || name !== 'file' || !info.filename) {
        discard(stream);
        return;
      }
      const fileName = originalFileName(info.filename);
      const contentType = CONTENT_TYPE.test(info.mimeType) ? info.mimeType.toLowerCase() : 'application/octet-stream';
      const key = target.key(fileName);
      // Storage may start reading only after its own set-up (a directory, a bucket check); the hand-off
      // takes the part from its first byte and passes busboy's errors on to storage's reader.
      const handOff = new PassThrough();
      pipeline(stream, handOff, (error) => {
        if (error) unreadable();
      });
      stored = store.put(key, handOff, { contentType, maxBytes: target.maxBytes }).then(({ size }) => ({ key, name: fileName, contentType, size }));
      stored.catch(fail);
    });
    parser.on('filesLimit', () => fail(badRequest('Send one file per upload.')));
    parser.on('partsLimit', () => fail(badRequest(TOO_MANY_PARTS)));
    parser.on('fieldsLimit', () => fail(badRequest(TOO_MANY_PARTS)));
    parser.on('error', unreadable);
    parser.on('close', () => {
      (stored ?? Promise.resolve(null)).then((file) => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      }, fail);
    });
    // A client that goes away mid-body: nothing it sent is kept.
    req.on('error', unreadable);
    req.on('close', () => {
      if (!req.complete) fail(badRequest('The upload was interrupted.'));
    });
    req.pipe(parser);
  });
}

/** Reads and drops a part nobody wants, watching it for errors like any other. */
function discard(stream: Readable): void {
  finished(stream.resume(), () => undefined);
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/**
 * Receives an upload and hands it to `use` (validation, the database row); if the body is refused
 * or `use` throws, the stored object is removed, so a failed upload never leaves an object behind.
 * Past `maxBytes` it answers 413 with `tooLarge`.
 */
export async function receiveUpload<T>(req: Request, store: Storage, target: UploadTarget & { tooLarge: string }, use: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
  if (!req.is('multipart/form-data')) throw badRequest(NOT_MULTIPART);
  let received: ReceivedUpload;
  try {
    received = await receiveMultipart(req, store, target);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw new DomainError(413, target.tooLarge, 'file_too_large');
    throw error;
  }
  try {
    return await use(received);
  } catch (error) {
    if (received.file) await store.remove(received.file.key).catch(() => undefined);
    throw error;
  }
}

/** A workspace file upload into `{tenant}/{fileId}/{storage name}`, limited to `maxBytes` (MAX_UPLOAD_MB). */
export function receiveWorkspaceFile<T>(req: Request, store: Storage, input: { tenantId: string; fileId: string; maxBytes: number }, use: (upload: ReceivedUpload) => Promise<T>): Promise<T> {
  return receiveUpload(
    req,
    store,
    { key: (name) => fileStorageKey(input.tenantId, input.fileId, name), maxBytes: input.maxBytes, tooLarge: `The file is larger than the ${megabytes(input.maxBytes)} MB upload limit.` },
    use,
  );
}

/** The last value of a multipart field. */
export function singleField(fields: Record<string, string[]>, name: string): string | undefined {
  return fields[name]?.[fields[name].length - 1];
}
