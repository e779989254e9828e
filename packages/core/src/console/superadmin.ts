import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { inTransaction } from '../scope';

import { hashPassword } from '../kernel/crypto';
import { ensureGlobalRole, insertProfile, insertUser, lockUserByEmail } from './console-data';

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
    let user = await lockUserByEmail(ctx, email, transaction);
    let generatedPassword: string | undefined;
    const created = !user;
    if (!user) {
      generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
      user = await insertUser(
        ctx,
        { email, password_hash: await hashPassword(ctx.config.passwordHashing, password ?? generatedPassword!) },
        transaction,
      );
      await insertProfile(ctx, { id: user.id, first_name: 'Super', last_name: 'Admin' }, transaction);
    } else if (password) {
      user.password_hash = await hashPassword(ctx.config.passwordHashing, password);
      await user.save({ transaction });
    }
    await ensureGlobalRole(ctx, user.id, 'super_admin', transaction);
    return { email, created, generatedPassword };
  });
}
