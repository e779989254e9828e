import { randomUUID } from 'node:crypto';
import type { Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeTenant, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/** The tenancy middleware, exercised through a workspace endpoint (GET /api/tenant-config). */

const NOT_A_MEMBER = 'You are not a member of this workspace.';
const MALFORMED = 'The x-tenant-id header must be a workspace id (a UUID).';
const MISSING = 'Choose a workspace first: the x-tenant-id header is missing.';

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

/** A signed-in user holding `role` in `tenant`. */
async function memberOf(tenant: Tenant, role = 'role2', status: 'active' | 'suspended' = 'active'): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role, status);
  return { user, token: (await signIn(app, user.email)).token };
}

describe('workspace access (GET /api/tenant-config)', () => {
  // The malformed-id cases only read, so they share one member (created on first use).
  let shared: Promise<Person> | undefined;
  const sharedMember = () => (shared ??= makeTenant(app.ctx).then((tenant) => memberOf(tenant)));

  it('answers 401 without a session, before looking at the workspace', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('GET', '/tenant-config', { tenantId: tenant.id });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'You need to sign in.', code: 'no_session' });
    expect(JSON.stringify(res.body)).not.toContain(tenant.name);
  });

  it('answers 400 with a sentence when x-tenant-id is missing or empty', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await memberOf(tenant);
    const missing = await app.request('GET', '/tenant-config', { token: member.token });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: MISSING, code: 'tenant_required' });
    const empty = await app.request('GET', '/tenant-config', { token: member.token, headers: { 'x-tenant-id': '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(MISSING);
  });

  it.each([
    ['not-a-uuid'],
    ['12345'],
    ["' OR 1=1 --"],
    ['00000000-0000-0000-0000-00000000000g'],
    [`${randomUUID()}x`],
    [randomUUID().replace(/-/g, '')],
  ])('answers 400 for the malformed id %j', async (id) => {
    const member = await sharedMember();
    const res = await app.request('GET', '/tenant-config', { token: member.token, tenantId: id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: MALFORMED, code: 'tenant_malformed' });
  });

  it('refuses a tenant the user does not belong to with 403, without revealing its name', async () => {
    const stranger = await makeUser(app.ctx);
    const { token } = await signIn(app, stranger.email);
    const tenant = await makeTenant(app.ctx, { name: 'Secretive Holdings' });
    const res = await app.request('GET', '/tenant-config', { token, tenantId: tenant.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
    expect(JSON.stringify(res.body)).not.toContain('Secretive');
    expect(JSON.stringify(res.body)).not.toContain(tenant.slug);
  });

  it('answers a non-member the same 403 for a tenant that does not exist, so ids cannot be probed', async () => {
    const stranger = await makeUser(app.ctx);
    const { token } = await signIn(app, stranger.email);
    const existing = await makeTenant(app.ctx);
    const real = await app.request('GET', '/tenant-config', { token, tenantId: existing.id });
    const ghost = await app.request('GET', '/tenant-config', { token, tenantId: randomUUID() });
    expect(ghost.status).toBe(403);
    expect(ghost.body).toEqual(real.body);
  });

  it('lets a member of tenant A into A but not into tenant B', async () => {
    const tenantA = await makeTenant(app.ctx);
    const tenantB = await makeTenant(app.ctx, { name: 'Bravo Private Ltd' });
    const adminOfA = await memberOf(tenantA, 'admin');
    const own = await app.request('GET', '/tenant-config', { token: adminOfA.token, tenantId: tenantA.id });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: tenantA.id, name: tenantA.name });
    const other = await app.request('GET', '/tenant-config', { token: adminOfA.token, tenantId: tenantB.id });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: NOT_A_MEMBER, code: 'not_a_member' });
    expect(JSON.stringify(other.body)).not.toContain('Bravo');
  });

  it('accepts the workspace id written in upper case (UUIDs are case-insensitive)', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await memberOf(tenant);
    const res = await app.request('GET', '/tenant-config', { token: member.token, tenantId: tenant.id.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(tenant.id);
  });

  it('refuses a suspended membership with 403 membership_suspended', async () => {
    const tenant = await makeTenant(app.ctx);
    const suspended = await memberOf(tenant, 'role2', 'suspended');
    const res = await app.request('GET', '/tenant-config', { token: suspended.token, tenantId: tenant.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'Your access to this workspace has been suspended. Contact its administrator.',
      code: 'membership_suspended',
    });
  });

  it('refuses every member of a suspended tenant with 403 tenant_suspended, but lets a super admin in', async () => {
    const tenant = await makeTenant(app.ctx, { name: 'Dormant Works' });
    const admin = await memberOf(tenant, 'admin');
    const client = await memberOf(tenant, 'role2');
    expect((await app.request('GET', '/tenant-config', { token: client.token, tenantId: tenant.id })).status).toBe(200);
    await tenant.update({ status: 'suspended' });

    for (const person of [admin, client]) {
      const res = await app.request('GET', '/tenant-config', { token: person.token, tenantId: tenant.id });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: 'Dormant Works is suspended. Contact the platform administrator.',
        code: 'tenant_suspended',
      });
    }
    const asRoot = await app.request('GET', '/tenant-config', { token: root.token, tenantId: tenant.id });
    expect(asRoot.status).toBe(200);
    expect(asRoot.body).toMatchObject({ id: tenant.id, name: 'Dormant Works' });
  });

  it('lets a super admin into any tenant without a membership', async () => {
    const tenant = await makeTenant(app.ctx, { name: 'Anywhere Inc' });
    const res = await app.request('GET', '/tenant-config', { token: root.token, tenantId: tenant.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: tenant.id, name: 'Anywhere Inc', slug: tenant.slug });
  });

  it('answers 404 to a super admin for a tenant that does not exist', async () => {
    const res = await app.request('GET', '/tenant-config', { token: root.token, tenantId: randomUUID() });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'This workspace does not exist.' });
  });

  it('still checks the header for a super admin', async () => {
    expect((await app.request('GET', '/tenant-config', { token: root.token })).body).toEqual({
      error: MISSING,
      code: 'tenant_required',
    });
    expect((await app.request('GET', '/tenant-config', { token: root.token, tenantId: 'nope' })).body).toEqual({
      error: MALFORMED,
      code: 'tenant_malformed',
    });
  });

  it('guards every workspace path, not only tenant-config', async () => {
    const tenant = await makeTenant(app.ctx);
    const member = await memberOf(tenant);
    const stranger = await makeTenant(app.ctx);
    for (const path of ['/tenant-roles', '/dashboard/admin-stats', '/users/recent']) {
      expect((await app.request('GET', path)).status, path).toBe(401);
      expect((await app.request('GET', path, { token: member.token })).body, path).toEqual({
        error: MISSING,
        code: 'tenant_required',
      });
      expect((await app.request('GET', path, { token: member.token, tenantId: 'x' })).body, path).toEqual({
        error: MALFORMED,
        code: 'tenant_malformed',
      });
      expect((await app.request('GET', path, { token: member.token, tenantId: stranger.id })).body, path).toEqual({
        error: NOT_A_MEMBER,
        code: 'not_a_member',
      });
    }
  });
});
