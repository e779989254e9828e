import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStorage,
  LocalStorage,
  ObjectExistsError,
  ObjectMissingError,
  S3Storage,
  UploadTooLargeError,
  type Storage,
} from '../src';
import { startLocalS3, type LocalS3 } from '../../../testing/s3';

/** A body delivered in small chunks, like a network upload. */
function chunked(data: Buffer, chunkSize = 16 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunkSize) yield data.subarray(i, i + chunkSize);
    })(),
  );
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const key = (name = 'report.pdf') => `${randomBytes(4).toString('hex')}/${randomBytes(4).toString('hex')}/${name}`;

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  dir = await mkdtemp(path.join(tmpdir(), 'portico-storage-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ['local', () => new LocalStorage(dir)],
  [
    's3',
    () =>
      new S3Storage({
        endpoint: s3.endpoint,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucket: 'portico-test',
      }),
  ],
];

describe.each(drivers)('%s storage', (_name, make) => {
  it('stores, stats, reads back and removes an object', async () => {
    const storage = make();
    const data = randomBytes(300 * 1024);
    const k = key();
    expect(await storage.put(k, chunked(data), { contentType: 'application/pdf', maxBytes: 1024 * 1024 })).toEqual({
      size: data.length,
    });
    expect(await storage.stat(k)).toEqual({ size: data.length });
    expect((await readAll(await storage.get(k))).equals(data)).toBe(true);
    await storage.remove(k);
    expect(await storage.stat(k)).toBeNull();
    await expect(storage.get(k)).rejects.toBeInstanceOf(ObjectMissingError);
    await storage.remove(k);
  });

  it('refuses to overwrite an existing object', async () => {
    const storage = make();
    const k = key();
    await storage.put(k, chunked(Buffer.from('first')), { contentType: 'text/plain', maxBytes: 100 });
    await expect(
      storage.put(k, chunked(Buffer.from('second')), { contentType: 'text/plain', maxBytes: 100 }),
    ).rejects.toBeInstanceOf(ObjectExistsError);
    expect((await readAll(await storage.get(k))).toString()).toBe('first');
  });

  it('stops an upload past the limit and leaves nothing behind', async () => {
    const storage = make();
    const k = key();
    const data = randomBytes(200 * 1024);
    await expect(
      storage.put(k, chunked(data), { contentType: 'application/octet-stream', maxBytes: 100 * 1024 }),
    ).rejects.toBeInstanceOf(UploadTooLargeError);
    expect(await storage.stat(k)).toBeNull();
  });

  it('leaves nothing behind when the upload stream fails midway', async () => {
    const storage = make();
    const k = key();
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(64 * 1024);
        throw new Error('connection reset');
      })(),
    );
    await expect(
      storage.put(k, failing, { contentType: 'application/octet-stream', maxBytes: 1024 * 1024 }),
    ).rejects.toThrow('connection reset');
    expect(await storage.stat(k)).toBeNull();
  });

  it('removes every object under a prefix and nothing else, and finds nothing the second time', async () => {
    const storage = make();
    const tenant = randomBytes(6).toString('hex');
    const mine = [`${tenant}/a/one.txt`, `${tenant}/b/two.txt`, `${tenant}/brand/logo.png`];
    const neighbour = `${tenant}x/a/kept.txt`;
    for (const k of [...mine, neighbour])
      await storage.put(k, chunked(Buffer.from(k)), { contentType: 'text/plain', maxBytes: 100 });
    expect(await storage.removeAll(tenant)).toBe(3);
    for (const k of mine) expect(await storage.stat(k)).toBeNull();
    expect(await storage.stat(neighbour)).toEqual({ size: neighbour.length });
    expect(await storage.removeAll(tenant)).toBe(0);
    await expect(storage.removeAll('..')).rejects.toThrow('Unsafe storage key');
  });

  it('refuses keys that climb out of their folder', async () => {
    const storage = make();
    await expect(
      storage.put('../escape.txt', chunked(Buffer.from('x')), { contentType: 'text/plain', maxBytes: 10 }),
    ).rejects.toThrow('Unsafe storage key');
    await expect(storage.stat('a/../../b')).rejects.toThrow('Unsafe storage key');
  });
});

it('the local driver keeps no temporary files after a refused upload', async () => {
  const storage = new LocalStorage(dir);
  const k = key();
  await expect(
    storage.put(k, chunked(randomBytes(50_000)), { contentType: 'text/plain', maxBytes: 10_000 }),
  ).rejects.toBeInstanceOf(UploadTooLargeError);
  expect(await readdir(path.join(dir, ...k.split('/').slice(0, 2)))).toEqual([]);
});

it('createStorage picks the driver named by the configuration', () => {
  const s3Config = {
    driver: 's3' as const,
    dir,
    s3: {
      endpoint: s3.endpoint,
      accessKey: 'a',
      secretKey: 'b',
      bucket: 'x',
      region: 'us-east-1',
      partSize: 8 * 1024 * 1024,
    },
  };
  expect(createStorage({ storage: { ...s3Config, driver: 'local' } }).driver).toBe('local');
  expect(createStorage({ storage: s3Config }).driver).toBe('s3');
});

describe('sweeping unfinished uploads (issue 25)', () => {
  const HOUR = 60 * 60 * 1000;
  const anHourAgo = () => new Date(Date.now() - HOUR);

  async function filesUnder(root: string): Promise<string[]> {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  }

  it('local: removes temporary files a dead process left, keeps one being written and every object', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'portico-sweep-'));
    const storage = new LocalStorage(root);
    // What a process killed mid-upload leaves: its temporary file, last written two hours ago.
    const orphan = path.join(root, 'tenant', 'file-a', '.report.pdf.0123456789ab.part');
    await mkdir(path.dirname(orphan), { recursive: true });
    await writeFile(orphan, 'half a file');
    await utimes(orphan, new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    // An object whose name only looks like a temporary file, as old, is an object.
    const lookalike = 'tenant/file-b/report.0123456789ab.part';
    await storage.put(lookalike, chunked(Buffer.from('kept')), { contentType: 'text/plain', maxBytes: 100 });
    await utimes(path.join(root, lookalike), new Date(Date.now() - 2 * HOUR), new Date(Date.now() - 2 * HOUR));
    // An upload in flight.
    const body = new PassThrough();
    const writing = storage.put('tenant/file-c/live.txt', body, { contentType: 'text/plain', maxBytes: 1000 });
    body.write('first half ');
    await expect
      .poll(() => filesUnder(root))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^tenant\/file-c\/\.live\.txt\.[0-9a-f]{12}\.part$/)]));

    expect(await storage.sweepIncompleteUploads(anHourAgo())).toBe(1);
    body.end('second half');
    expect(await writing).toEqual({ size: 22 });
    expect((await filesUnder(root)).sort()).toEqual([lookalike, 'tenant/file-c/live.txt']);
    expect(await storage.sweepIncompleteUploads(anHourAgo())).toBe(0);
    expect(await new LocalStorage(path.join(root, 'never-written')).sweepIncompleteUploads(new Date())).toBe(0);
    await rm(root, { recursive: true, force: true });
  });

  it('s3: aborts multipart uploads started before the cut-off and never completed, and keeps every object', async () => {
    const bucket = `portico-sweep-${randomBytes(3).toString('hex')}`;
    const storage = new S3Storage({ endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket });
    const kept = key('kept.txt');
    await storage.put(kept, chunked(Buffer.from('kept')), { contentType: 'text/plain', maxBytes: 100 });
    // What a process killed mid-upload leaves: a multipart upload started, a part sent, never completed.
    const url = new URL(s3.endpoint);
    const client = new Client({
      endPoint: url.hostname,
      port: Number(url.port),
      useSSL: false,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      pathStyle: true,
    });
    const orphan = key('big.bin');
    const uploadId = await client.initiateNewMultipartUpload(bucket, orphan, { 'Content-Type': 'application/pdf' });
    await client.uploadPart(
      { bucketName: bucket, objectName: orphan, uploadID: uploadId, partNumber: 1, headers: {} },
      randomBytes(1024),
    );
    const pending = async () => (await client.listIncompleteUploadsQuery(bucket, '', '', '', '')).uploads;
    expect((await pending()).map((u) => u.uploadId)).toEqual([uploadId]);

    // Started a moment ago: it may still be in flight.
    expect(await storage.sweepIncompleteUploads(anHourAgo())).toBe(0);
    expect(await pending()).toHaveLength(1);
    // Past the cut-off: aborted, and the object stays.
    expect(await storage.sweepIncompleteUploads(new Date(Date.now() + 60_000))).toBe(1);
    expect(await pending()).toEqual([]);
    expect(await storage.stat(kept)).toEqual({ size: 4 });
    expect(await storage.sweepIncompleteUploads(new Date(Date.now() + 60_000))).toBe(0);
  });
});
