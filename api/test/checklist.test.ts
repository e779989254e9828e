import type { Tenant } from '@portico/core';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

function shareFile(
  tenant: Tenant,
  target: { user_id?: string; assigned_roles?: string[]; folder_id?: string },
  uploadedBy: string,
) {
  return app.ctx.db.FileRecord.create({
    tenant_id: tenant.id,
    title: 'Welcome pack',
    original_name: 'welcome.pdf',
    content_type: 'application/pdf',
    kind: 'pdf',
    size_bytes: 10,
    storage_key: `${tenant.id}/x/welcome.pdf`,
    user_id: target.user_id ?? null,
    assigned_roles: target.assigned_roles ?? [],
    folder_id: target.folder_id ?? null,
    uploaded_by: uploadedBy,
  });
}

it('counts the profile and the shared files the member has opened, in this workspace only', async () => {
  const { tenant, admin, member } = await makeWorkspace(app);
  const other = await makeWorkspace(app);
  const checklist = () => app.request('GET', '/dashboard/checklist', { token: member.token, tenantId: tenant.id });

  expect((await checklist()).body).toEqual({
    items: [{ key: 'profile', label: 'Complete your profile: name and phone number', done: false }],
    percent: 0,
  });

  await app.ctx.db.Profile.update({ phone: '+1 555 0100' }, { where: { id: member.user.id } });
  const toRole = await shareFile(tenant, { assigned_roles: ['role2'] }, admin.user.id);
  await shareFile(tenant, { user_id: member.user.id }, admin.user.id);
  await shareFile(tenant, { assigned_roles: ['role1'] }, admin.user.id);
  await shareFile(tenant, { user_id: member.user.id }, member.user.id);
  await shareFile(other.tenant, { assigned_roles: ['role2'] }, other.admin.user.id);
  await app.ctx.db.FileEvent.create({
    tenant_id: tenant.id,
    file_id: toRole.id,
    user_id: member.user.id,
    kind: 'view',
  });
  await app.ctx.db.FileEvent.create({ tenant_id: tenant.id, file_id: toRole.id, user_id: admin.user.id, kind: 'view' });

  expect((await checklist()).body).toEqual({
    items: [
      { key: 'profile', label: 'Complete your profile: name and phone number', done: true },
      { key: 'files', label: 'Open the files shared with you', done: false, progress: { done: 1, total: 2 } },
    ],
    percent: 50,
  });
});

it('counts a file that names nobody as shared with the member when its folder is shared with them', async () => {
  const { tenant, admin, member } = await makeWorkspace(app);
  const folder = (roles: string[]) =>
    app.ctx.db.Folder.create({ tenant_id: tenant.id, name: `For ${roles.join()}`, assigned_roles: roles });
  await shareFile(tenant, { folder_id: (await folder(['role2'])).id }, admin.user.id);
  await shareFile(tenant, { folder_id: (await folder(['role1'])).id }, admin.user.id);
  const items = (await app.request('GET', '/dashboard/checklist', { token: member.token, tenantId: tenant.id })).body
    .items;
  expect(items).toContainEqual({
    key: 'files',
    label: 'Open the files shared with you',
    done: false,
    progress: { done: 0, total: 1 },
  });
});

it('is for members: a super admin outside the workspace gets 403, no session 401', async () => {
  const { tenant } = await makeWorkspace(app);
  const root = await makeSuperAdmin(app);
  const asRoot = await app.request('GET', '/dashboard/checklist', { token: root.token, tenantId: tenant.id });
  expect(asRoot.status).toBe(403);
  expect(asRoot.body.error).toBe('Only members of this workspace have a checklist here.');
  expect((await app.request('GET', '/dashboard/checklist', { tenantId: tenant.id })).status).toBe(401);
});

it('refuses another tenant’s member with 403', async () => {
  const here = await makeWorkspace(app);
  const there = await makeWorkspace(app);
  expect(
    (await app.request('GET', '/dashboard/checklist', { token: there.member.token, tenantId: here.tenant.id })).status,
  ).toBe(403);
});
