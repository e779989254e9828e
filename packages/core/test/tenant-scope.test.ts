import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantScopeError } from '../src';

import { addMember, makeTenant, makeUser } from '../../../testing/factories';
import { startTestContext, type TestContext } from '../../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterAll(() => t.close());

describe('tenant scoping is structural', () => {
  it.each([
    ['Membership', () => t.ctx.db.Membership.findAll()],
    [
      'Membership by user only',
      () => t.ctx.db.Membership.findAll({ where: { user_id: '00000000-0000-0000-0000-000000000000' } }),
    ],
    ['TenantRoleType by primary key', () => t.ctx.db.TenantRoleType.findByPk('00000000-0000-0000-0000-000000000000')],
    ['Invitation count', () => t.ctx.db.Invitation.count()],
    ['AuditLog bulk update', () => t.ctx.db.AuditLog.update({ reason: 'x' }, { where: { action: 'a' } })],
    ['EmailOutbox bulk destroy', () => t.ctx.db.EmailOutbox.destroy({ where: { status: 'queued' } })],
    [
      'include of a tenant-owned model',
      () => t.ctx.db.User.findAll({ include: [{ model: t.ctx.db.Membership, as: 'memberships' }] }),
    ],
    ['Form by primary key', () => t.ctx.db.Form.findByPk('00000000-0000-0000-0000-000000000000')],
    [
      'FormVersion by form only',
      () => t.ctx.db.FormVersion.findAll({ where: { form_id: '00000000-0000-0000-0000-000000000000' } }),
    ],
    [
      'FormResponse count by user',
      () => t.ctx.db.FormResponse.count({ where: { user_id: '00000000-0000-0000-0000-000000000000' } }),
    ],
    [
      'TenantEvent bulk update',
      () => t.ctx.db.TenantEvent.update({ dispatched_at: new Date() }, { where: { type: 'form.submitted' } }),
    ],
  ])('refuses %s without a tenant', async (_name, query) => {
    await expect(query()).rejects.toBeInstanceOf(TenantScopeError);
  });

  it('answers a query that names its tenant, and only with that tenant’s rows', async () => {
    const [a, b] = [await makeTenant(t.ctx), await makeTenant(t.ctx)];
    const user = await makeUser(t.ctx);
    await addMember(t.ctx, a, user, 'role2');
    await addMember(t.ctx, b, user, 'admin');
    const rows = await t.ctx.db.Membership.findAll({ where: { tenant_id: a.id } });
    expect(rows.map((r) => [r.tenant_id, r.role])).toEqual([[a.id, 'role2']]);
    const included = await t.ctx.db.User.findAll({
      where: { id: user.id },
      include: [{ model: t.ctx.db.Membership, as: 'memberships', where: { tenant_id: b.id } }],
    });
    expect(included[0]?.get('memberships')).toHaveLength(1);
  });

  it('allows a deliberate cross-tenant read only when asked for by name', async () => {
    const tenant = await makeTenant(t.ctx);
    const user = await makeUser(t.ctx);
    await addMember(t.ctx, tenant, user, 'role1');
    const rows = await t.ctx.db.Membership.findAll({ where: { user_id: user.id }, allTenants: true });
    expect(rows).toHaveLength(1);
  });

  it('does not guard tables that are not tenant-owned', async () => {
    await expect(t.ctx.db.Tenant.count()).resolves.toBeGreaterThanOrEqual(0);
  });
});
