import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp, type ApiResponse } from '../../testing/harness';
import { throttlesOf } from '../src/throttles';

/*
 * Sign-in attempts sent all at once (issue 25). The throttle used to read the counter, check the
 * password or code, then add a failure, so every attempt in flight read a count none of the others
 * had moved yet: 20 parallel wrong passwords for one address were all checked against a limit of 5,
 * 200 from one IP got 104 checked against 30, 100 wrong codes on one challenge 15. Each attempt is
 * now taken from the allowance before it is checked. An answer is 401/400 when its password or
 * code was checked and 429 when it was refused unchecked, so counting answers counts checks.
 */

let app: TestApp;
beforeAll(async () => {
  // The defaults (5 per address, 30 per IP); each test sends from an address of its own.
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => app.close());

let lastClient = 0;
/** A client address no other test uses, so each test starts with the IP's whole allowance. */
const newClient = () => `198.51.100.${++lastClient}`;

/** How many answers had each status. */
function statuses(answers: ApiResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

const parallel = (count: number, send: (i: number) => Promise<ApiResponse>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

const login = (client: string, email: string, password: string) =>
  app.request('POST', '/auth/login', { body: { email, password }, headers: { 'x-forwarded-for': client } });

/** A person with two-factor sign-in on, and their secret. */
async function enrolled(): Promise<{ person: Person; secret: string }> {
  const user = await makeUser(app.ctx);
  const { token } = await signIn(app, user.email);
  const { secret } = (await app.request('POST', '/auth/two-factor/enrolment', { token })).body.enrolment;
  const confirm = await app.request('POST', '/auth/two-factor/enrolment/confirm', {
    token,
    body: { code: await generate({ secret }) },
  });
  expect(confirm.status).toBe(200);
  return { person: { user, token }, secret };
}

/** A 6-digit code the authenticator would not show in the accepted window (now, and a step either side). */
async function wrongCode(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const right = new Set(await Promise.all([-30, 0, 30].map((d) => generate({ secret, epoch: now + d }))));
  return ['000000', '111111', '222222', '333333'].find((code) => !right.has(code))!;
}

// Each checked password is an argon2id hash (tens of milliseconds, more on a busy machine).
describe('passwords', { timeout: 60_000 }, () => {
  it('checks 5 of 20 parallel wrong passwords for one address; the refused 15 do not count against the IP', async () => {
    const client = newClient();
    const user = await makeUser(app.ctx);
    const answers = await parallel(20, () => login(client, user.email, 'wrong-password-1'));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 15 });
    // 5 failures from this IP so far: 25 more addresses may still be tried from it, all checked.
    const others = await parallel(25, (i) => login(client, `stranger-${i}@example.test`, 'wrong-password-1'));
    expect(statuses(others)).toEqual({ 401: 25 });
    expect((await login(client, 'one-more@example.test', 'wrong-password-1')).status).toBe(429);
  });

  it('checks 30 of 200 parallel wrong passwords from one IP, across addresses', async () => {
    const client = newClient();
    const answers = await parallel(200, (i) => login(client, `guess-${i}@example.test`, 'wrong-password-1'));
    expect(statuses(answers)).toEqual({ 401: 30, 429: 170 });
  });

  it('gives the attempt back when the password is right', async () => {
    const client = newClient();
    const user = await makeUser(app.ctx);
    expect(statuses(await parallel(5, () => login(client, user.email, DEFAULT_PASSWORD)))).toEqual({ 200: 5 });
    // 31 right answers in all from this IP, past its allowance of 30.
    for (let i = 0; i < 26; i++) expect((await login(client, user.email, DEFAULT_PASSWORD)).status).toBe(200);
    // Nothing was kept: the address still has its 5 attempts.
    expect(statuses(await parallel(8, () => login(client, user.email, 'wrong-password-1')))).toEqual({
      401: 5,
      429: 3,
    });
  });

  it('checks 5 of 20 parallel wrong current passwords when changing the password', async () => {
    const client = newClient();
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const answers = await parallel(20, () =>
      app.request('PUT', '/auth/password', {
        token,
        body: { current_password: 'wrong-password-1', new_password: 'another-password-2' },
        headers: { 'x-forwarded-for': client },
      }),
    );
    expect(statuses(answers)).toEqual({ 400: 5, 429: 15 });
  });
});

describe('two-factor codes', () => {
  it('checks 5 of 100 parallel wrong codes on one sign-in challenge', async () => {
    const client = newClient();
    const { person, secret } = await enrolled();
    const { challenge_token } = (await login(client, person.user.email, DEFAULT_PASSWORD)).body;
    expect(challenge_token).toEqual(expect.any(String));
    const code = await wrongCode(secret);
    const answers = await parallel(100, () =>
      app.request('POST', '/auth/login/two-factor', {
        body: { challenge_token, code },
        headers: { 'x-forwarded-for': client },
      }),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
  });

  it('checks 5 of 100 parallel wrong recovery codes on one sign-in challenge', async () => {
    const client = newClient();
    const { person } = await enrolled();
    const { challenge_token } = (await login(client, person.user.email, DEFAULT_PASSWORD)).body;
    const answers = await parallel(100, (i) =>
      app.request('POST', '/auth/login/two-factor', {
        body: { challenge_token, code: `wrong-${String(i).padStart(5, '0')}` },
        headers: { 'x-forwarded-for': client },
      }),
    );
    expect(statuses(answers)).toEqual({ 401: 5, 429: 95 });
  });

  it('checks 5 of 50 parallel wrong codes turning two-factor sign-in off', async () => {
    const client = newClient();
    const { person, secret } = await enrolled();
    const code = await wrongCode(secret);
    const answers = await parallel(50, () =>
      app.request('POST', '/auth/two-factor/disable', {
        token: person.token,
        body: { code },
        headers: { 'x-forwarded-for': client },
      }),
    );
    expect(statuses(answers)).toEqual({ 400: 5, 429: 45 });
  });
});

describe('giving attempts back', () => {
  it('never leaves a counter below nothing: one whose window ended meanwhile stays gone', async () => {
    const { login } = throttlesOf(app.ctx);
    const email = 'window-end@example.test';
    const client = newClient();
    await login.take(email, client);
    // The window ends while the attempt is checked.
    const keys = await app.ctx.redis.keys(`${app.config.redisPrefix}:login-fail:*`);
    await app.ctx.redis.del(...keys.filter((key) => key.endsWith(`:${email}`) || key.endsWith(`:${client}`)));
    await login.giveBack(email, client);
    for (let i = 0; i < 5; i++) await login.take(email, client);
    await expect(login.take(email, client)).rejects.toMatchObject({ status: 429, code: 'login_throttled' });
  });
});

// The reset-email throttle took its allowance atomically already (`consume`); this keeps it so.
describe('reset emails', () => {
  it('sends 3 of 10 parallel requests for one address, the hourly allowance', async () => {
    const user = await makeUser(app.ctx);
    const answers = await parallel(10, () => app.request('POST', '/forgot-password', { body: { email: user.email } }));
    // The answer never tells (it would say whether the address exists); the outbox does.
    expect(statuses(answers)).toEqual({ 200: 10 });
    expect(await app.ctx.db.EmailOutbox.count({ where: { tenant_id: null, to_address: user.email } })).toBe(3);
  });
});
