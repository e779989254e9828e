import type { Profile, User } from '../db/models';
import type { Transaction } from 'sequelize';
import { inTransaction, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import type { AccountActor } from './auth-types';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../kernel/crypto';
import { isOpenInvitationTo } from '../invitations';
import { badRequest, unauthorized } from '../kernel/errors';
import { assertFlagOn, assertPasswordPolicy, assertSignupDomain } from '../settings';
import { revokeUserSessions, rotateRefreshToken, startSession, type SessionTokens } from './sessions';
import { createUser } from './users';
import {
  findPasswordHash,
  findProfile,
  findUser,
  findUserByEmail,
  saveLastSignIn,
  updatePasswordHash,
  upsertProfile,
} from './auth-data';

/*
 * The signed-in person's own account: sign-up, sign-in, their profile, password and email. These
 * act on no workspace, so they take the context and an input naming the user.
 */

export interface SignUpInput {
  email: string;
  password: string;
  fullName: string;
  title?: string | null;
  /** The invitation link the person signs up from, if any. */
  invitationToken?: string;
}

/**
 * Creates the account and its profile and opens its first session, all in one transaction. Self-serve
 * signup's rules (the `signup` flag, the signup domain allowlist) do not apply to the address an
 * open invitation was sent to, signing up with that invitation's token.
 */
export async function signUp(
  ctx: ServiceContext,
  input: SignUpInput,
): Promise<{ user: User; profile: Profile; session: SessionTokens }> {
  if (!(await isOpenInvitationTo(ctx, input.invitationToken, input.email))) {
    await assertFlagOn(ctx, 'signup');
    await assertSignupDomain(ctx, input.email);
  }
  await assertPasswordPolicy(ctx, input.password);
  return inTransaction(ctx, (transaction) =>
    createSignedInUser(
      ctx,
      { email: input.email, password: input.password, fullName: input.fullName, title: input.title },
      transaction,
    ),
  );
}

/** A new account that is signed in at once (sign-up, onboarding's first step): created, stamped, given a session. */
export async function createSignedInUser(
  ctx: ServiceContext,
  fields: Parameters<typeof createUser>[1],
  transaction: Transaction,
): Promise<{ user: User; profile: Profile; session: SessionTokens }> {
  const { user, profile } = await createUser(ctx, fields, transaction);
  await saveLastSignIn(user, ctx.clock.now(), transaction);
  const session = await startSession(ctx, user, transaction);
  return { user, profile, session };
}

/**
 * The account these credentials open, or null. An unknown address is checked against a dummy hash
 * so timing does not reveal which addresses exist. `email` is expected lowercased.
 */
export async function verifyCredentials(
  ctx: ServiceContext,
  input: { email: string; password: string },
): Promise<User | null> {
  const user = await findUserByEmail(ctx, input.email, ctx.transaction);
  const valid = await verifyPassword(
    user?.password_hash ?? (await unusablePasswordHash(ctx.config.passwordHashing)),
    input.password,
  );
  return user && valid ? user : null;
}

/** Records the sign-in on the account `verifyCredentials` returned and opens a session for it. */
export async function signIn(
  ctx: ServiceContext,
  input: { user: User; ssoTenantId?: string | null },
): Promise<SessionTokens> {
  const { user } = input;
  await saveLastSignIn(user, ctx.clock.now(), ctx.transaction);
  return startSession(ctx, user, ctx.transaction, input.ssoTenantId ?? null);
}

/** Exchanges a refresh token for a new pair, with the account it belongs to. */
export async function refreshSession(
  ctx: ServiceContext,
  input: { refreshToken: string },
): Promise<{ tokens: SessionTokens; user: User }> {
  const { tokens, userId } = await rotateRefreshToken(ctx, input.refreshToken);
  const user = await findUser(ctx, userId, ctx.transaction);
  if (!user) throw unauthorized('Your session has ended. Please sign in again.');
  return { tokens, user };
}

/** The person's profile; null when they never filled one in. */
export async function getProfile(ctx: ServiceContext, input: { userId: string }): Promise<Profile | null> {
  return findProfile(ctx, input.userId, ctx.transaction);
}

export interface ProfileChanges {
  first_name?: string | null;
  last_name?: string | null;
  phone?: string | null;
  linkedin?: string | null;
  title?: string | null;
}

/** Saves the fields given (creating the profile the first time); fields left out keep their value. */
export async function updateProfile(
  ctx: ServiceContext,
  input: { userId: string; changes: ProfileChanges },
): Promise<Profile> {
  const changes = Object.fromEntries(Object.entries(input.changes).filter(([, v]) => v !== undefined));
  return inTransaction(ctx, (transaction) => upsertProfile(ctx, input.userId, changes, transaction));
}

export interface PasswordChange {
  actor: AccountActor;
  currentPassword: string;
  newPassword: string;
  /** The session the change is made from: it stays signed in, every other one ends. */
  keepFamilyId?: string;
}

/** Checks the signed-in person's password before a change of credentials: 400 `wrong_password` when it is not theirs. */
export async function assertCurrentPassword(ctx: ServiceContext, userId: string, password: string): Promise<void> {
  const passwordHash = await findPasswordHash(ctx, userId, ctx.transaction);
  if (passwordHash === null) throw unauthorized();
  if (!(await verifyPassword(passwordHash, password)))
    throw badRequest('Current password is incorrect', 'wrong_password');
}

/** Checks the current password, stores the new one, ends the person's other sessions and audits the change. */
export async function changePassword(ctx: ServiceContext, input: PasswordChange): Promise<void> {
  const { actor } = input;
  await assertCurrentPassword(ctx, actor.userId, input.currentPassword);
  await assertPasswordPolicy(ctx, input.newPassword, 'New password');
  await inTransaction(ctx, async (transaction) => {
    await updatePasswordHash(
      ctx,
      actor.userId,
      await hashPassword(ctx.config.passwordHashing, input.newPassword),
      transaction,
    );
    await revokeUserSessions(ctx, actor.userId, 'password_changed', input.keepFamilyId, transaction);
    await audit(
      ctx,
      { actor },
      { action: 'user.password_changed', entity: { type: 'user', id: actor.userId } },
      transaction,
    );
  });
}
