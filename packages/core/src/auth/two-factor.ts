import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@portico/common';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Transaction } from 'sequelize';
import type { TwoFactorChallenge, TwoFactorChallengePurpose, User, UserTwoFactor } from '../db/models';
import { inTransaction, type ServiceContext } from '../scope';
import { audit } from '../kernel/audit';
import type { AccountActor } from './auth-types';
import { decryptSecret, encryptSecret, randomToken, sha256 } from '../kernel/crypto';
import { badRequest, conflict, DomainError, forbidden, unauthorized } from '../kernel/errors';
import { getSettings } from '../settings';
import {
  countUnusedRecoveryCodes,
  deleteEndedTwoFactorChallenges,
  deleteRecoveryCodes,
  deleteTwoFactor,
  findLiveTwoFactorChallenge,
  findTwoFactorEnabledAt,
  findUser,
  insertRecoveryCodes,
  insertTwoFactor,
  insertTwoFactorChallenge,
  lockTwoFactor,
  lockUserRow,
  saveTwoFactorChallengeUsed,
  spendRecoveryCode,
  updateTwoFactor,
} from './auth-data';

/*
 * Two-factor sign-in: TOTP (RFC 6238 — 30-second steps, 6 digits, one step either side accepted
 * for clock drift) through otplib, the secret encrypted with SECRETS_KEY, single-use recovery codes
 * stored as SHA-256 hashes. A code is accepted once: the newest step used is kept and any code of
 * that step or an older one is refused. Sign-in for an account with 2FA, or for any account while
 * Super Settings require it, ends in a short-lived single-use challenge instead of a session.
 */

/** How long the second step of a sign-in may take (enrolling includes scanning the QR code). */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
const STEP_SECONDS = 30;

export const WRONG_CODE = 'That code is not valid. Check your authenticator app and try again.';
const REUSED_CODE = 'That code was already used. Wait for the next code in your authenticator app.';
const CHALLENGE_ENDED = 'This sign-in has expired. Sign in again.';

/** A wrong or reused code: sign-in answers 401 (and counts it as a failed sign-in), the account pages 400. */
export const isWrongCode = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.code === 'invalid_two_factor_code';
const wrongCode = (status: 400 | 401, message = WRONG_CODE) =>
  new DomainError(status, message, 'invalid_two_factor_code');

/** Whether the person has 2FA on (an enrolment in progress does not count). */
export async function hasTwoFactor(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction?: Transaction,
): Promise<boolean> {
  return Boolean(await findTwoFactorEnabledAt(ctx, userId, transaction));
}

export interface TwoFactorState {
  enabled: boolean;
  /** Super Settings require 2FA: it cannot be turned off. */
  required: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(ctx: ServiceContext, userId: string): Promise<TwoFactorState> {
  const [enabled, recoveryCodesLeft, settings] = await Promise.all([
    hasTwoFactor(ctx, userId, ctx.transaction),
    countUnusedRecoveryCodes(ctx, userId, ctx.transaction),
    getSettings(ctx),
  ]);
  return { enabled, required: settings.auth.require2fa, recoveryCodesLeft };
}

export interface TwoFactorEnrolment {
  /** Base32, for typing into an app by hand. */
  secret: string;
  otpauthUri: string;
  /** The QR code of `otpauthUri`, as an SVG data URL. */
  qrCode: string;
}

/**
 * Starts (or starts over) setting up 2FA: a new secret kept encrypted until a code from it confirms
 * it. Refused while 2FA is on: it is turned off first, with a code, so a stolen session cannot swap it.
 */
export async function startTwoFactorEnrolment(
  ctx: ServiceContext,
  user: Pick<User, 'id' | 'email'>,
): Promise<TwoFactorEnrolment> {
  const secret = generateSecret();
  const { brand } = await getSettings(ctx);
  await inTransaction(ctx, async (transaction) => {
    // Two setups started at once for one person wait for each other on the account's row, so one creates and the next replaces.
    await lockUserRow(ctx, user.id, transaction);
    const existing = await lockTwoFactor(ctx, user.id, transaction);
    if (existing?.enabled_at)
      throw conflict('Two-factor sign-in is already on. Turn it off first to set it up again.', 'two_factor_enabled');
    const secret_encrypted = encryptSecret(secret, ctx.config.secretsKey);
    if (existing) await updateTwoFactor(existing, { secret_encrypted, last_used_step: null }, transaction);
    else await insertTwoFactor(ctx, user.id, secret_encrypted, transaction);
  });
  const otpauthUri = generateURI({ issuer: brand.appName, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** 32 letters and digits without the look-alikes l, o, 0 and 1: a byte modulo 32 picks one evenly. */
const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 50 random bits. */
function recoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** The 10 codes to show once; only their hashes are kept, replacing any earlier set. */
async function issueRecoveryCodes(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction: Transaction,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await deleteRecoveryCodes(ctx, userId, transaction);
  await insertRecoveryCodes(
    ctx,
    userId,
    codes.map((code) => sha256(normalizeRecoveryCode(code))),
    transaction,
  );
  return codes;
}

/** Recovery codes are compared without case, spaces or hyphens, as people copy them. */
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/**
 * Checks `code` against the person's secret (and, when `recovery`, their unused recovery codes) and
 * uses it up: the step of a TOTP code becomes the newest used, a recovery code is spent. The row
 * is locked by the caller, so two requests with one code cannot both pass.
 */
async function useCode(
  ctx: ServiceContext,
  row: UserTwoFactor,
  code: string,
  options: { recovery: boolean; status: 400 | 401 },
  transaction: Transaction,
): Promise<'totp' | 'recovery'> {
  const digits = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(digits)) {
    const result = await verify({
      secret: decryptSecret(row.secret_encrypted, ctx.config.secretsKey),
      token: digits,
      epoch: Math.floor(ctx.clock.now().getTime() / 1000),
      epochTolerance: STEP_SECONDS,
    });
    // The functional API's answer type covers HOTP too; a TOTP match always names its step.
    if (!result.valid || !('timeStep' in result)) throw wrongCode(options.status);
    if (row.last_used_step !== null && result.timeStep <= Number(row.last_used_step))
      throw wrongCode(options.status, REUSED_CODE);
    await updateTwoFactor(row, { last_used_step: String(result.timeStep) }, transaction);
    return 'totp';
  }
  if (!options.recovery) throw wrongCode(options.status);
  const spent = await spendRecoveryCode(
    ctx,
    row.user_id,
    sha256(normalizeRecoveryCode(code)),
    ctx.clock.now(),
    transaction,
  );
  if (spent !== 1) throw wrongCode(options.status);
  return 'recovery';
}

/** A row about the actor's own 2FA: a signed-in person's (their session's actor), or one signing in (themselves, from their address). */
async function auditTwoFactor(
  ctx: Pick<ServiceContext, 'db'>,
  action: string,
  actor: AccountActor,
  transaction: Transaction,
): Promise<void> {
  await audit(ctx, { actor }, { action, entity: { type: 'user', id: actor.userId } }, transaction);
}

async function confirmPending(
  ctx: ServiceContext,
  input: { actor: AccountActor; code: string; status: 400 | 401 },
  transaction: Transaction,
): Promise<string[]> {
  const { userId } = input.actor;
  const row = await lockTwoFactor(ctx, userId, transaction);
  if (!row) throw badRequest('Start setting up two-factor sign-in first.', 'two_factor_not_started');
  if (row.enabled_at) throw conflict('Two-factor sign-in is already on.', 'two_factor_enabled');
  await useCode(ctx, row, input.code, { recovery: false, status: input.status }, transaction);
  await updateTwoFactor(row, { enabled_at: ctx.clock.now() }, transaction);
  const codes = await issueRecoveryCodes(ctx, userId, transaction);
  await auditTwoFactor(ctx, 'user.two_factor_enabled', input.actor, transaction);
  return codes;
}

/** Turns 2FA on with a code from the secret `startTwoFactorEnrolment` gave; answers the recovery codes. */
export async function confirmTwoFactorEnrolment(
  ctx: ServiceContext,
  input: { actor: AccountActor; code: string },
): Promise<string[]> {
  return inTransaction(ctx, (transaction) => confirmPending(ctx, { ...input, status: 400 }, transaction));
}

async function enabledRow(
  ctx: Pick<ServiceContext, 'db'>,
  userId: string,
  transaction: Transaction,
): Promise<UserTwoFactor> {
  const row = await lockTwoFactor(ctx, userId, transaction);
  if (!row?.enabled_at) throw badRequest('Two-factor sign-in is not on.', 'two_factor_disabled');
  return row;
}

/** Turns 2FA off with a current code (or a recovery code); refused while Super Settings require it. */
export async function disableTwoFactor(
  ctx: ServiceContext,
  input: { actor: AccountActor; code: string },
): Promise<void> {
  const { userId } = input.actor;
  const { auth } = await getSettings(ctx);
  if (auth.require2fa)
    throw forbidden(
      'Two-factor sign-in is required on this platform, so it cannot be turned off.',
      'two_factor_required',
    );
  await inTransaction(ctx, async (transaction) => {
    const row = await enabledRow(ctx, userId, transaction);
    await useCode(ctx, row, input.code, { recovery: true, status: 400 }, transaction);
    await deleteRecoveryCodes(ctx, userId, transaction);
    await deleteTwoFactor(row, transaction);
    await auditTwoFactor(ctx, 'user.two_factor_disabled', input.actor, transaction);
  });
}

/** Replaces every recovery code, with a current code (or a recovery code); answers the new ones. */
export async function regenerateRecoveryCodes(
  ctx: ServiceContext,
  input: { actor: AccountActor; code: string },
): Promise<string[]> {
  const { userId } = input.actor;
  return inTransaction(ctx, async (transaction) => {
    const row = await enabledRow(ctx, userId, transaction);
    await useCode(ctx, row, input.code, { recovery: true, status: 400 }, transaction);
    const codes = await issueRecoveryCodes(ctx, userId, transaction);
    await auditTwoFactor(ctx, 'user.recovery_codes_regenerated', input.actor, transaction);
    return codes;
  });
}

export interface TwoFactorChallengeIssued {
  token: string;
  /** The platform requires 2FA and the account has none: the challenge can only enrol. */
  enrolmentRequired: boolean;
  expiresAt: Date;
}

/**
 * What a correct password leads to: null when the account may have its session at once, else the
 * challenge of the second step — a code for an account with 2FA, enrolment for one without it
 * while Super Settings require 2FA. `ssoTenantId`: a workspace's single sign-on passed the first
 * factor; the challenge keeps it for the session it leads to.
 */
export async function twoFactorChallengeFor(
  ctx: ServiceContext,
  user: Pick<User, 'id'>,
  ssoTenantId: string | null = null,
): Promise<TwoFactorChallengeIssued | null> {
  const [enabled, { auth }] = await Promise.all([hasTwoFactor(ctx, user.id, ctx.transaction), getSettings(ctx)]);
  const purpose: TwoFactorChallengePurpose | null = enabled ? 'verify' : auth.require2fa ? 'enrol' : null;
  if (!purpose) return null;
  const token = randomToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * 60_000);
  await inTransaction(ctx, async (transaction) => {
    // Challenges that ended are of no use: each new one clears the person's old ones.
    await deleteEndedTwoFactorChallenges(ctx, user.id, now, transaction);
    await insertTwoFactorChallenge(
      ctx,
      { user_id: user.id, token_hash: sha256(token), purpose, expires_at: expiresAt, sso_tenant_id: ssoTenantId },
      transaction,
    );
  });
  return { token, enrolmentRequired: purpose === 'enrol', expiresAt };
}

/** The live challenge of `purpose` with this token and its account; 401 when there is none. */
async function liveChallenge(
  ctx: ServiceContext,
  token: string,
  purpose: TwoFactorChallengePurpose,
  transaction?: Transaction,
): Promise<{ challenge: TwoFactorChallenge; user: User }> {
  const challenge = await findLiveTwoFactorChallenge(ctx, sha256(token), purpose, ctx.clock.now(), transaction);
  const user = challenge && (await findUser(ctx, challenge.user_id, transaction));
  if (!challenge || !user) throw unauthorized(CHALLENGE_ENDED, 'invalid_two_factor_challenge');
  return { challenge, user };
}

/** The account a sign-in challenge belongs to (for counting failed codes against its address). */
export async function twoFactorChallengeUser(
  ctx: ServiceContext,
  input: { challengeToken: string; purpose: TwoFactorChallengePurpose },
): Promise<User> {
  return (await liveChallenge(ctx, input.challengeToken, input.purpose, ctx.transaction)).user;
}

/**
 * The second step of a sign-in: a TOTP code, or a recovery code (spent). On success the challenge
 * is used up and the account answered (with the workspace whose single sign-on passed the first
 * factor, if one did), for the caller to open its session; a wrong code is 401.
 */
export async function passTwoFactorChallenge(
  ctx: ServiceContext,
  input: { challengeToken: string; code: string; ip?: string | null },
): Promise<{ user: User; ssoTenantId: string | null }> {
  return inTransaction(ctx, async (transaction) => {
    const { challenge, user } = await liveChallenge(ctx, input.challengeToken, 'verify', transaction);
    const row = await lockTwoFactor(ctx, user.id, transaction);
    if (!row?.enabled_at) throw unauthorized(CHALLENGE_ENDED, 'invalid_two_factor_challenge');
    const kind = await useCode(ctx, row, input.code, { recovery: true, status: 401 }, transaction);
    await saveTwoFactorChallengeUsed(challenge, ctx.clock.now(), transaction);
    if (kind === 'recovery')
      await auditTwoFactor(ctx, 'user.recovery_code_used', { userId: user.id, ip: input.ip }, transaction);
    return { user, ssoTenantId: challenge.sso_tenant_id };
  });
}

/** Enrolment demanded at sign-in: a new secret for the challenge's account. */
export async function startTwoFactorEnrolmentForChallenge(
  ctx: ServiceContext,
  input: { challengeToken: string },
): Promise<TwoFactorEnrolment> {
  const { user } = await liveChallenge(ctx, input.challengeToken, 'enrol', ctx.transaction);
  return startTwoFactorEnrolment(ctx, user);
}

/**
 * Enrolment demanded at sign-in, confirmed with a code: 2FA is on, the challenge used up, and the
 * account answered with its recovery codes, for the caller to open its session.
 */
export async function confirmTwoFactorEnrolmentForChallenge(
  ctx: ServiceContext,
  input: { challengeToken: string; code: string; ip?: string | null },
): Promise<{ user: User; recoveryCodes: string[]; ssoTenantId: string | null }> {
  return inTransaction(ctx, async (transaction) => {
    const { challenge, user } = await liveChallenge(ctx, input.challengeToken, 'enrol', transaction);
    const recoveryCodes = await confirmPending(
      ctx,
      { actor: { userId: user.id, ip: input.ip }, code: input.code, status: 401 },
      transaction,
    );
    await saveTwoFactorChallengeUsed(challenge, ctx.clock.now(), transaction);
    return { user, recoveryCodes, ssoTenantId: challenge.sso_tenant_id };
  });
}
