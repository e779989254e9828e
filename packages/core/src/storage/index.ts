import type { Config } from '../config';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { Storage } from './storage';

export * from './local';
export * from './s3';
export * from './storage';

/** The storage driver the configuration names (STORAGE_DRIVER): local disk by default, or S3. */
export function createStorage(config: Pick<Config, 'storage'>): Storage {
  const { driver, dir, s3 } = config.storage;
  if (driver === 'local') return new LocalStorage(dir);
  return new S3Storage({
    endpoint: s3.endpoint!,
    accessKey: s3.accessKey!,
    secretKey: s3.secretKey!,
    bucket: s3.bucket,
    region: s3.region,
    partSize: s3.partSize,
  });
}
