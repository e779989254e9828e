import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '10', LOGIN_MAX_FAILURES_PER_IP: '3' });
});
afterAll(() => app.close());

it('throttles one IP that fails across many addresses, with 429 and a sentence', async () => {
  for (const email of ['one@example.test', 'two@example.test', 'three@example.test']) {
    expect((await app.request('POST', '/auth/login', { body: { email, password: 'guessing-1' } })).status).toBe(401);
  }
  const user = await makeUser(app.ctx);
  const blocked = await app.request('POST', '/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } });
  expect(blocked.status).toBe(429);
  expect(blocked.body).toMatchObject({ code: 'login_throttled' });
  expect(blocked.body.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
});

it('counts the connection, not an X-Forwarded-For a client chooses, when no proxy is trusted', async () => {
  for (const [i, email] of ['four@example.test', 'five@example.test', 'six@example.test'].entries()) {
    const res = await app.request('POST', '/auth/login', {
      body: { email, password: 'guessing-1' },
      headers: { 'x-forwarded-for': `198.51.100.${i + 10}` },
    });
    expect(res.status).toBe(429);
  }
});
