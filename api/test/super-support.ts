import { randomBytes } from 'node:crypto';
import type { Tenant } from '@portico/core/db';
import { addMember, makeTenant, makeUser, signIn, type Person } from '../../testing/factories';
import type { TestApp } from '../../testing/harness';

export const SUPER_ONLY = 'Only platform super admins can do that.';

/** A short random marker that keeps one test's names, slugs and emails apart from another's. */
export const hex = () => randomBytes(4).toString('hex');

/** A tenant and its admin, signed in through the API. */
export async function tenantAdmin(app: TestApp): Promise<{ tenant: Tenant; admin: Person }> {
  const tenant = await makeTenant(app.ctx);
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, tenant, user, 'admin');
  return { tenant, admin: { user, token: (await signIn(app, user.email)).token } };
}

export async function tenantCount(app: TestApp): Promise<number> {
  return app.ctx.db.Tenant.count();
}
