import { DEFAULT_SETTINGS } from '@portico/common';
import { systemClock, type Tenant, type User } from '@portico/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeTenant, makeUser, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type ApiResponse, type TestApp } from '../../testing/harness';
import { requestOnHost } from '../../testing/on-host';

const INVALID_LINK = 'This sign-in link is invalid, used or expired. Ask for a new one.';
const OTHER_BROWSER =
  'This sign-in link was asked for in another browser. Enter the 6-digit code from the email on the sign-in page instead, or ask for a new link here.';
const WRONG_CODE = 'That code is not valid or has expired. Check the latest email, or ask for a new link.';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '100' });
});
afterAll(() => app.close());
afterEach(() => {
  app.ctx.clock = systemClock;
});

/** A client (role2) of a fresh workspace. */
async function makeClient(tenant?: Tenant): Promise<{ user: User; tenant: Tenant }> {
  const home = tenant ?? (await makeTenant(app.ctx));
  const user = await makeUser(app.ctx);
  await addMember(app.ctx, home, user, 'role2');
  return { user, tenant: home };
}

/** The browser cookie an answer set, as the browser sends it back. */
function cookieOf(res: ApiResponse): string {
  const set = res.headers.get('set-cookie') ?? '';
  expect(set).toMatch(
    /^portico_magic_browser=[\w-]+; Max-Age=900; Path=\/api\/auth\/magic-link; .*HttpOnly; SameSite=Lax/,
  );
  return set.split(';')[0]!;
}

async function askForLink(email: string, cookie?: string, tenantId?: string): Promise<ApiResponse> {
  return app.request('POST', '/auth/magic-link', {
    body: { email, ...(tenantId ? { tenant_id: tenantId } : {}) },
    headers: cookie ? { cookie } : {},
  });
}

/** The sign-in emails sent to `email` so far, waiting (the request answers before it sends) for `count` of them. */
async function linkMails(email: string, count = 1) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const mails = await app.ctx.db.EmailOutbox.findAll({
      where: { to_address: email, template: 'magic-link' },
      order: [['created_at', 'ASC']],
      allTenants: true,
    });
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function linkMail(email: string): Promise<{ token: string; code: string; url: URL; subject: string }> {
  const [mail] = (await linkMails(email)).slice(-1);
  expect(mail).toBeDefined();
  const url = new URL(mail!.text_body.match(/http\S+\/login\/magic\?\S+/)![0]);
  const code = mail!.text_body.match(/instead: (\d{6})/)![1]!;
  return { token: url.searchParams.get('token')!, code, url, subject: mail!.subject };
}

const verify = (body: unknown, cookie?: string) =>
  app.request('POST', '/auth/magic-link/verify', { body, headers: cookie ? { cookie } : {} });

/** Nothing more is sent for a moment after the answer (the send runs after it). */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

describe('POST /api/auth/magic-link', () => {
  it('answers 202 the same for a client, an unknown address and an account links do not admit; only the client is mailed', async () => {
    const { user: client, tenant } = await makeClient();
    const team = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, team, 'role1');
    const answers = await Promise.all(
      [client.email, 'ghost@example.test', team.email].map((email) => askForLink(email)),
    );
    for (const res of answers) {
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ ok: true });
      cookieOf(res);
    }
    const mail = await linkMail(client.email);
    expect(mail.subject).toBe(`Sign in to ${tenant.name}`);
    expect(mail.url.pathname).toBe('/login/magic');
    expect(mail.url.origin).toBe(app.url);
    await settle();
    expect(await linkMails('ghost@example.test')).toEqual([]);
    expect(await linkMails(team.email)).toEqual([]);
  });

  it.each([
    [{}, 'Email is required.'],
    [{ email: '' }, 'Email is required.'],
    [{ email: 'not-an-email' }, 'Enter a valid email address.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await app.request('POST', '/auth/magic-link', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'invalid_input' });
  });

  it('keeps the browser value it already set, so an earlier link stays valid in that browser', async () => {
    const { user } = await makeClient();
    const cookie = cookieOf(await askForLink(user.email));
    expect(cookieOf(await askForLink(user.email, cookie))).toBe(cookie);
    const [first] = await linkMails(user.email, 2);
    const token = new URL(first!.text_body.match(/http\S+\/login\/magic\?\S+/)![0]).searchParams.get('token');
    expect((await verify({ token }, cookie)).status).toBe(200);
  });

  it(`sends at most five links an hour to one address, answering the same every time`, async () => {
    const { user } = await makeClient();
    for (let i = 0; i < 7; i++) {
      const res = await askForLink(user.email);
      expect({ status: res.status, body: res.body }).toEqual({ status: 202, body: { ok: true } });
    }
    await linkMails(user.email, 5);
    await settle();
    expect(await linkMails(user.email)).toHaveLength(5);
  });

  it('never sends one to a platform admin, nor to someone whose other workspace does not admit their role', async () => {
    const { user: admin } = await makeSuperAdmin(app);
    const { tenant } = await makeClient();
    await addMember(app.ctx, tenant, admin, 'role2');
    const { user: twoHats, tenant: first } = await makeClient();
    const second = await makeTenant(app.ctx);
    await addMember(app.ctx, second, twoHats, 'admin');
    await askForLink(admin.email);
    await askForLink(twoHats.email);
    await settle();
    expect(await linkMails(admin.email)).toEqual([]);
    expect(await linkMails(twoHats.email)).toEqual([]);
    expect(first.id).not.toBe(second.id);
  });
});

describe('POST /api/auth/magic-link/verify', () => {
  it('signs in once with the link in the browser that asked, and audits the use', async () => {
    const { user } = await makeClient();
    const cookie = cookieOf(await askForLink(user.email));
    const { token } = await linkMail(user.email);
    const res = await verify({ token }, cookie);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, email: user.email });
    const me = await app.request('GET', '/auth/user', { token: res.body.access_token });
    expect(me.status).toBe(200);
    const again = await verify({ token }, cookie);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 400,
      body: { error: INVALID_LINK, code: 'invalid_magic_link' },
    });
    const rows = await app.ctx.db.AuditLog.findAll({
      where: { action: 'user.magic_link_used', entity_id: user.id },
      allTenants: true,
    });
    expect(rows.map((row) => row.details)).toEqual([{ method: 'link' }]);
  });

  it('counts in App Health’s sign-in rate: a link and a code that sign in, a spent link and a wrong code that do not', async () => {
    const attempts = async (outcome: string) =>
      (await app.ctx.metrics.authAttempts.get()).values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
    const { user } = await makeClient();
    const cookie = cookieOf(await askForLink(user.email));
    const { token } = await linkMail(user.email);
    const [successes, failures] = [await attempts('success'), await attempts('failure')];
    expect((await verify({ token }, cookie)).status).toBe(200);
    expect((await verify({ token }, cookie)).status).toBe(400);
    expect([await attempts('success'), await attempts('failure')]).toEqual([successes + 1, failures + 1]);

    await askForLink(user.email, cookie);
    await linkMails(user.email, 2);
    const { code } = await linkMail(user.email);
    expect((await verify({ email: user.email, code: code === '000000' ? '111111' : '000000' })).status).toBe(400);
    expect((await verify({ email: user.email, code })).status).toBe(200);
    expect([await attempts('success'), await attempts('failure')]).toEqual([successes + 2, failures + 2]);
  });

  it('refuses the link in another browser with a sentence offering the code, which then signs in', async () => {
    const { user } = await makeClient();
    await askForLink(user.email);
    const { token, code } = await linkMail(user.email);
    const elsewhere = cookieOf(await askForLink('ghost@example.test'));
    for (const cookie of [undefined, elsewhere]) {
      const res = await verify({ token }, cookie);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 403,
        body: { error: OTHER_BROWSER, code: 'magic_link_other_browser' },
      });
    }
    const byCode = await verify({ email: user.email.toUpperCase(), code });
    expect(byCode.status).toBe(200);
    expect(byCode.body.user.id).toBe(user.id);
    // The code spent the link too.
    expect((await verify({ email: user.email, code })).body.error).toBe(WRONG_CODE);
  });

  it('refuses a link and its code 15 minutes on, by the clock of the context', async () => {
    const { user } = await makeClient();
    const cookie = cookieOf(await askForLink(user.email));
    const { token, code } = await linkMail(user.email);
    app.ctx.clock = { now: () => new Date(Date.now() + 15 * 60_000 + 1000) };
    expect((await verify({ token }, cookie)).body).toEqual({ error: INVALID_LINK, code: 'invalid_magic_link' });
    expect((await verify({ email: user.email, code })).body).toEqual({ error: WRONG_CODE, code: 'wrong_magic_code' });
  });

  it('counts wrong codes as failed sign-ins, answering an unknown address the same', async () => {
    const { user } = await makeClient();
    await askForLink(user.email);
    const { code } = await linkMail(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const unknown = await verify({ email: 'ghost@example.test', code: wrong });
    const known = await verify({ email: user.email, code: wrong });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(known.body).toEqual({ error: WRONG_CODE, code: 'wrong_magic_code' });
    await verify({ email: user.email, code: wrong });
    await verify({ email: user.email, code: wrong });
    const throttled = await verify({ email: user.email, code });
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('login_throttled');
  });

  it('answers the two-factor challenge when Super Settings require two-factor sign-in', async () => {
    const root = await makeSuperAdmin(app);
    const setTwoFactor = (require2fa: boolean) =>
      app.request('PUT', '/settings', { token: root.token, body: { auth: { ...DEFAULT_SETTINGS.auth, require2fa } } });
    expect((await setTwoFactor(true)).status).toBe(200);
    try {
      const { user } = await makeClient();
      const cookie = cookieOf(await askForLink(user.email));
      const res = await verify({ token: (await linkMail(user.email)).token }, cookie);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ two_factor_required: true, enrolment_required: true });
      expect(res.body.access_token).toBeUndefined();
    } finally {
      await setTwoFactor(false);
    }
  });

  it.each([
    [{}, 'Send the token of the sign-in link, or the email and the 6-digit code.'],
    [{ email: 'a@example.test' }, 'Send the token of the sign-in link, or the email and the 6-digit code.'],
    [{ email: 'a@example.test', code: '12ab56' }, 'Enter the 6-digit code from the email.'],
    [{ email: 'nope', code: '123456' }, 'Enter a valid email address.'],
    [{ token: '' }, 'The sign-in link is not valid.'],
    [{ token: 'x'.repeat(201) }, 'The sign-in link is not valid.'],
  ])('refuses %j with "%s"', async (body, message) => {
    const res = await verify(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'invalid_input' });
  });

  it('refuses an unknown token', async () => {
    expect((await verify({ token: 'no-such-token' })).body).toEqual({
      error: INVALID_LINK,
      code: 'invalid_magic_link',
    });
  });
});

describe('the workspace setting', () => {
  let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
  let outsider: Person;
  beforeAll(async () => {
    workspace = await makeWorkspace(app);
    outsider = (await makeWorkspace(app)).admin;
  });
  const setTo = (magic_links: unknown, person?: Person) =>
    app.request('PATCH', '/tenant-config', {
      body: { magic_links },
      token: person?.token,
      tenantId: workspace.tenant.id,
    });

  it('is clients by default, read by admins and members', async () => {
    const res = await app.request('GET', '/tenant-config', {
      token: workspace.member.token,
      tenantId: workspace.tenant.id,
    });
    expect(res.body.magic_links).toBe('clients');
  });

  it('is changed by an admin only', async () => {
    expect((await setTo('off')).status).toBe(401);
    expect((await setTo('off', workspace.member)).status).toBe(403);
    expect((await setTo('off', outsider)).status).toBe(403);
    const bad = await setTo('sometimes', workspace.admin);
    expect({ status: bad.status, body: bad.body }).toEqual({
      status: 400,
      body: { error: 'Magic links must be off, clients or everyone.', code: 'invalid_input' },
    });
    const res = await setTo('everyone', workspace.admin);
    expect(res.status).toBe(200);
    expect(res.body.magic_links).toBe('everyone');
  });

  it('off: no link is sent, an emailed one stops working, and the sign-in page no longer offers it', async () => {
    await setTo('clients', workspace.admin);
    const { user } = await makeClient(workspace.tenant);
    const cookie = cookieOf(await askForLink(user.email));
    const { token } = await linkMail(user.email);
    expect((await setTo('off', workspace.admin)).status).toBe(200);
    expect((await verify({ token }, cookie)).body.code).toBe('invalid_magic_link');
    const other = await makeClient(workspace.tenant);
    await askForLink(other.user.email);
    await settle();
    expect(await linkMails(other.user.email)).toEqual([]);
    const host = `${workspace.tenant.slug}.localhost:${new URL(app.url).port}`;
    expect((await requestOnHost(app, host, '/public/site')).body.site).toMatchObject({
      tenant_id: workspace.tenant.id,
      magic_links: false,
    });
    expect((await app.request('GET', '/public/site')).body.site.magic_links).toBe(true);
  });

  it('points the link at the workspace address it was asked on', async () => {
    await setTo('clients', workspace.admin);
    const { user } = await makeClient(workspace.tenant);
    const host = `${workspace.tenant.slug}.localhost:${new URL(app.url).port}`;
    expect((await requestOnHost(app, host, '/public/site')).body.site.magic_links).toBe(true);
    const res = await requestOnHost(app, host, '/auth/magic-link', { method: 'POST', body: { email: user.email } });
    expect(res.status).toBe(202);
    expect((await linkMail(user.email)).url.origin).toBe(`http://${host}`);
  });

  it('everyone: the team and admins get links too, in the workspace’s brand', async () => {
    expect((await setTo('everyone', workspace.admin)).status).toBe(200);
    const cookie = cookieOf(await askForLink(workspace.admin.user.email, undefined, workspace.tenant.id));
    const mail = await linkMail(workspace.admin.user.email);
    expect(mail.subject).toBe(`Sign in to ${workspace.tenant.name}`);
    expect(mail.url.searchParams.get('tenant_id')).toBe(workspace.tenant.id);
    expect((await verify({ token: mail.token }, cookie)).status).toBe(200);
  });
});
