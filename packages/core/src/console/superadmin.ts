import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { inTransaction } from '../scope';

import { hashPassword } from '../kernel/crypto';

export interface SuperAdminBootstrap {
  email: string;
  created: boolean;
  /** Set only when a password was generated: shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * Makes sure the configured super admin exists. A new account takes SUPERADMIN_PASSWORD or a
 * generated one; an existing account's password is only replaced when SUPERADMIN_PASSWORD is set.
 */
export async function ensureSuperAdmin(
  ctx: Pick<AppContext, 'db' | 'config' | 'sequelize' | 'logger'>,
): Promise<SuperAdminBootstrap> {
  const { email, password } = ctx.config.superAdmin;
  return inTransaction(ctx, async (transaction) => {
    let user = await ctx.db.User.findOne({ where: { email }, transaction, lock: transaction.LOCK.UPDATE });
    let generatedPassword: string | undefined;
    const created = !user;
    if (!user) {
      generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
      user = await ctx.db.User.create(
        { email, password_hash: await hashPassword(ctx.config.passwordHashing, password ?? generatedPassword!) },
        { transaction },
      );
      await ctx.db.Profile.create({ id: user.id, first_name: 'Super', last_name: 'Admin' }, { transaction });
    } else if (password) {
      user.password_hash = await hashPassword(ctx.config.passwordHashing, password);
      await user.save({ transaction });
    }
    await ctx.db.UserGlobalRole.findOrCreate({ where: { user_id: user.id, role: 'super_admin' }, transaction });
    return { email, created, generatedPassword };
  });
}
