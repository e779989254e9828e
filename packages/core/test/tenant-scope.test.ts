import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantScopeError } from '../src';
import {
  Invitation,
  Membership,
  Tenant,
  TenantRoleType,
  User,
  AuditLog,
  EmailOutbox,
  Form,
  FormResponse,
  FormVersion,
  TenantEvent,
} from '../src/db';
import { addMember, makeTenant, makeUser } from '../../../testing/factories';
import { startTestContext, type TestContext } from '../../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterAll(() => t.close());

describe('tenant scoping is structural', () => {
  it.each([
    ['Membership', () => Membership.findAll()],
    [
      'Membership by user only',
      () => Membership.findAll({ where: { user_id: '00000000-0000-0000-0000-000000000000' } }),
    ],
    ['TenantRoleType by primary key', () => TenantRoleType.findByPk('00000000-0000-0000-0000-000000000000')],
    ['Invitation count', () => Invitation.count()],
    ['AuditLog bulk update', () => AuditLog.update({ reason: 'x' }, { where: { action: 'a' } })],
    ['EmailOutbox bulk destroy', () => EmailOutbox.destroy({ where: { status: 'queued' } })],
    ['include of a tenant-owned model', () => User.findAll({ include: [{ model: Membership, as: 'memberships' }] })],
    ['Form by primary key', () => Form.findByPk('00000000-0000-0000-0000-000000000000')],
    [
      'FormVersion by form only',
      () => FormVersion.findAll({ where: { form_id: '00000000-0000-0000-0000-000000000000' } }),
    ],
    [
      'FormResponse count by user',
      () => FormResponse.count({ where: { user_id: '00000000-0000-0000-0000-000000000000' } }),
    ],
    [
      'TenantEvent bulk update',
      () => TenantEvent.update({ dispatched_at: new Date() }, { where: { type: 'form.submitted' } }),
    ],
  ])('refuses %s without a tenant', async (_name, query) => {
    await expect(query()).rejects.toBeInstanceOf(TenantScopeError);
  });

  it('answers a query that names its tenant, and only with that tenant’s rows', async () => {
    const [a, b] = [await makeTenant(t.ctx), await makeTenant(t.ctx)];
    const user = await makeUser(t.ctx);
    await addMember(a, user, 'role2');
    await addMember(b, user, 'admin');
    const rows = await Membership.findAll({ where: { tenant_id: a.id } });
    expect(rows.map((r) => [r.tenant_id, r.role])).toEqual([[a.id, 'role2']]);
    const included = await User.findAll({
      where: { id: user.id },
      include: [{ model: Membership, as: 'memberships', where: { tenant_id: b.id } }],
    });
    expect(included[0]?.get('memberships')).toHaveLength(1);
  });

  it('allows a deliberate cross-tenant read only when asked for by name', async () => {
    const tenant = await makeTenant(t.ctx);
    const user = await makeUser(t.ctx);
    await addMember(tenant, user, 'role1');
    const rows = await Membership.findAll({ where: { user_id: user.id }, allTenants: true });
    expect(rows).toHaveLength(1);
  });

  it('does not guard tables that are not tenant-owned', async () => {
    await expect(Tenant.count()).resolves.toBeGreaterThanOrEqual(0);
  });
});
