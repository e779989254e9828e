import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from '@20minutes/s3rver';
// @ts-expect-error s3rver ships no type declarations
import s3rverAuthentication from '@20minutes/s3rver/lib/middleware/authentication.js';

export interface LocalS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close: () => Promise<void>;
}

/** What the middleware below uses of a Koa context. */
interface S3Context {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  params: Record<string, string>;
  status: number;
  type: string;
  body: unknown;
}

type Next = () => Promise<void>;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * s3rver starts, fills and completes multipart uploads, but answers NotImplemented to
 * ListMultipartUploads and MethodNotAllowed to AbortMultipartUpload, which the sweep of unfinished
 * uploads needs (issue 25). These two operations are served here from s3rver's own record of its
 * uploads (a folder per upload id, holding the object's key), behind s3rver's signature check.
 */
function multipartUploadOperations(uploadsOf: (bucket: string) => string) {
  const authenticate = s3rverAuthentication() as (ctx: S3Context, next: Next) => Promise<void>;
  return async (ctx: S3Context, next: Next): Promise<void> => {
    const [bucket = '', ...rest] = ctx.path.split('/').slice(1);
    const key = rest.map(decodeURIComponent).join('/');
    const listing = ctx.method === 'GET' && 'uploads' in ctx.query && bucket && !key;
    const aborting = ctx.method === 'DELETE' && ctx.query.uploadId && bucket && key;
    if (!listing && !aborting) return next();
    ctx.params = { bucket, ...(key ? { key } : {}) };
    await authenticate(ctx, async () => {
      const dir = uploadsOf(bucket);
      if (aborting) {
        const upload = path.join(dir, path.basename(ctx.query.uploadId!));
        const found = await readFile(path.join(upload, 'key'), 'utf8').catch(() => null);
        if (found !== key) {
          ctx.status = 404;
          ctx.type = 'application/xml';
          ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
          return;
        }
        await rm(upload, { recursive: true, force: true });
        ctx.status = 204;
        return;
      }
      const uploads = [];
      for (const uploadId of await readdir(dir).catch(() => [] as string[])) {
        const upload = path.join(dir, uploadId);
        const [uploadKey, info] = await Promise.all([readFile(path.join(upload, 'key'), 'utf8'), stat(upload)]);
        uploads.push(
          `<Upload><Key>${xml(uploadKey)}</Key><UploadId>${uploadId}</UploadId><Initiated>${info.birthtime.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
        );
      }
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${xml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><NextKeyMarker></NextKeyMarker><NextUploadIdMarker></NextUploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
    });
  };
}

/** A real S3-protocol server (signatures checked) on loopback, backed by a temporary directory. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portico-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  // Just before s3rver's router, after its request log, XML and virtual-host handling.
  const uploadsOf = (bucket: string): string => server.store.getResourcePath(bucket, undefined, 'uploads');
  server.middleware.splice(server.middleware.length - 1, 0, multipartUploadOperations(uploadsOf));
  const address = (await server.run()) as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
