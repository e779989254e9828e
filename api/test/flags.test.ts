import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createKey, v1 } from './public-api-support';

const SUPER_ONLY = 'Only platform super admins can do that.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app, { tier: 'pro' });
});
afterAll(() => app.close());

const setFlag = (key: string, enabled: unknown, token = root.token) =>
  app.request('PUT', `/flags/${key}`, { token, body: { enabled } });
const flagOf = async (key: string, token: string) =>
  (await app.request('GET', '/flags', { token })).body.flags.find((f: { key: string }) => f.key === key);
const asAdmin = (method: string, path: string, body?: unknown) =>
  app.request(method, path, { token: workspace.admin.token, tenantId: workspace.tenant.id, body });

describe('GET /api/flags', () => {
  it('lists every flag, on until turned off, to anyone signed in', async () => {
    const res = await app.request('GET', '/flags', { token: workspace.member.token });
    expect(res.status).toBe(200);
    expect(res.body.flags.map((f: { key: string }) => f.key)).toEqual([
      'embeds',
      'forms',
      'files',
      'public_api',
      'signup',
    ]);
    expect(res.body.flags.every((f: { enabled: boolean; description: string }) => f.enabled && f.description)).toBe(
      true,
    );
    expect((await app.request('GET', '/flags')).status).toBe(401);
  });
});

describe('PUT /api/flags/{key}', () => {
  it('refuses a tenant admin, a member and no session; validates the key and the value', async () => {
    for (const person of [workspace.admin, workspace.member]) {
      const res = await setFlag('forms', false, person.token);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(SUPER_ONLY);
    }
    expect((await app.request('PUT', '/flags/forms', { body: { enabled: false } })).status).toBe(401);
    const unknown = await setFlag('teleport', false);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no such feature flag. Flags: embeds, forms, files, public_api, signup.');
    const notBoolean = await setFlag('forms', 'no');
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.error).toBe('Enabled must be true or false.');
  });

  it('turning forms off refuses the forms calls, shows in GET /api/flags and is audited; on again restores them', async () => {
    expect((await asAdmin('GET', '/forms')).status).toBe(200);
    const off = await setFlag('forms', false);
    expect(off.status).toBe(200);
    expect(off.body.flag).toMatchObject({ key: 'forms', enabled: false });
    expect(await flagOf('forms', workspace.member.token)).toMatchObject({ enabled: false });
    const refused = await asAdmin('GET', '/forms');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Forms are turned off on this platform.');
    expect((await asAdmin('GET', '/form-responses')).status).toBe(403);
    const row = await app.ctx.db.AuditLog.findOne({
      where: { action: 'flag.updated', entity_id: 'forms', tenant_id: null },
    });
    expect(row).toMatchObject({ actor_user_id: root.user.id, details: { key: 'forms', enabled: false } });

    await setFlag('forms', true);
    expect((await asAdmin('GET', '/forms')).status).toBe(200);
  });

  it('files and embeds off refuse their calls', async () => {
    await setFlag('files', false);
    await setFlag('embeds', false);
    expect((await asAdmin('GET', '/files')).body.error).toBe('File sharing is turned off on this platform.');
    expect((await asAdmin('GET', '/embeds')).body.error).toBe('Embedded pages are turned off on this platform.');
    await setFlag('files', true);
    await setFlag('embeds', true);
    expect((await asAdmin('GET', '/files')).status).toBe(200);
  });

  it('public_api off refuses the public API and its keys', async () => {
    const { key } = await createKey(app, workspace.tenant, workspace.admin);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
    await setFlag('public_api', false);
    const refused = await v1(app, key, 'GET', '/members');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('The public API is turned off on this platform.');
    expect((await asAdmin('GET', '/integrations/api-keys')).status).toBe(403);
    await setFlag('public_api', true);
    expect((await v1(app, key, 'GET', '/members')).status).toBe(200);
  });

  it('signup off refuses self-serve signup', async () => {
    await setFlag('signup', false);
    const refused = await app.request('POST', '/auth/signup', {
      body: { email: 'late@example.test', password: 'long-enough-1', full_name: 'Late Comer' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Self-serve signup is turned off on this platform. Ask for an invitation.');
    await setFlag('signup', true);
  });
});

describe('a workspace’s own features (onboarding’s capabilities, Settings → Features)', () => {
  const patch = (body: unknown, token = workspace.admin.token, tenantId = workspace.tenant.id) =>
    app.request('PATCH', '/tenant-config', { token, tenantId, body });

  it('an admin turns forms off: its calls are refused in this workspace only, on the web API and the public API; on again restores them', async () => {
    const other = await makeWorkspace(app, { tier: 'pro' });
    const { key } = await createKey(app, workspace.tenant, workspace.admin);
    const off = await patch({ features: { forms: false } });
    expect(off.status).toBe(200);
    expect(off.body.features).toMatchObject({ forms: false });
    const sentence = 'Forms are turned off for this workspace. An admin can turn them on in Settings.';
    for (const person of [workspace.admin, workspace.member])
      expect(await app.request('GET', '/forms', { token: person.token, tenantId: workspace.tenant.id })).toMatchObject({
        status: 403,
        body: { error: sentence, code: 'feature_off_workspace' },
      });
    expect(await v1(app, key, 'GET', '/forms')).toMatchObject({ status: 403, body: { error: sentence } });
    expect((await asAdmin('GET', '/files')).status).toBe(200);
    expect((await app.request('GET', '/forms', { token: other.admin.token, tenantId: other.tenant.id })).status).toBe(
      200,
    );
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { action: 'tenant.config_updated', tenant_id: workspace.tenant.id },
      order: [['created_at', 'DESC']],
    });
    expect(audit!.details).toMatchObject({ features: { to: { forms: false } } });

    expect((await patch({ features: { forms: true } })).body.features).toMatchObject({ forms: true });
    expect((await asAdmin('GET', '/forms')).status).toBe(200);
  });

  it('says what is wrong with the switches, and only admins of the workspace may change them', async () => {
    expect(await patch({ features: { forms: 'no' } })).toMatchObject({
      status: 400,
      body: { error: 'Each feature must be on (true) or off (false).' },
    });
    expect(await patch({ features: { chat: true } })).toMatchObject({
      status: 400,
      body: { error: 'Features may only be embeds, forms and files.' },
    });
    expect(await patch({ features: 'all' })).toMatchObject({
      status: 400,
      body: { error: 'Features must be an object of embeds, forms and files switches.' },
    });
    expect((await patch({ features: { files: false } }, workspace.member.token)).status).toBe(403);
    const stranger = await makeWorkspace(app);
    expect((await patch({ features: { files: false } }, stranger.admin.token)).status).toBe(403);
    expect((await app.request('PATCH', '/tenant-config', { tenantId: workspace.tenant.id, body: {} })).status).toBe(
      401,
    );
    expect((await asAdmin('GET', '/files')).status).toBe(200);
  });
});

describe('letter case (issue 25): a path spelled in other letters names no route, so it cannot slip past a flag', () => {
  const notFound = (method: string, path: string) => ({
    status: 404,
    body: { error: `There is no ${method} ${path} endpoint.` },
  });

  it('with the platform’s files, forms, embeds and public_api flags off', async () => {
    const { key } = await createKey(app, workspace.tenant, workspace.admin);
    for (const flag of ['files', 'forms', 'embeds', 'public_api']) await setFlag(flag, false);
    try {
      expect(await asAdmin('GET', '/FILES')).toMatchObject(notFound('GET', '/FILES'));
      expect(await asAdmin('GET', '/Forms')).toMatchObject(notFound('GET', '/Forms'));
      expect(await asAdmin('GET', '/EMBEDS')).toMatchObject(notFound('GET', '/EMBEDS'));
      expect(await asAdmin('POST', '/integrations/API-KEYS', { label: 'Sneaky' })).toMatchObject(
        notFound('POST', '/integrations/API-KEYS'),
      );
      expect(await app.request('GET', '/V1/files', { token: key })).toMatchObject({ status: 404 });
      // As written, each is refused by its flag.
      expect((await asAdmin('GET', '/files')).status).toBe(403);
      expect((await asAdmin('POST', '/integrations/api-keys', { label: 'Sneaky' })).status).toBe(403);
      expect((await v1(app, key, 'GET', '/files')).status).toBe(403);
    } finally {
      for (const flag of ['files', 'forms', 'embeds', 'public_api']) await setFlag(flag, true);
    }
  });

  it('with the workspace’s own files feature off', async () => {
    const { key } = await createKey(app, workspace.tenant, workspace.admin);
    const patch = (files: boolean) =>
      app.request('PATCH', '/tenant-config', {
        token: workspace.admin.token,
        tenantId: workspace.tenant.id,
        body: { features: { files } },
      });
    expect((await patch(false)).status).toBe(200);
    try {
      expect(await asAdmin('GET', '/FILES')).toMatchObject(notFound('GET', '/FILES'));
      expect(await v1(app, key, 'GET', '/Files')).toMatchObject(notFound('GET', '/api/v1/Files'));
      expect((await asAdmin('GET', '/files')).body.code).toBe('feature_off_workspace');
      expect((await v1(app, key, 'GET', '/files')).body.code).toBe('feature_off_workspace');
    } finally {
      await patch(true);
    }
  });
});
