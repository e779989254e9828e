import type { Transaction } from 'sequelize';
import type { AppContext } from '../context';
import { inTransaction } from '../scope';
import type { User } from '../db/models';
import { passwordResetEmail } from '../mail/templates';
import { audit } from '../kernel/audit';
import { hashPassword, randomToken, sha256 } from '../kernel/crypto';
import { assertPasswordPolicy } from '../settings';
import { badRequest } from '../kernel/errors';
import { sendEmail } from '../integrations';
import { revokeUserSessions } from './sessions';
import { brandForUser } from '../tenancy';
import {
  findUserByEmail,
  insertPasswordResetToken,
  lockPasswordResetToken,
  savePasswordResetTokenUsed,
  setOpenPasswordResetTokensUsed,
  updatePasswordHash,
} from './auth-data';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Emails a single-use reset link when the address has an account; silent otherwise. */
export async function requestPasswordReset(
  ctx: Pick<AppContext, 'db' | 'config' | 'queues' | 'logger' | 'sequelize' | 'clock'>,
  email: string,
  tenantId?: string,
): Promise<void> {
  const user = await findUserByEmail(ctx, email.trim().toLowerCase());
  if (!user) return;
  await inTransaction(ctx, (transaction) => emailPasswordResetLink(ctx, user, tenantId, transaction));
}

/**
 * Creates a single-use reset link for `user` and emails it (in the caller's transaction), branded
 * for `tenantId` or the person's workspace; answers the link, for the console to share by hand
 * when no email goes out.
 */
export async function emailPasswordResetLink(
  ctx: Pick<AppContext, 'db' | 'config' | 'queues' | 'logger' | 'clock' | 'sequelize'>,
  user: Pick<User, 'id' | 'email'>,
  tenantId: string | undefined,
  transaction: Transaction,
): Promise<string> {
  const token = randomToken();
  await insertPasswordResetToken(
    ctx,
    {
      user_id: user.id,
      token_hash: sha256(token),
      expires_at: new Date(ctx.clock.now().getTime() + RESET_TOKEN_TTL_MS),
    },
    transaction,
  );
  const brand = await brandForUser(ctx, user.id, tenantId, transaction);
  const query = new URLSearchParams({ token, ...(brand.tenantId ? { tenant_id: brand.tenantId } : {}) });
  const link = `${ctx.config.publicUrl}/reset-password?${query.toString()}`;
  const rendered = await passwordResetEmail(brand, link);
  await sendEmail(ctx, { ...rendered, to: user.email, tenantId: brand.tenantId }, transaction);
  return link;
}

export async function resetPassword(
  ctx: Pick<AppContext, 'db' | 'sequelize' | 'config' | 'logger' | 'clock'>,
  token: string,
  newPassword: string,
  ip?: string,
): Promise<void> {
  await assertPasswordPolicy(ctx, newPassword);
  await inTransaction(ctx, async (transaction) => {
    const row = await lockPasswordResetToken(ctx, sha256(token), transaction);
    const now = ctx.clock.now();
    if (!row || row.used_at || row.expires_at.getTime() <= now.getTime()) {
      throw badRequest('This reset link is invalid or has expired. Ask for a new one.', 'invalid_reset_token');
    }
    await savePasswordResetTokenUsed(row, now, transaction);
    await updatePasswordHash(
      ctx,
      row.user_id,
      await hashPassword(ctx.config.passwordHashing, newPassword),
      transaction,
    );
    await setOpenPasswordResetTokensUsed(ctx, row.user_id, now, transaction);
    await revokeUserSessions(ctx, row.user_id, 'password_reset', undefined, transaction);
    await audit(
      ctx,
      { actor: { userId: row.user_id, ip } },
      { action: 'user.password_reset', entity: { type: 'user', id: row.user_id } },
      transaction,
    );
  });
}
