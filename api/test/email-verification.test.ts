import { systemClock } from '@portico/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeUser, makeWorkspace, signIn } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const INVALID = 'This confirmation link is invalid, used or expired. Ask for a new one from your account settings.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
afterEach(() => {
  app.ctx.clock = systemClock;
});

async function mailsTo(address: string, template: string) {
  return app.ctx.db.EmailOutbox.findAll({
    where: { to_address: address, template },
    order: [['created_at', 'ASC']],
    allTenants: true,
  });
}

async function confirmationToken(address: string): Promise<string> {
  const [mail] = (await mailsTo(address, 'email-verification')).slice(-1);
  expect(mail, `a confirmation email to ${address}`).toBeDefined();
  return new URL(mail!.text_body.match(/http\S+\/verify-email\?\S+/)![0]).searchParams.get('token')!;
}

const confirm = (token: unknown) => app.request('POST', '/auth/email/verify', { body: { token } });

describe('owner signup', () => {
  it('sends a confirmation link that verifies the address once', async () => {
    const email = `owner-${Date.now()}@acme.test`;
    const res = await app.request('POST', '/onboarding-start', {
      body: {
        name: 'Olive Owner',
        email,
        password: DEFAULT_PASSWORD,
        companyName: 'Acme Legal',
        source: 'Google',
        title: 'Owner/Founder',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.session.user).toMatchObject({ email, email_verified_at: null, pending_email: null });
    const token = await confirmationToken(email);
    const ok = await confirm(token);
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    expect(Date.parse(ok.body.user.email_verified_at)).toBeGreaterThan(Date.now() - 60_000);
    const me = await app.request('GET', '/auth/user', { token: res.body.session.access_token });
    expect(me.body.user.email_verified_at).toBe(ok.body.user.email_verified_at);
    expect((await confirm(token)).body).toEqual({ error: INVALID, code: 'invalid_verification_link' });
  });
});

describe('POST /api/auth/email/verify', () => {
  it.each([
    [{}, 'The confirmation link is incomplete.'],
    [{ token: '' }, 'The confirmation link is incomplete.'],
    [{ token: 'x'.repeat(201) }, 'The confirmation link is not valid.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await app.request('POST', '/auth/email/verify', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses an unknown link', async () => {
    expect((await confirm('no-such-token')).body).toEqual({ error: INVALID, code: 'invalid_verification_link' });
  });
});

describe('changing the sign-in email', () => {
  async function requestChange(token: string, email: string) {
    return app.request('PUT', '/auth/email', { token, body: { email, current_password: DEFAULT_PASSWORD } });
  }

  it('is pending until the new address is confirmed, with a notice to the old one', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const old = member.user.email;
    const fresh = `moved-${Date.now()}@example.test`;
    const res = await requestChange(member.token, fresh.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: old, pending_email: fresh });

    const [notice] = await mailsTo(old, 'email-change-notice');
    expect(notice!.text_body).toContain(fresh);
    expect(notice!.tenant_id).toBe(tenant.id);
    expect(await mailsTo(old, 'email-verification')).toEqual([]);
    // Until then the old address still signs in, the new one does not.
    expect(
      (await app.request('POST', '/auth/login', { body: { email: fresh, password: DEFAULT_PASSWORD } })).status,
    ).toBe(401);
    await signIn(app, old);

    const done = await confirm(await confirmationToken(fresh));
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email: fresh, pending_email: null });
    await signIn(app, fresh);
    expect(
      (await app.request('POST', '/auth/login', { body: { email: old, password: DEFAULT_PASSWORD } })).status,
    ).toBe(401);
    const audit = await app.ctx.db.AuditLog.findAll({ where: { entity_id: member.user.id }, allTenants: true });
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.email_change_requested', 'user.email_changed']),
    );
  });

  it('keeps only the latest change: an earlier link is refused', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const first = `first-${Date.now()}@example.test`;
    await requestChange(token, first);
    const firstToken = await confirmationToken(first);
    await requestChange(token, `second-${Date.now()}@example.test`);
    expect((await confirm(firstToken)).body.code).toBe('invalid_verification_link');
    expect((await app.ctx.db.User.findByPk(user.id))!.email).toBe(user.email);
  });

  it('refuses the link after 24 hours, by the clock of the context', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const fresh = `late-${Date.now()}@example.test`;
    await requestChange(token, fresh);
    const link = await confirmationToken(fresh);
    app.ctx.clock = { now: () => new Date(Date.now() + 24 * 3_600_000 + 1000) };
    expect((await confirm(link)).body.code).toBe('invalid_verification_link');
  });

  it('refuses to take an address another account took meanwhile', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const fresh = `race-${Date.now()}@example.test`;
    await requestChange(token, fresh);
    const link = await confirmationToken(fresh);
    await makeUser(app.ctx, { email: fresh });
    const res = await confirm(link);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('email_taken');
  });

  it('leaves an address an admin sets unconfirmed, and drops a change the person had asked for', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    await requestChange(member.token, `asked-${Date.now()}@example.test`);
    await app.ctx.db.User.update({ email_verified_at: new Date() }, { where: { id: member.user.id } });
    const res = await app.request('PATCH', `/users/${member.user.id}`, {
      token: admin.token,
      tenantId: tenant.id,
      body: { email: `set-${Date.now()}@example.test` },
    });
    expect(res.status).toBe(200);
    const stored = await app.ctx.db.User.findByPk(member.user.id);
    expect({ verified: stored!.email_verified_at, pending: stored!.pending_email }).toEqual({
      verified: null,
      pending: null,
    });
  });

  it('counts a wrong current password as a failed sign-in', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const wrong = () =>
      app.request('PUT', '/auth/email', { token, body: { email: 'x@example.test', current_password: 'not-it' } });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await wrong()).status);
    expect(statuses).toContain(429);
  });
});
