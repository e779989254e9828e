import { S3Storage, systemClock } from '@portico/core';

import { Client } from 'minio';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { startLocalS3, type LocalS3 } from '../../testing/s3';
import { rawRequest, truncatedFilePart, upload } from './files-support';

let s3: LocalS3;
let app: TestApp;
beforeAll(async () => {
  s3 = await startLocalS3();
  app = await startTestApp({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: 'portico-api-test',
    MAX_UPLOAD_MB: '1',
  });
});
afterAll(async () => {
  await app.close();
  await s3.close();
});

it('uploads to, downloads from and (once a deletion is purged) deletes in an S3 bucket; an upload past the limit keeps nothing', async () => {
  const { tenant, admin, member } = await makeWorkspace(app);
  const bucket = new S3Storage({
    endpoint: s3.endpoint,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    bucket: 'portico-api-test',
  });
  const res = await upload(app, {
    token: admin.token,
    tenantId: tenant.id,
    name: 'plan.pdf',
    type: 'application/pdf',
    content: '%PDF-1.7 plan',
    fields: { user_id: member.user.id },
  });
  expect(res.status).toBe(201);
  const row = await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: res.body.id } });
  expect(await bucket.stat(row!.storage_key)).toEqual({ size: 13 });
  const download = await app.request('GET', `/files/${res.body.id}/download`, {
    token: member.token,
    tenantId: tenant.id,
  });
  expect(download.body).toBe('%PDF-1.7 plan');

  const big = await upload(app, {
    token: admin.token,
    tenantId: tenant.id,
    content: Buffer.alloc(1024 * 1024 + 1),
    fields: { user_id: member.user.id },
  });
  expect(big.status).toBe(413);
  expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(1);

  // Deleted, the object stays in the bucket and counts in the workspace's storage until the purge.
  const root = await makeSuperAdmin(app);
  const storageBytes = async () =>
    (await app.request('GET', `/super/tenants/${tenant.id}`, { token: root.token })).body.tenant.usage.storage_bytes;
  expect(await storageBytes()).toBe(13);
  expect(
    (await app.request('DELETE', `/files/${res.body.id}`, { token: admin.token, tenantId: tenant.id })).status,
  ).toBe(204);
  expect(await bucket.stat(row!.storage_key)).toEqual({ size: 13 });
  expect(await storageBytes()).toBe(13);
  const at = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
  app.ctx.clock = { now: () => at };
  try {
    await runMaintenanceTask(app.ctx, 'purge-deleted-files');
  } finally {
    app.ctx.clock = systemClock;
  }
  await expect.poll(() => bucket.stat(row!.storage_key)).toBeNull();
  expect(await storageBytes()).toBe(0);
});

it('removes the object of an upload whose body breaks off after the file, and keeps serving', async () => {
  const { tenant, admin } = await makeWorkspace(app);
  const client = new Client({
    endPoint: '127.0.0.1',
    port: Number(new URL(s3.endpoint).port),
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    pathStyle: true,
  });
  const objectsOfTenant = async () =>
    (await client.listObjectsV2('portico-api-test', `${tenant.id}/`, true).toArray()).map(
      (o: { name: string }) => o.name,
    );
  // The file part is complete (so its object is written), then the body ends without its closing boundary.
  const body = `${truncatedFilePart()}--XyZ\r\nContent-Disposition: form-data; name="title"\r\n\r\nQ1`;
  const res = await rawRequest(app, {
    path: '/api/files/upload',
    headers: {
      Authorization: `Bearer ${admin.token}`,
      'x-tenant-id': tenant.id,
      'Content-Type': 'multipart/form-data; boundary=XyZ',
    },
    body,
  });
  expect(res).toEqual({
    status: 400,
    body: { error: 'The upload could not be read: the multipart body is malformed or incomplete. Please try again.' },
  });
  expect(await objectsOfTenant()).toEqual([]);
  expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
  expect((await app.request('GET', '/health')).status).toBe(200);
});
