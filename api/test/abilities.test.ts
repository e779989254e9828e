import { randomUUID } from 'node:crypto';
import { WORKSPACE_ABILITIES, type WorkspaceAbilities, type WorkspaceAbility } from '@portico/common';
import type { Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeTenant, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
let tenant: Tenant;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  tenant = await makeTenant(app.ctx, { tier: 'pro' });
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

/**
 * One route guarded by the very action behind each ability. A route's guard runs before its input is
 * read, so an empty or unknown input is refused with 403 when the caller may not, and with anything
 * else (400, 404, 200) when they may.
 */
const GUARDED_ROUTES: Record<WorkspaceAbility, { method: 'GET' | 'PATCH' | 'PUT' | 'DELETE'; path: string }> = {
  manage_settings: { method: 'PATCH', path: '/tenant-config' },
  manage_roles: { method: 'PUT', path: '/tenant-roles' },
  manage_users: { method: 'GET', path: '/invitations' },
  manage_files: { method: 'GET', path: '/files/tenant-users' },
  manage_embeds: { method: 'GET', path: '/embeds/audience-users' },
  build_forms: { method: 'GET', path: '/form-responses' },
  delete_forms: { method: 'DELETE', path: `/forms/${randomUUID()}` },
  manage_integrations: { method: 'GET', path: '/integrations/webhooks' },
  manage_billing: { method: 'GET', path: '/billing/summary' },
  manage_domains: { method: 'GET', path: '/domains' },
};

const ALL = Object.fromEntries(WORKSPACE_ABILITIES.map((a) => [a, true])) as WorkspaceAbilities;
const NONE = Object.fromEntries(WORKSPACE_ABILITIES.map((a) => [a, false])) as WorkspaceAbilities;
const BUILDER: WorkspaceAbilities = { ...NONE, build_forms: true };

/** Which guarded routes let `token` through in the tenant. */
async function allowedIn(token: string): Promise<WorkspaceAbilities> {
  const entries = await Promise.all(
    WORKSPACE_ABILITIES.map(async (ability) => {
      const { method, path } = GUARDED_ROUTES[ability];
      const res = await app.request(method, path, {
        token,
        tenantId: tenant.id,
        body: method === 'GET' ? undefined : {},
      });
      return [ability, res.status !== 403] as const;
    }),
  );
  return Object.fromEntries(entries) as WorkspaceAbilities;
}

async function me(token: string) {
  const res = await app.request('GET', '/auth/user', { token });
  expect(res.status).toBe(200);
  return res.body as {
    abilities: WorkspaceAbilities & { use_console: boolean };
    memberships: { tenant_id: string; abilities: WorkspaceAbilities }[];
  };
}

/** The abilities the SPA reads in the tenant: the membership's, else the account's. */
async function abilitiesIn(token: string): Promise<WorkspaceAbilities> {
  const answer = await me(token);
  const membership = answer.memberships.find((m) => m.tenant_id === tenant.id);
  if (membership) return membership.abilities;
  const { use_console: _console, ...workspace } = answer.abilities;
  return workspace;
}

async function member(role: string): Promise<Person> {
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, role);
  return { user, token: (await signIn(app, user.email)).token };
}

describe('GET /api/auth/user abilities', () => {
  it.each([
    ['owner', ALL],
    ['admin', ALL],
    ['role1', BUILDER], // the team member
    ['recruitpro', BUILDER], // the spec's legacy team key
    ['role2', NONE], // the client
    ['role3', NONE], // the guest
  ])('gives a %s what the policies allow, and exactly the routes it allows', async (role, expected) => {
    const person = await member(role);
    const answer = await me(person.token);
    expect(answer.memberships).toEqual([expect.objectContaining({ tenant_id: tenant.id, abilities: expected })]);
    expect(answer.abilities).toEqual({ ...NONE, use_console: false });
    expect(await allowedIn(person.token)).toEqual(expected);
  });

  it('gives a super admin the console and every ability in a workspace they are not a member of', async () => {
    const answer = await me(root.token);
    expect(answer.abilities).toEqual({ ...ALL, use_console: true });
    expect(await abilitiesIn(root.token)).toEqual(ALL);
    expect(await allowedIn(root.token)).toEqual(ALL);
    expect((await app.request('GET', '/super/tenants', { token: root.token })).status).toBe(200);
  });

  it.each([
    ['admin', ALL],
    ['role2', NONE],
  ])('gives an impersonation session of a %s that person’s abilities and no console', async (role, expected) => {
    const person = await member(role);
    const started = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: person.user.id, reason: 'Support request' },
    });
    expect(started.status).toBe(201);
    const token = started.body.session.access_token as string;
    const answer = await me(token);
    expect(answer.abilities.use_console).toBe(false);
    expect(await abilitiesIn(token)).toEqual(expected);
    expect(await allowedIn(token)).toEqual(expected);
    expect((await app.request('GET', '/super/tenants', { token })).status).toBe(403);
  });

  it('gives a signed-in person nothing in a workspace they are not a member of', async () => {
    const outsider = await makeUser(app.ctx);
    const { token } = await signIn(app, outsider.email);
    expect(await abilitiesIn(token)).toEqual(NONE);
    expect(await allowedIn(token)).toEqual(NONE);
  });
});
