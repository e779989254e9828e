import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { closeContext, createContext, EmailOutbox, loadConfig, sendEmail, type AppContext } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/harness';
import { startProcess } from '../../testing/processes';
import { startSmtpServer } from '../../testing/smtp';
import { CRON_TABLE } from '../../scheduler/src/cron-table';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let ctx: AppContext;

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpServer({ delayMs: 1500 });
  env = {
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    REDIS_PREFIX: `p${randomBytes(5).toString('hex')}`,
    JWT_SECRET: 'process-test-secret-process-test-secret',
    SECRETS_KEY: 'process-test-key-process-test-key-12345',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'info',
  };
  ctx = await createContext(loadConfig(env), 'test');
});
afterAll(async () => {
  await closeContext(ctx);
  await smtp.close();
  await db.drop();
});

describe('processes', () => {
  it('the API serves and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const api = startProcess('api/src/main.ts', { ...env, PORT: String(port) });
    await api.waitForOutput(/Portico API listening/);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    api.child.kill('SIGTERM');
    expect(await api.exit).toBe(0);
  });

  it('the worker finishes the email it is sending before it exits on SIGTERM', async () => {
    const worker = startProcess('worker/src/main.ts', env);
    await worker.waitForOutput(/worker started/);
    const row = await sendEmail(ctx, { template: 'test', subject: 'In flight', html: '<p>hi</p>', text: 'hi', to: 'inflight@example.test', tenantId: null });
    await smtp.waitForConnection();
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    const after = await EmailOutbox.findOne({ where: { id: row.id, tenant_id: null } });
    expect(after?.status).toBe('sent');
    expect(smtp.messages.map((m) => m.subject)).toContain('In flight');
  });

  it('the scheduler registers its schedules and stops cleanly on SIGTERM', async () => {
    const scheduler = startProcess('scheduler/src/main.ts', env);
    await scheduler.waitForOutput(/scheduler started/);
    expect((await ctx.queues.maintenance.getJobSchedulers()).map((s) => s.key).sort()).toEqual(CRON_TABLE.map((entry) => entry.name).sort());
    scheduler.child.kill('SIGTERM');
    expect(await scheduler.exit).toBe(0);
  });

  it('refuses to start in production without secrets and says what to set', async () => {
    const api = startProcess('api/src/main.ts', { NODE_ENV: 'production', DATABASE_URL: db.url });
    expect(await api.exit).toBe(1);
    expect(api.output()).toContain('Portico cannot start in production without JWT_SECRET and SECRETS_KEY.');
  });
});
