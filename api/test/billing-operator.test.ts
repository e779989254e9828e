import type { Tenant } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeUser, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/* A platform without Stripe: the operator sets plans and seats, and every cap holds. */

const BY_OPERATOR =
  'Billing for this workspace is managed by the platform operator. Contact them to change your plan or seats.';
const NO_SUCH_TENANT = 'This workspace does not exist.';

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

const patch = (id: string, body: unknown, token = root.token) =>
  app.request('PATCH', `/super/tenants/${id}`, { token, body });

/** `n` more active members of `role` in the workspace. */
async function addPeople(tenant: Tenant, role: string, n: number): Promise<void> {
  const users = await Promise.all(Array.from({ length: n }, () => makeUser(app.ctx)));
  await app.ctx.db.Membership.bulkCreate(
    users.map((u) => ({ tenant_id: tenant.id, user_id: u.id, role, status: 'active' })),
  );
}

describe('billing without Stripe', () => {
  it('tells admins the operator manages billing, and refuses checkout and the portal with that sentence', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const summary = await app.request('GET', '/billing/summary', { token: w.admin.token, tenantId: w.tenant.id });
    expect(summary.body).toMatchObject({
      managed_by: 'operator',
      message: BY_OPERATOR,
      usage: { clients_count: 1, clients_cap: 30, team_count: 0, team_seats: 1, admin_count: 1, admin_seats: 1 },
    });
    const checkout = await app.request('POST', '/billing/checkout', {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { purpose: 'upgrade_plan', plan: 'pro' },
    });
    expect(checkout).toMatchObject({ status: 409, body: { error: BY_OPERATOR, code: 'billing_by_operator' } });
    const portal = await app.request('GET', '/billing/portal', { token: w.admin.token, tenantId: w.tenant.id });
    expect(portal).toMatchObject({ status: 409, body: { error: BY_OPERATOR } });
  });

  it('answers Stripe’s webhook 409: there is nothing to verify it with', async () => {
    const res = await fetch(`${app.url}/api/billing/webhook`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: 'Stripe webhooks are not configured on this platform (STRIPE_WEBHOOK_SECRET).',
    });
  });
});

describe('PATCH /api/super/tenants/{id}', () => {
  it('sets plan, seats, status and billing bypass, audited with the reason', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const res = await patch(w.tenant.id, {
      tier: 'pro',
      seats_total: 5,
      admin_seats_extra: 2,
      bypass_billing: true,
      reason: 'Annual contract',
    });
    expect(res.status).toBe(200);
    expect(res.body.tenant).toMatchObject({ id: w.tenant.id, tier: 'pro', seats_total: 5, status: 'active' });
    expect(await app.ctx.db.Tenant.findByPk(w.tenant.id)).toMatchObject({
      tier: 'pro',
      seats_total: 5,
      admin_seats_extra: 2,
      bypass_billing: true,
    });
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: w.tenant.id, action: 'tenant.plan_updated' },
    });
    expect(audit).toMatchObject({ actor_user_id: root.user.id, reason: 'Annual contract' });
    expect(audit!.details).toEqual({
      before: { tier: 'starter', seats_total: 3, admin_seats_extra: 0, bypass_billing: false },
      after: { tier: 'pro', seats_total: 5, admin_seats_extra: 2, bypass_billing: true },
    });
    const summary = await app.request('GET', '/billing/summary', { token: w.admin.token, tenantId: w.tenant.id });
    expect(summary.body.usage).toMatchObject({ clients_cap: 500, team_seats: 5, admin_seats: 3 });

    const suspended = await patch(w.tenant.id, { status: 'suspended', reason: 'Unpaid' });
    expect(suspended.body.tenant.status).toBe('suspended');
    const locked = await app.request('GET', '/tenant-config', { token: w.member.token, tenantId: w.tenant.id });
    expect(locked.status).toBe(403);
  });

  it('refuses a downgrade the members do not fit in, naming how many to remove', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    await addPeople(w.tenant, 'role2', 30);
    await addPeople(w.tenant, 'role1', 3);
    const down = await patch(w.tenant.id, { tier: 'starter' });
    expect(down).toMatchObject({
      status: 409,
      body: {
        code: 'over_plan_cap',
        error:
          'The Starter plan allows up to 30 clients; this workspace has 31 (members and open invitations). Remove 1 client first. ' +
          'With 1 team seat there is room for 1 team member; this workspace has 3 (members and open invitations). Remove 2 team members first.',
      },
    });
    const fewerSeats = await patch(w.tenant.id, { seats_total: 2 });
    expect(fewerSeats.body.error).toBe(
      'With 2 team seats there is room for 2 team members; this workspace has 3 (members and open invitations). Remove 1 team member first.',
    );
    expect(await app.ctx.db.Tenant.findByPk(w.tenant.id)).toMatchObject({ tier: 'pro', seats_total: 3 });
    expect(await app.ctx.db.AuditLog.count({ where: { tenant_id: w.tenant.id, action: 'tenant.plan_updated' } })).toBe(
      0,
    );
  });

  it.each([
    [{}, 'Nothing to change: send tier, seats_total, admin_seats_extra, status or bypass_billing.'],
    [{ reason: 'x' }, 'Nothing to change: send tier, seats_total, admin_seats_extra, status or bypass_billing.'],
    [{ tier: 'gold' }, 'Tier must be one of starter, pro, advanced.'],
    [{ seats_total: 0 }, 'seats_total must be a whole number of at least 1.'],
    [{ seats_total: '3' }, 'seats_total must be a whole number of at least 1.'],
    [{ admin_seats_extra: -1 }, 'admin_seats_extra must be a whole number (0 or more).'],
    [{ status: 'closed' }, 'Status must be one of active, suspended, trial.'],
    [{ bypass_billing: 'yes' }, 'bypass_billing must be true or false.'],
    [{ tier: 'pro', reason: 'r'.repeat(501) }, 'The reason must be at most 500 characters.'],
  ])('refuses %j with its sentence', async (body, message) => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    expect(await patch(w.tenant.id, body)).toMatchObject({ status: 400, body: { error: message } });
    expect((await app.ctx.db.Tenant.findByPk(w.tenant.id))!.tier).toBe('starter');
  });

  it('is for super admins only, and 404 for a workspace that does not exist', async () => {
    const w = await makeWorkspace(app, { tier: 'starter' });
    const asAdmin = await patch(w.tenant.id, { tier: 'advanced' }, w.admin.token);
    expect(asAdmin).toMatchObject({ status: 403, body: { error: 'Only platform super admins can do that.' } });
    const anonymous = await app.request('PATCH', `/super/tenants/${w.tenant.id}`, { body: { tier: 'advanced' } });
    expect(anonymous.status).toBe(401);
    expect(await patch('00000000-0000-4000-8000-000000000000', { tier: 'pro' })).toMatchObject({
      status: 404,
      body: { error: NO_SUCH_TENANT },
    });
    expect((await patch('not-an-id', { tier: 'pro' })).status).toBe(404);
    expect((await app.ctx.db.Tenant.findByPk(w.tenant.id))!.tier).toBe('starter');
  });
});

describe('seat caps', () => {
  it('holds admins to the admin seats, on every invite, until more are added', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const invite = (token: string, email: string) =>
      app.request('POST', '/invite', { token, tenantId: w.tenant.id, body: { email, role: 'admin' } });
    expect(await invite(w.admin.token, 'second-admin@example.test')).toMatchObject({
      status: 409,
      body: {
        code: 'admin_seats_full',
        error: "This workspace's 1 admin seat is taken. Add admin seats under Billing to invite more.",
      },
    });
    const bySuper = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: 'second-admin@example.test', role: 'admin', tenant_id: w.tenant.id },
    });
    expect(bySuper).toMatchObject({ status: 409, body: { code: 'admin_seats_full' } });
    await patch(w.tenant.id, { admin_seats_extra: 1 });
    expect((await invite(w.admin.token, 'second-admin@example.test')).status).toBe(201);
  });

  it('holds team members to the team seats on a role change', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    await addPeople(w.tenant, 'role1', 3);
    const res = await app.request('PATCH', `/users/${w.member.user.id}`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
      body: { role: 'role1' },
    });
    expect(res).toMatchObject({
      status: 409,
      body: {
        code: 'team_seats_full',
        error:
          'This change would make 4 team members (members and open invitations), but this workspace has 3 team seats. Add team seats under Billing or remove team members first.',
      },
    });
    expect(
      (await app.ctx.db.Membership.findOne({ where: { tenant_id: w.tenant.id, user_id: w.member.user.id } }))!.role,
    ).toBe('role2');
  });
});
