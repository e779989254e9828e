import { parse as parseContentDisposition } from 'content-disposition';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeTenant, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAX_UPLOAD_MB: '1' });
});
afterAll(() => app.close());

async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

async function storedObjects(tenant: Tenant): Promise<string[]> {
  const root = path.join(app.config.storage.dir, tenant.id);
  const found: string[] = [];
  for (const fileDir of await readdir(root).catch(() => [] as string[]))
    found.push(...(await readdir(path.join(root, fileDir))).map((f) => `${fileDir}/${f}`));
  return found;
}

describe('POST /api/files/upload', () => {
  it('lets an admin upload for one member: 201 with the file row, stored under tenant/file/name, audited', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      name: 'Q1 report.pdf',
      type: 'application/pdf',
      content: '%PDF-1.4 hello',
      fields: { title: 'Q1 report', user_id: member.user.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Q1 report',
      file_url: `/api/files/${res.body.id}/download`,
      user_id: member.user.id,
      assigned_roles: [],
      uploaded_by: admin.user.id,
      content_type: 'application/pdf',
      size_bytes: 14,
      recipients_count: 1,
      kind: 'pdf',
      status: 'new',
    });
    expect(res.body.created_at).toBeTruthy();
    expect(res.body.storage_key).toBeUndefined();
    const row = await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: res.body.id } });
    expect(row!.storage_key).toBe(`${tenant.id}/${res.body.id}/Q1 report.pdf`);
    expect(await storedObjects(tenant)).toEqual([`${res.body.id}/Q1 report.pdf`]);
    expect(
      await app.ctx.db.AuditLog.count({
        where: { tenant_id: tenant.id, action: 'file.uploaded', entity_id: res.body.id },
      }),
    ).toBe(1);
  });

  it('assigns to roles given repeated or comma-separated and counts their members', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    await signedIn(tenant, 'role1');
    const res = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      fields: { assigned_roles: ['role1,role2'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ user_id: null, assigned_roles: ['role1', 'role2'], recipients_count: 2 });
    const repeated = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      fields: { assigned_roles: ['role1', 'role2'] },
    });
    expect(repeated.body.assigned_roles).toEqual(['role1', 'role2']);
  });

  it("stores a member's upload as their own", async () => {
    const { tenant, member } = await makeWorkspace(app);
    const res = await upload(app, {
      token: member.token,
      tenantId: tenant.id,
      name: 'cv.docx',
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      user_id: member.user.id,
      assigned_roles: [],
      uploaded_by: member.user.id,
      kind: 'document',
      title: 'cv.docx',
    });
  });

  it('refuses a member sharing with others or with roles (403) and keeps nothing', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const toOther = await upload(app, { token: member.token, tenantId: tenant.id, fields: { user_id: admin.user.id } });
    expect(toOther.status).toBe(403);
    expect(toOther.body.error).toBe('Only workspace admins can share files with other people.');
    const toRole = await upload(app, { token: member.token, tenantId: tenant.id, fields: { assigned_roles: 'role2' } });
    expect(toRole.status).toBe(403);
    expect(await storedObjects(tenant)).toEqual([]);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it.each([
    [{}, 'Select a user or roles'],
    [{ assign_to: 'user' }, 'Please select a user'],
    [{ assign_to: 'role' }, 'Please select a role'],
    [{ assigned_roles: 'role3' }, 'No users found with the selected role'],
    [{ assigned_roles: 'nope' }, 'There is no role "nope" in this workspace.'],
    [
      { assigned_roles: 'role2', title: 'Q3\u0000' },
      'Text must not contain NUL characters or broken Unicode (a lone surrogate).',
    ],
  ])('answers 400 for %j: %s, and keeps nothing', async (fields, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      fields: fields as Record<string, string>,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await storedObjects(tenant)).toEqual([]);
  });

  it("refuses a user of another workspace as recipient with 'Please select a user'", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const stranger = await makeUser(app.ctx);
    await addMember(app.ctx, await makeTenant(app.ctx), stranger, 'role2');
    const res = await upload(app, { token: admin.token, tenantId: tenant.id, fields: { user_id: stranger.id } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please select a user');
  });

  it("answers 'Please select a file' without a file", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      name: null,
      fields: { user_id: member.user.id },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Please select a file');
  });

  it('answers 400 for a body that is not multipart', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/files/upload', {
      token: admin.token,
      tenantId: tenant.id,
      body: { file: 'x' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Send the file as multipart/form-data with a field named file.');
  });

  it('answers 413 past MAX_UPLOAD_MB and leaves no object and no row', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      content: Buffer.alloc(1024 * 1024 + 10, 7),
      fields: { user_id: member.user.id },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('The file is larger than the 1 MB upload limit.');
    expect(await storedObjects(tenant)).toEqual([]);
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: tenant.id } })).toBe(0);
    // A file exactly at the limit is accepted.
    const atLimit = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      content: Buffer.alloc(1024 * 1024, 7),
      fields: { user_id: member.user.id },
    });
    expect(atLimit.status).toBe(201);
  });

  it('strips directories from the uploaded name', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      name: '../../etc/passwd',
      fields: { user_id: member.user.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.original_name).toBe('passwd');
    expect(await storedObjects(tenant)).toEqual([`${res.body.id}/passwd`]);
  });

  it.each([
    ['an accented name as browsers send it (UTF-8)', 'résumé.pdf'],
    ['60 CJK characters', `${'履歴書の写し'.repeat(10)}.pdf`],
    ['70 emoji', `${'📄'.repeat(70)}.pdf`],
    ['characters some filesystems reserve', 'Q1: <draft> v2?|*.pdf'],
  ])(
    'keeps %s exactly as the file name, stores it under a bounded key and downloads it under that name',
    async (_case, name) => {
      const { tenant, admin, member } = await makeWorkspace(app);
      const res = await upload(app, {
        token: admin.token,
        tenantId: tenant.id,
        name,
        type: 'application/pdf',
        content: '%PDF-1.4',
        fields: { user_id: member.user.id },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.original_name).toBe(name);
      expect(res.body.title).toBe(name);
      const row = await app.ctx.db.FileRecord.findOne({ where: { tenant_id: tenant.id, id: res.body.id } });
      const stored = row!.storage_key.split('/').pop()!;
      expect(row!.storage_key).toBe(`${tenant.id}/${res.body.id}/${stored}`);
      expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(120);
      expect(stored).toMatch(/\.pdf$/);
      expect(stored).not.toMatch(/[<>:"|?*\\/%#]/);
      expect(await storedObjects(tenant)).toEqual([`${res.body.id}/${stored}`]);
      const download = await fetch(`${app.url}/api/files/${res.body.id}/download`, {
        headers: { authorization: `Bearer ${member.token}`, 'x-tenant-id': tenant.id },
      });
      expect(download.status).toBe(200);
      // The header a browser reads: `filename*` for any name beyond ASCII, else a quoted `filename`.
      expect(parseContentDisposition(download.headers.get('content-disposition')!).parameters.filename).toBe(name);
    },
  );

  it('needs a session (401) and membership of the workspace (403)', async () => {
    const { tenant } = await makeWorkspace(app);
    expect((await upload(app, { tenantId: tenant.id })).status).toBe(401);
    const other = await makeWorkspace(app);
    const res = await upload(app, {
      token: other.admin.token,
      tenantId: tenant.id,
      fields: { assigned_roles: 'role2' },
    });
    expect(res.status).toBe(403);
  });
});
