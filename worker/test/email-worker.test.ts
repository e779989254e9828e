import { createMailer, invitationEmail, sendEmail } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../testing/smtp';
import { failWrites, startTestContext, type TestContext } from '../../testing/harness';
import { createEmailWorker } from '../src/email-worker';

async function queueInvitation(t: TestContext, to: string) {
  const rendered = await invitationEmail(
    { name: 'Northwind Coaching' },
    'http://portal.test/signup?invite=abc',
    'Client',
  );
  return sendEmail(t.ctx, { ...rendered, to, tenantId: null });
}

async function waitForStatus(t: TestContext, id: string, statuses: string[], timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await t.ctx.db.EmailOutbox.findOne({ where: { id, tenant_id: null } });
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > deadline) throw new Error(`outbox row ${id} stayed ${row?.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('email worker with SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer({ rejectFirst: 1 });
    t = await startTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.test>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers through SMTP, retrying a temporary failure, and marks the row sent', async () => {
    const worker = createEmailWorker(t.ctx);
    // Keep the test quick: retry after 50 ms rather than the production backoff.
    const row = await t.ctx.db.EmailOutbox.create({
      tenant_id: null,
      template: 'invitation',
      to_address: 'client@example.test',
      subject: 's',
      html: '<p>h</p>',
      text_body: 't',
    });
    await t.ctx.queues.emails.add(
      'send',
      { outboxId: row.id },
      { jobId: row.id, attempts: 3, backoff: { type: 'fixed', delay: 50 } },
    );
    const sent = await waitForStatus(t, row.id, ['sent', 'failed']);
    await worker.close();
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
    const mail = await smtp.waitFor('client@example.test');
    expect(mail.from).toBe('portal@example.test');
  });

  it('sends invitation emails that carry the tenant name and the link', async () => {
    const worker = createEmailWorker(t.ctx);
    const row = await queueInvitation(t, 'invitee@example.test');
    await waitForStatus(t, row.id, ['sent']);
    await worker.close();
    const mail = await smtp.waitFor('invitee@example.test');
    expect(mail.subject).toBe("You're invited to join Northwind Coaching");
    expect(mail.text).toContain('http://portal.test/signup?invite=abc');
    expect(mail.html).toContain('Northwind Coaching');
  });

  it('does not send again an email SMTP took when only its sent mark failed; the retry records it', async () => {
    const removeFault = await failWrites(t.ctx, 'email_outbox', { when: "NEW.status = 'sent'", times: 1 });
    const worker = createEmailWorker(t.ctx);
    const row = await t.ctx.db.EmailOutbox.create({
      tenant_id: null,
      template: 'invitation',
      to_address: 'once@example.test',
      subject: 'Only once',
      html: '<p>h</p>',
      text_body: 't',
    });
    await t.ctx.queues.emails.add(
      'send',
      { outboxId: row.id },
      { jobId: row.id, attempts: 3, backoff: { type: 'fixed', delay: 50 } },
    );
    const sent = await waitForStatus(t, row.id, ['sent', 'failed']);
    await worker.close();
    await removeFault();
    expect(smtp.messages.filter((m) => m.to.includes('once@example.test'))).toHaveLength(1);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.message_id).toMatch(/^<[0-9a-f-]{36}@example\.test>$/);
    expect((await smtp.waitFor('once@example.test')).messageId).toBe(sent.message_id);
    // The confirmation travelled with the job: attempt 2 only recorded it.
    const job = await t.ctx.queues.emails.getJob(row.id);
    expect(job).toMatchObject({ attemptsMade: 2, data: { outboxId: row.id, sentMessageId: sent.message_id } });
  });

  it('sends again, under the same Message-ID, a row left sending without a confirmed send', async () => {
    const worker = createEmailWorker(t.ctx);
    const row = await t.ctx.db.EmailOutbox.create({
      tenant_id: null,
      template: 'invitation',
      to_address: 'unsure@example.test',
      subject: 'Maybe out',
      html: '<p>h</p>',
      text_body: 't',
      status: 'sending',
      message_id: '<left-sending@example.test>',
      attempts: 1,
    });
    await t.ctx.queues.emails.add('send', { outboxId: row.id }, { jobId: row.id });
    const sent = await waitForStatus(t, row.id, ['sent', 'failed']);
    await worker.close();
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, message_id: '<left-sending@example.test>' });
    expect((await smtp.waitFor('unsure@example.test')).messageId).toBe('<left-sending@example.test>');
  });

  it('marks the row failed after the last attempt', async () => {
    const worker = createEmailWorker({
      ...t.ctx,
      mail: createMailer({
        smtpUrl: 'smtp://127.0.0.1:1',
        sendgridSmtpUrl: t.config.sendgridSmtpUrl,
        mailFrom: t.config.mailFrom,
      }),
    });
    const row = await t.ctx.db.EmailOutbox.create({
      tenant_id: null,
      template: 'invitation',
      to_address: 'x@example.test',
      subject: 's',
      html: 'h',
      text_body: 't',
    });
    await t.ctx.queues.emails.add(
      'send',
      { outboxId: row.id },
      { jobId: row.id, attempts: 2, backoff: { type: 'fixed', delay: 20 } },
    );
    const failed = await waitForStatus(t, row.id, ['failed']);
    await worker.close();
    expect(failed.attempts).toBe(2);
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
  });
});

describe('email worker without SMTP', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestContext();
  });
  afterAll(() => t.close());

  it('logs the message and keeps it in the outbox', async () => {
    const worker = createEmailWorker(t.ctx);
    const row = await queueInvitation(t, 'nobody-sends@example.test');
    const kept = await waitForStatus(t, row.id, ['logged']);
    await worker.close();
    expect(kept.text_body).toContain('http://portal.test/signup?invite=abc');
    expect(kept.sent_at).toBeNull();
  });
});
