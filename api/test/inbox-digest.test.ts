import { inboxUnsubscribeAnswer } from '@portico/common';
import { digestWindowEnd, inboxDigestJobId, systemClock } from '@portico/core';
import type { Worker } from 'bullmq';
import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { startSmtpServer } from '../../testing/smtp';
import { createEmailWorker } from '../../worker/src/email-worker';
import { createMessageWorker } from '../../worker/src/message-worker';
import { upload } from './files-support';
import { expectConforms } from './public-api-support';
import { conversation, type Conversation } from './threads-support';

/*
 * The daily digest of the inbox (issue 33): a kind set to `daily` is not emailed as it happens; the
 * scheduler's tick after midnight UTC queues one job per person, workspace and window on the messages
 * queue, the message worker sends it through the outbox, the email worker through a real SMTP server.
 * Time moves by the context's clock; the tick and the workers read it, the API's calls are made first.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let emailWorker: Worker;
let messageWorker: Worker;
beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ SMTP_URL: smtp.url });
  emailWorker = createEmailWorker(app.ctx);
  messageWorker = createMessageWorker(app.ctx);
});
afterAll(async () => {
  await messageWorker.close();
  await emailWorker.close();
  await app.close();
  await smtp.close();
});
afterEach(() => {
  app.ctx.clock = systemClock;
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The next midnight UTC, where the window of what happens now closes. */
const nextMidnight = () => new Date(Math.floor(Date.now() / DAY) * DAY + DAY);

/** Runs the scheduler's digest tick as if it were `at`, and waits until the queues it fed are empty. */
async function tickAt(at: Date): Promise<{ queued: number }> {
  app.ctx.clock = { now: () => at };
  const result = (await runMaintenanceTask(app.ctx, 'inbox-digests')) as { queued: number };
  await drained();
  return result;
}

async function drained(): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const counts = await Promise.all(
      [app.ctx.queues.messages, app.ctx.queues.emails].map((q) => q.getJobCounts('waiting', 'active', 'delayed')),
    );
    if (counts.every((c) => (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) === 0)) return;
    if (Date.now() > deadline) throw new Error(`queues not drained: ${JSON.stringify(counts)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const to = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

const outboxTo = (c: Conversation, who: Person) =>
  app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: c.tenant.id, to_address: who.user.email } });

const digestsOf = (c: Conversation, who: Person) =>
  app.ctx.sequelize.query<{ item_count: number }>(
    'SELECT item_count FROM inbox_digests WHERE tenant_id = $1 AND user_id = $2',
    { bind: [c.tenant.id, who.user.id], type: QueryTypes.SELECT },
  );

async function shareWith(c: Conversation, who: Person, title: string): Promise<{ id: string }> {
  const fields = { assign_to: 'user', user_id: who.user.id, title };
  const res = await upload(app, { token: c.admin.token, tenantId: c.tenant.id, name: `${title}.pdf`, fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function choose(c: Conversation, who: Person, kind: string, email: string) {
  const res = await c.call(who, 'PUT', '/inbox/email', { kind, email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('the daily digest', () => {
  it('emails the unread items of the daily kinds once, the day after, in the brand, with links and one-click unsubscribe', async () => {
    const c = await conversation(app);
    await app.ctx.db.Tenant.update({ primary_color: '#aa3300' }, { where: { id: c.tenant.id } });
    await choose(c, c.member, 'file.shared', 'daily');
    const unread = await shareWith(c, c.member, 'Engagement letter');
    const read = await shareWith(c, c.member, 'Old price list');
    // A daily kind is not emailed as it happens; a kind left immediate still is.
    expect(await outboxTo(c, c.member)).toEqual([]);
    const items = (await c.call(c.member, 'GET', '/inbox')).body.items as { id: string; title: string }[];
    const readItem = items.find((i) => i.title.includes('Old price list'))!;
    expect((await c.call(c.member, 'POST', '/inbox/read', { ids: [readItem.id] })).status).toBe(200);

    const midnight = nextMidnight();
    // Before the window closes (and its 5 minutes), nothing.
    await tickAt(new Date(midnight.getTime() - MINUTE));
    await tickAt(new Date(midnight.getTime() + 2 * MINUTE));
    expect(to(c.member.user.email)).toHaveLength(0);

    const { queued } = await tickAt(new Date(midnight.getTime() + 6 * MINUTE));
    expect(queued).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(c.member.user.email);
    expect(mail.subject).toBe(`Your daily digest: a notification you have not read in ${c.tenant.name}`);
    expect(mail.html).toContain('#aa3300');
    expect(mail.text).toContain('Engagement letter');
    expect(mail.text).toContain(`${app.url}/files?file=${unread.id}&tenant_id=${c.tenant.id}`);
    expect(mail.text).not.toContain('Old price list');
    expect(mail.text).not.toContain(read.id);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(unsubscribe).toMatch(new RegExp(`^${app.url}/api/public/inbox/unsubscribe\\?token=`));
    const token = new URL(unsubscribe!).searchParams.get('token')!;
    expect(token.startsWith(`${c.member.user.id}.${c.tenant.id}.digest.`)).toBe(true);
    expect(mail.text).toContain(`${app.url}/unsubscribe?token=${token}`);

    // Later runs of the same window, and the next window (nothing new in it), send nothing more.
    expect((await tickAt(new Date(midnight.getTime() + 7 * MINUTE))).queued).toBe(0);
    await tickAt(new Date(midnight.getTime() + 3 * 60 * MINUTE));
    await tickAt(new Date(midnight.getTime() + DAY + 6 * MINUTE));
    expect(to(c.member.user.email)).toHaveLength(1);
    expect(await digestsOf(c, c.member)).toEqual([{ item_count: 1 }]);
    // Nobody else in the workspace chose a digest.
    expect(await digestsOf(c, c.other)).toEqual([]);
  });

  it('is sent once when its job runs again in the same window (a restart), and not at all when all was read', async () => {
    const c = await conversation(app);
    await choose(c, c.member, 'file.shared', 'daily');
    await choose(c, c.other, 'file.shared', 'daily');
    await shareWith(c, c.member, 'Across a restart');
    await shareWith(c, c.other, 'Read in time');
    expect((await c.call(c.other, 'POST', '/inbox/read', { all: true })).status).toBe(200);
    const midnight = nextMidnight();
    const at = new Date(midnight.getTime() + 6 * MINUTE);

    await messageWorker.close();
    app.ctx.clock = { now: () => at };
    await runMaintenanceTask(app.ctx, 'inbox-digests');
    const windowEnd = digestWindowEnd(at).toISOString();
    expect(windowEnd).toBe(midnight.toISOString());
    const jobId = inboxDigestJobId({ tenantId: c.tenant.id, userId: c.member.user.id, windowEnd });
    expect(await app.ctx.queues.messages.getJobState(jobId)).toBe('waiting');
    // Nobody is queued for someone who read everything.
    const otherJob = inboxDigestJobId({ tenantId: c.tenant.id, userId: c.other.user.id, windowEnd });
    expect(await app.ctx.queues.messages.getJob(otherJob)).toBeUndefined();
    // A second run of the tick in the window adds nothing: the job's id names person and window.
    await runMaintenanceTask(app.ctx, 'inbox-digests');
    expect(await app.ctx.queues.messages.getJobCounts('waiting')).toMatchObject({ waiting: 1 });

    messageWorker = createMessageWorker(app.ctx);
    await drained();
    await smtp.waitFor(c.member.user.email);

    // The job runs again (a worker that died before recording its completion): the window is recorded.
    await app.ctx.queues.messages.remove(jobId);
    await app.ctx.queues.messages.add(
      'inbox-digest',
      { kind: 'inbox-digest', tenantId: c.tenant.id, userId: c.member.user.id, windowEnd },
      { jobId },
    );
    await drained();
    expect((await app.ctx.queues.messages.getJob(jobId))?.returnvalue).toBe('already-sent');
    expect(to(c.member.user.email)).toHaveLength(1);
    expect(to(c.other.user.email)).toHaveLength(0);
    expect(await digestsOf(c, c.other)).toEqual([]);
  });

  it('stops with its one-click unsubscribe, which turns every daily kind off and leaves the others', async () => {
    const c = await conversation(app);
    await choose(c, c.member, 'file.shared', 'daily');
    await choose(c, c.member, 'form.assigned', 'daily');
    await shareWith(c, c.member, 'Before unsubscribing');
    await tickAt(new Date(nextMidnight().getTime() + 6 * MINUTE));
    // The API's calls below sign in now, not at the tick's time.
    app.ctx.clock = systemClock;
    const mail = await smtp.waitFor(c.member.user.email);
    const unsubscribe = /^<(.+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    const path = `/public/inbox/unsubscribe?token=${new URL(unsubscribe!).searchParams.get('token')}`;

    const described = await app.request('GET', path);
    expect(described.status).toBe(200);
    expectConforms(inboxUnsubscribeAnswer, described.body);
    expect(described.body).toEqual({ kind: 'digest', workspace: { name: c.tenant.name }, email: 'daily' });

    // What a mail client sends (RFC 8058): a POST of the header's address with a form body, no session.
    const res = await fetch(unsubscribe!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ kind: 'digest', workspace: { name: c.tenant.name }, email: 'off' });
    const settings = (await c.call(c.member, 'GET', '/inbox/email')).body.kinds as { kind: string; email: string }[];
    expect(Object.fromEntries(settings.map((k) => [k.kind, k.email]))).toMatchObject({
      'file.shared': 'off',
      'form.assigned': 'off',
      'member.role_changed': 'immediately',
    });
  });
});
