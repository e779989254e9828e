import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  ADMINS_DELETE,
  BUILDERS_ONLY,
  createForm,
  INTAKE_FIELDS,
  MISSING_ID,
  NO_ACCESS,
  NOT_FOUND,
  signedIn,
  submit,
} from './forms-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DEFAULT_THEME = { font: 'Inter', primary: '#3B82F6', secondary: '#6B7280', bg: '#FFFFFF', variant: 'solid' };
const NOT_A_MEMBER = 'You are not a member of this workspace.';

describe('POST /api/forms', () => {
  it('creates an Untitled Form draft with the default theme from an empty body, with version 1 and an audit row', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/forms', { token: admin.token, tenantId: tenant.id, body: {} });
    expect(res.status).toBe(201);
    expect(res.body.form).toEqual({
      id: expect.any(String),
      title: 'Untitled Form',
      description: '',
      status: 'draft',
      published: false,
      assigned_roles: [],
      version: 1,
      questions_count: 0,
      responses_count: 0,
      completion_rate: null,
      submitted: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      fields: [],
      theme: DEFAULT_THEME,
    });
    const id = res.body.form.id;
    expect(await app.ctx.db.FormVersion.count({ where: { tenant_id: tenant.id, form_id: id } })).toBe(1);
    expect(
      await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'form.created', entity_id: id } }),
    ).toBe(1);
    // A draft records no published event.
    expect(await app.ctx.db.TenantEvent.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('saves legacy question types as builder types, with the theme, roles and a published event', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, {
      fields: [
        { id: 'a', type: 'short_answer', label: 'A' },
        { id: 'b', type: 'text', label: 'B' },
        { id: 'c', type: 'long_answer', label: 'C' },
        { id: 'd', type: 'longtext', label: 'D' },
        { id: 'e', type: 'file_upload', label: 'E' },
        { id: 'f', type: 'choice', label: 'F', options: [' Yes ', '', 'No'] },
      ],
      theme: { font: 'Georgia', variant: 'gradient' },
      assigned_roles: ['role1', 'role2', 'role2'],
    });
    expect(form.fields.map((q: { type: string }) => q.type)).toEqual([
      'short',
      'short',
      'long',
      'long',
      'file',
      'choice',
    ]);
    expect(form.fields[5].options).toEqual(['Yes', 'No']);
    expect(form).toMatchObject({
      status: 'published',
      published: true,
      assigned_roles: ['role1', 'role2'],
      questions_count: 6,
      theme: { ...DEFAULT_THEME, font: 'Georgia', variant: 'gradient' },
    });
    const row = await app.ctx.db.Form.findOne({ where: { tenant_id: tenant.id, id: form.id } });
    expect(row!.fields[0]!.type).toBe('short');
    const events = await app.ctx.db.TenantEvent.findAll({ where: { tenant_id: tenant.id } });
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['form.published', { form: { id: form.id, title: 'Intake', version: 1, assigned_roles: ['role1', 'role2'] } }],
    ]);
  });

  it.each([
    [{ fields: [{ id: 'a', type: 'short', label: ' ' }] }, 'Every question needs a label.'],
    [
      { fields: [{ id: 'a', type: 'essay', label: 'A' }] },
      'Question types are short, long, choice, multi, dropdown, rating, date, file.',
    ],
    [
      { fields: [{ id: 'a', type: 'choice', label: 'A', options: [''] }] },
      'Choice, checkbox and dropdown questions need at least one option.',
    ],
    [
      {
        fields: [
          { id: 'a', type: 'short', label: 'A' },
          { id: 'a', type: 'short', label: 'B' },
        ],
      },
      'Two questions share the same id.',
    ],
    [
      {
        fields: [
          { id: 'a', type: 'short', label: 'A', logic: { whenQuestionId: 'b', equals: 'x' } },
          { id: 'b', type: 'short', label: 'B', logic: { whenQuestionId: 'a', equals: 'y' } },
        ],
      },
      'These logic rules form a loop.',
    ],
    [
      {
        fields: [
          { id: 'a', type: 'short', label: 'A' },
          { id: 'b', type: 'short', label: 'B', logic: { whenQuestionId: 'zz', equals: 'x' } },
        ],
      },
      'A logic rule points at a question that does not exist.',
    ],
    [
      {
        fields: [
          { id: 'a', type: 'short', label: 'A' },
          { id: 'b', type: 'short', label: 'B', logic: { whenQuestionId: 'b', equals: 'x' } },
        ],
      },
      'A question cannot depend on itself.',
    ],
    [
      { fields: [{ id: 'a', type: 'short', label: 'A', logic: { whenQuestionId: 'a', equals: 'x' } }] },
      'Conditional logic needs more than one question.',
    ],
    [{ fields: 'nope' }, 'fields must be a list of questions.'],
    [{ theme: { primary: 'blue' } }, 'The primary colour must be a hex colour like #3B82F6.'],
    [{ title: 'x'.repeat(201) }, 'The title must be at most 200 characters.'],
    [{ status: 'live' }, 'status must be one of draft, published, archived.'],
    [{ assigned_roles: 'role2' }, 'assigned_roles must be a list of role keys.'],
    [
      { assigned_roles: ['role2', 'wizards'] },
      'Assign the form to role keys of this workspace. Valid keys: admin, role1, role2, role3.',
    ],
    [{ title: 'Intake\u0000' }, 'Text must not contain NUL characters or broken Unicode (a lone surrogate).'],
    [
      { fields: [{ id: 'a', type: 'short', label: 'A\u0000' }] },
      'Text must not contain NUL characters or broken Unicode (a lone surrogate).',
    ],
    [[{ title: 'x' }], 'The request body must be a JSON object.'],
  ])('refuses %j with its sentence and keeps nothing', async (body, message) => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('POST', '/forms', { token: admin.token, tenantId: tenant.id, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await app.ctx.db.Form.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });

  it('never answers 500, whatever the body (property-based)', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', 'x'.repeat(600), 'a\u0000', '\ud800'));
    const id = fc.oneof(fc.constantFrom('a', 'b', 'c', 'constructor', '__proto__'), text);
    const question = fc.record(
      {
        id,
        type: fc.oneof(
          fc.constantFrom(
            'short',
            'long',
            'choice',
            'multi',
            'dropdown',
            'rating',
            'date',
            'file',
            'text',
            'file_upload',
          ),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        label: text,
        required: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 1 })),
        options: fc.oneof(fc.array(text, { maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })),
        logic: fc.oneof(
          fc.constant(null),
          fc.record({ whenQuestionId: id, equals: text }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
      },
      { requiredKeys: ['id', 'type', 'label'] },
    );
    const body = fc.oneof(
      fc.record(
        {
          title: fc.oneof(text, fc.jsonValue({ maxDepth: 1 })),
          description: text,
          fields: fc.oneof(fc.array(question, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 })),
          theme: fc.oneof(
            fc.record(
              { font: fc.constantFrom('Inter', 'Nope'), primary: fc.constantFrom('#000000', 'red'), variant: text },
              { requiredKeys: [] },
            ),
            fc.jsonValue({ maxDepth: 1 }),
          ),
          assigned_roles: fc.oneof(
            fc.array(fc.constantFrom('role1', 'role2', 'admin', 'owner', 'x'), { maxLength: 3 }),
            fc.jsonValue({ maxDepth: 1 }),
          ),
          status: fc.oneof(fc.constantFrom('draft', 'published', 'archived'), text),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const res = await app.request('POST', '/forms', {
          token: admin.token,
          tenantId: tenant.id,
          body: JSON.stringify(sent),
        });
        expect([201, 400], JSON.stringify(res.body)).toContain(res.status);
        seen.add(res.status);
      }),
      { numRuns: 80 },
    );
    expect([...seen].sort()).toEqual([201, 400]);
  }, 120_000);

  it('lets a team member build; refuses a client (403), another tenant’s admin (403) and no session (401)', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const team = await signedIn(app, tenant, 'role1');
    const byTeam = await app.request('POST', '/forms', {
      token: team.token,
      tenantId: tenant.id,
      body: { title: 'Team form' },
    });
    expect(byTeam.status).toBe(201);

    const byClient = await app.request('POST', '/forms', {
      token: member.token,
      tenantId: tenant.id,
      body: { title: 'Nope' },
    });
    expect(byClient.status).toBe(403);
    expect(byClient.body.error).toBe(BUILDERS_ONLY);

    const other = await makeWorkspace(app);
    const byStranger = await app.request('POST', '/forms', { token: other.admin.token, tenantId: tenant.id, body: {} });
    expect(byStranger.status).toBe(403);
    expect(byStranger.body.error).toBe(NOT_A_MEMBER);

    expect((await app.request('POST', '/forms', { tenantId: tenant.id, body: {} })).status).toBe(401);
    expect(await app.ctx.db.Form.count({ where: { tenant_id: tenant.id } })).toBe(1);
  });
});

describe('GET /api/forms/{id}', () => {
  it('answers the detail to builders, and to a member when published and assigned to their role', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const asAdmin = await app.request('GET', `/forms/${form.id}`, { token: admin.token, tenantId: tenant.id });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.form).toEqual(form);
    const asMember = await app.request('GET', `/forms/${form.id.toUpperCase()}`, {
      token: member.token,
      tenantId: tenant.id,
    });
    expect(asMember.status).toBe(200);
    expect(asMember.body.form).toMatchObject({ id: form.id, fields: form.fields, theme: form.theme, submitted: false });
  });

  it("refuses a member whose role is not assigned, or while the form is a draft: 403 'You do not have access to this form.'", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const guest = await signedIn(app, tenant, 'role3');
    const team = await signedIn(app, tenant, 'role1');
    const published = await createForm(app, tenant, admin);
    const draft = await createForm(app, tenant, admin, { status: 'draft' });
    for (const [who, id] of [
      [guest, published.id],
      [member, draft.id],
    ] as const) {
      const res = await app.request('GET', `/forms/${id}`, { token: who.token, tenantId: tenant.id });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(NO_ACCESS);
    }
    // A team member builds forms, so they may open a draft assigned to someone else.
    expect((await app.request('GET', `/forms/${draft.id}`, { token: team.token, tenantId: tenant.id })).status).toBe(
      200,
    );
  });

  it("answers 404 for another tenant's form, a missing id and a malformed id; 403/401 without membership or session", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    for (const id of [form.id, MISSING_ID, 'not-a-uuid']) {
      const res = await app.request('GET', `/forms/${id}`, { token: other.admin.token, tenantId: other.tenant.id });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe(NOT_FOUND);
    }
    const crossHeader = await app.request('GET', `/forms/${form.id}`, {
      token: other.admin.token,
      tenantId: tenant.id,
    });
    expect(crossHeader.status).toBe(403);
    expect(crossHeader.body.error).toBe(NOT_A_MEMBER);
    expect((await app.request('GET', `/forms/${form.id}`, { tenantId: tenant.id })).status).toBe(401);
  });

  it("lets a super admin outside the workspace read the tenant's forms", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, { status: 'draft' });
    const root = await makeSuperAdmin(app);
    const res = await app.request('GET', `/forms/${form.id}`, { token: root.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
  });
});

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

describe('GET /api/forms', () => {
  it('gives builders every form newest first, and members the published forms assigned to their role with submitted', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const team = await signedIn(app, tenant, 'role1');
    const first = await createForm(app, tenant, admin, { title: 'Welcome survey' });
    const draft = await createForm(app, tenant, admin, { title: 'Draft', status: 'draft' });
    const forTeam = await createForm(app, tenant, admin, { title: 'Team retro', assigned_roles: ['role1'] });
    const archived = await createForm(app, tenant, admin, { title: 'Old', status: 'archived' });
    const last = await createForm(app, tenant, admin, { title: 'Exit interview', assigned_roles: ['role1', 'role2'] });
    const other = await makeWorkspace(app);
    await createForm(app, other.tenant, other.admin, { title: 'Elsewhere' });
    expect((await submit(app, tenant, member, first.id, { answers: { name: 'Max', job: 'No' } })).status).toBe(201);

    const list = (who: { token: string }, query = '') =>
      app.request('GET', `/forms${query}`, { token: who.token, tenantId: tenant.id });
    const asAdmin = await list(admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.forms.map((f: { id: string }) => f.id)).toEqual([
      last.id,
      archived.id,
      forTeam.id,
      draft.id,
      first.id,
    ]);
    expect((await list(team)).body.forms).toHaveLength(5);

    const asMember = await list(member);
    expect(asMember.body.forms.map((f: { id: string; submitted: boolean }) => [f.id, f.submitted])).toEqual([
      [last.id, false],
      [first.id, true],
    ]);
    expect(asMember.body.forms[1]).toMatchObject({
      title: 'Welcome survey',
      status: 'published',
      questions_count: 6,
      responses_count: 1,
      completion_rate: 100,
    });
    expect(asMember.body.forms[1].fields).toBeUndefined();
  });

  it('filters by title or description words and by status, and checks limit', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const survey = await createForm(app, tenant, admin, { title: 'Quarterly survey' });
    const draft = await createForm(app, tenant, admin, {
      title: 'Onboarding',
      description: 'Quarterly kickoff',
      status: 'draft',
    });
    const list = async (query: string) =>
      app.request('GET', `/forms${query}`, { token: admin.token, tenantId: tenant.id });
    expect((await list('?q=quarter')).body.forms.map((f: { id: string }) => f.id)).toEqual([draft.id, survey.id]);
    expect((await list('?q=quarter&status=draft')).body.forms.map((f: { id: string }) => f.id)).toEqual([draft.id]);
    expect((await list('?q=%26%26')).body.forms).toEqual([]);
    expect((await list('?q=&status=&limit=1000')).body.forms).toHaveLength(2);
    for (const bad of ['?limit=5', '?limit=abc', '?limit=200&limit=1000']) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe('limit must be 200 or 1000.');
    }
    expect((await list('?status=gone')).body.error).toBe('status must be one of draft, published, archived.');
  });

  it('needs a session (401) and membership of the workspace (403)', async () => {
    const { tenant } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    expect((await app.request('GET', '/forms', { tenantId: tenant.id })).status).toBe(401);
    expect((await app.request('GET', '/forms', { token: other.admin.token, tenantId: tenant.id })).status).toBe(403);
  });
});

describe('forms elsewhere in the workspace', () => {
  it("adds a 'forms' item with progress to the member checklist", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const checklist = async () =>
      (await app.request('GET', '/dashboard/checklist', { token: member.token, tenantId: tenant.id })).body;
    expect((await checklist()).items.map((i: { key: string }) => i.key)).toEqual(['profile']);
    const first = await createForm(app, tenant, admin);
    await createForm(app, tenant, admin, { title: 'Second' });
    await createForm(app, tenant, admin, { title: 'Draft', status: 'draft' });
    await createForm(app, tenant, admin, { title: 'Team only', assigned_roles: ['role1'] });
    const other = await makeWorkspace(app);
    await createForm(app, other.tenant, other.admin);
    const forms = {
      key: 'forms',
      label: 'Submit the forms assigned to you',
      done: false,
      progress: { done: 0, total: 2 },
    };
    expect(await checklist()).toEqual({
      items: [expect.objectContaining({ key: 'profile', done: false }), forms],
      percent: 0,
    });
    await submit(app, tenant, member, first.id, { answers: { name: 'Max', job: 'No' } });
    expect((await checklist()).items[1]).toEqual({ ...forms, progress: { done: 1, total: 2 } });
  });

  it('counts forms_total in admin-stats, for this tenant only', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    await createForm(app, tenant, admin);
    await createForm(app, tenant, admin, { status: 'archived' });
    await createForm(app, other.tenant, other.admin);
    const stats = await app.request('GET', '/dashboard/admin-stats', { token: admin.token, tenantId: tenant.id });
    expect(stats.body).toMatchObject({ forms_total: 2 });
  });

  it("finds forms by a title word in the header search, never another tenant's", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, { title: 'Candidate intake questionnaire' });
    await createForm(app, other.tenant, other.admin, { title: 'Candidate intake questionnaire' });
    const here = await app.request('GET', '/search?q=questionn', { token: admin.token, tenantId: tenant.id });
    expect(here.body.results.forms).toEqual([
      { id: form.id, title: 'Candidate intake questionnaire', status: 'published' },
    ]);
    const there = await app.request('GET', '/search?q=questionn', {
      token: other.admin.token,
      tenantId: other.tenant.id,
    });
    expect(there.body.results.forms.map((f: { id: string }) => f.id)).not.toContain(form.id);
    expect(there.body.results.forms).toHaveLength(1);
  });
});
