import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { BUILDERS_ONLY, createForm, DEFAULT_THEME, MISSING_ID, NO_ACCESS, NOT_FOUND, signedIn } from './forms-support';

/** Building a form and opening it: who may create one, what is kept, and who may read it. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
