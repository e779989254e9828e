import { EMAIL_CONFIRMATION_MESSAGES } from '@portico/common';
import type { Transaction } from 'sequelize';
import type { User } from '../db/models';
import { releaseHeldEmails, sendEmail } from '../integrations';
import { audit } from '../kernel/audit';
import { randomToken, sha256 } from '../kernel/crypto';
import { badRequest, conflict, unauthorized } from '../kernel/errors';
import { emailChangeNoticeEmail, emailVerificationEmail } from '../mail/templates';
import { inTransaction, type ServiceContext } from '../scope';
import { brandForUser } from '../tenancy';
import { assertCurrentPassword } from './account';
import type { AccountActor } from './auth-types';
import {
  findUserIdByEmail,
  insertEmailVerification,
  lockEmailVerification,
  lockUser,
  saveUserEmailState,
  setOpenEmailVerificationsUsed,
} from './auth-data';

/*
 * Verified email (issue 31): an address counts as the account's once a link sent to it is opened.
 * Owner signup sends one to the new account's address; a change of address is kept as
 * `pending_email` and takes effect only when the link sent to the new address is opened, with a
 * notice to the old one.
 */

export const EMAIL_VERIFICATION_HOURS = 24;
export const INVALID_VERIFICATION =
  'This confirmation link is invalid, used or expired. Ask for a new one from your account settings.';
const EMAIL_TAKEN = 'Another account already uses this email.';

/**
 * Emails a single-use link proving `email` for `user` (in the caller's transaction), branded for
 * their workspace; `change` when it is an address the account asked to move to.
 */
export async function sendEmailVerification(
  ctx: ServiceContext,
  user: Pick<User, 'id'>,
  email: string,
  transaction: Transaction,
  { change }: { change: boolean } = { change: false },
): Promise<void> {
  const token = randomToken();
  await insertEmailVerification(
    ctx,
    {
      user_id: user.id,
      email,
      token_hash: sha256(token),
      expires_at: new Date(ctx.clock.now().getTime() + EMAIL_VERIFICATION_HOURS * 3_600_000),
    },
    transaction,
  );
  const brand = await brandForUser(ctx, user.id, undefined, transaction);
  const rendered = await emailVerificationEmail(brand, {
    url: `${ctx.config.publicUrl}/verify-email?${new URLSearchParams({ token }).toString()}`,
    change,
    hours: EMAIL_VERIFICATION_HOURS,
  });
  await sendEmail(ctx, { ...rendered, to: email, tenantId: brand.tenantId }, transaction);
}

/**
 * Asks to move the account to `email`: the current password is checked (400 `wrong_password`), the
 * address is kept as pending, a link goes to it and a notice to the old one. The account's email is
 * unchanged until the link is opened (`verifyEmail`).
 */
export async function changeEmail(
  ctx: ServiceContext,
  input: { actor: AccountActor; email: string; currentPassword: string },
): Promise<User> {
  const { actor } = input;
  await assertCurrentPassword(ctx, actor.userId, input.currentPassword);
  return inTransaction(ctx, async (transaction) => {
    const takenBy = await findUserIdByEmail(ctx, input.email, transaction);
    if (takenBy && takenBy !== actor.userId) throw conflict(EMAIL_TAKEN, 'email_taken');
    const user = await lockUser(ctx, actor.userId, transaction);
    if (!user) throw unauthorized();
    if (user.email === input.email) throw badRequest('This is already your sign-in email.', 'same_email');
    await saveUserEmailState(user, { pending_email: input.email }, transaction);
    // Links sent to an earlier pending address stop working: only the latest change can take effect.
    await setOpenEmailVerificationsUsed(ctx, user.id, ctx.clock.now(), transaction);
    await sendEmailVerification(ctx, user, input.email, transaction, { change: true });
    const brand = await brandForUser(ctx, user.id, undefined, transaction);
    const notice = await emailChangeNoticeEmail(brand, {
      newEmail: input.email,
      signInUrl: `${ctx.config.publicUrl}/login`,
    });
    await sendEmail(ctx, { ...notice, to: user.email, tenantId: brand.tenantId }, transaction);
    await audit(
      ctx,
      { actor },
      {
        action: 'user.email_change_requested',
        entity: { type: 'user', id: actor.userId },
        details: { from: user.email, to: input.email },
      },
      transaction,
    );
    return user;
  });
}

/**
 * Sends the confirmation link again: to the pending address when a change waits for one, else to
 * the account's own unconfirmed address (400 `already_verified` when it is confirmed). Earlier links
 * keep working. Answers where it went.
 */
export async function resendEmailVerification(ctx: ServiceContext, input: { actor: AccountActor }): Promise<string> {
  return inTransaction(ctx, async (transaction) => {
    const user = await lockUser(ctx, input.actor.userId, transaction);
    if (!user) throw unauthorized();
    const to = user.pending_email ?? (user.email_verified_at ? null : user.email);
    if (!to) throw badRequest(EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed, 'already_verified');
    await sendEmailVerification(ctx, user, to, transaction, { change: to !== user.email });
    return to;
  });
}

/**
 * Opens a confirmation link: the account's own address becomes verified, or the pending address it
 * proves becomes the account's email (409 when another account took it meanwhile). Single use;
 * a link for an address no longer pending is refused like an expired one. Mail the person's
 * workspaces held for their confirmation is queued.
 */
export async function verifyEmail(ctx: ServiceContext, input: { token: string; ip?: string }): Promise<User> {
  return inTransaction(ctx, async (transaction) => {
    const link = await lockEmailVerification(ctx, sha256(input.token), transaction);
    const now = ctx.clock.now();
    const user = link && !link.used_at && link.expires_at > now ? await lockUser(ctx, link.user_id, transaction) : null;
    if (!link || !user || (link.email !== user.email && link.email !== user.pending_email))
      throw badRequest(INVALID_VERIFICATION, 'invalid_verification_link');
    const previous = user.email;
    if (link.email !== previous) {
      const takenBy = await findUserIdByEmail(ctx, link.email, transaction);
      if (takenBy && takenBy !== user.id) throw conflict(EMAIL_TAKEN, 'email_taken');
    }
    await saveUserEmailState(user, { email: link.email, email_verified_at: now, pending_email: null }, transaction);
    await setOpenEmailVerificationsUsed(ctx, user.id, now, transaction);
    await releaseHeldEmails(ctx, user.id, transaction);
    await audit(
      ctx,
      { actor: { userId: user.id, ip: input.ip } },
      link.email === previous
        ? { action: 'user.email_verified', entity: { type: 'user', id: user.id } }
        : {
            action: 'user.email_changed',
            entity: { type: 'user', id: user.id },
            details: { from: previous, to: link.email },
          },
      transaction,
    );
    return user;
  });
}
