import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, inTransaction, systemScope, type TenantScope } from '../src';
import type { Tenant, User } from '../src/db';
import { addMember, makeTenant, makeUser, scopeOf } from '../../../testing/factories';
import { startTestContext, type TestContext } from '../../../testing/harness';

let t: TestContext;
let tenant: Tenant;
let person: User;
/** The person acting in their workspace from a known address, as the workspace guard builds it. */
let scope: TenantScope;
beforeAll(async () => {
  t = await startTestContext();
  tenant = await makeTenant(t.ctx);
  person = await makeUser(t.ctx);
  await addMember(t.ctx, tenant, person, 'admin');
  const built = await scopeOf(t.ctx, tenant, person.id);
  scope = { ...built, actor: { ...built.actor, ip: '203.0.113.7' } };
});
afterAll(() => t.close());

/** The one row written with `action`, whichever workspace it is in. */
async function rowOf(action: string) {
  const rows = await t.ctx.db.AuditLog.findAll({ where: { action }, allTenants: true });
  expect(rows).toHaveLength(1);
  return rows[0]!.get({ plain: true });
}

describe('audit', () => {
  it('takes the actor, the address and the workspace from the scope: the caller says only what happened', async () => {
    await audit(t.ctx, scope, {
      action: 'test.scoped',
      entity: { type: 'thing', id: 'thing-1' },
      reason: 'asked to',
      details: { n: 1 },
    });
    const row = await rowOf('test.scoped');
    expect(row).toMatchObject({
      actor_user_id: person.id,
      ip: '203.0.113.7',
      tenant_id: tenant.id,
      entity_type: 'thing',
      entity_id: 'thing-1',
      reason: 'asked to',
    });
    expect(row.details).toEqual({ n: 1 });
  });

  it('writes the row in the workspace the event names instead, or platform-wide for null', async () => {
    const other = await makeTenant(t.ctx);
    await audit(t.ctx, scope, {
      action: 'test.elsewhere',
      entity: { type: 'tenant', id: other.id },
      tenantId: other.id,
    });
    await audit(t.ctx, scope, { action: 'test.platform_wide', entity: { type: 'tenant' }, tenantId: null });
    expect(await rowOf('test.elsewhere')).toMatchObject({ tenant_id: other.id, actor_user_id: person.id });
    expect(await rowOf('test.platform_wide')).toMatchObject({
      tenant_id: null,
      entity_id: null,
      actor_user_id: person.id,
      ip: '203.0.113.7',
    });
  });

  it('names the super admin of an impersonation in the details, beside the person as the actor', async () => {
    const root = await makeUser(t.ctx, { superAdmin: true });
    const impersonated = { ...scope, actor: { ...scope.actor, impersonatorUserId: root.id } };
    await audit(t.ctx, impersonated, { action: 'test.impersonated', entity: { type: 'thing' }, details: { n: 2 } });
    const row = await rowOf('test.impersonated');
    expect(row).toMatchObject({ actor_user_id: person.id, tenant_id: tenant.id, ip: '203.0.113.7' });
    expect(row.details).toEqual({ n: 2, impersonator_user_id: root.id });
  });

  it('writes what the system does with no actor and no address, in the workspace the event names', async () => {
    await audit(t.ctx, systemScope, {
      action: 'test.system',
      entity: { type: 'tenant', id: tenant.id },
      tenantId: tenant.id,
    });
    expect(await rowOf('test.system')).toMatchObject({ actor_user_id: null, ip: null, tenant_id: tenant.id });
  });

  it('stands or falls with the transaction it is written in', async () => {
    await expect(
      inTransaction(t.ctx, async (transaction) => {
        await audit(t.ctx, scope, { action: 'test.rolled_back', entity: { type: 'thing' } }, transaction);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.ctx.db.AuditLog.count({ where: { action: 'test.rolled_back' }, allTenants: true })).toBe(0);
  });
});
