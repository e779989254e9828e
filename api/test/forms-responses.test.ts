import type { Tenant } from '@portico/core';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeUser, makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  BUILDERS_ONLY,
  createForm,
  INTAKE_FIELDS,
  NO_ACCESS,
  NOT_ACCEPTING,
  NOT_FOUND,
  signedIn,
  submit,
} from './forms-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const counts = async (tenant: Tenant) => ({
  responses: await app.ctx.db.FormResponse.count({ where: { tenant_id: tenant.id } }),
  events: await app.ctx.db.TenantEvent.count({ where: { tenant_id: tenant.id, type: 'form.submitted' } }),
  // The answers' emails (the clients the form is for are emailed that it was assigned to them).
  emails: await app.ctx.db.EmailOutbox.count({ where: { tenant_id: tenant.id, template: 'form-submitted' } }),
});

describe('POST /api/forms/{id}/responses', () => {
  it('records the answers to shown questions with their labels, emails every admin and records one form.submitted event', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const owner = await signedIn(app, tenant, 'owner');
    const suspendedAdmin = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, suspendedAdmin, 'admin', 'suspended');
    const form = await createForm(app, tenant, admin);

    const res = await submit(app, tenant, member, form.id, {
      answers: {
        name: '  Max Member ',
        job: 'No',
        role: 'Engineer',
        score: 4,
        start: '2025-03-01',
        skills: ['Go', 'Node'],
        ghost: 'boo',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(String),
      form_id: form.id,
      version: 1,
      user_id: member.user.id,
      user_email: member.user.email,
      user_name: 'Max Member',
      answers: {
        'Full name': 'Max Member',
        'Looking for a job?': 'No',
        'How did we do?': 4,
        'Start date': '2025-03-01',
        Skills: ['Go', 'Node'],
      },
      items: [
        { question_id: 'name', label: 'Full name', type: 'short', value: 'Max Member' },
        { question_id: 'job', label: 'Looking for a job?', type: 'choice', value: 'No' },
        { question_id: 'score', label: 'How did we do?', type: 'rating', value: 4 },
        { question_id: 'start', label: 'Start date', type: 'date', value: '2025-03-01' },
        { question_id: 'skills', label: 'Skills', type: 'multi', value: ['Go', 'Node'] },
      ],
      created_at: expect.any(String),
    });

    const events = await app.ctx.db.TenantEvent.findAll({ where: { tenant_id: tenant.id, type: 'form.submitted' } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      form: { id: form.id, title: 'Intake', version: 1 },
      response: { id: res.body.response.id, submitted_at: res.body.response.created_at },
      user: { id: member.user.id, email: member.user.email, name: 'Max Member' },
      answers: res.body.response.items.map(({ question_id, label, type, value }: Record<string, unknown>) => ({
        question_id,
        label,
        type,
        value,
      })),
    });

    const emails = await app.ctx.db.EmailOutbox.findAll({
      where: { tenant_id: tenant.id, template: 'form-submitted' },
    });
    expect(emails.map((e) => e.to_address).sort()).toEqual([admin.user.email, owner.user.email].sort());
    for (const email of emails) {
      expect(email).toMatchObject({ template: 'form-submitted', subject: 'New response to Intake', status: 'queued' });
      expect(email.text_body).toContain('Full name: Max Member');
      expect(email.text_body).toContain(`/forms/${form.id}/responses?tenant_id=${tenant.id}`);
      // Delivery goes through the emails queue, queued once the submission committed.
      await expect
        .poll(async () => (await app.ctx.queues.emails.getJob(email.id))?.data)
        .toEqual({ outboxId: email.id });
    }
  });

  it('keys answers by any label the builder typed, and by question ids such as constructor', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, {
      fields: [
        { id: 'constructor', type: 'short', label: '__proto__' },
        { id: 'toString', type: 'short', label: 'constructor' },
        { id: 'c', type: 'short', label: 'Plain' },
      ],
    });
    const empty = await submit(app, tenant, member, form.id, { answers: {} });
    expect(empty.status).toBe(201);
    expect(empty.body.response.answers).toEqual({});
    const res = await submit(app, tenant, member, form.id, { answers: { constructor: 'a', toString: 'b', c: 'c' } });
    expect(res.status).toBe(201);
    expect(Object.entries(res.body.response.answers)).toEqual([
      ['__proto__', 'a'],
      ['constructor', 'b'],
      ['Plain', 'c'],
    ]);
  });

  it('refuses a missing required answer with 400, the label and details.fields, and records nothing', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const res = await submit(app, tenant, member, form.id, { answers: { job: 'Yes', score: 9, start: '2025-02-30' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Full name: This question is required.',
      code: 'invalid_answers',
      details: {
        fields: {
          name: 'This question is required.',
          role: 'This question is required.',
          score: 'Choose a rating from 1 to 5.',
          start: 'Enter a date as YYYY-MM-DD.',
        },
      },
    });
    expect(await counts(tenant)).toEqual({ responses: 0, events: 0, emails: 0 });
  });

  it('names the first question on the page in the sentence, whatever its id', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, {
      fields: [
        { id: 'zeta', type: 'short', label: 'First on the page', required: true },
        { id: '2', type: 'short', label: 'Second', required: true },
      ],
    });
    const res = await submit(app, tenant, member, form.id, { answers: {} });
    expect(res.body.error).toBe('First on the page: This question is required.');
  });

  it.each([
    [{}, 'answers must be an object keyed by question id.'],
    [{ answers: ['Max'] }, 'answers must be an object keyed by question id.'],
    [{ answers: { name: { first: 'Max' } } }, 'Each answer must be text, a number or a list of options.'],
    [{ answers: { name: 'Max' }, version: 'one' }, 'version must be a whole number.'],
    [{ answers: { name: 'Max' }, version: 1.5 }, 'version must be a whole number.'],
    [
      { answers: { name: 'Max', job: 'No' }, version: 7 },
      'This version of the form no longer exists. Reload the form and try again.',
    ],
    ['{"answers": ', 'The request body is not valid JSON.'],
    [
      { answers: { name: 'Max\u0000', job: 'No' } },
      'Text must not contain NUL characters or broken Unicode (a lone surrogate).',
    ],
    [
      { answers: { name: 'Max', job: 'No', 'x\u0000': 'y' } },
      'Text must not contain NUL characters or broken Unicode (a lone surrogate).',
    ],
    [[1, 2], 'The request body must be a JSON object.'],
  ])('answers 400 for %j: %s', async (body, message) => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const res = await submit(app, tenant, member, form.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await counts(tenant)).toEqual({ responses: 0, events: 0, emails: 0 });
  });

  it('is for whoever may fill the form: 403 unassigned, 404 another tenant’s form, 403 another tenant’s header, 401 without session', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const guest = await signedIn(app, tenant, 'role3');
    const form = await createForm(app, tenant, admin);
    const answers = { answers: { name: 'X', job: 'No' } };
    const unassigned = await submit(app, tenant, guest, form.id, answers);
    expect(unassigned.status).toBe(403);
    expect(unassigned.body.error).toBe(NO_ACCESS);

    const other = await makeWorkspace(app);
    const cross = await submit(app, other.tenant, other.admin, form.id, answers);
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe(NOT_FOUND);
    expect((await submit(app, tenant, other.admin, form.id, answers)).status).toBe(403);
    expect(
      (await app.request('POST', `/forms/${form.id}/responses`, { tenantId: tenant.id, body: answers })).status,
    ).toBe(401);

    // An admin may answer any form of the workspace, assigned or not.
    expect((await submit(app, tenant, admin, form.id, answers)).status).toBe(201);
    expect((await submit(app, tenant, member, form.id, answers)).status).toBe(201);
  });

  it("refuses answers while the form is a draft or archived: 409 'This form is not accepting responses.'", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const draft = await createForm(app, tenant, admin, { status: 'draft' });
    const archived = await createForm(app, tenant, admin, { status: 'archived' });
    const answers = { answers: { name: 'X', job: 'No' } };
    for (const [who, form] of [
      [admin, draft],
      [admin, archived],
      [member, archived],
    ] as const) {
      const res = await submit(app, tenant, who, form.id, answers);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(NOT_ACCEPTING);
    }
    expect(await counts(tenant)).toEqual({ responses: 0, events: 0, emails: 0 });
  });

  it('never answers 500, whatever the answers (property-based)', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, {
      fields: [
        ...INTAKE_FIELDS,
        { id: 'cv', type: 'file', label: 'CV' },
        {
          id: 'when',
          type: 'dropdown',
          label: 'When',
          options: ['Now', 'Later'],
          logic: { whenQuestionId: 'skills', equals: 'Go' },
        },
      ],
    });
    const ids = [...INTAKE_FIELDS.map((q) => q.id), 'cv', 'when'];
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.constantFrom(
        'Yes',
        'No',
        'Go',
        'Rust',
        ['Go'],
        ['Node', 'Node'],
        3,
        0,
        6,
        2.5,
        '2024-02-29',
        '2023-02-29',
        '00000000-0000-4000-8000-000000000000',
        'x'.repeat(25_000),
        'nul\u0000byte',
      ),
      fc.uuid(),
    );
    const garbage = fc.dictionary(
      fc.oneof(
        fc.constantFrom(...ids, 'constructor', '__proto__', 'toString', 'n\u0000'),
        fc.string({ maxLength: 70 }),
      ),
      value,
      { maxKeys: 12 },
    );
    // Half of the bodies start from acceptable answers, so both outcomes are exercised.
    const acceptable = fc.record({
      name: fc.constantFrom('Max', ' Max '),
      job: fc.constantFrom('Yes', 'No'),
      role: fc.constant('Engineer'),
    });
    const answers = fc.oneof(
      garbage,
      fc.tuple(acceptable, garbage).map(([good, bad]) => ({ ...good, ...bad })),
      acceptable,
    );
    const body = fc.oneof(
      fc.record({ answers }, { requiredKeys: ['answers'] }),
      fc.record({ answers, version: fc.oneof(fc.constant(1), fc.integer(), fc.jsonValue({ maxDepth: 1 })) }),
      fc.jsonValue({ maxDepth: 3 }),
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const res = await submit(app, tenant, member, form.id, JSON.stringify(sent));
        expect([201, 400], JSON.stringify(res.body)).toContain(res.status);
        if (res.status === 400) expect(typeof res.body.error).toBe('string');
        seen.add(res.status);
      }),
      { numRuns: 80 },
    );
    expect([...seen].sort()).toEqual([201, 400]);
    // Text that is not JSON at all.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (text) => {
        const res = await submit(app, tenant, member, form.id, `{${text}`);
        expect(res.status).toBe(400);
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('versions', () => {
  it('keeps old responses as they were answered and validates a submission against the version it filled', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const first = await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } });
    expect(first.status).toBe(201);

    // Rename a question and add a required one: a published form with responses gets version 2.
    const renamed = INTAKE_FIELDS.map((q) => (q.id === 'name' ? { ...q, label: 'Your name' } : q));
    const put = await app.request('PUT', `/forms/${form.id}`, {
      token: admin.token,
      tenantId: tenant.id,
      body: { fields: [...renamed, { id: 'phone', type: 'short', label: 'Phone', required: true }] },
    });
    expect(put.body.form.version).toBe(2);

    const current = await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } });
    expect(current.status).toBe(400);
    expect(current.body.details.fields).toEqual({ phone: 'This question is required.' });
    const old = await submit(app, tenant, member, form.id, { answers: { name: 'Max again', job: 'No' }, version: 1 });
    expect(old.status).toBe(201);
    expect(old.body.response).toMatchObject({ version: 1, answers: { 'Full name': 'Max again' } });
    const fresh = await submit(app, tenant, member, form.id, {
      answers: { name: 'Max new', job: 'No', phone: '+1 555' },
    });
    expect(fresh.body.response).toMatchObject({ version: 2, answers: { 'Your name': 'Max new', Phone: '+1 555' } });

    const listed = await app.request('GET', `/form-responses?formId=${form.id}`, {
      token: admin.token,
      tenantId: tenant.id,
    });
    expect(listed.status).toBe(200);
    expect(
      listed.body.responses.map((r: { id: string; version: number; answers: Record<string, unknown> }) => [
        r.id,
        r.version,
        Object.keys(r.answers)[0],
      ]),
    ).toEqual([
      [fresh.body.response.id, 2, 'Your name'],
      [old.body.response.id, 1, 'Full name'],
      [first.body.response.id, 1, 'Full name'],
    ]);
    expect(listed.body.responses[2]).toEqual(first.body.response);
  });
});

describe('completion_rate and submitted', () => {
  it('is the whole percent of active members of the assigned roles who responded; null when nobody holds them', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    await signedIn(app, tenant, 'role2');
    const suspended = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, suspended, 'role2', 'suspended');
    const form = await createForm(app, tenant, admin);
    const nobody = await createForm(app, tenant, admin, { title: 'Guests', assigned_roles: ['role3'] });
    const read = async (id: string, who = admin) =>
      (await app.request('GET', `/forms/${id}`, { token: who.token, tenantId: tenant.id })).body.form;
    expect(await read(form.id)).toMatchObject({ completion_rate: 0, responses_count: 0, submitted: false });

    await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } });
    await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } });
    // An admin's own response counts in responses, not in the assigned members' completion.
    await submit(app, tenant, admin, form.id, { answers: { name: 'Ada', job: 'No' } });
    expect(await read(form.id)).toMatchObject({ completion_rate: 50, responses_count: 3, submitted: true });
    expect(await read(form.id, member)).toMatchObject({ completion_rate: 50, submitted: true });
    expect(await read(nobody.id)).toMatchObject({ completion_rate: null, responses_count: 0 });
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id, role: 'role2' } })).toBe(3);
  });
});

describe('GET /api/form-responses', () => {
  it('is for builders: a team member reads them, a client gets 403, another tenant 404, formId is checked', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const team = await signedIn(app, tenant, 'role1');
    const form = await createForm(app, tenant, admin);
    await submit(app, tenant, member, form.id, { answers: { name: 'Max', job: 'No' } });
    const list = (who: { token: string }, query: string, tenantId = tenant.id) =>
      app.request('GET', `/form-responses${query}`, { token: who.token, tenantId });
    expect((await list(team, `?formId=${form.id}`)).body.responses).toHaveLength(1);
    const byClient = await list(member, `?formId=${form.id}`);
    expect(byClient.status).toBe(403);
    expect(byClient.body.error).toBe(BUILDERS_ONLY);
    const other = await makeWorkspace(app);
    const cross = await list(other.admin, `?formId=${form.id}`, other.tenant.id);
    expect(cross.status).toBe(404);
    expect(cross.body.error).toBe(NOT_FOUND);
    expect((await list(admin, '')).body.error).toBe('Give the form with formId.');
    expect((await list(admin, '?formId=nope')).status).toBe(404);
    expect((await app.request('GET', `/form-responses?formId=${form.id}`, { tenantId: tenant.id })).status).toBe(401);
  });

  it('pages newest first with limit and cursor, counts them all in total, and checks both', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin);
    const submitted: string[] = [];
    for (const name of ['A', 'B', 'C', 'D', 'E'])
      submitted.push((await submit(app, tenant, member, form.id, { answers: { name, job: 'No' } })).body.response.id);
    const list = (query: string) =>
      app.request('GET', `/form-responses?formId=${form.id}${query}`, { token: admin.token, tenantId: tenant.id });

    const whole = await list('');
    expect(whole.body).toMatchObject({ total: 5, next_cursor: null });
    expect(whole.body.responses.map((r: { id: string }) => r.id)).toEqual([...submitted].reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(5);
      expect(page.body.responses.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.responses.map((r: { id: string }) => r.id));
      cursor = page.body.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...submitted].reverse());

    for (const limit of ['0', '201', '1.5', 'many']) {
      const refused = await list(`&limit=${limit}`);
      expect(refused.status, limit).toBe(400);
      expect(refused.body.error).toBe('limit must be a whole number from 1 to 200.');
    }
    const badCursor = await list('&cursor=not-a-cursor');
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error).toBe('The cursor is not valid. Start again from the first page.');
  });
});

describe('GET /api/form-responses/export.csv', () => {
  it('exports Name, Email, Submitted At and a column per label, with formula-looking cells defused', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, {
      title: 'Exit: interview!',
      fields: [
        { id: 'name', type: 'short', label: 'Full name', required: true },
        { id: 'sum', type: 'short', label: '=SUM(A1:A2)' },
        { id: 'skills', type: 'multi', label: 'Skills', options: ['Go', 'Rust'] },
      ],
    });
    await submit(app, tenant, member, form.id, {
      answers: { name: '=HYPERLINK("http://evil.example","click")', sum: '+1', skills: ['Go', 'Rust'] },
    });
    await submit(app, tenant, admin, form.id, { answers: { name: 'Ada, "the admin"' } });

    const res = await fetch(`${app.url}/api/form-responses/export.csv?formId=${form.id}`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename=responses-exit-interview.csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe("Name,Email,Submitted At,Full name,'=SUM(A1:A2),Skills");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(
        `^Ada Admin,${admin.user.email.replace(/\./g, '\\.')},\\d{4}-\\d\\d-\\d\\dT[^,]+,"Ada, ""the admin""",,$`,
      ),
    );
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",'+1,"Go, Rust"`);

    const byClient = await app.request('GET', `/form-responses/export.csv?formId=${form.id}`, {
      token: member.token,
      tenantId: tenant.id,
    });
    expect(byClient.status).toBe(403);
  });

  it('names the file after a title in any script and defuses full-width formula characters', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const form = await createForm(app, tenant, admin, {
      title: 'Café',
      fields: [{ id: 'q', type: 'short', label: '＠mention', required: true }],
    });
    await submit(app, tenant, member, form.id, { answers: { q: '＝1+2' } });
    const res = await fetch(`${app.url}/api/form-responses/export.csv?formId=${form.id}`, {
      headers: { authorization: `Bearer ${admin.token}`, 'x-tenant-id': tenant.id },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="responses-caf?.csv"; filename*=UTF-8''responses-caf%C3%A9.csv`,
    );
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe("Name,Email,Submitted At,'＠mention");
    expect(lines[1]).toMatch(/,'＝1\+2$/);
  });
});
