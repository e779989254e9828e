import { FILE_VERSION_MESSAGES, fileVersionsAnswer, fileVersionUploadAnswer } from '@portico/common';
import { LocalStorage, S3Storage, systemClock, type Storage, type Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { startLocalS3, type LocalS3 } from '../../testing/s3';
import { upload } from './files-support';
import { expectConforms } from './public-api-support';

/*
 * A file's versions (issue 33): POST /api/files/{id}/versions by the admins and the file's uploader,
 * the history to whoever sees the file, an earlier version's download for admins only; the file's
 * download serves the latest; earlier versions count in the workspace's storage until the file is
 * purged, on local disk and in an S3 bucket.
 */

const FILE_NOT_FOUND = 'This file does not exist.';
const NOT_UPLOADER = 'Only workspace admins or the person who uploaded a file can upload a new version of it.';
const DAY = 24 * 60 * 60 * 1000;
const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp({ MAX_UPLOAD_MB: '1' });
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

/** A workspace with a file the admin shared with the member, and one the member uploaded for themself. */
async function fixture(on: TestApp = app) {
  const ws = await makeWorkspace(on);
  const teamUser = await makeUser(on.ctx);
  await addMember(on.ctx, ws.tenant, teamUser, 'role1');
  const team: Person = { user: teamUser, token: (await signIn(on, teamUser.email)).token };
  const as = (p: Person) => ({ token: p.token, tenantId: ws.tenant.id });
  const uploaded = async (by: Person, name: string, content: string, fields: Record<string, string> = {}) => {
    const res = await upload(on, { ...as(by), name, type: 'text/plain', content, fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  };
  const forMember = await uploaded(ws.admin, 'contract.txt', 'contract v1', {
    user_id: ws.member.user.id,
    title: 'The contract',
  });
  const own = await uploaded(ws.member, 'notes.txt', 'notes v1');
  const newVersion = (by: Person | null, id: string, name: string | null, content = 'x', type = 'text/plain') =>
    upload(on, {
      ...(by ? as(by) : { tenantId: ws.tenant.id }),
      path: `/api/files/${id}/versions`,
      name,
      content,
      type,
    });
  const call = (who: Person, method: string, path: string) => on.request(method, path, as(who));
  return { ...ws, team, as, call, forMember, own, newVersion };
}

describe('POST /api/files/:id/versions', () => {
  it('makes the upload the file’s latest version: same id, title and recipients, the new name, type and size', async () => {
    const f = await fixture();
    const res = await f.newVersion(
      f.admin,
      f.forMember.id,
      'contract-signed.pdf',
      '%PDF-1.7 signed',
      'application/pdf',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectConforms(fileVersionUploadAnswer, res.body);
    expect(res.body.version).toMatchObject({
      number: 2,
      original_name: 'contract-signed.pdf',
      content_type: 'application/pdf',
      size_bytes: 15,
      uploaded_by: f.admin.user.id,
      latest: true,
    });
    expect(res.body.file).toMatchObject({
      id: f.forMember.id,
      title: 'The contract',
      original_name: 'contract-signed.pdf',
      kind: 'pdf',
      size_bytes: 15,
      user_id: f.member.user.id,
      uploaded_by: f.admin.user.id,
    });
    // Downloads, previews and zips serve the latest, to everyone who sees the file.
    expect((await f.call(f.member, 'GET', `/files/${f.forMember.id}/download`)).body).toBe('%PDF-1.7 signed');
    const listed = (await f.call(f.member, 'GET', '/files')).body.files;
    expect(listed.find((x: { id: string }) => x.id === f.forMember.id)).toMatchObject({
      original_name: 'contract-signed.pdf',
      size_bytes: 15,
    });
    // Nothing overwritten: each version has its own object, named by the version's id.
    const keys = await app.ctx.sequelize.query<{ storage_key: string }>(
      'SELECT storage_key FROM file_versions WHERE tenant_id = $1 ORDER BY number',
      { bind: [f.tenant.id], type: 'SELECT' as never },
    );
    expect(keys.map((k) => k.storage_key)).toEqual([
      `${f.tenant.id}/${f.forMember.id}/contract.txt`,
      `${f.tenant.id}/${res.body.version.id}/contract-signed.pdf`,
    ]);

    // Audited, in the file's activity as "version 2", announced as file.version_uploaded.
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: f.tenant.id, action: 'file.version_uploaded' },
    });
    expect(audit?.details).toMatchObject({ version: 2, name: 'contract-signed.pdf', size_bytes: 15 });
    const activity = (await f.call(f.admin, 'GET', `/files/${f.forMember.id}/activity`)).body.activity;
    expect(activity.filter((e: { kind: string }) => e.kind === 'version')).toEqual([
      expect.objectContaining({ user_id: f.admin.user.id, version_number: 2 }),
    ]);
    const events = await app.ctx.db.TenantEvent.findAll({
      where: { tenant_id: f.tenant.id, type: 'file.version_uploaded' },
    });
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({
        file: expect.objectContaining({ id: f.forMember.id, original_name: 'contract-signed.pdf' }),
        version: { id: res.body.version.id, number: 2 },
      }),
    ]);
  });

  it('lets a member version their own upload, never a file shared with them', async () => {
    const f = await fixture();
    const own = await f.newVersion(f.member, f.own.id, 'notes.txt', 'notes v2');
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    // The same name again is a new object, not an overwrite.
    expect((await f.call(f.member, 'GET', `/files/${f.own.id}/download`)).body).toBe('notes v2');
    expect(errorOf(await f.newVersion(f.member, f.forMember.id, 'mine.txt'))).toEqual([403, NOT_UPLOADER]);
    expect((await f.call(f.member, 'GET', `/files/${f.forMember.id}/download`)).body).toBe('contract v1');
  });

  it('refuses no file, a body that is no multipart, a file past MAX_UPLOAD_MB, keeping the file as it was', async () => {
    const f = await fixture();
    expect(errorOf(await f.newVersion(f.admin, f.forMember.id, null))).toEqual([400, 'Please select a file']);
    const json = await f.call(f.admin, 'POST', `/files/${f.forMember.id}/versions`);
    expect(errorOf(json)).toEqual([400, 'Send the file as multipart/form-data with a field named file.']);
    const big = await f.newVersion(f.admin, f.forMember.id, 'big.bin', 'x'.repeat(1024 * 1024 + 1));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'file_too_large' });
    expect((await f.call(f.admin, 'GET', `/files/${f.forMember.id}/versions`)).body.versions).toHaveLength(1);
    expect((await f.call(f.admin, 'GET', `/files/${f.forMember.id}/download`)).body).toBe('contract v1');
  });

  it('answers 404 to a member who cannot see the file and to another workspace, 401 without a session', async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    expect(errorOf(await f.newVersion(f.team, f.own.id, 'x.txt'))).toEqual([404, FILE_NOT_FOUND]);
    const stranger = await upload(app, {
      token: other.admin.token,
      tenantId: other.tenant.id,
      path: `/api/files/${f.own.id}/versions`,
      name: 'x.txt',
    });
    expect(errorOf(stranger)).toEqual([404, FILE_NOT_FOUND]);
    expect((await f.newVersion(null, f.own.id, 'x.txt')).status).toBe(401);
    expect(errorOf(await f.newVersion(f.admin, 'not-a-file', 'x.txt'))).toEqual([404, FILE_NOT_FOUND]);
    expect((await f.call(f.member, 'GET', `/files/${f.own.id}/download`)).body).toBe('notes v1');
  });
});

describe('GET /api/files/:id/versions', () => {
  it('lists the versions newest first, with who uploaded each and when, to whoever sees the file', async () => {
    const f = await fixture();
    await app.ctx.db.Profile.update({ first_name: 'Ada', last_name: 'Admin' }, { where: { id: f.admin.user.id } });
    const first = await f.call(f.member, 'GET', `/files/${f.forMember.id}/versions`);
    expect(first.status).toBe(200);
    expectConforms(fileVersionsAnswer, first.body);
    // Never versioned: the file is its own version 1, under its own id.
    expect(first.body.versions).toEqual([
      expect.objectContaining({ id: f.forMember.id, number: 1, original_name: 'contract.txt', latest: true }),
    ]);
    expect((await f.newVersion(f.admin, f.forMember.id, 'contract-2.txt', 'contract v2')).status).toBe(201);
    expect((await f.newVersion(f.admin, f.forMember.id, 'contract-3.txt', 'contract v3!')).status).toBe(201);
    const res = await f.call(f.member, 'GET', `/files/${f.forMember.id}/versions`);
    expect(res.status).toBe(200);
    expectConforms(fileVersionsAnswer, res.body);
    expect(
      res.body.versions.map((v: Record<string, unknown>) => [v.number, v.original_name, v.size_bytes, v.latest]),
    ).toEqual([
      [3, 'contract-3.txt', 12, true],
      [2, 'contract-2.txt', 11, false],
      [1, 'contract.txt', 11, false],
    ]);
    expect(res.body.versions[2].id).toBe(f.forMember.id);
    expect(res.body.versions.map((v: { uploaded_by_name: string }) => v.uploaded_by_name)).toEqual([
      'Ada Admin',
      'Ada Admin',
      'Ada Admin',
    ]);
    expect(JSON.stringify(res.body)).not.toContain('storage_key');
  });

  it('answers 404 to a member who cannot see the file, to another workspace and for no file id; 401 without a session', async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    expect(errorOf(await f.call(f.team, 'GET', `/files/${f.own.id}/versions`))).toEqual([404, FILE_NOT_FOUND]);
    expect(
      errorOf(
        await app.request('GET', `/files/${f.own.id}/versions`, {
          token: other.admin.token,
          tenantId: other.tenant.id,
        }),
      ),
    ).toEqual([404, FILE_NOT_FOUND]);
    expect(errorOf(await f.call(f.admin, 'GET', '/files/not-a-file/versions'))).toEqual([404, FILE_NOT_FOUND]);
    expect((await app.request('GET', `/files/${f.own.id}/versions`, { tenantId: f.tenant.id })).status).toBe(401);
  });
});

describe('GET /api/files/:id/versions/:versionId/download', () => {
  it('serves an earlier version to admins only, with a sentence for everyone else', async () => {
    const f = await fixture();
    const v2 = await f.newVersion(f.member, f.own.id, 'notes-2.md', '# notes v2', 'text/markdown');
    expect(v2.status).toBe(201);
    const first = await f.call(f.admin, 'GET', `/files/${f.own.id}/versions/${f.own.id}/download`);
    expect(first.status).toBe(200);
    expect(first.body).toBe('notes v1');
    expect(first.headers.get('content-disposition')).toContain('notes.txt');
    const latest = await f.call(f.admin, 'GET', `/files/${f.own.id}/versions/${v2.body.version.id}/download`);
    expect([latest.status, latest.body]).toEqual([200, '# notes v2']);
    expect(latest.headers.get('content-type')).toContain('text/markdown');
    // The uploader sees the history but downloads only the latest.
    expect(errorOf(await f.call(f.member, 'GET', `/files/${f.own.id}/versions/${f.own.id}/download`))).toEqual([
      403,
      FILE_VERSION_MESSAGES.adminsOnly,
    ]);
    expect((await f.call(f.member, 'GET', `/files/${f.own.id}/download`)).body).toBe('# notes v2');
  });

  it('answers 404 for a version of another file, to another workspace and for a hidden file; 401 without a session', async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    const path = `/files/${f.own.id}/versions/${f.own.id}/download`;
    expect(errorOf(await f.call(f.admin, 'GET', `/files/${f.own.id}/versions/${f.forMember.id}/download`))).toEqual([
      404,
      FILE_VERSION_MESSAGES.notFound,
    ]);
    expect(errorOf(await f.call(f.admin, 'GET', `/files/${f.own.id}/versions/nope/download`))).toEqual([
      404,
      FILE_VERSION_MESSAGES.notFound,
    ]);
    expect(errorOf(await app.request('GET', path, { token: other.admin.token, tenantId: other.tenant.id }))).toEqual([
      404,
      FILE_NOT_FOUND,
    ]);
    expect(errorOf(await f.call(f.team, 'GET', path))).toEqual([404, FILE_NOT_FOUND]);
    expect((await app.request('GET', path, { tenantId: f.tenant.id })).status).toBe(401);
  });
});

/** The workspace's storage as the console counts it. */
async function storageBytes(on: TestApp, admin: Person, tenant: Tenant): Promise<number> {
  const res = await on.request('GET', `/super/tenants/${tenant.id}`, { token: admin.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tenant.usage.storage_bytes;
}

/** Runs the purge with the clock `days` days on. */
async function purgeDaysOn(on: TestApp, days: number): Promise<void> {
  const at = new Date(Date.now() + days * DAY);
  on.ctx.clock = { now: () => at };
  try {
    await runMaintenanceTask(on.ctx, 'purge-deleted-files');
  } finally {
    on.ctx.clock = systemClock;
  }
}

/**
 * Earlier versions count in the workspace's storage while the file lives and while it is deleted; the
 * purge removes every version's object and frees their bytes, but keeps an object a share still serves.
 */
async function expectVersionsCountedUntilPurged(on: TestApp, superAdmin: Person, store: Storage): Promise<void> {
  const f = await fixture(on);
  const keysOf = async (id: string) =>
    (
      await on.ctx.sequelize.query<{ storage_key: string }>(
        'SELECT storage_key FROM file_versions WHERE tenant_id = $1 AND file_id = $2 ORDER BY number',
        { bind: [f.tenant.id, id], type: 'SELECT' as never },
      )
    ).map((r) => r.storage_key);
  const base = 'contract v1'.length + 'notes v1'.length;
  expect(await storageBytes(on, superAdmin, f.tenant)).toBe(base);
  // A share of the member's file before it is versioned keeps serving version 1.
  const copy = await on.request('POST', '/files', {
    ...f.as(f.admin),
    body: { file_id: f.own.id, assigned_roles: ['role1'] },
  });
  expect(copy.status).toBe(201);
  expect((await f.newVersion(f.member, f.own.id, 'notes.txt', 'notes v2 longer')).status).toBe(201);
  expect((await f.newVersion(f.admin, f.forMember.id, 'contract.txt', 'contract v2!')).status).toBe(201);
  const withVersions = base + 'notes v2 longer'.length + 'contract v2!'.length;
  expect(await storageBytes(on, superAdmin, f.tenant)).toBe(withVersions);
  expect((await f.call(f.team, 'GET', `/files/${copy.body.id}/download`)).body).toBe('notes v1');

  const [contractV1, contractV2] = await keysOf(f.forMember.id);
  const [notesV1, notesV2] = await keysOf(f.own.id);
  for (const id of [f.forMember.id, f.own.id])
    expect((await f.call(f.admin, 'DELETE', `/files/${id}`)).status).toBe(204);
  expect(await storageBytes(on, superAdmin, f.tenant)).toBe(withVersions);
  await purgeDaysOn(on, 31);

  await expect.poll(() => store.stat(contractV1!)).toBeNull();
  await expect.poll(() => store.stat(contractV2!)).toBeNull();
  await expect.poll(() => store.stat(notesV2!)).toBeNull();
  expect(await store.stat(notesV1!)).toEqual({ size: 'notes v1'.length });
  expect(await storageBytes(on, superAdmin, f.tenant)).toBe('notes v1'.length);
  expect((await f.call(f.team, 'GET', `/files/${copy.body.id}/download`)).body).toBe('notes v1');
}

describe('storage of earlier versions', () => {
  it('counts them until the file is purged, then removes their objects (local disk)', async () => {
    await expectVersionsCountedUntilPurged(app, root, new LocalStorage(app.config.storage.dir));
  });

  describe('in an S3 bucket', () => {
    let s3: LocalS3;
    let s3App: TestApp;
    beforeAll(async () => {
      s3 = await startLocalS3();
      s3App = await startTestApp({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET: 'portico-versions-test',
      });
    });
    afterAll(async () => {
      await s3App.close();
      await s3.close();
    });

    it('counts them until the file is purged, then removes their objects', async () => {
      const bucket = new S3Storage({
        endpoint: s3.endpoint,
        accessKey: s3.accessKey,
        secretKey: s3.secretKey,
        bucket: 'portico-versions-test',
      });
      await expectVersionsCountedUntilPurged(s3App, await makeSuperAdmin(s3App), bucket);
    });
  });
});
