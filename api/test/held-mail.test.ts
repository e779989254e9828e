import { CLIENT_MAIL_HELD, EMAIL_CONFIRMATION_MESSAGES } from '@portico/common';
import { sweepOutbox, systemClock } from '@portico/core';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  DEFAULT_PASSWORD,
  makeSuperAdmin,
  makeUser,
  makeWorkspace,
  signIn,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startSmtpServer } from '../../testing/smtp';
import { createEmailWorker } from '../../worker/src/email-worker';

/*
 * Issue 31: a workspace whose owner signed up and has not confirmed their address keeps its mail to
 * clients until they do; mail to the owner and the team goes out. Delivered through a real SMTP
 * server by the email worker.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let worker: Worker;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url });
  worker = createEmailWorker(app.ctx);
});
afterAll(async () => {
  await worker.close();
  await app.close();
  await smtp.close();
});

let n = 0;
const address = (who: string) => `${who}-${++n}-${Date.now()}@held.test`;

/** A workspace as onboarding leaves it for an owner who has not confirmed their address yet. */
async function heldWorkspace() {
  const w = await makeWorkspace(app);
  await app.ctx.db.Tenant.update({ client_mail_held_for: w.admin.user.id }, { where: { id: w.tenant.id } });
  return { ...w, owner: w.admin };
}

const invite = (admin: Person, tenantId: string, email: string, role: string) =>
  app.request('POST', '/invite', { token: admin.token, tenantId, body: { email, role } });

const outboxTo = (to: string) => app.ctx.db.EmailOutbox.findAll({ where: { to_address: to }, allTenants: true });

const delivered = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

/** Long enough for the worker to have sent anything queued. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

async function confirmFromInbox(to: string): Promise<void> {
  const mail = await smtp.waitFor(to);
  const token = new URL(mail.text.match(/http\S+\/verify-email\?\S+/)![0]).searchParams.get('token');
  expect((await app.request('POST', '/auth/email/verify', { body: { token } })).status).toBe(200);
}

const resend = (token?: string) => app.request('POST', '/auth/email/resend', token ? { token } : {});

describe('mail to clients of a workspace whose owner has not confirmed their address', () => {
  it('is held, not queued, while the team’s goes out; the owner’s confirmation sends it exactly once', async () => {
    const { tenant, owner } = await heldWorkspace();
    const client = address('client');
    const teammate = address('teammate');

    const held = await invite(owner, tenant.id, client, 'role2');
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ emailSent: false, emailError: CLIENT_MAIL_HELD });
    const sent = await invite(owner, tenant.id, teammate, 'role1');
    expect(sent.body).toMatchObject({ emailSent: true, emailError: null });
    expect((await smtp.waitFor(teammate)).subject).toContain('invited');

    const [row] = await outboxTo(client);
    expect(row!.status).toBe('held');
    expect(await app.ctx.queues.emails.getJob(row!.id)).toBeUndefined();
    // Even past the time the sweep re-queues lost rows, a held one stays out of the queue.
    app.ctx.clock = { now: () => new Date(Date.now() + 10 * 60_000) };
    await sweepOutbox(app.ctx);
    app.ctx.clock = systemClock;
    await settle();
    expect(delivered(client)).toEqual([]);
    expect((await app.request('GET', '/held-mail', { token: owner.token, tenantId: tenant.id })).body).toEqual({
      held: true,
      count: 1,
      yours: true,
    });

    const asked = await resend(owner.token);
    expect({ status: asked.status, body: asked.body }).toEqual({
      status: 202,
      body: { ok: true, email: owner.user.email },
    });
    await confirmFromInbox(owner.user.email);

    const mail = await smtp.waitFor(client);
    expect(mail.text).toContain('/signup?invite=');
    await sweepOutbox(app.ctx);
    await settle();
    expect(delivered(client)).toHaveLength(1);
    expect((await outboxTo(client)).map((r) => r.status)).toEqual(['sent']);
    expect((await app.request('GET', '/held-mail', { token: owner.token, tenantId: tenant.id })).body).toEqual({
      held: false,
      count: 0,
      yours: false,
    });
    // Mail to clients now goes out at once.
    const later = address('later');
    expect((await invite(owner, tenant.id, later, 'role3')).body.emailSent).toBe(true);
    await smtp.waitFor(later);
  });

  it('holds a reset link to a client, decided by their role there, but not one to a teammate', async () => {
    const { tenant, owner, member } = await heldWorkspace();
    const teammate = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, teammate, 'role1');
    for (const user of [member.user, teammate]) {
      const res = await app.request('POST', '/admin-reset-password', {
        token: owner.token,
        tenantId: tenant.id,
        body: { user_id: user.id },
      });
      expect(res.status).toBe(200);
    }
    await smtp.waitFor(teammate.email);
    expect((await outboxTo(member.user.email)).map((r) => r.status)).toEqual(['held']);
  });

  it('is not sent by the worker if its row reaches the queue anyway, and confirming still sends it', async () => {
    const { tenant, owner } = await heldWorkspace();
    const client = address('stray');
    await invite(owner, tenant.id, client, 'role2');
    const [row] = await outboxTo(client);
    const job = await app.ctx.queues.emails.add('send', { outboxId: row!.id }, { jobId: row!.id });
    for (let i = 0; i < 100 && !(await job.isCompleted()); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await app.ctx.queues.emails.getJobState(row!.id)).toBe('completed');
    expect((await outboxTo(client)).map((r) => r.status)).toEqual(['held']);
    expect(delivered(client)).toEqual([]);

    await resend(owner.token);
    await confirmFromInbox(owner.user.email);
    await smtp.waitFor(client);
    await settle();
    expect(delivered(client)).toHaveLength(1);
  });
});

describe('GET /api/held-mail', () => {
  it('tells another admin that mail waits, but not for them', async () => {
    const { tenant } = await heldWorkspace();
    const other = await makeUser(app.ctx);
    await addMember(app.ctx, tenant, other, 'admin');
    const { token } = await signIn(app, other.email);
    const res = await app.request('GET', '/held-mail', { token, tenantId: tenant.id });
    expect(res.body).toEqual({ held: true, count: 0, yours: false });
  });

  it('answers an unheld workspace that nothing waits', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const res = await app.request('GET', '/held-mail', { token: admin.token, tenantId: tenant.id });
    expect(res.body).toEqual({ held: false, count: 0, yours: false });
  });

  it('is refused to a client, to another workspace’s admin, and without a session', async () => {
    const { tenant, member } = await heldWorkspace();
    const client = await app.request('GET', '/held-mail', { token: member.token, tenantId: tenant.id });
    expect({ status: client.status, error: client.body.error }).toEqual({
      status: 403,
      error: 'Only workspace admins can see the workspace’s held mail.',
    });
    const stranger = (await makeWorkspace(app)).admin;
    expect((await app.request('GET', '/held-mail', { token: stranger.token, tenantId: tenant.id })).status).toBe(403);
    expect((await app.request('GET', '/held-mail', { tenantId: tenant.id })).status).toBe(401);
  });
});

describe('POST /api/auth/email/resend', () => {
  it('sends the link for a pending change to the new address', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const fresh = address('moving');
    await app.request('PUT', '/auth/email', {
      token,
      body: { email: fresh, current_password: DEFAULT_PASSWORD },
    });
    const res = await resend(token);
    expect({ status: res.status, body: res.body }).toEqual({ status: 202, body: { ok: true, email: fresh } });
    const links = (await outboxTo(fresh)).filter((r) => r.template === 'email-verification');
    expect(links).toHaveLength(2);
  });

  it('refuses a confirmed address with no change waiting', async () => {
    const user = await makeUser(app.ctx);
    await app.ctx.db.User.update({ email_verified_at: new Date() }, { where: { id: user.id } });
    const { token } = await signIn(app, user.email);
    const res = await resend(token);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 400,
      body: { error: EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed, code: 'already_verified' },
    });
  });

  it('sends at most three an hour to one account', async () => {
    const user = await makeUser(app.ctx);
    const { token } = await signIn(app, user.email);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await resend(token)).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    expect((await resend(token)).body).toEqual({
      error: EMAIL_CONFIRMATION_MESSAGES.tooMany,
      code: 'confirmation_throttled',
    });
    expect((await outboxTo(user.email)).filter((r) => r.template === 'email-verification')).toHaveLength(3);
  });

  it('is refused to a super admin impersonating the person, and without a session', async () => {
    const root = await makeSuperAdmin(app);
    const { member } = await makeWorkspace(app);
    const started = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: member.user.id, reason: 'Checking their account' },
    });
    const res = await resend(started.body.session.access_token);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'impersonation_credentials' });
    expect((await resend()).status).toBe(401);
    expect(await outboxTo(member.user.email)).toEqual([]);
  });
});
