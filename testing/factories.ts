import { randomBytes } from 'node:crypto';
import {
  createTenant,
  createUser,
  ensureSuperAdmin,
  inTransaction,
  memberScope,
  roleTypesOf,
  type AppContext,
  type Tenant,
  type TenantScope,
  type TenantTier,
} from '@portico/core';
import type { Membership, User } from '@portico/core/db';
import type { TestApp } from './harness';

/** A hash that no password verifies against, for accounts made straight in the database that never sign in. */
export const UNUSABLE_PASSWORD_HASH =
  '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$0V0x8QvrVQ0x8YbDkF1a3d2pW6vQ0ZXKQ8a7zQy6Vkg';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

const unique = () => randomBytes(4).toString('hex');

export async function makeUser(
  ctx: AppContext,
  options: { email?: string; password?: string; fullName?: string; superAdmin?: boolean } = {},
): Promise<User> {
  return inTransaction(ctx, async (transaction) => {
    const { user } = await createUser(
      ctx,
      {
        email: options.email ?? `user-${unique()}@example.test`,
        password: options.password ?? DEFAULT_PASSWORD,
        fullName: options.fullName ?? 'Test Person',
      },
      transaction,
    );
    if (options.superAdmin)
      await ctx.db.UserGlobalRole.create({ user_id: user.id, role: 'super_admin' }, { transaction });
    return user;
  });
}

export async function makeTenant(ctx: AppContext, options: { name?: string; tier?: TenantTier } = {}): Promise<Tenant> {
  const name = options.name ?? `Tenant ${unique()}`;
  return inTransaction(ctx, (transaction) =>
    createTenant(
      ctx,
      { name, slug: `t-${unique()}`, tier: options.tier ?? 'pro', seatsTotal: 3, bypassBilling: false },
      transaction,
    ),
  );
}

export async function addMember(
  ctx: AppContext,
  tenant: Tenant,
  user: User,
  role: string,
  status: 'active' | 'suspended' = 'active',
): Promise<Membership> {
  return ctx.db.Membership.create({ tenant_id: tenant.id, user_id: user.id, role, status });
}

/** The scope a service receives when `userId` acts in `tenant` with `role`, as the workspace guard builds it. */
export async function scopeOf(
  ctx: AppContext,
  tenant: Tenant,
  userId: string | null,
  role = 'admin',
): Promise<TenantScope> {
  return memberScope(tenant, await roleTypesOf(ctx, tenant.id), userId, role);
}

export async function signIn(
  app: TestApp,
  email: string,
  password = DEFAULT_PASSWORD,
): Promise<{ token: string; refreshToken: string }> {
  const res = await app.request('POST', '/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: res.body.access_token, refreshToken: res.body.refresh_token };
}

export interface Person {
  user: User;
  token: string;
}

/** A tenant with an admin and a client member, each signed in. */
export async function makeWorkspace(app: TestApp, options: { tier?: TenantTier } = {}) {
  const tenant = await makeTenant(app.ctx, options);
  const admin = await makeUser(app.ctx, { fullName: 'Ada Admin' });
  const member = await makeUser(app.ctx, { fullName: 'Max Member' });
  await addMember(app.ctx, tenant, admin, 'admin');
  await addMember(app.ctx, tenant, member, 'role2');
  return {
    tenant,
    admin: { user: admin, token: (await signIn(app, admin.email)).token } satisfies Person,
    member: { user: member, token: (await signIn(app, member.email)).token } satisfies Person,
  };
}

export async function makeSuperAdmin(app: TestApp): Promise<Person> {
  const { email } = await ensureSuperAdmin(app.ctx);
  const found = await app.ctx.db.User.findOne({ where: { email } });
  return { user: found!, token: (await signIn(app, email, app.config.superAdmin.password!)).token };
}
