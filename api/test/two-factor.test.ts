import { DEFAULT_SETTINGS } from '@portico/common';
import { systemClock } from '@portico/core';

import { generate } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  makeSuperAdmin,
  makeUser,
  makeWorkspace,
  signIn,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const WRONG_CODE = 'That code is not valid. Check your authenticator app and try again.';
const REUSED_CODE = 'That code was already used. Wait for the next code in your authenticator app.';
const ENTER_TOTP_CODE = 'Enter the 6-digit code from your authenticator app.';
const ENTER_SIGN_IN_CODE = 'Enter the 6-digit code from your authenticator app or a recovery code.';
const CHALLENGE_ENDED = 'This sign-in has expired. Sign in again.';

let app: TestApp;
let root: Person;
/** Each code is computed for a later 30-second step (the context's clock moves on), so none is a replay. */
let offsetMs = 0;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '5', LOGIN_MAX_FAILURES_PER_IP: '1000' });
  app.ctx.clock = { now: () => new Date(Date.now() + offsetMs) };
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  app.ctx.clock = systemClock;
  await app.close();
});

const requireTwoFactor = (require2fa: boolean) =>
  app.request('PUT', '/settings', { token: root.token, body: { auth: { ...DEFAULT_SETTINGS.auth, require2fa } } });

beforeEach(async () => {
  expect((await requireTwoFactor(false)).status).toBe(200);
});

/** A code of the next step: the clock moves 30 s on first. */
async function nextCode(secret: string): Promise<string> {
  offsetMs += 30_000;
  return generate({ secret, epoch: Math.floor((Date.now() + offsetMs) / 1000) });
}

const login = (email: string, password = DEFAULT_PASSWORD) =>
  app.request('POST', '/auth/login', { body: { email, password } });

/** A signed-in person with 2FA on: their secret and recovery codes. */
async function enrolled(): Promise<{ person: Person; refreshToken: string; secret: string; recoveryCodes: string[] }> {
  const user = await makeUser(app.ctx);
  const { token, refreshToken } = await signIn(app, user.email);
  const start = await app.request('POST', '/auth/two-factor/enrolment', { token });
  expect(start.status).toBe(200);
  const { secret } = start.body.enrolment;
  const confirm = await app.request('POST', '/auth/two-factor/enrolment/confirm', {
    token,
    body: { code: await nextCode(secret) },
  });
  expect(confirm.status).toBe(200);
  return { person: { user, token }, refreshToken, secret, recoveryCodes: confirm.body.recovery_codes };
}

describe('enrolment', () => {
  it('answers a secret, its otpauth URI and QR code, and turns 2FA on with a code, answering 10 recovery codes once', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const before = await app.request('GET', '/auth/two-factor', { token });
    expect(before.body).toEqual({ two_factor: { enabled: false, required: false, recovery_codes_left: 0 } });

    const start = await app.request('POST', '/auth/two-factor/enrolment', { token });
    expect(start.status).toBe(200);
    const { secret, otpauth_uri, qr_code } = start.body.enrolment;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_uri).toBe(
      `otpauth://totp/Portico:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Portico`,
    );
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const stored = await app.ctx.db.UserTwoFactor.findByPk(user.id);
    expect(stored!.enabled_at).toBeNull();
    expect(stored!.secret_encrypted).not.toContain(secret);

    const confirm = await app.request('POST', '/auth/two-factor/enrolment/confirm', {
      token,
      body: { code: await nextCode(secret) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    for (const code of confirm.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await app.ctx.db.TwoFactorRecoveryCode.findAll({ where: { user_id: user.id } });
    expect(hashes.map((h) => h.code_hash).join()).not.toContain(confirm.body.recovery_codes[0]);

    const after = await app.request('GET', '/auth/two-factor', { token });
    expect(after.body).toEqual({ two_factor: { enabled: true, required: false, recovery_codes_left: 10 } });
    expect(
      await app.ctx.db.AuditLog.count({
        where: { action: 'user.two_factor_enabled', entity_id: user.id },
        allTenants: true,
      }),
    ).toBe(1);

    const again = await app.request('POST', '/auth/two-factor/enrolment', { token });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Two-factor sign-in is already on. Turn it off first to set it up again.');
  });

  it.each([
    [{}, ENTER_TOTP_CODE],
    [{ code: '12345' }, ENTER_TOTP_CODE],
    [{ code: 'abcdef' }, ENTER_TOTP_CODE],
    [{ code: 123456 }, ENTER_TOTP_CODE],
  ])('refuses %j with "%s"', async (body, message) => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const res = await app.request('POST', '/auth/two-factor/enrolment/confirm', { token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses a confirmation before enrolment started, and a wrong code', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const early = await app.request('POST', '/auth/two-factor/enrolment/confirm', { token, body: { code: '123456' } });
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('Start setting up two-factor sign-in first.');

    const start = await app.request('POST', '/auth/two-factor/enrolment', { token });
    const right = await nextCode(start.body.enrolment.secret);
    const wrong = right === '000000' ? '000001' : '000000';
    const res = await app.request('POST', '/auth/two-factor/enrolment/confirm', { token, body: { code: wrong } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(WRONG_CODE);
    expect((await app.ctx.db.UserTwoFactor.findByPk(user.id))!.enabled_at).toBeNull();
  });

  it('answers each of several setups started at once (each replaces the secret before it)', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => app.request('POST', '/auth/two-factor/enrolment', { token })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(await app.ctx.db.UserTwoFactor.count({ where: { user_id: user.id } })).toBe(1);
  });

  it('answers 401 to every account call without a session', async () => {
    for (const [method, path, body] of [
      ['GET', '/auth/two-factor', undefined],
      ['POST', '/auth/two-factor/enrolment', undefined],
      ['POST', '/auth/two-factor/enrolment/confirm', { code: '123456' }],
      ['POST', '/auth/two-factor/disable', { code: '123456' }],
      ['POST', '/auth/two-factor/recovery-codes', { code: '123456' }],
    ] as const) {
      expect((await app.request(method, path, { body })).status).toBe(401);
    }
  });

  it('is refused to a super admin impersonating the person', async () => {
    const { member } = await makeWorkspace(app);
    const started = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: member.user.id, reason: 'Checking their account' },
    });
    expect(started.status).toBe(201);
    const res = await app.request('POST', '/auth/two-factor/enrolment', { token: started.body.session.access_token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('An impersonation session cannot change the person’s two-factor sign-in.');
  });
});

describe('signing in with 2FA on', () => {
  it('asks for a code instead of a session, refuses a wrong one with 401 and accepts the right one', async () => {
    const { person, secret } = await enrolled();
    const counts = async () => {
      const { values } = await app.ctx.metrics.authAttempts.get();
      const of = (outcome: string) => values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
      return { success: of('success'), failure: of('failure') };
    };
    const before = await counts();
    const first = await login(person.user.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ two_factor_required: true, enrolment_required: false });
    expect(first.body.access_token).toBeUndefined();
    const challenge = first.body.challenge_token as string;

    const right = await nextCode(secret);
    const wrong = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: challenge, code: right === '111111' ? '222222' : '111111' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(WRONG_CODE);

    const res = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: challenge, code: right },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', user: { id: person.user.id } });
    expect((await app.request('GET', '/auth/user', { token: res.body.access_token })).status).toBe(200);
    // App Health counts the sign-in once, when its second step passes, and the wrong code as a failure.
    expect(await counts()).toEqual({ success: before.success + 1, failure: before.failure + 1 });

    const reused = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: challenge, code: right },
    });
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe(CHALLENGE_ENDED);
  });

  it('refuses a code that was already used within its window', async () => {
    const { person, secret } = await enrolled();
    const code = await nextCode(secret);
    const one = await login(person.user.email);
    expect(
      (
        await app.request('POST', '/auth/login/two-factor', {
          body: { challenge_token: one.body.challenge_token, code },
        })
      ).status,
    ).toBe(200);
    const two = await login(person.user.email);
    const replay = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: two.body.challenge_token, code },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe(REUSED_CODE);
  });

  it('accepts a recovery code once', async () => {
    const { person, recoveryCodes } = await enrolled();
    const code = recoveryCodes[3]!.toUpperCase();
    const one = await login(person.user.email);
    const ok = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: one.body.challenge_token, code },
    });
    expect(ok.status).toBe(200);
    const status = await app.request('GET', '/auth/two-factor', { token: ok.body.access_token });
    expect(status.body.two_factor.recovery_codes_left).toBe(9);

    const two = await login(person.user.email);
    const again = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: two.body.challenge_token, code },
    });
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(WRONG_CODE);
  });

  it.each([
    [{ code: '123456' }, 'The sign-in step is missing its challenge. Sign in again.'],
    [{ challenge_token: 'x' }, ENTER_SIGN_IN_CODE],
    [{ challenge_token: 'x', code: '  ' }, ENTER_SIGN_IN_CODE],
    [
      { challenge_token: 'x', code: 'x'.repeat(41) },
      'That code is too long to be a code from your app or a recovery code.',
    ],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await app.request('POST', '/auth/login/two-factor', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses an unknown challenge with 401', async () => {
    const res = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token: 'not-a-challenge', code: '123456' },
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(CHALLENGE_ENDED);
  });

  it('counts wrong codes as failed sign-ins: past the limit even the right code is refused with 429', async () => {
    const { person, secret } = await enrolled();
    const { challenge_token } = (await login(person.user.email)).body;
    for (let i = 0; i < 5; i++) {
      const res = await app.request('POST', '/auth/login/two-factor', { body: { challenge_token, code: '99999' + i } });
      // A guess may be right by chance once in a million; then the test would see 200.
      expect(res.status).toBe(401);
    }
    const blocked = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token, code: await nextCode(secret) },
    });
    expect(blocked.status).toBe(429);
    expect((await login(person.user.email)).status).toBe(429);
  });
});

describe('turning 2FA off and replacing recovery codes', () => {
  it('turns off with a current code, audited', async () => {
    const { person, secret } = await enrolled();
    const wrong = await app.request('POST', '/auth/two-factor/disable', {
      token: person.token,
      body: { code: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(WRONG_CODE);
    const res = await app.request('POST', '/auth/two-factor/disable', {
      token: person.token,
      body: { code: await nextCode(secret) },
    });
    expect(res.status).toBe(200);
    expect((await login(person.user.email)).body.access_token).toBeTruthy();
    expect(
      await app.ctx.db.AuditLog.count({
        where: { action: 'user.two_factor_disabled', entity_id: person.user.id },
        allTenants: true,
      }),
    ).toBe(1);
    const again = await app.request('POST', '/auth/two-factor/disable', {
      token: person.token,
      body: { code: '123456' },
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('Two-factor sign-in is not on.');
  });

  it('replaces the recovery codes with a code: the old ones stop working', async () => {
    const { person, secret, recoveryCodes } = await enrolled();
    const res = await app.request('POST', '/auth/two-factor/recovery-codes', {
      token: person.token,
      body: { code: await nextCode(secret) },
    });
    expect(res.status).toBe(200);
    expect(res.body.recovery_codes).toHaveLength(10);
    expect(res.body.recovery_codes).not.toContain(recoveryCodes[0]);
    const { challenge_token } = (await login(person.user.email)).body;
    const old = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token, code: recoveryCodes[0] },
    });
    expect(old.status).toBe(401);
    const fresh = await app.request('POST', '/auth/login/two-factor', {
      body: { challenge_token, code: res.body.recovery_codes[0] },
    });
    expect(fresh.status).toBe(200);
    expect(
      await app.ctx.db.AuditLog.count({
        where: { action: 'user.recovery_codes_regenerated', entity_id: person.user.id },
        allTenants: true,
      }),
    ).toBe(1);
  });

  it.each(['/auth/two-factor/disable', '/auth/two-factor/recovery-codes'])(
    '%s refuses a missing code',
    async (path) => {
      const { person } = await enrolled();
      const res = await app.request('POST', path, { token: person.token, body: {} });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(ENTER_SIGN_IN_CODE);
    },
  );
});

describe('when Super Settings require 2FA', () => {
  it('a correct password without 2FA earns only an enrolment challenge, which enrols and then opens the session', async () => {
    const user = await makeUser(app.ctx);
    expect((await requireTwoFactor(true)).status).toBe(200);
    const first = await login(user.email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ two_factor_required: true, enrolment_required: true });
    const challenge_token = first.body.challenge_token as string;

    // The enrolment challenge is not a code challenge.
    const asCode = await app.request('POST', '/auth/login/two-factor', { body: { challenge_token, code: '123456' } });
    expect(asCode.status).toBe(401);
    expect(asCode.body.error).toBe(CHALLENGE_ENDED);

    const start = await app.request('POST', '/auth/login/two-factor/enrolment', { body: { challenge_token } });
    expect(start.status).toBe(200);
    const { secret } = start.body.enrolment;
    const invalid = await app.request('POST', '/auth/login/two-factor/enrolment/confirm', {
      body: { challenge_token, code: '12' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe(ENTER_TOTP_CODE);
    const confirm = await app.request('POST', '/auth/login/two-factor/enrolment/confirm', {
      body: { challenge_token, code: await nextCode(secret) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    const token = confirm.body.session.access_token as string;
    const status = await app.request('GET', '/auth/two-factor', { token });
    expect(status.body.two_factor).toEqual({ enabled: true, required: true, recovery_codes_left: 10 });

    const disable = await app.request('POST', '/auth/two-factor/disable', {
      token,
      body: { code: await nextCode(secret) },
    });
    expect(disable.status).toBe(403);
    expect(disable.body.error).toBe('Two-factor sign-in is required on this platform, so it cannot be turned off.');

    const used = await app.request('POST', '/auth/login/two-factor/enrolment', { body: { challenge_token } });
    expect(used.status).toBe(401);
    const next = await login(user.email);
    expect(next.body).toMatchObject({ two_factor_required: true, enrolment_required: false });
  });

  it('ends sessions opened without 2FA at their next refresh, not those of people with 2FA or impersonations', async () => {
    const user = await makeUser(app.ctx);
    const { refreshToken } = await signIn(app, user.email);
    const withTwoFactor = await enrolled();
    const { member } = await makeWorkspace(app);
    const impersonation = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: member.user.id, reason: 'Checking their account' },
    });
    expect((await requireTwoFactor(true)).status).toBe(200);

    const ended = await app.request('POST', '/auth/refresh', { body: { refresh_token: refreshToken } });
    expect(ended.status).toBe(401);
    expect(ended.body.error).toBe('Two-factor sign-in is now required. Sign in again to set it up.');
    const kept = await app.request('POST', '/auth/refresh', { body: { refresh_token: withTwoFactor.refreshToken } });
    expect(kept.status).toBe(200);
    const impersonating = await app.request('POST', '/auth/refresh', {
      body: { refresh_token: impersonation.body.session.refresh_token },
    });
    expect(impersonating.status).toBe(200);
  });

  it('asks super admins too', async () => {
    expect((await requireTwoFactor(true)).status).toBe(200);
    const res = await login(root.user.email, app.config.superAdmin.password!);
    expect(res.body).toMatchObject({ two_factor_required: true, enrolment_required: true });
  });

  it('refuses enrolment calls without a challenge', async () => {
    const res = await app.request('POST', '/auth/login/two-factor/enrolment', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The sign-in step is missing its challenge. Sign in again.');
    const unknown = await app.request('POST', '/auth/login/two-factor/enrolment', {
      body: { challenge_token: 'nope' },
    });
    expect(unknown.status).toBe(401);
  });
});

describe('without 2FA', () => {
  it('signs in as before', async () => {
    const user = await makeUser(app.ctx);
    const res = await login(user.email);
    expect(res.status).toBe(200);
    expect(res.body.two_factor_required).toBeUndefined();
    expect(res.body.access_token).toBeTruthy();
  });
});
