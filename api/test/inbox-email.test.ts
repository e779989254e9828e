import { INBOX_MESSAGES as M, inboxEmailAnswer, inboxUnsubscribeAnswer } from '@portico/common';
import { inTransaction, shareFile, signUnsubscribeToken } from '@portico/core';
import type { Worker } from 'bullmq';
import type { Transaction } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, scopeOf, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startSmtpServer } from '../../testing/smtp';
import { createEmailWorker } from '../../worker/src/email-worker';
import { expectConforms } from './public-api-support';
import { nextEvent, socketPool } from './live-support';
import { conversation, type Conversation } from './threads-support';
import { outboxTo, shareNewFile } from './inbox-support';

/*
 * The inbox by email (issue 33): a person's setting per kind (GET and PUT /api/inbox/email by the
 * usual five callers), the email an item queues in the outbox with what writes it (none when off,
 * none when rolled back, nor its live notice), its one-click unsubscribe headers as a real SMTP server receives them, and
 * the unsubscribe link without a session.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let emailWorker: Worker;
let root: Person;
const sockets = socketPool();
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url });
  emailWorker = createEmailWorker(app.ctx);
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  sockets.closeAll();
  await emailWorker.close();
  await app.close();
  await smtp.close();
});

/** Each kind's setting by role until the person chooses (the team hears by email only of its own role). */
const CLIENT_DEFAULTS = {
  'file.shared': 'immediately',
  'form.assigned': 'immediately',
  'form.submitted': 'off',
  'member.joined': 'off',
  'member.role_changed': 'immediately',
  'domain.ready': 'off',
  'domain.failed': 'off',
  'billing.payment_failed': 'off',
};
const ADMIN_DEFAULTS = {
  'file.shared': 'off',
  'form.assigned': 'off',
  'form.submitted': 'off',
  'member.joined': 'immediately',
  'member.role_changed': 'immediately',
  'domain.ready': 'off',
  'domain.failed': 'off',
  'billing.payment_failed': 'immediately',
};
const TEAM_DEFAULTS = {
  'file.shared': 'off',
  'form.assigned': 'off',
  'form.submitted': 'off',
  'member.joined': 'off',
  'member.role_changed': 'immediately',
  'domain.ready': 'off',
  'domain.failed': 'off',
  'billing.payment_failed': 'off',
};

const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];

const settingsOf = async (c: Conversation, who: Person) => {
  const res = await c.call(who, 'GET', '/inbox/email');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expectConforms(inboxEmailAnswer, res.body);
  return Object.fromEntries(
    (res.body as { kinds: { kind: string; email: string; chosen: boolean }[] }).kinds.map((k) => [
      k.kind,
      k.chosen ? `${k.email} (chosen)` : k.email,
    ]),
  );
};

describe('GET and PUT /api/inbox/email', () => {
  it('answers the role’s defaults until the person chooses, then their choice, theirs alone', async () => {
    const c = await conversation(app);
    expect(await settingsOf(c, c.member)).toEqual(CLIENT_DEFAULTS);
    expect(await settingsOf(c, c.admin)).toEqual(ADMIN_DEFAULTS);
    expect(await settingsOf(c, c.team)).toEqual(TEAM_DEFAULTS);

    const saved = await c.call(c.member, 'PUT', '/inbox/email', { kind: 'file.shared', email: 'off' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expectConforms(inboxEmailAnswer, saved.body);
    expect(saved.body.kinds[0]).toEqual({ kind: 'file.shared', email: 'off', default: 'immediately', chosen: true });
    await c.call(c.member, 'PUT', '/inbox/email', { kind: 'member.joined', email: 'immediately' });
    const daily = await c.call(c.member, 'PUT', '/inbox/email', { kind: 'form.assigned', email: 'daily' });
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect(await settingsOf(c, c.member)).toEqual({
      ...CLIENT_DEFAULTS,
      'file.shared': 'off (chosen)',
      'form.assigned': 'daily (chosen)',
      'member.joined': 'immediately (chosen)',
    });
    expect((await settingsOf(c, c.other))['file.shared']).toBe('immediately');
  });

  it('refuses a kind or a setting it does not know, with the sentence saying which', async () => {
    const c = await conversation(app);
    for (const body of [
      { kind: 'file.deleted', email: 'off' },
      { kind: 'message.received', email: 'off' },
      { email: 'off' },
      { kind: 3, email: 'off' },
    ])
      expect(errorOf(await c.call(c.member, 'PUT', '/inbox/email', body))).toEqual([400, M.emailKind]);
    for (const body of [
      { kind: 'file.shared', email: 'weekly' },
      { kind: 'file.shared', email: 'Daily' },
      { kind: 'file.shared' },
      { kind: 'file.shared', email: true },
    ])
      expect(errorOf(await c.call(c.member, 'PUT', '/inbox/email', body))).toEqual([400, M.emailSetting]);
    expect((await settingsOf(c, c.member))['file.shared']).toBe('immediately');
  });

  it('refuses another workspace’s member, a super admin who is no member, and no session', async () => {
    const c = await conversation(app);
    const body = { kind: 'file.shared', email: 'off' };
    const stranger = { token: c.elsewhere.admin.token, tenantId: c.tenant.id };
    expect((await app.request('GET', '/inbox/email', stranger)).status).toBe(403);
    expect((await app.request('PUT', '/inbox/email', { ...stranger, body })).status).toBe(403);
    const visiting = { token: root.token, tenantId: c.tenant.id };
    expect(errorOf(await app.request('GET', '/inbox/email', visiting))).toEqual([403, M.notMember]);
    expect(errorOf(await app.request('PUT', '/inbox/email', { ...visiting, body }))).toEqual([403, M.notMember]);
    expect((await app.request('GET', '/inbox/email', { tenantId: c.tenant.id })).status).toBe(401);
    expect((await app.request('PUT', '/inbox/email', { tenantId: c.tenant.id, body })).status).toBe(401);
  });
});

describe('an item emailed immediately', () => {
  it('is queued with the share for each recipient whose setting says so, and for nobody whose is off', async () => {
    const c = await conversation(app);
    await c.call(c.other, 'PUT', '/inbox/email', { kind: 'file.shared', email: 'off' });
    const file = await shareNewFile(app, c, { assign_to: 'role', assigned_roles: 'role2', title: 'Engagement letter' });
    const [mail, ...more] = await outboxTo(app, c, c.member);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      template: 'inbox-file.shared',
      subject: '“Engagement letter” was shared with you',
      headers: {
        'List-Unsubscribe': expect.stringMatching(
          /^<http:\/\/127\.0\.0\.1:\d+\/api\/public\/inbox\/unsubscribe\?token=/,
        ),
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(mail!.text_body).toContain(`${app.url}/files?file=${file.id}&tenant_id=${c.tenant.id}`);
    expect(await outboxTo(app, c, c.other)).toEqual([]);
    // Neither the admin who shared it nor the team it was not shared with.
    expect(await outboxTo(app, c, c.admin)).toEqual([]);
    expect(await outboxTo(app, c, c.team)).toEqual([]);
  });

  it('a share rolled back tells nobody: its item and email, there inside it, are gone, and nothing was queued, sent or heard live', async () => {
    const c = await conversation(app);
    const source = await shareNewFile(app, c, { assign_to: 'user', user_id: c.admin.user.id });
    const scope = await scopeOf(app.ctx, c.tenant, c.admin.user.id);
    const socket = await sockets.connect(app, c.other.token);
    const heard: unknown[] = [];
    socket.on('notification', (payload) => heard.push(payload));
    const itemsOf = async (who: Person, transaction?: Transaction) => {
      const [rows] = await app.ctx.sequelize.query(
        'SELECT title FROM inbox_items WHERE tenant_id = $1 AND user_id = $2',
        {
          bind: [c.tenant.id, who.user.id],
          transaction,
        },
      );
      return (rows as { title: string }[]).map((r) => r.title);
    };
    let outboxId: string | undefined;
    await expect(
      inTransaction(app.ctx, async (transaction) => {
        await shareFile({ ...app.ctx, transaction }, scope, {
          sourceId: source.id,
          userId: c.other.user.id,
          title: 'Rolled back',
        });
        // The share did tell them, inside its transaction: what the rollback must undo.
        expect(await itemsOf(c.other, transaction)).toEqual(['“Rolled back” was shared with you']);
        const queued = await app.ctx.db.EmailOutbox.findAll({
          where: { tenant_id: c.tenant.id, to_address: c.other.user.email },
          transaction,
        });
        expect(queued.map((row) => row.subject)).toEqual(['“Rolled back” was shared with you']);
        outboxId = queued[0]!.id;
        throw new Error('The caller failed after the share.');
      }),
    ).rejects.toThrow('The caller failed after the share.');
    expect(await itemsOf(c.other)).toEqual([]);
    expect(await outboxTo(app, c, c.other)).toEqual([]);
    expect(await app.ctx.queues.emails.getJob(outboxId!)).toBeUndefined();

    // A share that commits afterwards reaches them by every channel; it is the only thing that does.
    const live = nextEvent(socket, 'notification');
    await shareFile(app.ctx, scope, { sourceId: source.id, userId: c.other.user.id, title: 'Committed' });
    expect(await live).toEqual({ tenant_id: c.tenant.id, kind: 'file.shared' });
    await smtp.waitFor(c.other.user.email);
    expect(smtp.messages.filter((m) => m.to.includes(c.other.user.email)).map((m) => m.subject)).toEqual([
      '“Committed” was shared with you',
    ]);
    expect(heard).toHaveLength(1);
    expect(await itemsOf(c.other)).toEqual(['“Committed” was shared with you']);
  });

  it('reaches SMTP in the workspace’s brand, with a one-click unsubscribe that works without a session', async () => {
    const c = await conversation(app);
    await app.ctx.db.Tenant.update({ primary_color: '#aa3300' }, { where: { id: c.tenant.id } });
    await shareNewFile(app, c, { assign_to: 'role', assigned_roles: 'role2', title: 'Price list' });
    const mail = await smtp.waitFor(c.member.user.email);
    expect(mail.subject).toBe('“Price list” was shared with you');
    expect(mail.html).toContain('#aa3300');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${app.url}/api/public/inbox/unsubscribe\\?token=`));
    // The page's link in the text carries the header's token, which names its own person.
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    expect(token.startsWith(`${c.member.user.id}.${c.tenant.id}.file.shared.`)).toBe(true);
    expect(mail.text).toContain(`${app.url}/unsubscribe?token=${token}`);
    const [toOther] = await outboxTo(app, c, c.other);
    expect(toOther!.text_body).toContain(`/unsubscribe?token=${c.other.user.id}.${c.tenant.id}.file.shared.`);
    expect(toOther!.headers!['List-Unsubscribe']).toContain(`?token=${c.other.user.id}.`);

    // What a mail client sends (RFC 8058): a POST of the header's address with a form body, no session.
    const res = await fetch(unsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'file.shared', workspace: { name: c.tenant.name }, email: 'off' });
    expect((await settingsOf(c, c.member))['file.shared']).toBe('off (chosen)');
    await shareNewFile(app, c, { assign_to: 'user', user_id: c.member.user.id, title: 'Second' });
    expect(await outboxTo(app, c, c.member)).toHaveLength(1);
  });
});

describe('GET and POST /api/public/inbox/unsubscribe', () => {
  const tokenFor = (c: Conversation, who: Person, kind: string) =>
    signUnsubscribeToken(app.ctx.config.secretsKey, { userId: who.user.id, tenantId: c.tenant.id, kind });
  const path = (token: string) => `/public/inbox/unsubscribe?token=${encodeURIComponent(token)}`;

  it('describes the link without changing anything, then turns that kind off alone', async () => {
    const c = await conversation(app);
    const token = tokenFor(c, c.admin, 'member.joined');
    const described = await app.request('GET', path(token));
    expect(described.status).toBe(200);
    expectConforms(inboxUnsubscribeAnswer, described.body);
    expect(described.body).toEqual({
      kind: 'member.joined',
      workspace: { name: c.tenant.name },
      email: 'immediately',
    });
    expect((await settingsOf(c, c.admin))['member.joined']).toBe('immediately');
    const done = await app.request('POST', path(token));
    expect([done.status, done.body.email]).toEqual([200, 'off']);
    expect(await settingsOf(c, c.admin)).toEqual({ ...ADMIN_DEFAULTS, 'member.joined': 'off (chosen)' });
    // Again changes nothing.
    expect((await app.request('POST', path(token))).body.email).toBe('off');
  });

  it('refuses a forged token, one whose kind was changed, and one naming no kind, changing nothing', async () => {
    const c = await conversation(app);
    const good = tokenFor(c, c.admin, 'member.joined');
    const forged = `${good.slice(0, -4)}AAAA`;
    const otherKind = good.replace('member.joined', 'billing.payment_failed');
    const noKind = tokenFor(c, c.admin, 'file.deleted');
    const notEmailed = tokenFor(c, c.admin, 'message.received');
    const otherPerson = good.replace(c.admin.user.id, c.member.user.id);
    const bySecret = signUnsubscribeToken('not-the-server-secret', {
      userId: c.admin.user.id,
      tenantId: c.tenant.id,
      kind: 'member.joined',
    });
    for (const token of [forged, otherKind, noKind, notEmailed, otherPerson, bySecret, 'x', ''])
      for (const method of ['GET', 'POST'])
        expect(errorOf(await app.request(method, path(token))), `${method} ${token}`).toEqual([
          400,
          M.unsubscribeToken,
        ]);
    expect(errorOf(await app.request('POST', '/public/inbox/unsubscribe'))).toEqual([400, M.unsubscribeToken]);
    expect(await settingsOf(c, c.admin)).toEqual(ADMIN_DEFAULTS);
    expect((await settingsOf(c, c.member))['member.joined']).toBe('off');
  });
});
