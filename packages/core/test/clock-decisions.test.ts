import { DEFAULT_SETTINGS } from '@portico/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailPasswordResetLink,
  inTransaction,
  resetPassword,
  RESET_TOKEN_TTL_MS,
  rotateRefreshToken,
  startSession,
  verifyAccessToken,
  type AppContext,
} from '../src';

import { makeUser } from '../../../testing/factories';
import { startTestContext, type TestContext } from '../../../testing/harness';

/*
 * Sessions and reset links decide by the context's clock, not the wall clock: each case moves only
 * `ctx.clock` and expects the decision to follow it.
 */

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterAll(() => t.close());

const MINUTE = 60_000;
const { sessionMaxHours, sessionIdleMinutes } = DEFAULT_SETTINGS.auth;
/** The test context with its clock `ms` away from the real time. */
const at = (ms: number): AppContext => ({ ...t.ctx, clock: { now: () => new Date(Date.now() + ms) } });

describe('a session', () => {
  it('ends its lifetime after it started by the clock: started that long ago, it is not refreshed', async () => {
    const lifetimeMs = Math.min(t.config.refreshTokenTtlDays * 24 * 60, sessionMaxHours * 60) * MINUTE;
    const user = await makeUser(t.ctx);
    const started = await startSession(at(-lifetimeMs - MINUTE), user);
    const family = await t.ctx.db.RefreshTokenFamily.findOne({ where: { user_id: user.id } });
    expect(family!.expires_at.getTime()).toBeLessThan(Date.now());
    await expect(rotateRefreshToken(t.ctx, started.refresh_token)).rejects.toMatchObject({ status: 401 });
  });

  it('left unused longer than the idle limit by the clock is not refreshed; within it, it is', async () => {
    const idleMs = sessionIdleMinutes * MINUTE;
    const idle = await startSession(t.ctx, await makeUser(t.ctx));
    await expect(rotateRefreshToken(at(idleMs + MINUTE), idle.refresh_token)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_refresh_token',
    });
    const used = await startSession(t.ctx, await makeUser(t.ctx));
    await expect(rotateRefreshToken(at(idleMs - MINUTE), used.refresh_token)).resolves.toMatchObject({
      tokens: { token_type: 'bearer' },
    });
  });
});

describe('an access token', () => {
  it('stops verifying once the clock passes its expiry, and verifies before', async () => {
    const ttlMs = t.config.accessTokenTtlSeconds * 1000;
    const user = await makeUser(t.ctx);
    const { access_token } = await startSession(t.ctx, user);
    await expect(verifyAccessToken(at(ttlMs - MINUTE), access_token)).resolves.toMatchObject({ userId: user.id });
    await expect(verifyAccessToken(at(ttlMs + MINUTE), access_token)).rejects.toMatchObject({
      status: 401,
      code: 'invalid_token',
    });
  });

  it('is issued by the clock: issued longer ago than its lifetime, it is refused now', async () => {
    const ttlMs = t.config.accessTokenTtlSeconds * 1000;
    const { access_token } = await startSession(at(-ttlMs - MINUTE), await makeUser(t.ctx));
    await expect(verifyAccessToken(t.ctx, access_token)).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
  });
});

describe('a password reset link', () => {
  async function resetToken(): Promise<string> {
    const user = await makeUser(t.ctx);
    const link = await inTransaction(t.ctx, (transaction) =>
      emailPasswordResetLink(t.ctx, user, undefined, transaction),
    );
    return new URL(link).searchParams.get('token')!;
  }

  it('is refused once the clock passes its expiry, and works before', async () => {
    await expect(
      resetPassword(at(RESET_TOKEN_TTL_MS + MINUTE), await resetToken(), 'a-new-password-1234'),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_reset_token' });
    await expect(
      resetPassword(at(RESET_TOKEN_TTL_MS - MINUTE), await resetToken(), 'a-new-password-1234'),
    ).resolves.toBeUndefined();
  });
});
