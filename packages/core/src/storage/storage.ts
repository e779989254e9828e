import { Transform, type Readable, type TransformCallback } from 'node:stream';

/** Where uploaded objects live: local disk or an S3-compatible bucket. Keys are `{tenant}/{file}/{name}`. */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Streams `body` to `key`; never overwrites; past `maxBytes` nothing is kept and UploadTooLargeError is thrown. */
  put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }>;
  /** Rejects with ObjectMissingError when there is no such object. */
  get(key: string): Promise<Readable>;
  /** Null when there is no such object. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object under `{prefix}/` (a deleted workspace's); answers how many; none is not an error. */
  removeAll(prefix: string): Promise<number>;
  /**
   * Removes what uploads left unfinished when their process died before it could clean up (the
   * local driver's temporary files, S3 multipart uploads never completed nor aborted), if last
   * written (local) or started (S3) before `before`; answers how many.
   */
  sweepIncompleteUploads(before: Date): Promise<number>;
}

export interface PutOptions {
  contentType: string;
  maxBytes: number;
}

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
    this.name = 'UploadTooLargeError';
  }
}

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`An object already exists at ${key}.`);
    this.name = 'ObjectExistsError';
  }
}

export class ObjectMissingError extends Error {
  constructor(key: string) {
    super(`There is no object at ${key}.`);
    this.name = 'ObjectMissingError';
  }
}

/**
 * How much a stream stage of an upload or download may hold before it asks the one before it to
 * wait. Node's default (16 KiB) turns a 64 KiB socket read into several small writes and a pause
 * of the socket for each; a larger buffer lets a file write take what has queued in one call.
 */
export const STREAM_BUFFER_BYTES = 1024 * 1024;

/** Counts the bytes passing through and fails the stream as soon as they exceed `maxBytes`. */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super({ highWaterMark: STREAM_BUFFER_BYTES });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) callback(new UploadTooLargeError(this.maxBytes));
    else callback(null, chunk);
  }
}

/** A key is relative, made of non-empty segments, none of them `.` or `..`. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw new Error(`Unsafe storage key: ${key}`);
  }
}
