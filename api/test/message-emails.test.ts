import { messageEmailJobId, systemClock } from '@portico/core';
import type { Worker } from 'bullmq';
import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { startSmtpServer } from '../../testing/smtp';
import { createEmailWorker } from '../../worker/src/email-worker';
import { createMessageWorker } from '../../worker/src/message-worker';
import { conversation, ownThread, post, type Conversation } from './threads-support';

/*
 * Email when away (issue 32): the scheduler's tick queues one job per person and window, the
 * message worker sends it through the outbox, the email worker through a real SMTP server. Time
 * moves by the context's clock; the tick and the workers read it, the API's calls are made first.
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

/** Runs the scheduler's tick as if it were `at`, and waits until the queues it fed are empty. */
async function tickAt(at: Date): Promise<{ queued: number }> {
  app.ctx.clock = { now: () => at };
  const result = (await runMaintenanceTask(app.ctx, 'message-emails')) as { queued: number };
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

const sentWindows = (c: Conversation, userId: string) =>
  app.ctx.sequelize.query<{ message_count: number }>(
    'SELECT message_count FROM message_emails WHERE tenant_id = $1 AND user_id = $2',
    { bind: [c.tenant.id, userId], type: QueryTypes.SELECT },
  );

describe('a message a client has not read', () => {
  it('is emailed once, 5 minutes after it was sent, in the workspace’s brand with a link to the thread', async () => {
    const c = await conversation(app);
    await app.ctx.db.Tenant.update({ primary_color: '#aa3300' }, { where: { id: c.tenant.id } });
    const thread = await ownThread(c, c.member);
    await post(c, c.team, thread.id, 'Your tax return is ready to sign.');
    const sentAt = Date.now();

    await tickAt(new Date(sentAt + 2 * MINUTE));
    expect(to(c.member.user.email)).toHaveLength(0);

    await tickAt(new Date(sentAt + 6 * MINUTE));
    const mail = await smtp.waitFor(c.member.user.email);
    expect(mail.subject).toBe(`You have a new message in ${c.tenant.name}`);
    expect(mail.text).toContain('Your tax return is ready to sign.');
    expect(mail.text).toContain('Tess Team');
    expect(mail.text).toContain(`/messages?tenant_id=${c.tenant.id}&thread=${thread.id}`);
    expect(mail.html).toContain('#aa3300');

    await tickAt(new Date(sentAt + 7 * MINUTE));
    await tickAt(new Date(sentAt + 30 * MINUTE));
    expect(to(c.member.user.email)).toHaveLength(1);
    expect(await sentWindows(c, c.member.user.id)).toEqual([{ message_count: 1 }]);
    // The team's author is not emailed about their own message.
    expect(to(c.team.user.email)).toHaveLength(0);
  });

  it('is not emailed when the client read it within the delay', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    await post(c, c.team, thread.id, 'Read me live.');
    const sentAt = Date.now();
    expect((await c.call(c.member, 'POST', `/threads/${thread.id}/read`)).status).toBe(200);

    await tickAt(new Date(sentAt + 6 * MINUTE));
    await tickAt(new Date(sentAt + 60 * MINUTE));
    expect(to(c.member.user.email)).toHaveLength(0);
    expect(await sentWindows(c, c.member.user.id)).toEqual([]);
  });

  it('is sent once when the worker restarts in its window and the job runs again', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    await post(c, c.team, thread.id, 'Sent across a restart.');
    const at = new Date(Date.now() + 6 * MINUTE);

    await messageWorker.close();
    app.ctx.clock = { now: () => at };
    const { queued } = (await runMaintenanceTask(app.ctx, 'message-emails')) as { queued: number };
    expect(queued).toBeGreaterThanOrEqual(1);
    const windowEnd = new Date(Math.floor((at.getTime() - 5 * MINUTE) / MINUTE) * MINUTE).toISOString();
    const jobId = messageEmailJobId({ tenantId: c.tenant.id, userId: c.member.user.id, windowEnd });
    expect(await app.ctx.queues.messages.getJobState(jobId)).toBe('waiting');

    // A new worker takes the job over and sends it.
    messageWorker = createMessageWorker(app.ctx);
    await drained();
    await smtp.waitFor(c.member.user.email);

    // The job runs again (a worker that died before recording its completion, Redis forgetting it):
    // the window is recorded, so nothing more is sent, and the next tick has nothing to queue for it.
    await app.ctx.queues.messages.remove(jobId);
    await messageWorker.close();
    messageWorker = createMessageWorker(app.ctx);
    await app.ctx.queues.messages.add(
      'email',
      { kind: 'email', tenantId: c.tenant.id, userId: c.member.user.id, windowEnd },
      { jobId },
    );
    await drained();
    const again = await app.ctx.queues.messages.getJob(jobId);
    expect(again?.returnvalue).toBe('already-sent');
    await tickAt(at);
    expect(await app.ctx.queues.messages.getJob(jobId)).toMatchObject({ returnvalue: 'already-sent' });
    expect(to(c.member.user.email)).toHaveLength(1);
    expect(await app.ctx.db.EmailOutbox.count({ where: { to_address: c.member.user.email }, allTenants: true })).toBe(
      1,
    );
  });

  it('keeps a client’s reply to an announcement out of the other clients’ emails', async () => {
    const c = await conversation(app);
    const news = await c.call(c.admin, 'POST', '/threads', { role: 'role2', subject: 'Office closed Friday' });
    await post(c, c.admin, news.body.thread.id, 'We are closed on Friday.');
    await post(c, c.member, news.body.thread.id, 'Will you open on Saturday?');
    await tickAt(new Date(Date.now() + 6 * MINUTE));

    const other = await smtp.waitFor(c.other.user.email);
    expect(other.text).toContain('Office closed Friday');
    expect(other.text).toContain('We are closed on Friday.');
    expect(other.text).not.toContain('Saturday');
    // The replier read the announcement when they answered it: nothing to tell them.
    expect(to(c.member.user.email)).toHaveLength(0);
  });
});

describe('a digest', () => {
  it('collects a day of unread messages from several threads into one daily email after midnight UTC', async () => {
    const c = await conversation(app);
    expect((await c.call(c.team, 'PUT', '/message-email', { message_email: 'daily' })).status).toBe(200);
    const mine = await ownThread(c, c.member);
    const theirs = await ownThread(c, c.other);
    await post(c, c.member, mine.id, 'First question.');
    await post(c, c.member, mine.id, 'Second question.');
    await post(c, c.other, theirs.id, 'Another client asks.');
    const midnight = Math.ceil(Date.now() / DAY) * DAY;

    await tickAt(new Date(midnight - 30 * MINUTE));
    await tickAt(new Date(midnight + 2 * MINUTE));
    expect(to(c.team.user.email)).toHaveLength(0);

    await tickAt(new Date(midnight + 6 * MINUTE));
    const digest = await smtp.waitFor(c.team.user.email);
    expect(digest.subject).toBe(`Your daily digest: 3 messages you have not read in ${c.tenant.name}`);
    for (const text of ['First question.', 'Second question.', 'Another client asks.'])
      expect(digest.text).toContain(text);
    expect(digest.text).toContain(`/messages?tenant_id=${c.tenant.id}&thread=${mine.id}`);
    expect(digest.text).toContain(`/messages?tenant_id=${c.tenant.id}&thread=${theirs.id}`);

    await tickAt(new Date(midnight + 90 * MINUTE));
    expect(to(c.team.user.email)).toHaveLength(1);
  });

  it('sends the team an hourly digest by default, and nothing to who chose never', async () => {
    const c = await conversation(app);
    expect((await c.call(c.admin, 'PUT', '/message-email', { message_email: 'never' })).status).toBe(200);
    const thread = await ownThread(c, c.member);
    await post(c, c.member, thread.id, 'Anyone there?');
    const nextHour = Math.ceil(Date.now() / (60 * MINUTE)) * 60 * MINUTE;

    await tickAt(new Date(nextHour + 6 * MINUTE));
    const hourly = await smtp.waitFor(c.team.user.email);
    expect(hourly.subject).toBe(`Your hourly digest: a message you have not read in ${c.tenant.name}`);
    expect(to(c.admin.user.email)).toHaveLength(0);
  });
});
