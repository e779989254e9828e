import { randomUUID } from 'node:crypto';
import { finished, PassThrough, pipeline, type Readable } from 'node:stream';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText, recordWithoutPrototype } from '@portico/common';
import {
  badRequest,
  DomainError,
  fileStorageKey,
  originalFileName,
  uploadFile,
  UploadTooLargeError,
  type AppContext,
  type ServiceContext,
  type Storage,
  type TenantScope,
  type UploadFileInput,
  STREAM_BUFFER_BYTES,
} from '@portico/core';
import busboy from 'busboy';
import type { Request } from 'express';
import type { z } from 'zod';
import { parse } from './validate';

/** A declared content type that is safe to store and echo back. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

const NOT_MULTIPART = 'Send the file as multipart/form-data with a field named file.';
const UNREADABLE = 'The upload could not be read: the multipart body is malformed or incomplete. Please try again.';
const TOO_MANY_PARTS = 'The upload has too many parts: send one file and at most 50 fields.';
const FIELD_TOO_LONG = 'A form field of the upload is longer than 64 KB.';
const LIMITS = { files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60, headerPairs: 20 };

export interface StoredUpload {
  key: string;
  /** The name the uploader gave the file (see `originalFileName`). */
  name: string;
  contentType: string;
  size: number;
}

export interface ReceivedUpload {
  /** Each field's values by its name: the client's names, `toString` or `__proto__` among them. */
  fields: ReadonlyMap<string, string[]>;
  file: StoredUpload | null;
}

/**
 * The one upload pipeline: streams a multipart body, collects its fields and sends the `file` part
 * straight to storage. Every stream involved is watched from its first byte, so a body cut short,
 * a malformed part or a client that goes away ends as a 400 (or 413) and never as an unhandled
 * stream error; the object is removed on any failure. Resolves once the object is stored.
 * The listeners run outside the route's promise, where a throw would end the process (issue 25):
 * each is guarded, so whatever it throws fails this upload instead (a 500 unless it says otherwise).
 */
function receiveMultipart(
  req: Request,
  store: Storage,
  target: Pick<UploadDestination, 'key' | 'maxBytes'>,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers send UTF-8 file names in the plain `filename=` parameter; busboy reads latin1 unless told.
      parser = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: LIMITS,
        highWaterMark: STREAM_BUFFER_BYTES,
        fileHwm: STREAM_BUFFER_BYTES,
      });
    } catch {
      reject(badRequest(NOT_MULTIPART));
      return;
    }
    const fields = new Map<string, string[]>();
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
    const guarded =
      <A extends unknown[]>(listener: (...args: A) => void) =>
      (...args: A): void => {
        try {
          listener(...args);
        } catch (error) {
          fail(error);
        }
      };

    parser.on(
      'field',
      guarded((name, value, info) => {
        if (info.valueTruncated) return fail(badRequest(FIELD_TOO_LONG));
        // The same rule as refuseIllFormedText for JSON bodies.
        if (!isWellFormedText(name) || !isWellFormedText(value))
          return fail(badRequest(ILL_FORMED_TEXT_MESSAGE, 'invalid_input'));
        const values = fields.get(name);
        if (values) values.push(value);
        else fields.set(name, [value]);
      }),
    );
    parser.on(
      'file',
      guarded((name, stream, info) => {
        // Watched at once: a part still unread when the upload fails errors as the parser is destroyed.
        finished(stream, () => undefined);
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
        const handOff = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
        const storing = store
          .put(key, handOff, { contentType, maxBytes: target.maxBytes })
          .then(({ size }) => ({ key, name: fileName, contentType, size }));
        stored = storing;
        storing.catch(fail);
        pipeline(
          stream,
          handOff,
          guarded((error: Error | null) => {
            if (!error) return;
            // Storage that stops reading past the limit ends the hand-off too: then its refusal (413) says why.
            void storing.then(unreadable, (refusal: unknown) =>
              refusal instanceof UploadTooLargeError ? fail(refusal) : unreadable(),
            );
          }),
        );
      }),
    );
    parser.on(
      'filesLimit',
      guarded(() => fail(badRequest('Send one file per upload.'))),
    );
    parser.on(
      'partsLimit',
      guarded(() => fail(badRequest(TOO_MANY_PARTS))),
    );
    parser.on(
      'fieldsLimit',
      guarded(() => fail(badRequest(TOO_MANY_PARTS))),
    );
    parser.on('error', guarded(unreadable));
    parser.on(
      'close',
      guarded(() => {
        (stored ?? Promise.resolve(null))
          .then((file) => {
            if (settled) return;
            settled = true;
            resolve({ fields, file });
          })
          .catch(fail);
      }),
    );
    // A client that goes away mid-body: nothing it sent is kept.
    req.on('error', guarded(unreadable));
    req.on(
      'close',
      guarded(() => {
        if (!req.complete) fail(badRequest('The upload was interrupted.'));
      }),
    );
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

/** Where an upload is stored and how large it may be. */
export interface UploadDestination {
  /** The storage key for the uploaded file's name. */
  key: (fileName: string) => string;
  maxBytes: number;
  /** The 413 sentence past `maxBytes`. */
  tooLarge: string;
}

/** A workspace file: `{tenant}/{fileId}/{storage name}`, at most MAX_UPLOAD_MB. */
export function workspaceFile(tenantId: string, fileId: string, maxBytes: number): UploadDestination {
  return {
    key: (name) => fileStorageKey(tenantId, fileId, name),
    maxBytes,
    tooLarge: `The file is larger than the ${megabytes(maxBytes)} MB upload limit.`,
  };
}

/**
 * The text fields of a multipart body as one object for the schema: a field sent once is a string,
 * one sent again a list. It has no prototype, so a field the schema does not know (`constructor`)
 * is one more key it drops, and one it knows but was not sent reads as missing.
 */
function fieldValues(fields: ReadonlyMap<string, string[]>): Record<string, string | string[]> {
  const values = recordWithoutPrototype<string | string[]>();
  for (const [name, sent] of fields) values[name] = sent.length === 1 ? sent[0]! : sent;
  return values;
}

/**
 * The one upload flow of every route that takes a file: receive the multipart body (the file part
 * streamed to storage, see `receiveMultipart`), require the file (`missingFile`), validate the text
 * fields with `fields`, then `record` it (the row, its audit entry and event, through a service).
 * A refused body, a missing file, an invalid field or a failing `record` removes the stored object,
 * so an upload is kept whole or not at all.
 */
export async function receiveFileUpload<S extends z.ZodType, T>(
  ctx: Pick<AppContext, 'storage'>,
  req: Request,
  spec: { destination: UploadDestination; fields: S; missingFile: string },
  record: (upload: { file: StoredUpload; fields: z.output<S> }) => Promise<T>,
): Promise<T> {
  if (!req.is('multipart/form-data')) throw badRequest(NOT_MULTIPART);
  const { destination } = spec;
  let received: ReceivedUpload;
  try {
    received = await receiveMultipart(req, ctx.storage, destination);
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw new DomainError(413, destination.tooLarge, 'file_too_large');
    throw error;
  }
  const { file } = received;
  try {
    if (!file) throw badRequest(spec.missingFile);
    return await record({ file, fields: parse(spec.fields, fieldValues(received.fields)) });
  } catch (error) {
    if (file) await ctx.storage.remove(file.key).catch(() => undefined);
    throw error;
  }
}

/**
 * A file of the workspace from a multipart body (the portal's upload and the public API's): streamed
 * to storage, then recorded by `uploadFile` with the title, recipients and folder `shareOf` takes from
 * the parsed fields (it may refuse, and nothing is kept). Answers the new file's id.
 */
export async function receiveWorkspaceFile<S extends z.ZodType>(
  ctx: ServiceContext,
  scope: TenantScope,
  req: Request,
  spec: {
    fields: S;
    missingFile: string;
    shareOf: (
      fields: z.output<S>,
    ) => Omit<UploadFileInput, 'fileId' | 'file'> | Promise<Omit<UploadFileInput, 'fileId' | 'file'>>;
  },
): Promise<string> {
  const fileId = randomUUID();
  await receiveFileUpload(
    ctx,
    req,
    {
      destination: workspaceFile(scope.tenantId, fileId, ctx.config.maxUploadBytes),
      fields: spec.fields,
      missingFile: spec.missingFile,
    },
    async ({ file, fields }) => uploadFile(ctx, scope, { fileId, file, ...(await spec.shareOf(fields)) }),
  );
  return fileId;
}
