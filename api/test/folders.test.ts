import {
  FOLDER_MESSAGES,
  folderAnswer,
  folderListAnswer,
  folderNameTaken,
  folderNotEmpty,
  fileAnswer,
} from '@portico/common';
import type { Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';
import { expectConforms } from './public-api-support';

/*
 * Folders (issue 33): admins make, rename, share, move and delete them and move files between them;
 * a folder shared with a member or role shares what is in it unless a folder or file inside names its
 * own audience; members list what they may open; the zip keeps the folders' structure.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];
const namesOf = (res: { body: { folders: { name: string }[] } }) => res.body.folders.map((f) => f.name);
const fileIdsOf = (res: { body: { files: { id: string }[] } }) => res.body.files.map((f) => f.id).sort();

async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** A workspace with an admin, a client (role2), a team member (role1), and calls as each. */
async function fixture() {
  const ws = await makeWorkspace(app);
  const team = await signedIn(ws.tenant, 'role1');
  const as = (p: Person) => ({ token: p.token, tenantId: ws.tenant.id });
  const call = (who: Person, method: string, path: string, body?: unknown) =>
    app.request(method, path, { ...as(who), body });
  const folder = async (name: string, extra: Record<string, unknown> = {}) => {
    const res = await call(ws.admin, 'POST', '/folders', { name, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.folder as { id: string; name: string };
  };
  const uploaded = async (by: Person, name: string, fields: Record<string, string> = {}) => {
    const res = await upload(app, { ...as(by), name, content: `content of ${name}`, fields });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; folder_id: string | null };
  };
  return { ...ws, team, as, call, folder, uploaded };
}

/** The entry names of a zip, read from its central directory. */
function zipEntryNames(zip: Buffer): string[] {
  const names: string[] = [];
  for (let at = zip.indexOf('PK\x01\x02', 0, 'latin1'); at >= 0;) {
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    names.push(zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'));
    at = zip.indexOf('PK\x01\x02', at + 46 + nameLength + extra + comment, 'latin1');
  }
  return names.sort();
}

describe('folders', () => {
  it('admins make, list, rename, move and delete folders, audited', async () => {
    const f = await fixture();
    const clients = await f.folder('  Clients  ', { assigned_roles: 'role2' });
    expect(clients.name).toBe('Clients');
    const acme = await f.folder('Acme', { parent_id: clients.id });
    const contracts = await f.folder('Contracts', { parent_id: acme.id });

    const top = await f.call(f.admin, 'GET', '/folders');
    expect(top.status).toBe(200);
    expectConforms(folderListAnswer, top.body);
    expect(top.body).toMatchObject({ folder: null, breadcrumbs: [] });
    expect(namesOf(top)).toEqual(['Clients']);
    const inside = await f.call(f.admin, 'GET', `/folders?parent_id=${acme.id}`);
    expect(inside.body.folder).toMatchObject({ id: acme.id, name: 'Acme', parent_id: clients.id });
    expect(inside.body.breadcrumbs).toEqual([
      { id: clients.id, name: 'Clients', open: true },
      { id: acme.id, name: 'Acme', open: true },
    ]);
    expect(namesOf(inside)).toEqual(['Contracts']);

    const renamed = await f.call(f.admin, 'PATCH', `/folders/${acme.id}`, { name: 'Acme Inc' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expectConforms(folderAnswer, renamed.body);
    expect(renamed.body.folder.name).toBe('Acme Inc');

    const moved = await f.call(f.admin, 'POST', `/folders/${contracts.id}/move`, { parent_id: null });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.folder.parent_id).toBeNull();
    expect(namesOf(await f.call(f.admin, 'GET', '/folders'))).toEqual(['Clients', 'Contracts']);

    expect((await f.call(f.admin, 'DELETE', `/folders/${contracts.id}`)).status).toBe(204);
    expect(errorOf(await f.call(f.admin, 'GET', `/folders?parent_id=${contracts.id}`))).toEqual([
      404,
      FOLDER_MESSAGES.notFound,
    ]);

    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: f.tenant.id, entity_type: 'folder' },
      order: [['created_at', 'ASC']],
    });
    expect(audits.map((a) => [a.action, a.actor_user_id])).toEqual([
      ['folder.created', f.admin.user.id],
      ['folder.created', f.admin.user.id],
      ['folder.created', f.admin.user.id],
      ['folder.updated', f.admin.user.id],
      ['folder.moved', f.admin.user.id],
      ['folder.deleted', f.admin.user.id],
    ]);
  });

  it('refuses bad names, names a sibling has, missing folders and moves into a folder inside', async () => {
    const f = await fixture();
    const a = await f.folder('Reports');
    const b = await f.folder('Q1', { parent_id: a.id });
    const c = await f.folder('January', { parent_id: b.id });
    const post = (body: unknown) => f.call(f.admin, 'POST', '/folders', body);

    expect(errorOf(await post({ name: '   ' }))).toEqual([400, FOLDER_MESSAGES.nameRequired]);
    expect(errorOf(await post({}))).toEqual([400, FOLDER_MESSAGES.nameRequired]);
    expect(errorOf(await post({ name: 'x'.repeat(256) }))).toEqual([400, FOLDER_MESSAGES.nameTooLong]);
    expect((await post({ name: 'x'.repeat(255) })).status).toBe(201);
    expect(errorOf(await post({ name: ' reports ' }))).toEqual([409, folderNameTaken('reports')]);
    expect((await post({ name: 'reports', parent_id: a.id })).status).toBe(201);
    expect(errorOf(await post({ name: 'New', parent_id: 'nope' }))).toEqual([400, FOLDER_MESSAGES.parentId]);
    expect(errorOf(await post({ name: 'New', parent_id: crypto.randomUUID() }))).toEqual([
      404,
      FOLDER_MESSAGES.notFound,
    ]);
    expect(errorOf(await post({ name: 'New', assign_to: 'role' }))).toEqual([400, 'Please select a role']);
    expect(errorOf(await post({ name: 'New', assigned_roles: 'ghost' }))).toEqual([
      400,
      'There is no role "ghost" in this workspace.',
    ]);
    expect(errorOf(await post({ name: 'New', user_id: crypto.randomUUID() }))).toEqual([400, 'Please select a user']);

    expect(errorOf(await f.call(f.admin, 'PATCH', `/folders/${b.id}`, { name: 'REPORTS' }))).toEqual([
      409,
      folderNameTaken('REPORTS'),
    ]);
    expect(errorOf(await f.call(f.admin, 'PATCH', `/folders/${b.id}`, { name: '' }))).toEqual([
      400,
      FOLDER_MESSAGES.nameRequired,
    ]);
    // Its own name in another case is a rename, not a clash.
    expect((await f.call(f.admin, 'PATCH', `/folders/${b.id}`, { name: 'q1' })).body.folder.name).toBe('q1');

    const move = (id: string, body: unknown) => f.call(f.admin, 'POST', `/folders/${id}/move`, body);
    expect(errorOf(await move(a.id, { parent_id: a.id }))).toEqual([400, FOLDER_MESSAGES.intoItself]);
    expect(errorOf(await move(a.id, { parent_id: c.id }))).toEqual([400, FOLDER_MESSAGES.intoItself]);
    expect(errorOf(await move(a.id, {}))).toEqual([400, FOLDER_MESSAGES.parentId]);
    expect(errorOf(await move(a.id, { parent_id: 'x' }))).toEqual([400, FOLDER_MESSAGES.parentId]);
    expect(errorOf(await move(a.id, { parent_id: crypto.randomUUID() }))).toEqual([404, FOLDER_MESSAGES.notFound]);
    // A folder named like one at the destination stays where it is.
    const other = await f.folder('January');
    expect(errorOf(await move(other.id, { parent_id: b.id }))).toEqual([409, folderNameTaken('January')]);

    const file = await f.uploaded(f.admin, 'plan.txt', { folder_id: c.id });
    expect(errorOf(await f.call(f.admin, 'DELETE', `/folders/${a.id}`))).toEqual([409, folderNotEmpty(0, 2)]);
    expect(errorOf(await f.call(f.admin, 'DELETE', `/folders/${c.id}`))).toEqual([409, folderNotEmpty(1, 0)]);
    // A deleted file does not keep its folder; it is restored to the top level.
    expect((await f.call(f.admin, 'DELETE', `/files/${file.id}`)).status).toBe(204);
    expect((await f.call(f.admin, 'DELETE', `/folders/${c.id}`)).status).toBe(204);
    const restored = await f.call(f.admin, 'POST', `/files/${file.id}/restore`);
    expect(restored.body.file.folder_id).toBeNull();

    expect(errorOf(await f.call(f.admin, 'POST', `/files/${file.id}/move`, { folder_id: 'x' }))).toEqual([
      400,
      FOLDER_MESSAGES.folderId,
    ]);
    expect(
      errorOf(await f.call(f.admin, 'POST', `/files/${file.id}/move`, { folder_id: crypto.randomUUID() })),
    ).toEqual([404, FOLDER_MESSAGES.notFound]);
    expect(errorOf(await f.call(f.admin, 'GET', '/files?folder_id=x'))).toEqual([
      400,
      'folder_id must be a folder id or root.',
    ]);
    expect(errorOf(await f.call(f.admin, 'GET', '/folders?parent_id=x'))).toEqual([400, FOLDER_MESSAGES.parentId]);
  });

  it('moves a file between folders, recorded in its activity and audited', async () => {
    const f = await fixture();
    const a = await f.folder('A');
    const b = await f.folder('B');
    const file = await f.uploaded(f.admin, 'brief.txt', { folder_id: a.id, user_id: f.member.user.id });
    expect(file.folder_id).toBe(a.id);
    expect(fileIdsOf(await f.call(f.admin, 'GET', `/files?folder_id=${a.id}`))).toEqual([file.id]);
    expect(fileIdsOf(await f.call(f.admin, 'GET', '/files?folder_id=root'))).toEqual([]);

    const moved = await f.call(f.admin, 'POST', `/files/${file.id}/move`, { folder_id: b.id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expectConforms(fileAnswer, moved.body);
    expect(moved.body.file.folder_id).toBe(b.id);
    expect(fileIdsOf(await f.call(f.admin, 'GET', `/files?folder_id=${a.id}`))).toEqual([]);
    expect(fileIdsOf(await f.call(f.admin, 'GET', `/files?folder_id=${b.id}`))).toEqual([file.id]);
    const toTop = await f.call(f.admin, 'POST', `/files/${file.id}/move`, { folder_id: null });
    expect(toTop.body.file.folder_id).toBeNull();
    expect(fileIdsOf(await f.call(f.admin, 'GET', '/files?folder_id=root'))).toEqual([file.id]);

    const activity = await f.call(f.admin, 'GET', `/files/${file.id}/activity`);
    expect(activity.body.activity.map((e: { kind: string }) => e.kind)).toEqual(['moved', 'moved']);
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: f.tenant.id, entity_id: file.id, action: 'file.moved' },
      order: [['created_at', 'ASC']],
    });
    expect(audits.map((a) => a.details)).toEqual([
      { title: 'brief.txt', from_folder_id: a.id, to_folder_id: b.id },
      { title: 'brief.txt', from_folder_id: b.id, to_folder_id: null },
    ]);
  });

  it('renames a file, audited; its stored name stays', async () => {
    const f = await fixture();
    const file = await f.uploaded(f.admin, 'scan-0042.pdf', { user_id: f.member.user.id });
    const renamed = await f.call(f.admin, 'PATCH', `/files/${file.id}`, { title: '  Signed lease  ' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expectConforms(fileAnswer, renamed.body);
    expect(renamed.body.file).toMatchObject({ title: 'Signed lease', original_name: 'scan-0042.pdf' });
    expect((await f.call(f.member, 'GET', `/files/${file.id}`)).body.file.title).toBe('Signed lease');
    expect(errorOf(await f.call(f.admin, 'PATCH', `/files/${file.id}`, { title: ' ' }))).toEqual([
      400,
      'Give the file a title.',
    ]);
    expect(errorOf(await f.call(f.admin, 'PATCH', `/files/${file.id}`, { title: 'x'.repeat(256) }))).toEqual([
      400,
      'The title must be at most 255 characters.',
    ]);
    expect(errorOf(await f.call(f.admin, 'PATCH', `/files/${crypto.randomUUID()}`, { title: 'x' }))).toEqual([
      404,
      'This file does not exist.',
    ]);
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: f.tenant.id, entity_id: file.id, action: 'file.renamed' },
    });
    expect(audits.map((a) => [a.actor_user_id, a.details])).toEqual([
      [f.admin.user.id, { from: 'scan-0042.pdf', to: 'Signed lease' }],
    ]);
  });

  it('shares what is in a folder with its audience, unless a folder or file inside says otherwise', async () => {
    const f = await fixture();
    const clients = await f.folder('Clients', { assigned_roles: 'role2' });
    const shared = await f.folder('Shared', { parent_id: clients.id });
    const teamOnly = await f.folder('Team notes', { parent_id: clients.id, assigned_roles: 'role1' });
    const inTeamOnly = await f.folder('Drafts', { parent_id: teamOnly.id });
    const adminsOnly = await f.folder('Admin');
    const personal = await f.folder('For Max', { parent_id: adminsOnly.id, user_id: f.member.user.id });

    const inherits = await f.uploaded(f.admin, 'welcome.txt', { folder_id: clients.id });
    const deepInherits = await f.uploaded(f.admin, 'deep.txt', { folder_id: shared.id });
    const ownAudience = await f.uploaded(f.admin, 'team-only.txt', { folder_id: clients.id, assigned_roles: 'role1' });
    const teamFile = await f.uploaded(f.admin, 'draft.txt', { folder_id: inTeamOnly.id });
    const hidden = await f.uploaded(f.admin, 'secret.txt', { folder_id: adminsOnly.id });
    const forMax = await f.uploaded(f.admin, 'max.txt', { folder_id: personal.id });

    const everything = fileIdsOf(await f.call(f.member, 'GET', '/files?limit=100'));
    expect(everything).toEqual([inherits.id, deepInherits.id, forMax.id].sort());
    expect(fileIdsOf(await f.call(f.team, 'GET', '/files'))).toEqual([ownAudience.id, teamFile.id].sort());
    expect(fileIdsOf(await f.call(f.admin, 'GET', '/files')).length).toBe(6);
    expect((await f.call(f.member, 'GET', `/files/${hidden.id}`)).status).toBe(404);
    expect((await f.call(f.member, 'GET', `/files/${ownAudience.id}/download`)).status).toBe(404);
    expect((await f.call(f.member, 'GET', `/files/${deepInherits.id}/download`)).body).toBe('content of deep.txt');

    // The member's top level: the folders they may open whose parent they may not (or none).
    const top = await f.call(f.member, 'GET', '/folders');
    expect(namesOf(top)).toEqual(['Clients', 'For Max']);
    expect(namesOf(await f.call(f.member, 'GET', `/folders?parent_id=${clients.id}`))).toEqual(['Shared']);
    expect(fileIdsOf(await f.call(f.member, 'GET', `/files?folder_id=${clients.id}`))).toEqual([inherits.id]);
    expect(fileIdsOf(await f.call(f.member, 'GET', '/files?folder_id=root'))).toEqual([]);
    const max = await f.call(f.member, 'GET', `/folders?parent_id=${personal.id}`);
    expect(max.body.breadcrumbs).toEqual([
      { id: adminsOnly.id, name: 'Admin', open: false },
      { id: personal.id, name: 'For Max', open: true },
    ]);
    for (const closed of [adminsOnly, teamOnly, inTeamOnly])
      expect(errorOf(await f.call(f.member, 'GET', `/folders?parent_id=${closed.id}`))).toEqual([
        404,
        FOLDER_MESSAGES.notFound,
      ]);
    expect(namesOf(await f.call(f.team, 'GET', '/folders'))).toEqual(['Team notes']);

    // Moving a file that has no audience of its own changes who sees it; one with its own keeps it.
    await f.call(f.admin, 'POST', `/files/${inherits.id}/move`, { folder_id: adminsOnly.id });
    await f.call(f.admin, 'POST', `/files/${ownAudience.id}/move`, { folder_id: adminsOnly.id });
    expect(fileIdsOf(await f.call(f.member, 'GET', '/files'))).toEqual([deepInherits.id, forMax.id].sort());
    expect(fileIdsOf(await f.call(f.team, 'GET', '/files'))).toEqual([ownAudience.id, teamFile.id].sort());
    // At the team member's top level: their file in a folder they may not open.
    expect(fileIdsOf(await f.call(f.team, 'GET', '/files?folder_id=root'))).toEqual([ownAudience.id]);

    // Choosing nobody makes a folder take its parent's audience; sharing a folder anew changes what is in it at once.
    await f.call(f.admin, 'PATCH', `/folders/${teamOnly.id}`, { audience: {} });
    expect(fileIdsOf(await f.call(f.member, 'GET', '/files'))).toEqual(
      [deepInherits.id, forMax.id, teamFile.id].sort(),
    );
    expect(fileIdsOf(await f.call(f.team, 'GET', '/files'))).toEqual([ownAudience.id]);
    await f.call(f.admin, 'PATCH', `/folders/${clients.id}`, { audience: { assigned_roles: ['role1'] } });
    expect(fileIdsOf(await f.call(f.member, 'GET', '/files'))).toEqual([forMax.id]);
    expect(fileIdsOf(await f.call(f.team, 'GET', '/files'))).toEqual(
      [deepInherits.id, ownAudience.id, teamFile.id].sort(),
    );

    // A member uploads into a folder they may open (the file is theirs), never into another.
    const mine = await f.uploaded(f.member, 'mine.txt', { folder_id: personal.id });
    expect(mine.folder_id).toBe(personal.id);
    const refused = await upload(app, { ...f.as(f.member), name: 'x.txt', fields: { folder_id: adminsOnly.id } });
    expect(errorOf(refused)).toEqual([404, FOLDER_MESSAGES.notFound]);
  });

  it('tells a folder’s audience of a file that takes it, uploaded or moved in, and nobody twice', async () => {
    const f = await fixture();
    const clients = await f.folder('Clients', { assigned_roles: 'role2' });
    const inside = await f.folder('Acme', { parent_id: clients.id });
    const teamOnly = await f.folder('Team', { assigned_roles: 'role1' });
    const sharedWithMember = async () =>
      (await f.call(f.member, 'GET', '/inbox')).body.items
        .filter((item: { kind: string }) => item.kind === 'file.shared')
        .map((item: { title: string }) => item.title);

    await f.uploaded(f.admin, 'brief.txt', { folder_id: inside.id });
    expect(await sharedWithMember()).toEqual(['“brief.txt” was shared with you']);

    const kept = await f.uploaded(f.admin, 'memo.txt', { folder_id: teamOnly.id });
    expect(await sharedWithMember()).toHaveLength(1);
    expect((await f.call(f.admin, 'POST', `/files/${kept.id}/move`, { folder_id: inside.id })).status).toBe(200);
    expect(await sharedWithMember()).toEqual(['“memo.txt” was shared with you', '“brief.txt” was shared with you']);
    // Between two folders the member could already open, the file is no news.
    expect((await f.call(f.admin, 'POST', `/files/${kept.id}/move`, { folder_id: clients.id })).status).toBe(200);
    expect(await sharedWithMember()).toHaveLength(2);
    expect((await f.call(f.team, 'GET', '/inbox')).body.items.map((item: { title: string }) => item.title)).toEqual([
      '“memo.txt” was shared with you',
    ]);
  });

  it('keeps the folders in a zip, below the folders the files share, with unique names', async () => {
    const f = await fixture();
    const projects = await f.folder('Projects');
    const alpha = await f.folder('Alpha', { parent_id: projects.id });
    const beta = await f.folder('Beta', { parent_id: projects.id });
    const specs = await f.folder('Specs', { parent_id: alpha.id });
    const ids = [
      (await f.uploaded(f.admin, 'a.txt', { folder_id: alpha.id, user_id: f.member.user.id })).id,
      (await f.uploaded(f.admin, 'spec.txt', { folder_id: specs.id, user_id: f.member.user.id })).id,
      (await f.uploaded(f.admin, 'Spec.txt', { folder_id: specs.id, user_id: f.member.user.id })).id,
      (await f.uploaded(f.admin, 'b.txt', { folder_id: beta.id, user_id: f.member.user.id })).id,
    ];
    const zip = async (fileIds: string[]) => {
      const res = await fetch(`${app.url}/api/files/download.zip?ids=${fileIds.join(',')}`, {
        headers: { authorization: `Bearer ${f.admin.token}`, 'x-tenant-id': f.tenant.id },
      });
      expect(res.status).toBe(200);
      return zipEntryNames(Buffer.from(await res.arrayBuffer()));
    };
    // Newest first: the later Spec.txt keeps its name, the earlier spec.txt is numbered.
    expect(await zip(ids)).toEqual(['Alpha/Specs/Spec.txt', 'Alpha/Specs/spec (2).txt', 'Alpha/a.txt', 'Beta/b.txt']);
    expect(await zip(ids.slice(0, 3))).toEqual(['Specs/Spec.txt', 'Specs/spec (2).txt', 'a.txt']);
    expect(await zip(ids.slice(1, 2))).toEqual(['spec.txt']);
    const top = await f.uploaded(f.admin, 'top.txt', { user_id: f.member.user.id });
    expect(await zip([top.id, ids[3]!])).toEqual(['Projects/Beta/b.txt', 'top.txt']);
  });

  describe('callers', () => {
    /** Each folder route: without a session 401, a client 403 on what admins manage, another workspace's folder 404. */
    it('answers 401 without a session, 403 to members on admin routes, 404 for another workspace’s folders', async () => {
      const f = await fixture();
      const other = await makeWorkspace(app);
      const folder = await f.folder('Mine');
      const file = await f.uploaded(f.admin, 'x.txt', { user_id: f.member.user.id });
      const routes: [string, string, unknown][] = [
        ['GET', `/folders?parent_id=${folder.id}`, undefined],
        ['POST', '/folders', { name: 'New', parent_id: folder.id }],
        ['PATCH', `/folders/${folder.id}`, { name: 'Renamed' }],
        ['POST', `/folders/${folder.id}/move`, { parent_id: null }],
        ['DELETE', `/folders/${folder.id}`, undefined],
        ['POST', `/files/${file.id}/move`, { folder_id: folder.id }],
        ['PATCH', `/files/${file.id}`, { title: 'Renamed' }],
      ];
      for (const [method, path, body] of routes) {
        const anonymous = await app.request(method, path, { tenantId: f.tenant.id, body });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
        const elsewhere = await app.request(method, path, {
          token: other.admin.token,
          tenantId: other.tenant.id,
          body,
        });
        expect(elsewhere.status, `${method} ${path}`).toBe(404);
        // An admin of another workspace naming this one is no member of it.
        const foreign = await app.request(method, path, { token: other.admin.token, tenantId: f.tenant.id, body });
        expect(foreign.status, `${method} ${path}`).toBe(403);
      }
      for (const [method, path, body] of routes.slice(1))
        expect(errorOf(await f.call(f.team, method, path, body)), `${method} ${path}`).toEqual([
          403,
          FOLDER_MESSAGES.adminsOnly,
        ]);
      // Nothing changed: the folder is still there, by its name.
      expect(namesOf(await f.call(f.admin, 'GET', '/folders'))).toEqual(['Mine']);
      const otherFolder = (
        await app.request('POST', '/folders', {
          token: other.admin.token,
          tenantId: other.tenant.id,
          body: { name: 'Theirs' },
        })
      ).body.folder;
      const foreignUpload = await upload(app, {
        ...f.as(f.admin),
        name: 'y.txt',
        fields: { folder_id: otherFolder.id, user_id: f.member.user.id },
      });
      expect(errorOf(foreignUpload)).toEqual([404, FOLDER_MESSAGES.notFound]);
    });
  });
});
