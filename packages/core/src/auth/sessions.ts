import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Transaction } from 'sequelize';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { RefreshTokenFamily, User } from '../db/models';
import { inTransaction, type ServiceContext } from '../scope';
import { randomToken, sha256 } from '../kernel/crypto';
import { unauthorized } from '../kernel/errors';
import { getSettings } from '../settings';
import { hasTwoFactor } from './two-factor';
import {
  findFamilyIdOfRefreshToken,
  insertRefreshToken,
  insertRefreshTokenFamily,
  lockRefreshTokenWithFamily,
  saveRefreshTokenRotated,
  setFamilyRevoked,
  setUserFamiliesRevoked,
} from './auth-data';

export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  /** Unix seconds. */
  expires_at: number;
}

export interface AccessClaims {
  userId: string;
  familyId: string;
}

const ISSUER = 'portico';
const AUDIENCE = 'portico-session';

const signingKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

/** The HMAC key, imported once per secret: importing it on every request costs more than verifying. */
function secretKey(config: Config): Promise<webcrypto.CryptoKey> {
  let key = signingKeys.get(config.jwtSecret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(config.jwtSecret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    signingKeys.set(config.jwtSecret, key);
  }
  return key;
}

/** An access token never outlives its session: an impersonation's ends with it, whatever the token TTL. */
async function signAccessToken(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  userId: string,
  familyId: string,
  sessionEndsAt: Date,
): Promise<{ token: string; issuedAt: number; expiresAt: number }> {
  const issuedAt = Math.floor(ctx.clock.now().getTime() / 1000);
  const expiresAt = Math.min(issuedAt + ctx.config.accessTokenTtlSeconds, Math.floor(sessionEndsAt.getTime() / 1000));
  const token = await new SignJWT({ sid: familyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await secretKey(ctx.config));
  return { token, issuedAt, expiresAt };
}

async function issueInFamily(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  family: RefreshTokenFamily,
  transaction?: Transaction,
): Promise<SessionTokens> {
  const refresh = randomToken();
  await insertRefreshToken(ctx, family.id, sha256(refresh), transaction);
  const access = await signAccessToken(ctx, family.user_id, family.id, family.expires_at);
  return {
    access_token: access.token,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: Math.max(0, access.expiresAt - access.issuedAt),
    expires_at: access.expiresAt,
  };
}

/**
 * Starts a new session: a refresh-token family with its first token, and an access token. It ends
 * sessionMaxHours (Super Settings, Auth) after sign-in at most, whatever refreshes happen.
 * `ssoTenantId`: the workspace whose single sign-on signed the person in (its guard asks).
 */
export async function startSession(
  ctx: Pick<AppContext, 'db' | 'sequelize' | 'config' | 'clock'>,
  user: User,
  transaction?: Transaction,
  ssoTenantId: string | null = null,
): Promise<SessionTokens> {
  const { auth } = await getSettings(ctx);
  const lifetimeMs = Math.min(ctx.config.refreshTokenTtlDays * 86_400_000, auth.sessionMaxHours * 3_600_000);
  const family = await insertRefreshTokenFamily(
    ctx,
    { user_id: user.id, expires_at: new Date(ctx.clock.now().getTime() + lifetimeMs), sso_tenant_id: ssoTenantId },
    transaction,
  );
  return issueInFamily(ctx, family, transaction);
}

/**
 * Starts a session as `user` for a super admin (impersonation): a family of its own, marked with
 * who and why, ending at `endsAt` — refreshes rotate within it and never move that end.
 */
export async function startImpersonationSession(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'clock'>,
  input: { user: User; impersonatorUserId: string; reason: string; endsAt: Date },
  transaction?: Transaction,
): Promise<{ tokens: SessionTokens; familyId: string }> {
  const family = await insertRefreshTokenFamily(
    ctx,
    {
      user_id: input.user.id,
      expires_at: input.endsAt,
      impersonator_user_id: input.impersonatorUserId,
      impersonation_reason: input.reason,
    },
    transaction,
  );
  return { tokens: await issueInFamily(ctx, family, transaction), familyId: family.id };
}

/**
 * Access tokens this process already verified, per secret, until they expire. A client sends the same
 * token for up to ACCESS_TOKEN_TTL_SECONDS; checking its signature again each time cost about a tenth
 * of a cached request (`npm run bench`). Whether its session is still live is checked on every request.
 */
const verifiedTokens = new Map<string, Map<string, AccessClaims & { expiresAt: number }>>();
const MAX_VERIFIED_TOKENS = 10_000;

/** The claims of a token signed here and not expired by the context's clock; 401 otherwise. */
export async function verifyAccessToken(
  ctx: Pick<AppContext, 'config' | 'clock'>,
  token: string,
): Promise<AccessClaims> {
  const { config } = ctx;
  const now = ctx.clock.now();
  let verified = verifiedTokens.get(config.jwtSecret);
  if (!verified) verifiedTokens.set(config.jwtSecret, (verified = new Map()));
  const known = verified.get(token);
  if (known && known.expiresAt > now.getTime()) return { userId: known.userId, familyId: known.familyId };
  if (known) verified.delete(token);
  let claims: AccessClaims & { expiresAt: number };
  try {
    const { payload } = await jwtVerify(token, await secretKey(config), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      throw new Error('claims');
    claims = { userId: payload.sub, familyId: payload.sid, expiresAt: payload.exp * 1000 };
  } catch {
    throw unauthorized('Your session has expired. Please sign in again.', 'invalid_token');
  }
  if (verified.size >= MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
  verified.set(token, claims);
  return { userId: claims.userId, familyId: claims.familyId };
}

export async function revokeFamily(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  familyId: string,
  reason: string,
  transaction?: Transaction,
): Promise<void> {
  await setFamilyRevoked(ctx, familyId, { at: ctx.clock.now(), reason }, transaction);
}

/** Signs the user out everywhere except, optionally, the session they are using. */
export async function revokeUserSessions(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  userId: string,
  reason: string,
  keepFamilyId?: string,
  transaction?: Transaction,
): Promise<void> {
  await setUserFamiliesRevoked(ctx, userId, { at: ctx.clock.now(), reason }, keepFamilyId, transaction);
}

/**
 * Exchanges a refresh token for a new pair. A token that was already rotated is a sign of theft:
 * its whole family is revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'sequelize' | 'logger' | 'transaction' | 'clock'>,
  presented: string,
): Promise<{ tokens: SessionTokens; userId: string }> {
  const outcome = await inTransaction(ctx, async (transaction) => {
    const token = await lockRefreshTokenWithFamily(ctx, sha256(presented), transaction);
    const family = token?.family;
    const now = ctx.clock.now();
    if (!token || !family || family.revoked_at || family.expires_at.getTime() <= now.getTime()) return null;
    // A session left unused longer than sessionIdleMinutes (Super Settings, Auth) is not refreshed.
    const { auth } = await getSettings(ctx);
    if (!token.rotated_at && now.getTime() - token.created_at.getTime() > auth.sessionIdleMinutes * 60_000) return null;
    if (token.rotated_at) {
      await revokeFamily(ctx, family.id, 'refresh_token_reuse', transaction);
      return null;
    }
    // Sessions opened before Super Settings required 2FA end at their next refresh, so their owner signs in and enrols.
    if (auth.require2fa && !family.impersonator_user_id && !(await hasTwoFactor(ctx, family.user_id, transaction))) {
      await revokeFamily(ctx, family.id, 'two_factor_required', transaction);
      return 'two_factor_required' as const;
    }
    await saveRefreshTokenRotated(token, now, transaction);
    const tokens = await issueInFamily(ctx, family, transaction);
    return { tokens, userId: family.user_id };
  });
  if (!outcome) throw unauthorized('Your session has expired. Please sign in again.', 'invalid_refresh_token');
  if (outcome === 'two_factor_required')
    throw unauthorized('Two-factor sign-in is now required. Sign in again to set it up.', 'two_factor_required');
  return outcome;
}

export async function familyOfRefreshToken(ctx: Pick<ServiceContext, 'db'>, presented: string): Promise<string | null> {
  return findFamilyIdOfRefreshToken(ctx, sha256(presented));
}
