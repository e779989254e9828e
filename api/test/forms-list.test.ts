import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createForm, signedIn, submit } from './forms-support';

/** The list of forms, and where forms show elsewhere in the workspace: the checklist, admin stats, search. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

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
