import { randomUUID } from 'node:crypto';
import { workspaceVersionKeys } from '@portico/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const FORM = {
  title: 'Intake',
  fields: [{ id: 'name', type: 'short', label: 'Full name', required: true }],
  assigned_roles: ['role2'],
  status: 'published',
};

it('shows a member what an admin just changed on their very next page', async () => {
  const { tenant, admin, member } = await makeWorkspace(app);
  const asMember = (path: string) => app.request('GET', path, { token: member.token, tenantId: tenant.id });
  expect((await asMember('/forms')).body.forms).toEqual([]);
  expect((await asMember('/dashboard/checklist')).body.items.map((i: { key: string }) => i.key)).toEqual(['profile']);

  const created = await app.request('POST', '/forms', { token: admin.token, tenantId: tenant.id, body: FORM });
  expect(created.status).toBe(201);
  expect((await asMember('/forms')).body.forms.map((f: { title: string }) => f.title)).toEqual(['Intake']);
  expect((await asMember('/dashboard/checklist')).body.items.map((i: { key: string }) => i.key)).toEqual([
    'profile',
    'forms',
  ]);

  const removed = await app.request('DELETE', `/forms/${created.body.form.id}`, {
    token: admin.token,
    tenantId: tenant.id,
  });
  expect(removed.status).toBe(204);
  expect((await asMember('/forms')).body.forms).toEqual([]);
});

it('serves a member’s files page from memory until the workspace’s version changes, then reads it again', async () => {
  const { tenant, admin, member } = await makeWorkspace(app);
  const files = async () =>
    (await app.request('GET', '/files', { token: member.token, tenantId: tenant.id })).body.files.map(
      (f: { title: string }) => f.title,
    );
  expect(await files()).toEqual([]);
  // Raw SQL passes no model hook: as far as this process knows, nothing changed.
  await app.ctx.sequelize.query(
    `INSERT INTO files (id, tenant_id, title, original_name, content_type, kind, size_bytes, storage_key, assigned_roles, uploaded_by)
     VALUES ($1, $2, 'Shared by another process', 'a.pdf', 'application/pdf', 'pdf', 1, 'k', ARRAY['role2'], $3)`,
    { bind: [randomUUID(), tenant.id, admin.user.id] },
  );
  expect(await files()).toEqual([]);
  // The other process's commit sets the workspace's version: the next request reads PostgreSQL.
  await app.ctx.redis.set(workspaceVersionKeys.tenant(app.config.redisPrefix, tenant.id), 'set by another process');
  expect(await files()).toEqual(['Shared by another process']);
});
