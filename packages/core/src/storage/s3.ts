import { Client } from 'minio';
import { Readable } from 'node:stream';
import {
  assertSafeKey,
  ObjectExistsError,
  ObjectMissingError,
  UploadTooLargeError,
  type PutOptions,
  type Storage,
} from './storage';

export interface S3Options {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region?: string;
  /** Bytes per part of a multipart upload (at least 5 MiB); also the most one upload holds in memory. */
  partSize?: number;
}

const DEFAULT_PART_SIZE = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey';
}

/**
 * Objects in an S3-compatible bucket (MinIO, AWS S3, R2) through the minio client.
 * An upload that fails or passes the limit is removed again, so nothing half-written stays.
 */
export class S3Storage implements Storage {
  readonly driver = 's3' as const;
  private readonly client: Client;
  private readonly partSize: number;
  private bucketReady: Promise<void> | null = null;

  constructor(private readonly options: S3Options) {
    const url = new URL(options.endpoint);
    const useSSL = url.protocol === 'https:';
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    this.client = new Client({
      endPoint: url.hostname,
      port: url.port ? Number(url.port) : useSSL ? 443 : 80,
      useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      region: options.region ?? 'us-east-1',
      pathStyle: true,
      partSize: this.partSize,
    });
  }

  private ensureBucket(): Promise<void> {
    this.bucketReady ??= (async () => {
      if (!(await this.client.bucketExists(this.options.bucket)))
        await this.client.makeBucket(this.options.bucket, this.options.region ?? 'us-east-1');
    })().catch((error: unknown) => {
      this.bucketReady = null;
      throw error;
    });
    return this.bucketReady;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<{ size: number }> {
    assertSafeKey(key);
    await this.ensureBucket();
    if (await this.stat(key)) throw new ObjectExistsError(key);
    // The client pipes its input without forwarding errors, so the guarded stream always ends
    // cleanly and remembers why it stopped early; the object is then removed.
    let size = 0;
    let failure = null as Error | null;
    const guarded = Readable.from(
      (async function* () {
        try {
          for await (const chunk of body as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > options.maxBytes) {
              failure = new UploadTooLargeError(options.maxBytes);
              return;
            }
            yield chunk;
          }
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
      })(),
      { objectMode: false },
    );
    // Announcing the limit as the size keeps the parts at partSize and the memory bounded.
    const announced = Math.max(options.maxBytes, 1);
    try {
      await this.client.putObject(this.options.bucket, key, guarded, announced, {
        'Content-Type': options.contentType,
      });
    } catch (error) {
      await this.removeQuietly(key);
      throw failure ?? error;
    }
    if (failure) {
      await this.removeQuietly(key);
      throw failure;
    }
    return { size };
  }

  private async removeQuietly(key: string): Promise<void> {
    await this.client.removeIncompleteUpload(this.options.bucket, key).catch(() => undefined);
    await this.remove(key).catch(() => undefined);
  }

  async get(key: string): Promise<Readable> {
    assertSafeKey(key);
    return this.client.getObject(this.options.bucket, key).catch((error: unknown) => {
      throw isMissing(error) ? new ObjectMissingError(key) : error;
    });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const info = await this.client.statObject(this.options.bucket, key);
      return { size: info.size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.removeObject(this.options.bucket, key);
  }

  async removeAll(prefix: string): Promise<number> {
    assertSafeKey(prefix);
    await this.ensureBucket();
    const names: string[] = [];
    for await (const item of this.client.listObjectsV2(this.options.bucket, `${prefix}/`, true) as AsyncIterable<{
      name?: string;
    }>)
      if (item.name) names.push(item.name);
    // The API takes at most 1000 keys a request.
    for (let i = 0; i < names.length; i += 1000)
      await this.client.removeObjects(this.options.bucket, names.slice(i, i + 1000));
    return names.length;
  }

  async sweepIncompleteUploads(before: Date): Promise<number> {
    await this.ensureBucket();
    const { bucket } = this.options;
    let removed = 0;
    let keyMarker = '';
    let uploadIdMarker = '';
    for (;;) {
      // One page of the bucket's multipart uploads (listIncompleteUploads would also list every part of each).
      const page = await this.client.listIncompleteUploadsQuery(bucket, '', keyMarker, uploadIdMarker, '');
      for (const upload of page.uploads) {
        if (upload.initiated >= before) continue;
        // Aborted meanwhile (its own upload's clean-up): nothing left to remove.
        const aborted = await this.client.abortMultipartUpload(bucket, upload.key, upload.uploadId).then(
          () => true,
          (error: unknown) => {
            if ((error as { code?: string }).code === 'NoSuchUpload') return false;
            throw error;
          },
        );
        if (aborted) removed++;
      }
      if (!page.isTruncated) return removed;
      keyMarker = page.nextKeyMarker;
      uploadIdMarker = page.nextUploadIdMarker;
    }
  }
}
