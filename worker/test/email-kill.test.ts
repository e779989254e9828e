import { randomBytes } from 'node:crypto';
import { closeContext, createContext, loadConfig, sendEmail, type AppContext } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/harness';
import { killProcessTree, startProcess, type RunningProcess } from '../../testing/processes';
import { startSmtpServer } from '../../testing/smtp';

/*
 * The outbox's promise to a crashed worker (deliverOutboxEmail): a row is marked `sending` with its
 * Message-ID before SMTP gets it, and a row found `sending` again is sent again with that same
 * Message-ID. So a worker killed mid-send leaves one outbox row, sent in the end, and every copy any
 * server received carries the one Message-ID its receivers drop duplicates by.
 */

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;
let ctx: AppContext;
const running: RunningProcess[] = [];
const smtpServers: Array<Awaited<ReturnType<typeof startSmtpServer>>> = [];

beforeAll(async () => {
  db = await createTestDatabase();
  env = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `e${randomBytes(5).toString('hex')}`,
    JWT_SECRET: 'email-kill-secret-email-kill-secret-01',
    SECRETS_KEY: 'email-kill-key-email-kill-key-01234567',
    LOG_LEVEL: 'info',
    // A killed worker's email is taken up again within seconds, not after the default 30 s lock.
    EMAIL_LOCK_MS: '2000',
  };
  ctx = await createContext(loadConfig(env), 'test');
});
afterAll(async () => {
  for (const p of running) killProcessTree(p, 'SIGKILL');
  await Promise.all(running.map((p) => p.exit));
  await ctx.queues.emails.obliterate({ force: true }).catch(() => undefined);
  await closeContext(ctx);
  await Promise.all(smtpServers.map((s) => s.close()));
  await db.drop();
});

async function smtpServer(options: Parameters<typeof startSmtpServer>[0]) {
  const server = await startSmtpServer(options);
  smtpServers.push(server);
  return server;
}

async function startWorker(smtpUrl: string): Promise<RunningProcess> {
  const worker = startProcess('worker/src/main.ts', { ...env, SMTP_URL: smtpUrl });
  running.push(worker);
  await worker.waitForOutput(/worker started/);
  return worker;
}

async function killWorker(worker: RunningProcess): Promise<void> {
  killProcessTree(worker, 'SIGKILL');
  await worker.exit;
}

async function stopWorker(worker: RunningProcess): Promise<void> {
  worker.child.kill('SIGTERM');
  expect(await worker.exit).toBe(0);
}

const queueEmail = (subject: string, to: string) =>
  sendEmail(ctx, { template: 'test', subject, html: '<p>hi</p>', text: 'hi', to, tenantId: null });

const outboxRows = (to: string) =>
  ctx.db.EmailOutbox.findAll({ where: { to_address: to, tenant_id: null }, order: [['created_at', 'ASC']] });

async function waitUntilSent(id: string): Promise<void> {
  await expect
    .poll(async () => (await ctx.db.EmailOutbox.findOne({ where: { id, tenant_id: null } }))?.status, {
      timeout: 20_000,
      interval: 100,
    })
    .toBe('sent');
}

describe('a worker killed while sending an email', () => {
  it('after SMTP took the data but before it answered: one outbox row, sent, every copy with one Message-ID', async () => {
    // The server keeps a message whose data arrived although its client died before the answer.
    const smtp = await smtpServer({ delayMs: 1500 });
    const first = await startWorker(smtp.url);
    const row = await queueEmail('Killed after the data', 'after-data@example.test');
    await smtp.waitForData();
    await killWorker(first);

    const atKill = await ctx.db.EmailOutbox.findOne({ where: { id: row.id, tenant_id: null } });
    // Another worker (a replica, or the one restarted) takes the job up once its lock lapses.
    const second = startWorker(smtp.url);
    expect(atKill?.status).toBe('sending');
    expect(atKill?.message_id).toMatch(/^<.+@.+>$/);

    await waitUntilSent(row.id);
    await stopWorker(await second);

    const rows = await outboxRows('after-data@example.test');
    expect(rows.map((r) => [r.id, r.status, r.message_id])).toEqual([[row.id, 'sent', atKill!.message_id]]);
    expect(rows[0]!.attempts).toBe(2);
    // The copy the server kept from the killed worker, and the one sent again: the same Message-ID.
    const copies = smtp.messages.filter((m) => m.subject === 'Killed after the data');
    expect(copies.map((m) => m.messageId)).toEqual([atKill!.message_id, atKill!.message_id]);
  }, 30_000);

  it('before SMTP had any of the message: one outbox row, sent, exactly one message received', async () => {
    // Connected, but the greeting is held: the killed worker never sent a command.
    const smtp = await smtpServer({ greetingDelayMs: 1500 });
    const first = await startWorker(smtp.url);
    const row = await queueEmail('Killed before the data', 'before-data@example.test');
    await smtp.waitForConnection();
    await killWorker(first);

    const atKill = await ctx.db.EmailOutbox.findOne({ where: { id: row.id, tenant_id: null } });
    const second = startWorker(smtp.url);
    expect(atKill?.status).toBe('sending');
    expect(smtp.messages).toEqual([]);

    await waitUntilSent(row.id);
    await stopWorker(await second);

    const rows = await outboxRows('before-data@example.test');
    expect(rows.map((r) => [r.id, r.status, r.message_id])).toEqual([[row.id, 'sent', atKill!.message_id]]);
    expect(smtp.messages.map((m) => [m.subject, m.messageId])).toEqual([
      ['Killed before the data', atKill!.message_id],
    ]);
  }, 30_000);
});
