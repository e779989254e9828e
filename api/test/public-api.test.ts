import type { Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeUser, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import {
  filePage,
  fileSchema,
  formDetailSchema,
  formPage,
  formResponsePage,
  invitationCreatedSchema,
  memberPage,
  memberSchema,
} from '../src/public/schemas';
import { upload } from './files-support';
import { createForm, MISSING_ID, signedIn, submit } from './forms-support';
import { createKey, expectConforms, INVALID_KEY, v1 } from './public-api-support';

const LIMIT_SENTENCE = 'limit must be a whole number from 1 to 100.';
const CURSOR_SENTENCE = 'The cursor is not valid. Start again from the first page.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ MAX_UPLOAD_MB: '1' });
});
afterAll(() => app.close());

interface KeyedWorkspace {
  tenant: Tenant;
  admin: Person;
  member: Person;
  key: string;
  keyId: string;
}

/** A pro workspace (admin + client member) with an API key. */
async function keyed(): Promise<KeyedWorkspace> {
  const workspace = await makeWorkspace(app);
  const { id, key } = await createKey(app, workspace.tenant, workspace.admin);
  return { ...workspace, key, keyId: id };
}

/** Every item of a list, following next_cursor page by page. */
async function everyPage(key: string, path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await v1(app, key, 'GET', `${path}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    ids.push(...res.body.data.map((item: { id: string }) => item.id));
    cursor = res.body.next_cursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

function uploadWithKey(key: string, options: Parameters<typeof upload>[1] = {}) {
  return upload(app, { ...options, path: '/api/v1/files', token: key });
}

describe('lists: limit and cursor', () => {
  it.each([['0'], ['101'], ['abc'], ['1.5'], ['-3'], ['']])('refuses limit=%s with its sentence', async (limit) => {
    const { key } = await keyed();
    for (const path of ['/members', '/files', '/forms']) {
      const res = await v1(app, key, 'GET', `${path}?limit=${limit}`);
      expect(res.status, path).toBe(400);
      expect(res.body).toEqual({ error: LIMIT_SENTENCE, code: 'invalid_input' });
    }
  });

  it('refuses a cursor that was not given by the API', async () => {
    const { key } = await keyed();
    const forged = Buffer.from(JSON.stringify(['yesterday', 'x'])).toString('base64url');
    for (const cursor of ['garbage', forged, 'x'.repeat(501)]) {
      for (const path of ['/members', '/files', '/forms']) {
        const res = await v1(app, key, 'GET', `${path}?cursor=${cursor}`);
        expect(res.status, `${path} ${cursor}`).toBe(400);
        expect(res.body.error).toBe(CURSOR_SENTENCE);
      }
    }
  });
});

describe('members', () => {
  it("lists the workspace's members newest first, page by page, in the documented shape", async () => {
    const w = await keyed();
    const extra: string[] = [];
    for (let i = 0; i < 4; i++) {
      const user = await makeUser(app.ctx);
      await addMember(app.ctx, w.tenant, user, i === 3 ? 'role1' : 'role2', i === 2 ? 'suspended' : 'active');
      extra.push(user.id);
    }
    const first = await v1(app, w.key, 'GET', '/members');
    expect(first.status).toBe(200);
    expectConforms(memberPage, first.body);
    expect(first.body.next_cursor).toBeNull();
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual(
      [...extra].reverse().concat([w.member.user.id, w.admin.user.id]),
    );
    expect(first.body.data[1]).toMatchObject({ status: 'suspended', role: 'role2' });
    expect(first.body.data.at(-1)).toEqual({
      id: w.admin.user.id,
      email: w.admin.user.email,
      first_name: 'Ada',
      last_name: 'Admin',
      role: 'admin',
      status: 'active',
      created_at: expect.any(String),
    });

    const paged = await everyPage(w.key, '/members', 2);
    expect(paged.pages).toBe(3);
    expect(paged.ids).toEqual(first.body.data.map((m: { id: string }) => m.id));
  });

  it('reads one member; another workspace’s member, an unknown and a malformed id are 404', async () => {
    const w = await keyed();
    const other = await makeWorkspace(app);
    const res = await v1(app, w.key, 'GET', `/members/${w.member.user.id}`);
    expect(res.status).toBe(200);
    expectConforms(memberSchema, res.body);
    expect(res.body).toMatchObject({ id: w.member.user.id, email: w.member.user.email, role: 'role2' });
    for (const id of [other.member.user.id, other.admin.user.id, MISSING_ID, 'not-a-uuid']) {
      const missing = await v1(app, w.key, 'GET', `/members/${id}`);
      expect(missing.status, id).toBe(404);
      expect(missing.body.error).toBe('This user is not a member of this workspace.');
    }
    const list = await v1(app, w.key, 'GET', '/members');
    expect(JSON.stringify(list.body)).not.toContain(other.member.user.email);
  });
});

describe('files', () => {
  it('uploads a file for a member, audited as the key (no actor) and recorded as a file.uploaded event', async () => {
    const w = await keyed();
    const res = await uploadWithKey(w.key, {
      name: 'contract.pdf',
      type: 'application/pdf',
      content: '%PDF-1.4 hello',
      fields: { user_id: w.member.user.id, title: 'Contract' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expectConforms(fileSchema, res.body);
    expect(res.body).toMatchObject({
      title: 'Contract',
      original_name: 'contract.pdf',
      kind: 'pdf',
      user_id: w.member.user.id,
      user_email: w.member.user.email,
      assigned_roles: [],
      uploaded_by: null,
      status: 'new',
      size_bytes: 14,
    });
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'file.uploaded', entity_id: res.body.id },
    });
    expect(audit).toMatchObject({
      actor_user_id: null,
      details: { api_key_id: w.keyId, user_id: w.member.user.id, name: 'contract.pdf' },
    });
    const event = await app.ctx.db.TenantEvent.findOne({ where: { tenant_id: w.tenant.id, type: 'file.uploaded' } });
    expect(event?.data).toMatchObject({ file: { id: res.body.id, uploaded_by: null } });

    // The member sees it in the portal.
    const portal = await app.request('GET', `/files/${res.body.id}`, { token: w.member.token, tenantId: w.tenant.id });
    expect(portal.status).toBe(200);
  });

  it('uploads a file for roles, repeated or comma-separated', async () => {
    const w = await keyed();
    await signedIn(app, w.tenant, 'role1');
    const res = await uploadWithKey(w.key, { fields: { assigned_roles: ['role2,role1'] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'notes.txt', user_id: null, assigned_roles: ['role2', 'role1'] });
    const repeated = await uploadWithKey(w.key, { fields: { assigned_roles: ['role2', 'role1'] } });
    expect(repeated.body.assigned_roles).toEqual(['role2', 'role1']);
  });

  it('refuses bad uploads with their sentences and keeps nothing', async () => {
    const w = await keyed();
    const other = await makeWorkspace(app);
    const cases: [Parameters<typeof upload>[1], number, string][] = [
      [{ name: null, fields: { user_id: w.member.user.id } }, 400, 'Please select a file'],
      [{}, 400, 'Select a user or roles'],
      [{ fields: { user_id: other.member.user.id } }, 400, 'Please select a user'],
      [{ fields: { user_id: 'nope' } }, 400, 'Please select a user'],
      [{ fields: { assigned_roles: 'nope' } }, 400, 'There is no role "nope" in this workspace.'],
      [{ fields: { assigned_roles: 'role3' } }, 400, 'No users found with the selected role'],
      [
        { fields: { user_id: w.member.user.id, title: 'x'.repeat(256) } },
        400,
        'The title must be at most 255 characters.',
      ],
      [
        { fields: { user_id: w.member.user.id, title: 'a\u0000b' } },
        400,
        'Text must not contain NUL characters or broken Unicode (a lone surrogate).',
      ],
      [
        { fields: { user_id: w.member.user.id }, content: Buffer.alloc(1024 * 1024 + 1) },
        413,
        'The file is larger than the 1 MB upload limit.',
      ],
    ];
    for (const [options, status, message] of cases) {
      const res = await uploadWithKey(w.key, options);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    const json = await v1(app, w.key, 'POST', '/files', { body: { user_id: w.member.user.id } });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('Send the file as multipart/form-data with a field named file.');
    expect(await app.ctx.db.FileRecord.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
  });

  it('lists and reads every file of the workspace with a signed download_url; never another workspace’s', async () => {
    const w = await keyed();
    const other = await keyed();
    const own = await upload(app, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      name: 'from-portal.txt',
      content: 'portal',
      fields: { user_id: w.member.user.id },
    });
    expect(own.status).toBe(201);
    const mine = await upload(app, {
      token: w.member.token,
      tenantId: w.tenant.id,
      name: 'members-own.txt',
      content: 'mine',
    });
    const viaKey = await uploadWithKey(w.key, {
      name: 'via-key.txt',
      content: 'via key',
      fields: { assigned_roles: 'role2' },
    });
    const theirs = await uploadWithKey(other.key, { name: 'theirs.txt', fields: { assigned_roles: 'role2' } });

    const list = await v1(app, w.key, 'GET', '/files');
    expect(list.status).toBe(200);
    expectConforms(filePage, list.body);
    expect(list.body.data.map((f: { id: string }) => f.id)).toEqual([viaKey.body.id, mine.body.id, own.body.id]);
    const paged = await everyPage(w.key, '/files', 1);
    expect(paged.ids).toEqual([viaKey.body.id, mine.body.id, own.body.id]);

    const one = await v1(app, w.key, 'GET', `/files/${own.body.id}`);
    expect(one.status).toBe(200);
    expectConforms(fileSchema, one.body);
    expect(one.body.download_url).toMatch(new RegExp(`^${app.url}/api/v1/files/${own.body.id}/download\\?`));
    expect(Date.parse(one.body.download_url_expires_at) - Date.now()).toBeGreaterThan(290_000);
    const downloaded = await fetch(one.body.download_url);
    expect(downloaded.status).toBe(200);
    expect(await downloaded.text()).toBe('portal');
    expect(downloaded.headers.get('content-disposition')).toContain('from-portal.txt');
    expect(downloaded.headers.get('ratelimit-limit')).toBeTruthy();

    // With the key itself instead of the link.
    const bearer = await v1(app, w.key, 'GET', `/files/${viaKey.body.id}/download`);
    expect(bearer.status).toBe(200);
    expect(bearer.body).toBe('via key');

    for (const id of [theirs.body.id, MISSING_ID, 'nope']) {
      for (const path of [`/files/${id}`, `/files/${id}/download`]) {
        const res = await v1(app, w.key, 'GET', path);
        expect(res.status, path).toBe(404);
        expect(res.body.error).toBe('This file does not exist.');
      }
    }
  });

  it('does not mark a file viewed when an integration downloads it', async () => {
    const w = await keyed();
    const own = await upload(app, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      fields: { user_id: w.member.user.id },
    });
    const res = await v1(app, w.key, 'GET', `/files/${own.body.id}`);
    expect((await fetch(res.body.download_url)).status).toBe(200);
    expect((await v1(app, w.key, 'GET', `/files/${own.body.id}`)).body.status).toBe('new');
  });

  it('signs download links to the key: they stop working when it is revoked, and cannot be altered or moved', async () => {
    const w = await keyed();
    const other = await keyed();
    const file = await uploadWithKey(w.key, { fields: { user_id: w.member.user.id } });
    const theirFile = await uploadWithKey(other.key, { fields: { user_id: other.member.user.id } });
    const url = new URL(file.body.download_url);

    const tamper = async (change: (u: URL) => void) => {
      const copy = new URL(url);
      change(copy);
      return fetch(copy);
    };
    const altered = await tamper((u) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 3600)));
    expect(altered.status).toBe(401);
    expect(((await altered.json()) as { error: string }).error).toBe(
      'This link is not valid. Ask the API for the file again to get a new link.',
    );
    // The same signature for another file, or for another workspace, is refused.
    expect((await tamper((u) => (u.pathname = `/api/v1/files/${theirFile.body.id}/download`))).status).toBe(401);
    expect((await tamper((u) => u.searchParams.set('tid', other.tenant.id))).status).toBe(401);
    expect((await tamper((u) => u.searchParams.set('kid', other.keyId))).status).toBe(401);
    expect((await tamper((u) => u.searchParams.delete('sig'))).status).toBe(401);
    // A key's link is not a session's: the portal's download route refuses it.
    expect((await tamper((u) => (u.pathname = `/api/files/${file.body.id}/download`))).status).toBe(401);

    expect((await fetch(url)).status).toBe(200);
    await app.request('DELETE', `/integrations/api-keys/${w.keyId}`, { token: w.admin.token, tenantId: w.tenant.id });
    const revoked = await fetch(url);
    expect(revoked.status).toBe(401);
    expect(((await revoked.json()) as { error: string }).error).toBe(INVALID_KEY);
  });

  it('refuses an expired download link', async () => {
    const w = await keyed();
    const file = await uploadWithKey(w.key, { fields: { user_id: w.member.user.id } });
    const realNow = Date.now;
    Date.now = () => realNow() + 301_000;
    try {
      const res = await fetch(file.body.download_url);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe(
        'This link has expired. Ask the API for the file again to get a new link.',
      );
    } finally {
      Date.now = realNow;
    }
  });
});

describe('forms and responses', () => {
  it("lists every form of the workspace (drafts too) and reads one with its questions and theme; never another workspace's", async () => {
    const w = await keyed();
    const other = await keyed();
    const draft = await createForm(app, w.tenant, w.admin, { title: 'Draft', status: 'draft' });
    const published = await createForm(app, w.tenant, w.admin, { title: 'Intake' });
    const theirs = await createForm(app, other.tenant, other.admin, { title: 'Theirs' });

    const list = await v1(app, w.key, 'GET', '/forms');
    expect(list.status).toBe(200);
    expectConforms(formPage, list.body);
    expect(list.body.data.map((f: { id: string }) => f.id)).toEqual([published.id, draft.id]);
    expect(list.body.data[0]).toMatchObject({
      title: 'Intake',
      status: 'published',
      published: true,
      assigned_roles: ['role2'],
      questions_count: 6,
      responses_count: 0,
    });
    expect((await everyPage(w.key, '/forms', 1)).ids).toEqual([published.id, draft.id]);

    const one = await v1(app, w.key, 'GET', `/forms/${published.id}`);
    expect(one.status).toBe(200);
    expectConforms(formDetailSchema, one.body);
    expect(one.body.fields.map((q: { id: string }) => q.id)).toEqual([
      'name',
      'job',
      'role',
      'score',
      'start',
      'skills',
    ]);
    expect(one.body.fields[2].logic).toEqual({ whenQuestionId: 'job', equals: 'Yes', showQuestionId: 'role' });
    expect(one.body.theme).toMatchObject({ font: 'Inter', primary: '#3B82F6' });

    for (const id of [theirs.id, MISSING_ID, 'nope']) {
      for (const path of [`/forms/${id}`, `/forms/${id}/responses`]) {
        const res = await v1(app, w.key, 'GET', path);
        expect(res.status, path).toBe(404);
        expect(res.body.error).toBe('This form does not exist.');
      }
    }
  });

  it('lists the responses to a form newest first, page by page, with answers by label', async () => {
    const w = await keyed();
    const form = await createForm(app, w.tenant, w.admin);
    const second = await signedIn(app, w.tenant, 'role2');
    const answers = { name: 'Max', job: 'Yes', role: 'Engineer', score: 4, skills: ['Node', 'Go'] };
    expect((await submit(app, w.tenant, w.member, form.id, { answers })).status).toBe(201);
    expect(
      (
        await submit(app, w.tenant, second, form.id, {
          answers: { ...answers, name: 'Sam', job: 'No', role: undefined },
        })
      ).status,
    ).toBe(201);

    const res = await v1(app, w.key, 'GET', `/forms/${form.id}/responses`);
    expect(res.status).toBe(200);
    expectConforms(formResponsePage, res.body);
    expect(res.body.data.map((r: { user_id: string }) => r.user_id)).toEqual([second.user.id, w.member.user.id]);
    expect(res.body.data[1]).toMatchObject({
      form_id: form.id,
      version: 1,
      user_email: w.member.user.email,
      answers: { 'Full name': 'Max', 'Which role?': 'Engineer', Skills: ['Node', 'Go'], 'How did we do?': 4 },
    });
    expect((await everyPage(w.key, `/forms/${form.id}/responses`, 1)).ids).toEqual(
      res.body.data.map((r: { id: string }) => r.id),
    );

    const listed = await v1(app, w.key, 'GET', `/forms/${form.id}`);
    expect(listed.body.responses_count).toBe(2);
  });
});

describe('POST /api/v1/invitations', () => {
  it('invites someone, audited as the key, and answers the invitation and its link', async () => {
    const w = await keyed();
    const res = await v1(app, w.key, 'POST', '/invitations', {
      body: { email: 'New.Client@Invite.test', role: 'role2' },
    });
    expect(res.status).toBe(201);
    expectConforms(invitationCreatedSchema, res.body);
    expect(res.body.invitation).toMatchObject({ email: 'new.client@invite.test', role: 'role2' });
    expect(res.body.signup_url).toMatch(new RegExp(`^${app.url}/signup\\?invite=[^&]+&member=true$`));
    const row = await app.ctx.db.Invitation.findOne({
      where: { tenant_id: w.tenant.id, email: 'new.client@invite.test' },
    });
    expect(row).toMatchObject({ role: 'role2', invited_by: null });
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'invitation.created', entity_id: res.body.invitation.id },
    });
    expect(audit).toMatchObject({
      actor_user_id: null,
      details: { email: 'new.client@invite.test', role: 'role2', api_key_id: w.keyId },
    });
  });

  it('refuses bad input, a current member and the plan’s client cap with their sentences', async () => {
    const w = await keyed();
    const cases: [unknown, number, string][] = [
      [{ role: 'role2' }, 400, 'Email is required.'],
      [{ email: 'nope', role: 'role2' }, 400, 'Enter a valid email address.'],
      [{ email: 'a@invite.test' }, 400, 'Role is required.'],
      [{ email: 'a@invite.test', role: 'member' }, 400, 'Invalid role. Valid roles: admin, role1, role2, role3, owner'],
      [{ email: w.member.user.email, role: 'role2' }, 409, 'This person is already a member of this workspace.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await v1(app, w.key, 'POST', '/invitations', { body });
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    // Pro allows 500 clients: the member and 499 open client invitations fill it.
    const future = new Date(Date.now() + 86_400_000);
    await app.ctx.db.Invitation.bulkCreate(
      Array.from({ length: 499 }, (_, i) => ({
        tenant_id: w.tenant.id,
        email: `c${i}@cap.test`,
        role: 'role2',
        token_hash: `${w.keyId.replace(/-/g, '')}${String(i).padStart(32, '0')}`,
        invited_by: null,
        expires_at: future,
      })),
    );
    const capped = await v1(app, w.key, 'POST', '/invitations', { body: { email: 'over@cap.test', role: 'role2' } });
    expect(capped.status).toBe(409);
    expect(capped.body).toEqual({
      error: 'Your Pro plan allows up to 500 clients. Upgrade your plan to invite more.',
      code: 'client_cap_reached',
    });
    expect(
      (await v1(app, w.key, 'POST', '/invitations', { body: { email: 'staff@cap.test', role: 'role1' } })).status,
    ).toBe(201);
  });
});
