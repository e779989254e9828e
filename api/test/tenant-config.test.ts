import type { Tenant } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  makeSuperAdmin,
  makeTenant,
  makeUser,
  makeWorkspace,
  signIn,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const NOT_A_MEMBER = 'You are not a member of this workspace.';
const ADMINS_ONLY = 'Only workspace admins can change workspace settings.';

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

/** A person signed in through the API, holding `role` in `tenant`. */
async function signedIn(tenant: Tenant, role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

async function nameOf(tenantId: string): Promise<string | undefined> {
  return (await app.ctx.db.Tenant.findByPk(tenantId))?.name;
}

describe('GET /api/tenant-config', () => {
  it("gives a member the workspace's name, tier, features and the labels and colours of the four default roles", async () => {
    const tenant = await makeTenant(app.ctx, { tier: 'advanced' });
    const member = await signedIn(tenant, 'role2');
    const res = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: tenant.id,
      name: tenant.name,
      slug: tenant.slug,
      tier: 'advanced',
      plan: 'advanced',
      features: {},
      seats_purchased: 3,
      support_email: null,
      logo_url: null,
      primary_color: null,
    });
    expect(res.body.role_labels).toEqual({ admin: 'Admin', role1: 'Team Member', role2: 'Client', role3: 'Guest' });
    expect(res.body.role_colors).toEqual({ admin: 'blue', role1: 'purple', role2: 'green', role3: 'gray' });
    expect(Object.keys(res.body.role_labels)).toEqual(['admin', 'role1', 'role2', 'role3']);
  });

  it('gives an admin the same answer as a member', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const asAdmin = await app.request('GET', '/tenant-config', { token: admin.token, tenantId: tenant.id });
    const asMember = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(asMember.body);
  });

  it("refuses another tenant's admin with 403 and shows nothing of the workspace", async () => {
    const mine = await makeTenant(app.ctx);
    const theirAdmin = await signedIn(await makeTenant(app.ctx), 'admin');
    const res = await app.request('GET', '/tenant-config', { token: theirAdmin.token, tenantId: mine.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
    expect(JSON.stringify(res.body)).not.toContain(mine.name);
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', '/tenant-config', { tenantId: tenant.id });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
  });
});

describe('PATCH /api/tenant-config', () => {
  it('lets an admin rename the workspace (trimmed) and records who did it in the audit log', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const before = tenant.name;
    const res = await app.request('PATCH', '/tenant-config', {
      token: admin.token,
      tenantId: tenant.id,
      body: { name: '  Northwind Coaching  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tenant.id, name: 'Northwind Coaching', slug: tenant.slug });
    expect(res.body.role_labels).toEqual({ admin: 'Admin', role1: 'Team Member', role2: 'Client', role3: 'Guest' });

    expect(await nameOf(tenant.id)).toBe('Northwind Coaching');
    const seen = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id });
    expect(seen.body.name).toBe('Northwind Coaching');

    const audit = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: tenant.id, action: 'tenant.config_updated' },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: admin.user.id, entity_type: 'tenant', entity_id: tenant.id });
    expect(audit[0]!.details).toEqual({ name: { from: before, to: 'Northwind Coaching' } });
  });

  it('saves Brand & Legal settings, clears them with null or empty text, and every member sees them', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const brand = {
      support_email: 'Help@Northwind.example',
      primary_color: '#0f766e',
      secondary_color: '#F59E0B',
      privacy_url: 'https://northwind.example/privacy',
      terms_url: 'https://northwind.example/terms',
    };
    const res = await app.request('PATCH', '/tenant-config', { token: admin.token, tenantId: tenant.id, body: brand });
    expect(res.status).toBe(200);
    const expected = {
      name: tenant.name,
      support_email: 'help@northwind.example',
      primary_color: '#0F766E',
      secondary_color: '#F59E0B',
      privacy_url: brand.privacy_url,
      terms_url: brand.terms_url,
    };
    expect(res.body).toMatchObject(expected);
    expect(
      (await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id })).body,
    ).toMatchObject(expected);
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'tenant.config_updated' },
    });
    expect(audit?.details).toMatchObject({ primary_color: { from: null, to: '#0F766E' } });

    const cleared = await app.request('PATCH', '/tenant-config', {
      token: admin.token,
      tenantId: tenant.id,
      body: { terms_url: null, primary_color: null },
    });
    expect(cleared.body).toMatchObject({ terms_url: null, primary_color: null, secondary_color: '#F59E0B' });

    const emptied = await app.request('PATCH', '/tenant-config', {
      token: admin.token,
      tenantId: tenant.id,
      body: { support_email: ' ', secondary_color: '', privacy_url: '' },
    });
    expect(emptied.body).toMatchObject({ support_email: null, secondary_color: null, privacy_url: null });
  });

  it('accepts a name of exactly 100 characters', async () => {
    const tenant = await makeTenant(app.ctx);
    const admin = await signedIn(tenant, 'admin');
    const name = 'n'.repeat(100);
    const res = await app.request('PATCH', '/tenant-config', {
      token: admin.token,
      tenantId: tenant.id,
      body: { name },
    });
    expect(res.status).toBe(200);
    expect(await nameOf(tenant.id)).toBe(name);
  });

  it('lets a super admin rename any workspace', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('PATCH', '/tenant-config', {
      token: root.token,
      tenantId: tenant.id,
      body: { name: 'Renamed By Platform' },
    });
    expect(res.status).toBe(200);
    expect(await nameOf(tenant.id)).toBe('Renamed By Platform');
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'tenant.config_updated' },
    });
    expect(audit?.actor_user_id).toBe(root.user.id);
  });

  describe('refuses bad input with 400 and changes nothing', () => {
    // These cases are all refused, so they share one workspace (created on first use).
    let shared: Promise<{ tenant: Tenant; admin: Person }> | undefined;
    const workspace = () =>
      (shared ??= makeTenant(app.ctx).then(async (tenant) => ({ tenant, admin: await signedIn(tenant, 'admin') })));

    it.each([
      [{ name: '' }, 'Workspace name is required.'],
      [{ name: '    ' }, 'Workspace name is required.'],
      [{}, 'Nothing to change: send at least one setting.'],
      [{ name: null }, 'Workspace name is required.'],
      [{ name: 42 }, 'Workspace name is required.'],
      [{ name: 'x'.repeat(101) }, 'Workspace name must be at most 100 characters.'],
      [{ primary_color: 'blue' }, 'Primary colour must be a colour such as #2563EB.'],
      [{ primary_color: '#12345' }, 'Primary colour must be a colour such as #2563EB.'],
      [{ secondary_color: 'rgb(0,0,0)' }, 'Secondary colour must be a colour such as #2563EB.'],
      [{ support_email: 'help-at-example' }, 'Support email must be an email address.'],
      [
        { privacy_url: 'javascript:alert(1)' },
        'Privacy policy URL must be a web address starting with http:// or https://.',
      ],
      [
        { terms_url: 'ftp://example.com/terms' },
        'Terms of service URL must be a web address starting with http:// or https://.',
      ],
    ])('%j → "%s"', async (body, message) => {
      const { tenant, admin } = await workspace();
      const res = await app.request('PATCH', '/tenant-config', { token: admin.token, tenantId: tenant.id, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, code: 'invalid_input' });
      expect(await nameOf(tenant.id)).toBe(tenant.name);
    });
  });

  it('refuses a member with 403 and leaves the name unchanged', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await signedIn(tenant, 'role1');
    const res = await app.request('PATCH', '/tenant-config', {
      token: member.token,
      tenantId: tenant.id,
      body: { name: 'Taken Over' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: ADMINS_ONLY });
    expect(await nameOf(tenant.id)).toBe(tenant.name);
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: tenant.id, action: 'tenant.config_updated' } })).toBe(
      0,
    );
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('PATCH', '/tenant-config', {
      tenantId: tenant.id,
      body: { name: 'Anonymous Rename' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('You need to sign in.');
    expect(await nameOf(tenant.id)).toBe(tenant.name);
  });

  it("refuses another tenant's admin with 403 and leaves both names unchanged", async () => {
    const mine = await makeTenant(app.ctx);
    const theirs = await makeTenant(app.ctx);
    const theirAdmin = await signedIn(theirs, 'admin');
    const res = await app.request('PATCH', '/tenant-config', {
      token: theirAdmin.token,
      tenantId: mine.id,
      body: { name: 'Hostile Rename' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
    expect(await nameOf(mine.id)).toBe(mine.name);
    expect(await nameOf(theirs.id)).toBe(theirs.name);
  });
});
