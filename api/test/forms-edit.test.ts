import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  ADMINS_DELETE,
  BUILDERS_ONLY,
  createForm,
  DEFAULT_THEME,
  INTAKE_FIELDS,
  MISSING_ID,
  NOT_FOUND,
  signedIn,
  submit,
} from './forms-support';

/** Changing a form after it exists: saving (and its versions), assigning and archiving, copying, deleting. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('PUT /api/forms/{id}', () => {
  it('edits a draft without responses in place: the version stays 1', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, { status: 'draft' });
    const fields = [...INTAKE_FIELDS, { id: 'extra', type: 'long', label: 'Anything else?' }];
    const res = await app.request('PUT', `/forms/${form.id}`, {
      token: admin.token,
      tenantId: tenant.id,
      body: { title: 'Intake v2', fields, theme: { primary: '#000000' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.form).toMatchObject({
      title: 'Intake v2',
      version: 1,
      questions_count: 7,
      theme: { ...DEFAULT_THEME, primary: '#000000' },
    });
    const versions = await app.ctx.db.FormVersion.findAll({ where: { tenant_id: tenant.id, form_id: form.id } });
    expect(versions.map((v) => [v.version, v.fields.length, v.theme.primary])).toEqual([[1, 7, '#000000']]);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'form.updated', entity_id: form.id } }),
    ).toBe(1);
  });

  it('starts a new version when a published form’s questions or theme change, not for title, roles or an unchanged definition', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const created = await createForm(app, tenant, admin);
    const put = (body: Record<string, unknown>) =>
      app.request('PUT', `/forms/${created.id}`, { token: admin.token, tenantId: tenant.id, body });
    // What the builder sends on autosave: everything it loaded, with a new title.
    const loaded = (await app.request('GET', `/forms/${created.id}`, { token: admin.token, tenantId: tenant.id })).body
      .form;
    const renamed = await put({
      title: 'Renamed',
      description: 'Hello',
      fields: loaded.fields,
      theme: loaded.theme,
      assigned_roles: ['role1'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.form).toMatchObject({
      title: 'Renamed',
      description: 'Hello',
      assigned_roles: ['role1'],
      version: 1,
    });

    const rethemed = await put({ theme: { ...loaded.theme, bg: '#F0F0F0' } });
    expect(rethemed.body.form.version).toBe(2);
    const edited = await put({ fields: INTAKE_FIELDS.slice(0, 2) });
    expect(edited.body.form).toMatchObject({ version: 3, questions_count: 2 });
    const versions = await app.ctx.db.FormVersion.findAll({
      where: { tenant_id: tenant.id, form_id: created.id },
      order: [['version', 'ASC']],
    });
    expect(versions.map((v) => [v.version, v.fields.length, v.theme.bg])).toEqual([
      [1, 6, '#FFFFFF'],
      [2, 6, '#F0F0F0'],
      [3, 2, '#F0F0F0'],
    ]);
  });

  it('records form.published once, when a draft becomes published', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, { status: 'draft' });
    const put = (body: Record<string, unknown>) =>
      app.request('PUT', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id, body });
    expect((await put({ status: 'published' })).body.form).toMatchObject({ status: 'published', published: true });
    expect((await put({ title: 'Still published' })).status).toBe(200);
    const events = await app.ctx.db.TenantEvent.findAll({ where: { tenant_id: tenant.id } });
    expect(events.map((e) => e.type)).toEqual(['form.published']);
    expect(events[0]!.data).toEqual({ form: { id: form.id, title: 'Intake', version: 1, assigned_roles: ['role2'] } });
  });

  it.each([
    [{}, 'Nothing to save: send at least one field.'],
    [{ fields: [{ id: 'a', type: 'short', label: '' }] }, 'Every question needs a label.'],
    [
      { assigned_roles: ['owner'] },
      'Assign the form to role keys of this workspace. Valid keys: admin, role1, role2, role3.',
    ],
    [{ theme: { variant: 'plaid' } }, 'The background must be solid or gradient.'],
  ])('refuses %j with its sentence and changes nothing', async (body, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const res = await app.request('PUT', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(
      (await app.request('GET', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id })).body.form,
    ).toEqual(form);
  });

  it('is for builders: a team member may save, a client gets 403, another tenant 404, no session 401', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const team = await signedIn(app, tenant, 'role1');
    const form = await createForm(app, tenant, admin);
    expect(
      (
        await app.request('PUT', `/forms/${form.id}`, {
          token: team.token,
          tenantId: tenant.id,
          body: { title: 'By team' },
        })
      ).status,
    ).toBe(200);
    const byClient = await app.request('PUT', `/forms/${form.id}`, {
      token: member.token,
      tenantId: tenant.id,
      body: { title: 'x' },
    });
    expect(byClient.status).toBe(403);
    expect(byClient.body.error).toBe(BUILDERS_ONLY);
    const other = await makeWorkspace(app);
    const cross = await app.request('PUT', `/forms/${form.id}`, {
      token: other.admin.token,
      tenantId: other.tenant.id,
      body: { title: 'x' },
    });
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe(NOT_FOUND);
    expect((await app.request('PUT', `/forms/${form.id}`, { tenantId: tenant.id, body: { title: 'x' } })).status).toBe(
      401,
    );
  });
});

describe('PATCH /api/forms', () => {
  it('changes the assigned roles and the status; archiving takes the form out of a member’s list', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const patch = (body: Record<string, unknown>) =>
      app.request('PATCH', '/forms', { token: admin.token, tenantId: tenant.id, body });
    const memberList = async () =>
      (await app.request('GET', '/forms', { token: member.token, tenantId: tenant.id })).body.forms.map(
        (f: { id: string }) => f.id,
      );
    expect(await memberList()).toEqual([form.id]);

    const assigned = await patch({ id: form.id, assigned_roles: ['role1', 'role3'] });
    expect(assigned.status).toBe(200);
    expect(assigned.body.form).toMatchObject({ id: form.id, assigned_roles: ['role1', 'role3'], version: 1 });
    expect(await memberList()).toEqual([]);

    await patch({ id: form.id, assigned_roles: ['role2'] });
    const archived = await patch({ id: form.id, status: 'archived' });
    expect(archived.body.form).toMatchObject({ status: 'archived', published: false });
    expect(await memberList()).toEqual([]);
  });

  it.each<[Record<string, unknown>, string, number]>([
    [{ assigned_roles: ['role2'] }, 'Give the id of the form.', 400],
    [{ id: 'FORM' }, 'Nothing to change: send assigned_roles or status.', 400],
    [
      { id: 'FORM', assigned_roles: ['role2', 'ghosts'] },
      'Assign the form to role keys of this workspace. Valid keys: admin, role1, role2, role3.',
      400,
    ],
    [{ id: 'FORM', status: 'deleted' }, 'status must be one of draft, published, archived.', 400],
    [{ id: 'nope', status: 'archived' }, 'This form does not exist.', 404],
    [{ id: MISSING_ID, status: 'archived' }, 'This form does not exist.', 404],
  ])('refuses %j: %s', async (body, message, status) => {
    const { tenant, admin } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const res = await app.request('PATCH', '/forms', {
      token: admin.token,
      tenantId: tenant.id,
      body: { ...body, ...(body.id === 'FORM' ? { id: form.id } : {}) },
    });
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(message);
  });

  it('is for builders: a client gets 403; another tenant’s form id is 404', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const byClient = await app.request('PATCH', '/forms', {
      token: member.token,
      tenantId: tenant.id,
      body: { id: form.id, status: 'archived' },
    });
    expect(byClient.status).toBe(403);
    expect(byClient.body.error).toBe(BUILDERS_ONLY);
    const other = await makeWorkspace(app);
    const cross = await app.request('PATCH', '/forms', {
      token: other.admin.token,
      tenantId: other.tenant.id,
      body: { id: form.id, status: 'archived' },
    });
    expect(cross.status).toBe(404);
    expect((await app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, id: form.id } }))!.status).toBe('published');
  });
});

describe('POST /api/forms/{id}/copy', () => {
  it("makes a draft 'Copy of …' with the same questions, theme and roles, and no responses", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, { theme: { primary: '#123456' } });
    expect((await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } })).status).toBe(201);
    const res = await app.request('POST', `/forms/${form.id}/copy`, { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(201);
    expect(res.body.form).toMatchObject({
      title: 'Copy of Intake',
      status: 'draft',
      published: false,
      version: 1,
      responses_count: 0,
      assigned_roles: ['role2'],
      fields: form.fields,
      theme: form.theme,
    });
    expect(res.body.form.id).not.toBe(form.id);
  });

  it('is for builders (a client gets 403) and answers 404 for another tenant’s form', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const byClient = await app.request('POST', `/forms/${form.id}/copy`, { token: member.token, tenantId: tenant.id });
    expect(byClient.status).toBe(403);
    expect(byClient.body.error).toBe(BUILDERS_ONLY);
    const other = await makeWorkspace(app);
    expect(
      (await app.request('POST', `/forms/${form.id}/copy`, { token: other.admin.token, tenantId: other.tenant.id }))
        .status,
    ).toBe(404);
    expect(await app.ctx.db.Form.count({ where: { tenant_id: other.tenant.id } })).toBe(0);
  });
});

describe('DELETE /api/forms/{id}', () => {
  it('lets an admin delete a form with its versions and responses; audited', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    expect((await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } })).status).toBe(201);
    await app.request('PUT', `/forms/${form.id}`, {
      token: admin.token,
      tenantId: tenant.id,
      body: { fields: INTAKE_FIELDS.slice(0, 2) },
    });
    const res = await app.request('DELETE', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id });
    expect(res.status).toBe(204);
    expect(await app.ctx.db.Form.count({ where: { tenant_id: tenant.id } })).toBe(0);
    expect(await app.ctx.db.FormVersion.count({ where: { tenant_id: tenant.id } })).toBe(0);
    expect(await app.ctx.db.FormResponse.count({ where: { tenant_id: tenant.id } })).toBe(0);
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'form.deleted', entity_id: form.id },
    });
    expect(audit!.details).toMatchObject({ title: 'Intake', responses: 1 });
    expect((await app.request('GET', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id })).status).toBe(
      404,
    );
  });

  it('is for admins only: a team member gets 403 (even for a malformed id), another tenant 404, no session 401', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const team = await signedIn(app, tenant, 'role1');
    const form = await createForm(app, tenant, admin);
    for (const id of [form.id, 'nope']) {
      const res = await app.request('DELETE', `/forms/${id}`, { token: team.token, tenantId: tenant.id });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(ADMINS_DELETE);
    }
    const other = await makeWorkspace(app);
    const cross = await app.request('DELETE', `/forms/${form.id}`, {
      token: other.admin.token,
      tenantId: other.tenant.id,
    });
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe(NOT_FOUND);
    expect((await app.request('DELETE', `/forms/${form.id}`, { tenantId: tenant.id })).status).toBe(401);
    expect(await app.ctx.db.Form.count({ where: { tenant_id: tenant.id } })).toBe(1);
  });
});
