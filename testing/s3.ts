import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from '@20minutes/s3rver';

export interface LocalS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  close: () => Promise<void>;
}

/** A real S3-protocol server (signatures checked) on loopback, backed by a temporary directory. */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'portico-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
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
