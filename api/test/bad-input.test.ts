import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';
import { createForm, submit } from './forms-support';
import { createKey, v1 } from './public-api-support';

/*
 * Classes of bad input that once reached the database or the router unchecked and answered 500
 * (issue 8 §2). Each is now refused at the edge with a 400 and a sentence.
 */

let app: TestApp;
let w: Awaited<ReturnType<typeof makeWorkspace>>;
let key: string;
let formId: string;
beforeAll(async () => {
  app = await startTestApp();
  w = await makeWorkspace(app);
  key = (await createKey(app, w.tenant, w.admin)).key;
  formId = (await createForm(app, w.tenant, w.admin)).id;
});
afterAll(() => app.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  app.request(method, path, { token: w.admin.token, tenantId: w.tenant.id, body });

const INVALID_CURSOR = 'The cursor is not valid. Start again from the first page.';
const ILL_FORMED = 'Text must not contain NUL characters or broken Unicode (a lone surrogate).';
const BROKEN_ESCAPE = 'The address contains broken percent-encoding (a % not followed by a valid UTF-8 escape).';
const ID = '0b9f6c1e-3c4d-4e5f-8a7b-1c2d3e4f5a6b';
const cursorOf = (at: string) => Buffer.from(JSON.stringify([at, ID])).toString('base64url');

describe('a cursor whose date PostgreSQL refuses', () => {
  it.each(['2024-02-30 10:00:00+00', '2024-01-01 25:00:00+00', '99999-01-01 00:00:00+00', '2024-01-01T10:00:00Z'])(
    'answers 400 on every paged list: %s',
    async (at) => {
      const cursor = cursorOf(at);
      const answers = [
        await asAdmin('GET', `/files?cursor=${cursor}`),
        await asAdmin('GET', `/form-responses?formId=${formId}&cursor=${cursor}`),
        ...(await Promise.all(
          ['/members', '/files', '/forms', `/forms/${formId}/responses`].map((path) =>
            v1(app, key, 'GET', `${path}?cursor=${cursor}`),
          ),
        )),
      ];
      for (const res of answers)
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: { error: INVALID_CURSOR, code: 'invalid_cursor' },
        });
    },
  );
});

describe('a URL whose scheme is written in capitals or oddly', () => {
  it.each([
    ['HTTPS://Calendly.com/acme/30min', 'https://calendly.com/acme/30min'],
    ['https:calendly.com/acme/30min', 'https://calendly.com/acme/30min'],
    ['HtTpS://CALENDLY.COM', 'https://calendly.com/'],
  ])('is stored normalised on an embed, created or changed: %s', async (url, stored) => {
    const created = await asAdmin('POST', '/embeds', {
      title: 'Book a call',
      provider: 'calendly',
      url,
      embed_type: 'role',
      role: 'role2',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.embed.url).toBe(stored);
    const changed = await asAdmin('PATCH', `/embeds?id=${created.body.embed.id}`, { url });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      (await app.ctx.db.Embed.findOne({ where: { tenant_id: w.tenant.id, id: created.body.embed.id } }))!.url,
    ).toBe(stored);
  });

  it.each([
    ['HTTPS://93.184.215.14/hooks', 'https://93.184.215.14/hooks'],
    ['https:93.184.215.14/hooks', 'https://93.184.215.14/hooks'],
    ['HTTP://93.184.215.14:8080/In', 'http://93.184.215.14:8080/In'],
  ])('is stored normalised on a webhook, created or changed: %s', async (url, stored) => {
    const created = await asAdmin('POST', '/integrations/webhooks', { url });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.webhook.url).toBe(stored);
    const changed = await asAdmin('PATCH', `/integrations/webhooks/${created.body.webhook.id}`, { url });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(
      (await app.ctx.db.Webhook.findOne({ where: { tenant_id: w.tenant.id, id: created.body.webhook.id } }))!.url,
    ).toBe(stored);
    await asAdmin('DELETE', `/integrations/webhooks/${created.body.webhook.id}`);
  });

  it('is stored normalised as a legal link of the workspace', async () => {
    const res = await asAdmin('PATCH', '/tenant-config', { privacy_url: 'HTTPS://Example.com/Privacy' });
    expect(res.status).toBe(200);
    expect(res.body.privacy_url).toBe('https://example.com/Privacy');
  });
});

describe('an id in a body that is 36 characters but not a UUID', () => {
  it.each(['zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', 'a'.repeat(36), '00000000-0000-0000-0000-00000000000g'])(
    'is refused with a sentence on uploads and sharing: %s',
    async (userId) => {
      const uploaded = await upload(app, { token: w.admin.token, tenantId: w.tenant.id, fields: { user_id: userId } });
      expect(uploaded).toMatchObject({ status: 400, body: { error: 'Please select a user' } });
      const byKey = await upload(app, { token: key, path: '/api/v1/files', fields: { user_id: userId } });
      expect(byKey).toMatchObject({ status: 400, body: { error: 'Please select a user' } });
      const file = await upload(app, {
        token: w.admin.token,
        tenantId: w.tenant.id,
        fields: { user_id: w.member.user.id },
      });
      const shared = await asAdmin('POST', '/files', { file_id: file.body.id, user_id: userId });
      expect(shared).toMatchObject({ status: 400, body: { error: 'Please select a user' } });
      const listed = await asAdmin('GET', `/files?user_id=${userId}`);
      expect(listed).toMatchObject({ status: 400, body: { error: 'user_id must be a user id.' } });
    },
  );
});

describe('text holding a lone UTF-16 surrogate', () => {
  const lone = 'Intake \ud800';
  it.each([
    ['a form', 'POST', '/forms', { title: lone, fields: [] }],
    ['a question of a form', 'POST', '/forms', { title: 'Intake', fields: [{ id: 'a', type: 'short', label: lone }] }],
    ['the tenant config', 'PATCH', '/tenant-config', { name: lone }],
    ['a member', 'PATCH', '/users/{member}', { first_name: lone }],
    [
      'an embed',
      'POST',
      '/embeds',
      { title: lone, provider: 'calendly', url: 'https://calendly.com/acme', embed_type: 'role', role: 'role2' },
    ],
    [
      'the role types',
      'PUT',
      '/tenant-roles',
      { roles: [{ role_key: 'admin', role_label: lone, role_color: 'blue' }] },
    ],
    ['a key of an object', 'PATCH', '/tenant-config', { ['na\udc00me']: 'x' }],
  ])('is refused in %s', async (_case, method, path, body) => {
    const res = await asAdmin(method, path.replace('{member}', w.member.user.id), body);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: ILL_FORMED, code: 'invalid_input' },
    });
  });

  it('is refused in an answer and in a profile', async () => {
    expect((await submit(app, w.tenant, w.member, formId, { answers: { name: lone, job: 'No' } })).body).toEqual({
      error: ILL_FORMED,
      code: 'invalid_input',
    });
    const profile = await app.request('PUT', '/profile', { token: w.member.token, body: { first_name: lone } });
    expect(profile.body).toEqual({ error: ILL_FORMED, code: 'invalid_input' });
  });
});

describe('malformed percent-encoding in a path', () => {
  it.each(['%E0%A4%A', '%', '%zz', '%C0%AF'])(
    'answers 400 on session, public and /api/v1 routes alike: %s',
    async (bad) => {
      const answers = [
        await asAdmin('GET', `/files/${bad}`),
        await asAdmin('PUT', `/forms/${bad}`, { title: 'x' }),
        await app.request('GET', `/public/invitations/${bad}`),
        await app.request('GET', `/public/brand/${bad}/logo.png`),
        await v1(app, key, 'GET', `/files/${bad}`),
      ];
      for (const res of answers)
        expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error: BROKEN_ESCAPE } });
      const page = await fetch(`${app.url}/dashboard/${bad}`);
      expect(page.status).toBe(400);
    },
  );
});

describe('X-Forwarded-For when no proxy is trusted (TRUST_PROXY unset)', () => {
  it('is ignored: audit rows record the address of the connection, even for 500 characters of it', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    for (const forwarded of ['203.0.113.9', 'x'.repeat(500), `${'2001:db8::1,'.repeat(40)}203.0.113.9`]) {
      const res = await app.request('PATCH', '/tenant-config', {
        token: admin.token,
        tenantId: tenant.id,
        body: { name: 'Harbour' },
        headers: { 'x-forwarded-for': forwarded },
      });
      expect(res.status).toBe(200);
    }
    const audited = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: tenant.id, action: 'tenant.config_updated' },
    });
    expect(audited.map((row) => row.ip)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });
});
