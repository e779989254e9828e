import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  ByteLimit,
  ObjectExistsError,
  ObjectMissingError,
  type PutOptions,
  type Storage,
  STREAM_BUFFER_BYTES,
} from './storage';

/**
 * A write's temporary file, beside its object: `.{name}.{12 hex}.part`. No object's name starts with
 * a dot (see `storageFileName`), so the sweep can never take an object for one.
 */
const TEMPORARY_FILE = /^\..+\.[0-9a-f]{12}\.part$/;

/** Objects as files under one directory. A write goes to a temporary file first and is linked into place. */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.part`);
    const limit = new ByteLimit(options.maxBytes);
    const file = createWriteStream(temp, { flags: 'wx', highWaterMark: STREAM_BUFFER_BYTES });
    try {
      await pipeline(body, limit, file);
      // link() refuses an existing target, so nothing is ever overwritten.
      await link(temp, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new ObjectExistsError(key) : error;
      });
    } finally {
      // A body that fails at once can end the pipeline before the file is even open; it is created
      // when the open completes, so it is removed only once the stream has closed.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(temp, { force: true });
    }
    return { size: limit.bytes };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new ObjectMissingError(key) : error;
    });
    return createReadStream(file, { highWaterMark: STREAM_BUFFER_BYTES });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const info = await stat(this.pathOf(key));
      return { size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }

  async removeAll(prefix: string): Promise<number> {
    const dir = this.pathOf(prefix);
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    await rm(dir, { recursive: true, force: true });
    return entries.filter((e) => e.isFile()).length;
  }

  async sweepIncompleteUploads(before: Date): Promise<number> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    let removed = 0;
    for (const entry of entries) {
      if (!entry.isFile() || !TEMPORARY_FILE.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      // Gone meanwhile: its upload finished or failed and removed it.
      const written = await stat(file).then(
        (info) => info.mtime,
        () => null,
      );
      if (!written || written >= before) continue;
      await rm(file, { force: true });
      removed++;
    }
    return removed;
  }
}
