import { deleteUserFiles, inTransaction, LocalStorage, type Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

/** A workspace with an admin, a role2 member, a role1 member, and files for each audience. */
async function fixture() {
  const ws = await makeWorkspace(app);
  const team = await signedIn(ws.tenant, 'role1');
  const as = (p: Person) => ({ token: p.token, tenantId: ws.tenant.id });
  const forMember = (
    await upload(app, {
      ...as(ws.admin),
      name: 'contract.pdf',
      type: 'application/pdf',
      content: '%PDF-1.4 contract',
      fields: { user_id: ws.member.user.id, title: 'Contract' },
    })
  ).body;
  const forClients = (
    await upload(app, {
      ...as(ws.admin),
      name: 'logo.png',
      type: 'image/png',
      content: 'png-bytes',
      fields: { assigned_roles: 'role2', title: 'Brand logo' },
    })
  ).body;
  const forTeam = (
    await upload(app, {
      ...as(ws.admin),
      name: 'budget.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fields: { assigned_roles: 'role1', title: 'Budget' },
    })
  ).body;
  const own = (await upload(app, { ...as(ws.member), name: 'notes.txt', type: 'text/plain', content: 'my notes' }))
    .body;
  return { ...ws, team, as, forMember, forClients, forTeam, own };
}

const ids = (files: { id: string }[]) => files.map((f) => f.id).sort();

describe('GET /api/files', () => {
  it('shows an admin every file of the tenant, newest first, with next_cursor null', async () => {
    const f = await fixture();
    const res = await app.request('GET', '/files?limit=100', f.as(f.admin));
    expect(res.status).toBe(200);
    expect(res.body.files.map((x: { id: string }) => x.id)).toEqual([
      f.own.id,
      f.forTeam.id,
      f.forClients.id,
      f.forMember.id,
    ]);
    expect(res.body.next_cursor).toBeNull();
  });

  it('shows a member only their own files and those assigned to their role', async () => {
    const f = await fixture();
    const member = await app.request('GET', '/files', f.as(f.member));
    expect(ids(member.body.files)).toEqual(ids([f.forMember, f.forClients, f.own]));
    const team = await app.request('GET', '/files', f.as(f.team));
    expect(ids(team.body.files)).toEqual([f.forTeam.id]);
  });

  it("never shows another tenant's files, even to its admin", async () => {
    const f = await fixture();
    const other = await makeWorkspace(app);
    const res = await app.request('GET', '/files?limit=1000', { token: other.admin.token, tenantId: other.tenant.id });
    expect(res.body.files).toEqual([]);
    expect((await app.request('GET', '/files', { token: other.admin.token, tenantId: f.tenant.id })).status).toBe(403);
  });

  it('filters by type, user, status and search text', async () => {
    const f = await fixture();
    const get = async (query: string) => ids((await app.request('GET', `/files?${query}`, f.as(f.admin))).body.files);
    expect(await get('type=pdf')).toEqual([f.forMember.id]);
    expect(await get('type=image')).toEqual([f.forClients.id]);
    expect(await get('type=spreadsheet')).toEqual([f.forTeam.id]);
    expect(await get('type=document')).toEqual([f.own.id]);
    expect(await get('type=other')).toEqual([]);
    expect(await get(`user_id=${f.member.user.id}`)).toEqual(ids([f.forMember, f.forClients, f.own]));
    expect(await get(`user_id=${f.team.user.id}`)).toEqual([f.forTeam.id]);
    expect(await get('q=brand')).toEqual([f.forClients.id]);
    expect(await get('q=budget.XLSX')).toEqual([f.forTeam.id]);
    expect(await get('q=100%25')).toEqual([]);
    expect(await get('status=viewed')).toEqual([]);
    // A recipient's preview makes a file viewed; the uploader's own look does not.
    await app.request('GET', `/files/${f.forMember.id}/preview`, f.as(f.member));
    await app.request('GET', `/files/${f.forTeam.id}/download`, f.as(f.admin));
    expect(await get('status=viewed')).toEqual([f.forMember.id]);
    expect(await get('status=new')).toEqual(ids([f.forClients, f.forTeam, f.own]));
  });

  it('pages with next_cursor', async () => {
    const f = await fixture();
    await app.ctx.db.FileRecord.bulkCreate(
      Array.from({ length: 105 }, (_, i) => ({
        tenant_id: f.tenant.id,
        title: `Bulk ${i}`,
        original_name: `bulk-${i}.txt`,
        content_type: 'text/plain',
        kind: 'document' as const,
        size_bytes: 1,
        storage_key: `${f.tenant.id}/x/bulk-${i}.txt`,
        user_id: null,
        assigned_roles: ['role2'],
        uploaded_by: f.admin.user.id,
      })),
    );
    const first = await app.request('GET', '/files?limit=100', f.as(f.admin));
    expect(first.body.files).toHaveLength(100);
    const second = await app.request('GET', `/files?limit=100&cursor=${first.body.next_cursor}`, f.as(f.admin));
    expect(second.body.files).toHaveLength(9);
    expect(second.body.next_cursor).toBeNull();
    expect(new Set([...ids(first.body.files), ...ids(second.body.files)]).size).toBe(109);
    expect(first.body.total).toBe(109);
    expect(second.body.total).toBe(109);
  });

  it('pages oldest first with order=oldest, each file once, and counts only what the viewer may see', async () => {
    const f = await fixture();
    // Distinct creation times a second apart, so the order is known.
    await app.ctx.db.FileRecord.bulkCreate(
      Array.from({ length: 103 }, (_, i) => ({
        tenant_id: f.tenant.id,
        title: `Old ${i}`,
        original_name: `old-${i}.txt`,
        content_type: 'text/plain',
        kind: 'document' as const,
        size_bytes: 1,
        storage_key: `${f.tenant.id}/x/old-${i}.txt`,
        user_id: null,
        assigned_roles: ['role3'],
        uploaded_by: f.admin.user.id,
        created_at: new Date(Date.UTC(2020, 0, 1, 0, 0, i)),
      })),
    );
    const first = await app.request('GET', '/files?limit=100&order=oldest', f.as(f.admin));
    expect(first.body.files.slice(0, 3).map((file: { title: string }) => file.title)).toEqual([
      'Old 0',
      'Old 1',
      'Old 2',
    ]);
    const second = await app.request(
      'GET',
      `/files?limit=100&order=oldest&cursor=${first.body.next_cursor}`,
      f.as(f.admin),
    );
    expect(second.body.next_cursor).toBeNull();
    const all = [...ids(first.body.files), ...ids(second.body.files)];
    expect(all).toHaveLength(107);
    expect(new Set(all).size).toBe(107);
    expect(first.body.total).toBe(107);
    // The member sees none of the role3 files: the count says so too.
    const asMember = await app.request('GET', '/files?limit=100&order=oldest', f.as(f.member));
    expect(asMember.body.total).toBe(asMember.body.files.length);
    expect(asMember.body.files.some((file: { title: string }) => file.title.startsWith('Old '))).toBe(false);
  });

  it.each([
    ['limit=50', 'limit must be 100 or 1000.'],
    ['type=video', 'type must be one of pdf, image, document, spreadsheet, other.'],
    ['status=old', 'status must be new or viewed.'],
    ['user_id=nobody', 'user_id must be a user id.'],
    ['cursor=garbage', 'The cursor is not valid. Start again from the first page.'],
    ['order=size', 'order must be newest or oldest.'],
  ])('answers 400 for %s', async (query, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('GET', `/files?${query}`, { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('needs a session', async () => {
    const { tenant } = await makeWorkspace(app);
    expect((await app.request('GET', '/files', { tenantId: tenant.id })).status).toBe(401);
  });
});

describe('GET /api/files/tenant-users', () => {
  it('lists the members of this tenant to an admin', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const res = await app.request('GET', '/files/tenant-users', { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.users).toHaveLength(2);
    expect(res.body.users).toEqual(
      expect.arrayContaining([
        { id: member.user.id, email: member.user.email, role: 'role2' },
        { id: admin.user.id, email: admin.user.email, role: 'admin' },
      ]),
    );
  });

  it('refuses a member with 403', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const res = await app.request('GET', '/files/tenant-users', { token: member.token, tenantId: tenant.id });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only workspace admins can share files with other people or see their activity.');
  });
});

describe('POST /api/files (share an existing file)', () => {
  it('adds a row pointing at the same object, for a user or roles', async () => {
    const f = await fixture();
    const res = await app.request('POST', '/files', {
      ...f.as(f.admin),
      body: { title: 'Budget for clients', file_url: f.forTeam.file_url, user_id: null, assigned_roles: ['role2'] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Budget for clients',
      assigned_roles: ['role2'],
      user_id: null,
      recipients_count: 1,
      content_type: f.forTeam.content_type,
    });
    const [a, b] = await Promise.all(
      [f.forTeam.id, res.body.id].map((id) => app.ctx.db.FileRecord.findOne({ where: { tenant_id: f.tenant.id, id } })),
    );
    expect(b!.storage_key).toBe(a!.storage_key);
    expect(ids((await app.request('GET', '/files', f.as(f.member))).body.files)).toContain(res.body.id);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: f.tenant.id, action: 'file.shared' } })).toBe(1);
  });

  it('applies the assignment rules and finds only files of this tenant', async () => {
    const f = await fixture();
    const bad = await app.request('POST', '/files', {
      ...f.as(f.admin),
      body: { file_id: f.forTeam.id, assigned_roles: [] },
    });
    expect(bad.body.error).toBe('Select a user or roles');
    const noFile = await app.request('POST', '/files', { ...f.as(f.admin), body: { user_id: f.member.user.id } });
    expect(noFile.body.error).toBe('Name the file to share with file_url or file_id.');
    const other = await makeWorkspace(app);
    const foreign = await app.request('POST', '/files', {
      token: other.admin.token,
      tenantId: other.tenant.id,
      body: { file_id: f.forTeam.id, user_id: other.member.user.id },
    });
    expect(foreign.status).toBe(404);
    const member = await app.request('POST', '/files', {
      ...f.as(f.member),
      body: { file_id: f.own.id, user_id: f.admin.user.id },
    });
    expect(member.status).toBe(403);
  });
});

describe('one file', () => {
  it('GET /api/files/:id answers the visible file and 404 otherwise', async () => {
    const f = await fixture();
    const mine = await app.request('GET', `/files/${f.forMember.id}`, f.as(f.member));
    expect(mine.status).toBe(200);
    expect(mine.body.file).toMatchObject({ id: f.forMember.id, title: 'Contract' });
    expect((await app.request('GET', `/files/${f.forMember.id}`, f.as(f.team))).status).toBe(404);
    expect((await app.request('GET', '/files/not-a-uuid', f.as(f.admin))).status).toBe(404);
    const other = await makeWorkspace(app);
    const foreign = await app.request('GET', `/files/${f.forMember.id}`, {
      token: other.admin.token,
      tenantId: other.tenant.id,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'This file does not exist.' });
  });

  it('downloads as an attachment, previews pdf and images inline, refuses other types with 415, records events', async () => {
    const f = await fixture();
    const download = await app.request('GET', `/files/${f.forMember.id}/download`, f.as(f.member));
    expect(download.status).toBe(200);
    expect(download.body).toBe('%PDF-1.4 contract');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename=contract.pdf');
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    const preview = await app.request('GET', `/files/${f.forClients.id}/preview`, f.as(f.member));
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(preview.headers.get('content-disposition')).toMatch(/^inline;/);
    const text = await app.request('GET', `/files/${f.own.id}/preview`, f.as(f.member));
    expect(text.status).toBe(415);
    expect(text.body.error).toBe('This file type cannot be previewed. Download it instead.');
    expect((await app.request('GET', `/files/${f.forTeam.id}/download`, f.as(f.member))).status).toBe(404);

    const activity = await app.request('GET', `/files/${f.forMember.id}/activity`, f.as(f.admin));
    expect(activity.status).toBe(200);
    expect(activity.body.activity).toEqual([
      expect.objectContaining({ kind: 'download', user_id: f.member.user.id, user_email: f.member.user.email }),
    ]);
    expect((await app.request('GET', `/files/${f.forMember.id}/activity`, f.as(f.member))).status).toBe(403);
  });

  it('never previews SVG inline, even when declared as an image', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const svg = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      name: 'x.svg',
      type: 'image/svg+xml',
      content: '<svg onload="alert(1)"/>',
      fields: { user_id: member.user.id },
    });
    expect(
      (await app.request('GET', `/files/${svg.body.id}/preview`, { token: member.token, tenantId: tenant.id })).status,
    ).toBe(415);
    const disguised = await upload(app, {
      token: admin.token,
      tenantId: tenant.id,
      name: 'x.png',
      type: 'text/html',
      content: '<script>1</script>',
      fields: { user_id: member.user.id },
    });
    expect(
      (await app.request('GET', `/files/${disguised.body.id}/preview`, { token: member.token, tenantId: tenant.id }))
        .status,
    ).toBe(415);
  });

  it('answers 404 when the stored object has gone missing, and leaves it out of a zip', async () => {
    const f = await fixture();
    const { storage_key: key } = (await app.ctx.db.FileRecord.findOne({
      where: { tenant_id: f.tenant.id, id: f.own.id },
    }))!;
    await new LocalStorage(app.config.storage.dir).remove(key);
    const res = await app.request('GET', `/files/${f.own.id}/download`, f.as(f.member));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('This file is no longer available.');
    const zip = await fetch(`${app.url}/api/files/download.zip?ids=${f.own.id},${f.forMember.id}`, {
      headers: { authorization: `Bearer ${f.member.token}`, 'x-tenant-id': f.tenant.id },
    });
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.includes(Buffer.from('contract.pdf'))).toBe(true);
    expect(bytes.includes(Buffer.from('notes.txt'))).toBe(false);
  });

  it('bulk downloads the accessible files as one zip', async () => {
    const f = await fixture();
    const res = await fetch(`${app.url}/api/files/download.zip?ids=${f.forMember.id},${f.own.id},${f.forTeam.id}`, {
      headers: { authorization: `Bearer ${f.member.token}`, 'x-tenant-id': f.tenant.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = Buffer.from(await res.arrayBuffer());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from('contract.pdf'))).toBe(true);
    expect(zip.includes(Buffer.from('notes.txt'))).toBe(true);
    expect(zip.includes(Buffer.from('budget.xlsx'))).toBe(false);
    const none = await app.request('GET', `/files/download.zip?ids=${f.forTeam.id}`, f.as(f.member));
    expect(none.status).toBe(404);
    expect((await app.request('GET', '/files/download.zip?ids=', f.as(f.member))).body.error).toBe(
      'Select at least one file to download.',
    );
  });
});

describe('signed links', () => {
  it('open the file without a bearer token for five minutes, re-checking access on each use', async () => {
    const f = await fixture();
    const link = await app.request('POST', `/files/${f.forClients.id}/link`, {
      ...f.as(f.member),
      body: { disposition: 'preview' },
    });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(new RegExp(`^/api/files/${f.forClients.id}/preview\\?`));
    expect(Date.parse(link.body.expires_at) - Date.now()).toBeGreaterThan(290_000);
    const opened = await fetch(`${app.url}${link.body.url}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toBe('png-bytes');

    // Tampering with any part breaks the signature.
    const url = new URL(`${app.url}${link.body.url}`);
    url.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    const tampered = await fetch(url);
    expect(tampered.status).toBe(401);
    expect(((await tampered.json()) as { error: string }).error).toBe(
      'This link is not valid. Open the file again from the portal.',
    );

    // The member moves to another role: the same link stops working.
    await app.ctx.db.Membership.update(
      { role: 'role3' },
      { where: { tenant_id: f.tenant.id, user_id: f.member.user.id } },
    );
    expect((await fetch(`${app.url}${link.body.url}`)).status).toBe(404);
  });

  it('expire', async () => {
    const f = await fixture();
    const link = await app.request('POST', `/files/${f.forMember.id}/link`, { ...f.as(f.member), body: {} });
    expect(link.body.url).toContain('/download?');
    const realNow = Date.now;
    Date.now = () => realNow() + 301_000;
    try {
      const res = await fetch(`${app.url}${link.body.url}`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe(
        'This link has expired. Open the file again from the portal.',
      );
    } finally {
      Date.now = realNow;
    }
  });

  it('cannot be made for a file the caller may not see', async () => {
    const f = await fixture();
    expect((await app.request('POST', `/files/${f.forTeam.id}/link`, { ...f.as(f.member), body: {} })).status).toBe(
      404,
    );
  });
});

describe('deleteUserFiles (deleting a user with their files)', () => {
  it("removes the user's personal files in that tenant and their objects; role files stay", async () => {
    const f = await fixture();
    const { storage_key: key } = (await app.ctx.db.FileRecord.findOne({
      where: { tenant_id: f.tenant.id, id: f.forMember.id },
    }))!;
    const removed = await inTransaction(app.ctx, (transaction) =>
      deleteUserFiles(app.ctx, f.tenant.id, f.member.user.id, transaction),
    );
    expect(removed).toBe(2);
    const left = await app.ctx.db.FileRecord.findAll({ where: { tenant_id: f.tenant.id } });
    expect(left.map((r) => r.id).sort()).toEqual([f.forClients.id, f.forTeam.id].sort());
    await expect.poll(() => new LocalStorage(app.config.storage.dir).stat(key)).toBeNull();
  });
});
