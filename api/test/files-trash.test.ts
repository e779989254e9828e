import { fileAnswer } from '@portico/common';
import { FILE_NOT_DELETED, FILE_RESTORE_EXPIRED, LocalStorage, systemClock, type Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { upload } from './files-support';
import { createKey, expectConforms, v1 } from './public-api-support';

/*
 * Deleting a file and undoing it (issue 33): DELETE marks it deleted and it leaves every listing,
 * download, link, zip, search and the public API; POST .../restore brings it back within 30 days,
 * by the five callers; the nightly purge then removes it and frees its storage.
 */

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const FILE_NOT_FOUND = 'This file does not exist.';
const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];
/** Runs the purge by the context's clock moved `days` days on (the API's sessions would expire: no calls meanwhile). */
async function purgeDaysOn(days: number): Promise<unknown> {
  const at = new Date(Date.now() + days * DAY);
  app.ctx.clock = { now: () => at };
  try {
    return await runMaintenanceTask(app.ctx, 'purge-deleted-files');
  } finally {
    app.ctx.clock = systemClock;
  }
}

/** Dates a deleted file's deletion `days` days back (negative: on), as if it had been deleted then. */
const deletedDaysAgo = (tenant: Tenant, id: string, days: number) =>
  app.ctx.db.FileRecord.update(
    { deleted_at: new Date(Date.now() - days * DAY) },
    { where: { tenant_id: tenant.id, id } },
  );

async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** A workspace (pro, for API keys) with a file for the member, one for the team, and the member's own upload. */
async function fixture() {
  const ws = await makeWorkspace(app, { tier: 'pro' });
  const team = await signedIn(ws.tenant, 'role1');
  const as = (p: Person) => ({ token: p.token, tenantId: ws.tenant.id });
  const uploaded = async (by: Person, name: string, content: string, fields: Record<string, string> = {}) => {
    const res = await upload(app, { ...as(by), name, type: 'text/plain', content, fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; title: string };
  };
  const forMember = await uploaded(ws.admin, 'contract.txt', 'contract text', {
    user_id: ws.member.user.id,
    title: 'Zebracontract',
  });
  const forTeam = await uploaded(ws.admin, 'budget.txt', 'budget', { assigned_roles: 'role1', title: 'Budget' });
  const own = await uploaded(ws.member, 'notes.txt', 'my notes');
  const call = (who: Person, method: string, path: string) => app.request(method, path, as(who));
  return { ...ws, team, as, call, forMember, forTeam, own };
}

const idsOf = (res: { body: { files: { id: string }[] } }) => res.body.files.map((f) => f.id);
const storageBytes = async (tenant: Tenant): Promise<number> => {
  const res = await app.request('GET', `/super/tenants/${tenant.id}`, { token: root.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.tenant.usage.storage_bytes;
};

describe('DELETE /api/files/:id and POST /api/files/:id/restore', () => {
  it('hides a deleted file from every listing, download, link, zip, search and the public API until it is restored', async () => {
    const f = await fixture();
    const { key } = await createKey(app, f.tenant, f.admin);
    const id = f.forMember.id;
    expect((await f.call(f.admin, 'DELETE', `/files/${id}`)).status).toBe(204);

    for (const who of [f.admin, f.member]) {
      expect(idsOf(await f.call(who, 'GET', '/files'))).not.toContain(id);
      expect((await f.call(who, 'GET', '/files?q=Zebracontract')).body.total).toBe(0);
      expect(errorOf(await f.call(who, 'GET', `/files/${id}`))).toEqual([404, FILE_NOT_FOUND]);
      expect((await f.call(who, 'GET', `/files/${id}/download`)).status).toBe(404);
      expect((await f.call(who, 'POST', `/files/${id}/link`)).status).toBe(404);
      expect((await f.call(who, 'GET', `/files/download.zip?ids=${id}`)).status).toBe(404);
    }
    expect((await f.call(f.admin, 'GET', `/search?q=Zebracontract`)).body.results.files).toEqual([]);
    expect((await f.call(f.admin, 'GET', `/files/${id}/activity`)).status).toBe(404);
    expect((await f.call(f.admin, 'GET', '/dashboard/admin-stats')).body.files_uploaded).toBe(2);
    const listed = await v1(app, key, 'GET', '/files');
    expect(listed.body.data.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await v1(app, key, 'GET', `/files/${id}`)).status).toBe(404);
    expect((await v1(app, key, 'GET', `/files/${id}/download`)).status).toBe(404);
    // A second delete finds nothing to delete.
    expect(errorOf(await f.call(f.admin, 'DELETE', `/files/${id}`))).toEqual([404, FILE_NOT_FOUND]);

    const restored = await f.call(f.admin, 'POST', `/files/${id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expectConforms(fileAnswer, restored.body);
    expect(restored.body.file).toMatchObject({ id, title: 'Zebracontract', status: 'new' });
    expect(idsOf(await f.call(f.member, 'GET', '/files'))).toContain(id);
    expect((await f.call(f.member, 'GET', `/files/${id}/download`)).body).toBe('contract text');
    expect(
      (await f.call(f.admin, 'GET', `/search?q=Zebracontract`)).body.results.files.map((x: { id: string }) => x.id),
    ).toEqual([id]);
    expect((await v1(app, key, 'GET', `/files/${id}`)).status).toBe(200);

    // Audited, in the file's activity (an admin deleting is no viewer), and announced once by webhook.
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: f.tenant.id, entity_id: id },
      order: [['created_at', 'ASC']],
    });
    expect(audits.map((a) => [a.action, a.actor_user_id])).toEqual([
      ['file.uploaded', f.admin.user.id],
      ['file.deleted', f.admin.user.id],
      ['file.restored', f.admin.user.id],
    ]);
    const activity = (await f.call(f.admin, 'GET', `/files/${id}/activity`)).body.activity;
    expect(
      activity
        .filter((e: { kind: string }) => e.kind !== 'download')
        .map((e: { kind: string; user_id: string }) => [e.kind, e.user_id]),
    ).toEqual([
      ['restored', f.admin.user.id],
      ['deleted', f.admin.user.id],
    ]);
    for (const type of ['file.deleted', 'file.restored']) {
      const events = await app.ctx.db.TenantEvent.findAll({ where: { tenant_id: f.tenant.id, type } });
      expect(events.map((e) => (e.data as { file: { id: string } }).file.id)).toEqual([id]);
    }
  });

  it('lets a member delete and restore their own upload, never a file shared with them or with others', async () => {
    const f = await fixture();
    expect(errorOf(await f.call(f.member, 'DELETE', `/files/${f.forMember.id}`))).toEqual([
      403,
      'Only workspace admins or the person who uploaded a file can delete it.',
    ]);
    expect(errorOf(await f.call(f.team, 'DELETE', `/files/${f.own.id}`))).toEqual([404, FILE_NOT_FOUND]);
    expect((await f.call(f.member, 'DELETE', `/files/${f.own.id}`)).status).toBe(204);
    expect(idsOf(await f.call(f.member, 'GET', '/files'))).not.toContain(f.own.id);
    // The admin deleted a file shared with the member: they see it was there, and may not bring it back.
    expect((await f.call(f.admin, 'DELETE', `/files/${f.forMember.id}`)).status).toBe(204);
    expect(errorOf(await f.call(f.member, 'POST', `/files/${f.forMember.id}/restore`))).toEqual([
      403,
      'Only workspace admins or the person who uploaded a file can restore it.',
    ]);
    // The team never saw the member's file, deleted or not.
    expect(errorOf(await f.call(f.team, 'POST', `/files/${f.own.id}/restore`))).toEqual([404, FILE_NOT_FOUND]);
    expect((await f.call(f.member, 'POST', `/files/${f.own.id}/restore`)).status).toBe(200);
    expect(idsOf(await f.call(f.member, 'GET', '/files'))).toContain(f.own.id);
    expect(idsOf(await f.call(f.member, 'GET', '/files'))).not.toContain(f.forMember.id);
  });

  it('refuses to restore a file that is not deleted, one deleted 30 days ago or more, and an id that names no file', async () => {
    const f = await fixture();
    expect(errorOf(await f.call(f.admin, 'POST', `/files/${f.forTeam.id}/restore`))).toEqual([409, FILE_NOT_DELETED]);
    expect(errorOf(await f.call(f.admin, 'POST', '/files/not-a-file/restore'))).toEqual([404, FILE_NOT_FOUND]);
    expect(errorOf(await f.call(f.admin, 'POST', `/files/${crypto.randomUUID()}/restore`))).toEqual([
      404,
      FILE_NOT_FOUND,
    ]);
    expect(errorOf(await f.call(f.admin, 'DELETE', '/files/not-a-file'))).toEqual([404, FILE_NOT_FOUND]);

    expect((await f.call(f.admin, 'DELETE', `/files/${f.forTeam.id}`)).status).toBe(204);
    await deletedDaysAgo(f.tenant, f.forTeam.id, 29.9);
    expect((await f.call(f.admin, 'POST', `/files/${f.forTeam.id}/restore`)).status).toBe(200);
    // Restored twice: the second finds it live.
    expect(errorOf(await f.call(f.admin, 'POST', `/files/${f.forTeam.id}/restore`))).toEqual([409, FILE_NOT_DELETED]);

    expect((await f.call(f.admin, 'DELETE', `/files/${f.forTeam.id}`)).status).toBe(204);
    await deletedDaysAgo(f.tenant, f.forTeam.id, 30);
    const late = await f.call(f.admin, 'POST', `/files/${f.forTeam.id}/restore`);
    expect(late.status).toBe(410);
    expect(late.body).toMatchObject({ error: FILE_RESTORE_EXPIRED, code: 'file_restore_expired' });
    expect(idsOf(await f.call(f.team, 'GET', '/files'))).toEqual([]);
  });

  it('answers 404 to another workspace’s admin and 401 without a session, changing nothing', async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    const stranger = { token: other.admin.token, tenantId: other.tenant.id };
    expect(errorOf(await app.request('DELETE', `/files/${f.own.id}`, stranger))).toEqual([404, FILE_NOT_FOUND]);
    // In the file's own workspace a stranger is no member at all.
    expect((await app.request('DELETE', `/files/${f.own.id}`, { ...stranger, tenantId: f.tenant.id })).status).toBe(
      403,
    );
    expect((await app.request('DELETE', `/files/${f.own.id}`, { tenantId: f.tenant.id })).status).toBe(401);
    expect((await f.call(f.member, 'DELETE', `/files/${f.own.id}`)).status).toBe(204);
    const restore = await app.request('POST', `/files/${f.own.id}/restore`, stranger);
    expect(errorOf(restore)).toEqual([404, FILE_NOT_FOUND]);
    expect(JSON.stringify(restore.body)).not.toContain('notes');
    expect(
      (await app.request('POST', `/files/${f.own.id}/restore`, { ...stranger, tenantId: f.tenant.id })).status,
    ).toBe(403);
    expect((await app.request('POST', `/files/${f.own.id}/restore`, { tenantId: f.tenant.id })).status).toBe(401);
    const row = await app.ctx.db.FileRecord.findOne({ where: { tenant_id: f.tenant.id, id: f.own.id } });
    expect(row?.deleted_at).toBeInstanceOf(Date);
    expect(row?.deleted_by).toBe(f.member.user.id);
  });
});

describe('the purge-deleted-files job', () => {
  it('removes files deleted more than 30 days ago and their objects, audited; storage counts them until then', async () => {
    const f = await fixture();
    const rest = await fixture();
    const disk = new LocalStorage(app.config.storage.dir);
    const keyOf = async (tenant: Tenant, id: string) =>
      (await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id } }))!.storage_key;
    // The member's file is shared with the team too: its object outlives the original row.
    const copy = await app.request('POST', '/files', {
      ...f.as(f.admin),
      body: { file_id: f.forMember.id, assigned_roles: ['role1'] },
    });
    expect(copy.status).toBe(201);
    const sharedKey = await keyOf(f.tenant, f.forMember.id);
    const teamKey = await keyOf(f.tenant, f.forTeam.id);
    const bytes = await storageBytes(f.tenant);
    expect(bytes).toBe('contract text'.length + 'budget'.length + 'my notes'.length);

    for (const id of [f.forMember.id, f.forTeam.id])
      expect((await f.call(f.admin, 'DELETE', `/files/${id}`)).status).toBe(204);
    expect((await rest.call(rest.admin, 'DELETE', `/files/${rest.forTeam.id}`)).status).toBe(204);
    // Deleted, not yet purged: still stored, still counted.
    expect(await storageBytes(f.tenant)).toBe(bytes);
    expect(await disk.stat(teamKey)).not.toBeNull();
    // The member's upload is deleted too, dated 10 days on: it has 20 days left when the others' 30 are up.
    expect((await f.call(f.member, 'DELETE', `/files/${f.own.id}`)).status).toBe(204);
    await deletedDaysAgo(f.tenant, f.own.id, -10);

    await purgeDaysOn(29);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: f.tenant.id } })).toBe(4);

    const result = await purgeDaysOn(31);
    expect(result).toMatchObject({ tenants: expect.any(Number), files: expect.any(Number) });
    const left = await app.ctx.db.FileRecord.findAll({ where: { tenant_id: f.tenant.id } });
    expect(left.map((r) => r.id).sort()).toEqual([copy.body.id, f.own.id].sort());
    await expect.poll(() => disk.stat(teamKey)).toBeNull();
    expect(await disk.stat(sharedKey)).not.toBeNull();
    expect((await f.call(f.team, 'GET', `/files/${copy.body.id}/download`)).body).toBe('contract text');
    expect(await storageBytes(f.tenant)).toBe(bytes - 'budget'.length);
    expect((await rest.call(rest.admin, 'GET', '/files')).body.total).toBe(2);
    expect(errorOf(await f.call(f.admin, 'POST', `/files/${f.forTeam.id}/restore`))).toEqual([404, FILE_NOT_FOUND]);

    const audits = await app.ctx.db.AuditLog.findAll({ where: { action: 'files.purged' }, allTenants: true });
    const byTenant = (tenant: Tenant) => audits.filter((a) => a.tenant_id === tenant.id).map((a) => a.details);
    expect(byTenant(f.tenant)).toEqual([{ files: 2, deleted_more_than_days: 30 }]);
    expect(byTenant(rest.tenant)).toEqual([{ files: 1, deleted_more_than_days: 30 }]);
    // Purged files were announced when deleted, not again.
    const deletedEvents = await app.ctx.db.TenantEvent.count({
      where: { tenant_id: f.tenant.id, type: 'file.deleted' },
    });
    expect(deletedEvents).toBe(3);

    // The member's upload goes 30 days after its own deletion, and the workspace's storage with it.
    await purgeDaysOn(41);
    expect((await app.ctx.db.FileRecord.findAll({ where: { tenant_id: f.tenant.id } })).map((r) => r.id)).toEqual([
      copy.body.id,
    ]);
    expect(await storageBytes(f.tenant)).toBe('contract text'.length);
  });
});
