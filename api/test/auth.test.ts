import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, signIn } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '50' });
});
afterAll(() => app.close());

describe('POST /api/auth/signup', () => {
  it('creates the account and answers 201 with a usable session', async () => {
    const res = await app.request('POST', '/auth/signup', {
      body: {
        email: 'New.Person@Example.test',
        password: 'long-enough',
        full_name: 'New Person',
        title: 'Owner/Founder',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'new.person@example.test' });
    expect(res.body.profile).toMatchObject({ first_name: 'New', last_name: 'Person', title: 'Owner/Founder' });
    expect(res.body.session.access_token).toBeTruthy();
    const me = await app.request('GET', '/auth/user', { token: res.body.session.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ is_super_admin: false, memberships: [] });
  });

  it.each([
    [{ password: 'long-enough', full_name: 'A' }, 'Email is required.'],
    [{ email: 'not-an-email', password: 'long-enough', full_name: 'A' }, 'Enter a valid email address.'],
    [{ email: 'a@example.test', password: 'short', full_name: 'A' }, 'Password must be at least 8 characters.'],
    [{ email: 'a@example.test', full_name: 'A' }, 'Password is required.'],
    [{ email: 'a@example.test', password: 'long-enough' }, 'Full name is required.'],
    [{ email: 'a@example.test', password: 'long-enough', full_name: '   ' }, 'Full name is required.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await app.request('POST', '/auth/signup', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses an address that already has an account with 409', async () => {
    const user = await makeUser(app.ctx);
    const res = await app.request('POST', '/auth/signup', {
      body: { email: user.email.toUpperCase(), password: 'long-enough', full_name: 'Dup' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An account with this email already exists. Sign in instead.');
  });

  it('answers 409, not 500, to the second of two sign-ups for one address sent at once', async () => {
    const body = { email: `twice-${Date.now()}@example.test`, password: 'long-enough', full_name: 'Twice' };
    const answers = await Promise.all(Array.from({ length: 4 }, () => app.request('POST', '/auth/signup', { body })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it.each([
    ['application/json; charset=latin1', {}, 415, 'Send the request body as UTF-8.'],
    [
      'application/json',
      { 'content-encoding': 'br2' },
      415,
      'The request body is compressed in a way this server does not read: send it as gzip, deflate or uncompressed.',
    ],
    ['application/json', { 'content-encoding': 'gzip' }, 400, 'The request could not be read.'],
  ])('answers a body the parser cannot read (%s %j) with %i and a sentence', async (type, headers, status, error) => {
    const res = await app.request('POST', '/auth/login', {
      body: '{"email":"a@example.test","password":"x"}',
      headers: { 'content-type': type, ...headers },
    });
    expect({ status: res.status, body: res.body }).toEqual({ status, body: { error } });
  });

  it('answers 400 with a sentence for a body that is not JSON', async () => {
    const res = await app.request('POST', '/auth/signup', { body: '{oops' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('The request body is not valid JSON.');
  });

  it('answers 400 for a NUL character anywhere in the body or the query, which PostgreSQL cannot store', async () => {
    const inBody = await app.request('POST', '/auth/signup', {
      body: { email: 'nul@example.test', password: 'long enough', full_name: 'Nu\u0000l' },
    });
    expect(inBody.status).toBe(400);
    expect(inBody.body.error).toBe('Text must not contain NUL characters or broken Unicode (a lone surrogate).');
    const inKey = await app.request('POST', '/auth/login', {
      body: { email: 'nul@example.test', password: 'x', ['a\u0000']: 1 },
    });
    expect(inKey.status).toBe(400);
    const inQuery = await app.request('GET', '/public/plans?q=%00');
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error).toBe('Text must not contain NUL characters or broken Unicode (a lone surrogate).');
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and records the sign-in time', async () => {
    const user = await makeUser(app.ctx);
    const res = await app.request('POST', '/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'bearer', user: { id: user.id, email: user.email } });
    expect(res.body.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(res.body.user.last_sign_in_at).not.toBeNull();
    expect(JSON.stringify(res.body)).not.toContain('password_hash');
  });

  it('answers 400 when a field is missing', async () => {
    for (const body of [{ email: 'a@example.test' }, { password: 'x' }, {}]) {
      const res = await app.request('POST', '/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('You must provide either an email or phone number and a password');
    }
  });

  it('answers 401 "Invalid login credentials" for a wrong password and an unknown address alike', async () => {
    const user = await makeUser(app.ctx);
    const wrong = await app.request('POST', '/auth/login', { body: { email: user.email, password: 'wrong-password' } });
    const unknown = await app.request('POST', '/auth/login', {
      body: { email: 'nobody@example.test', password: 'wrong-password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid login credentials');
    expect(unknown.body.error).toBe('Invalid login credentials');
  });

  it('throttles an address after repeated failures with 429, even for the right password', async () => {
    const user = await makeUser(app.ctx);
    for (let i = 0; i < 3; i++) {
      expect(
        (await app.request('POST', '/auth/login', { body: { email: user.email, password: 'nope-nope' } })).status,
      ).toBe(401);
    }
    const blocked = await app.request('POST', '/auth/login', {
      body: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  });
});

describe('refresh tokens', () => {
  it('rotate, and reusing a rotated token revokes the whole family', async () => {
    const user = await makeUser(app.ctx);
    const first = await signIn(app, user.email);
    const rotated = await app.request('POST', '/auth/refresh', { body: { refresh_token: first.refreshToken } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first.refreshToken);
    expect((await app.request('GET', '/auth/user', { token: rotated.body.access_token })).status).toBe(200);

    const reuse = await app.request('POST', '/auth/refresh', { body: { refresh_token: first.refreshToken } });
    expect(reuse.status).toBe(401);
    const afterTheft = await app.request('POST', '/auth/refresh', {
      body: { refresh_token: rotated.body.refresh_token },
    });
    expect(afterTheft.status).toBe(401);
    expect((await app.request('GET', '/auth/user', { token: rotated.body.access_token })).status).toBe(401);
    const family = await app.ctx.db.RefreshTokenFamily.findOne({ where: { user_id: user.id } });
    expect(family?.revoked_reason).toBe('refresh_token_reuse');
  });

  it('refuses a missing or unknown refresh token', async () => {
    expect((await app.request('POST', '/auth/refresh', { body: {} })).body.error).toBe('refresh_token is required.');
    expect((await app.request('POST', '/auth/refresh', { body: { refresh_token: 'made-up' } })).status).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session: its refresh token and access token stop working', async () => {
    const user = await makeUser(app.ctx);
    const session = await signIn(app, user.email);
    expect(
      (
        await app.request('POST', '/auth/logout', {
          token: session.token,
          body: { refresh_token: session.refreshToken },
        })
      ).status,
    ).toBe(204);
    expect((await app.request('POST', '/auth/refresh', { body: { refresh_token: session.refreshToken } })).status).toBe(
      401,
    );
    expect((await app.request('GET', '/auth/user', { token: session.token })).status).toBe(401);
  });
});

describe('GET /api/auth/user', () => {
  it('needs a session', async () => {
    const none = await app.request('GET', '/auth/user');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('You need to sign in.');
    const forged = await app.request('GET', '/auth/user', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.bad' });
    expect(forged.status).toBe(401);
  });
});

describe('PUT /api/auth/password', () => {
  it('checks the current password, then changes it and signs out other sessions', async () => {
    const user = await makeUser(app.ctx);
    const here = await signIn(app, user.email);
    const elsewhere = await signIn(app, user.email);
    const wrong = await app.request('PUT', '/auth/password', {
      token: here.token,
      body: { current_password: 'not-it-at-all', new_password: 'brand-new-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Current password is incorrect');
    const short = await app.request('PUT', '/auth/password', {
      token: here.token,
      body: { current_password: DEFAULT_PASSWORD, new_password: 'short' },
    });
    expect(short.body.error).toBe('New password must be at least 8 characters.');

    const ok = await app.request('PUT', '/auth/password', {
      token: here.token,
      body: { current_password: DEFAULT_PASSWORD, new_password: 'brand-new-pass' },
    });
    expect(ok.status).toBe(200);
    expect(
      (await app.request('POST', '/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } })).status,
    ).toBe(401);
    expect(
      (await app.request('POST', '/auth/login', { body: { email: user.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);
    expect((await app.request('GET', '/auth/user', { token: here.token })).status).toBe(200);
    expect((await app.request('GET', '/auth/user', { token: elsewhere.token })).status).toBe(401);
  });

  it('needs a session', async () => {
    expect(
      (await app.request('PUT', '/auth/password', { body: { current_password: 'x', new_password: 'yyyyyyyy' } }))
        .status,
    ).toBe(401);
  });
});

describe('PUT /api/auth/email', () => {
  it('refuses empty, malformed, taken and unchanged addresses, and a missing or wrong current password', async () => {
    const user = await makeUser(app.ctx);
    const other = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const change = (body: Record<string, unknown>) => app.request('PUT', '/auth/email', { token, body });
    const current_password = DEFAULT_PASSWORD;
    expect((await change({ email: '', current_password })).body.error).toBe('Email cannot be empty.');
    expect((await change({ email: 'nope', current_password })).body.error).toBe('Enter a valid email address.');
    expect((await change({ email: 'fresh@example.test' })).body.error).toBe('Current password is required.');
    const wrong = await change({ email: 'fresh@example.test', current_password: 'not-it' });
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 400,
      body: { error: 'Current password is incorrect', code: 'wrong_password' },
    });
    const taken = await change({ email: other.email, current_password });
    expect(taken.status).toBe(409);
    const same = await change({ email: user.email.toUpperCase(), current_password });
    expect(same.body).toEqual({ error: 'This is already your sign-in email.', code: 'same_email' });
    expect((await app.ctx.db.User.findByPk(user.id))!.pending_email).toBeNull();
  });

  it('needs a session', async () => {
    expect(
      (await app.request('PUT', '/auth/email', { body: { email: 'a@example.test', current_password: 'x' } })).status,
    ).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses, but only mails the known one', async () => {
    const user = await makeUser(app.ctx);
    const known = await app.request('POST', '/forgot-password', { body: { email: user.email } });
    const unknown = await app.request('POST', '/forgot-password', { body: { email: 'ghost@example.test' } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mails = await app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: null, template: 'password-reset' } });
    expect(mails.map((m) => m.to_address)).toContain(user.email);
    expect(mails.map((m) => m.to_address)).not.toContain('ghost@example.test');
    expect((await app.request('POST', '/forgot-password', { body: {} })).body.error).toBe('Email is required.');
  });

  it('sends at most three reset emails an hour to one address, answering the same every time', async () => {
    const user = await makeUser(app.ctx);
    for (let i = 0; i < 5; i++) {
      const res = await app.request('POST', '/forgot-password', { body: { email: user.email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect(await app.ctx.db.EmailOutbox.count({ where: { tenant_id: null, to_address: user.email } })).toBe(3);
  });

  it('sets a new password once with the emailed link', async () => {
    const user = await makeUser(app.ctx);
    await app.request('POST', '/forgot-password', { body: { email: user.email } });
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: null, to_address: user.email } });
    const token = new URL(mail!.text_body.match(/http\S+reset-password\S+/)![0]).searchParams.get('token')!;
    const short = await app.request('POST', '/auth/reset-password', { body: { token, password: 'short' } });
    expect(short.body.error).toBe('Password must be at least 8 characters.');
    expect(
      (await app.request('POST', '/auth/reset-password', { body: { token, password: 'reset-password-1' } })).status,
    ).toBe(200);
    expect(
      (await app.request('POST', '/auth/login', { body: { email: user.email, password: 'reset-password-1' } })).status,
    ).toBe(200);
    const again = await app.request('POST', '/auth/reset-password', { body: { token, password: 'reset-password-2' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This reset link is invalid or has expired. Ask for a new one.');
  });

  it('refuses an expired link', async () => {
    const user = await makeUser(app.ctx);
    await app.request('POST', '/forgot-password', { body: { email: user.email } });
    await app.ctx.db.PasswordResetToken.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { user_id: user.id } },
    );
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: null, to_address: user.email } });
    const token = new URL(mail!.text_body.match(/http\S+reset-password\S+/)![0]).searchParams.get('token')!;
    expect(
      (await app.request('POST', '/auth/reset-password', { body: { token, password: 'reset-password-1' } })).status,
    ).toBe(400);
  });
});
