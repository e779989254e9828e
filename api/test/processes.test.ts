import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeContext, createContext, loadConfig, sendEmail, type AppContext } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/harness';
import { freePort, killProcessTree, startProcess, waitForHttp } from '../../testing/processes';
import { startSmtpServer } from '../../testing/smtp';
import { CRON_TABLE } from '@portico/core';

function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
    const row = await sendEmail(ctx, {
      template: 'test',
      subject: 'In flight',
      html: '<p>hi</p>',
      text: 'hi',
      to: 'inflight@example.test',
      tenantId: null,
    });
    await smtp.waitForConnection();
    worker.child.kill('SIGTERM');
    expect(await worker.exit).toBe(0);
    const after = await ctx.db.EmailOutbox.findOne({ where: { id: row.id, tenant_id: null } });
    expect(after?.status).toBe('sent');
    expect(smtp.messages.map((m) => m.subject)).toContain('In flight');
  });

  it('the worker serves its metrics on METRICS_PORT: jobs and emails by outcome', async () => {
    const port = await freePort();
    const worker = startProcess('worker/src/main.ts', { ...env, METRICS_PORT: String(port) });
    try {
      await worker.waitForOutput(/worker started/);
      const row = await sendEmail(ctx, {
        template: 'test',
        subject: 'Counted',
        html: '<p>hi</p>',
        text: 'hi',
        to: 'counted@example.test',
        tenantId: null,
      });
      await expect
        .poll(async () => (await ctx.db.EmailOutbox.findOne({ where: { id: row.id, tenant_id: null } }))?.status, {
          timeout: 15_000,
        })
        .toBe('sent');
      const metrics = async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      await expect.poll(metrics).toContain('portico_jobs_total{queue="emails",outcome="completed",process="worker"} 1');
      const text = await metrics();
      expect(text).toContain('portico_emails_total{outcome="sent",process="worker"} 1');
      expect(text).toContain('portico_job_duration_seconds_count{process="worker",queue="emails"} 1');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      worker.child.kill('SIGTERM');
      expect(await worker.exit).toBe(0);
    }
  });

  it('the scheduler registers its schedules, serves its metrics and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const scheduler = startProcess('scheduler/src/main.ts', { ...env, METRICS_PORT: String(port) });
    await scheduler.waitForOutput(/scheduler started/);
    expect((await ctx.queues.maintenance.getJobSchedulers()).map((s) => s.key).sort()).toEqual(
      CRON_TABLE.map((entry) => entry.name).sort(),
    );
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('# TYPE portico_scheduler_last_run_timestamp_seconds gauge');
    scheduler.child.kill('SIGTERM');
    expect(await scheduler.exit).toBe(0);
  });

  it("npm start's supervisor restarts a process that dies, logs it, and leaves the others running", async () => {
    const port = await freePort();
    const serve = startProcess('scripts/serve.ts', { ...env, PORT: String(port) });
    const health = `http://127.0.0.1:${port}/api/health`;
    /** The pid each process last started with, from the supervisor's log. */
    const pids = () => {
      const started = [...serve.output().matchAll(/"process":"(\w+)","pid":(\d+),"msg":"\w+ started"/g)];
      return Object.fromEntries(started.map(([, name, pid]) => [name!, Number(pid)]));
    };
    try {
      await serve.waitForOutput(/"msg":"scheduler started"/);
      await waitForHttp(health);
      const before = pids();
      process.kill(before.api!, 'SIGKILL');
      await serve.waitForOutput(/"msg":"api stopped unexpectedly; restarting it in 1000 ms"/);
      await expect.poll(() => pids().api, { timeout: 15_000 }).not.toBe(before.api);
      await waitForHttp(health);
      expect(pids().worker).toBe(before.worker);
      expect(pids().scheduler).toBe(before.scheduler);
      expect([alive(before.worker), alive(before.scheduler), alive(before.api)]).toEqual([true, true, false]);
      serve.child.kill('SIGTERM');
      expect(await serve.exit).toBe(0);
      const after = pids();
      expect([after.api, after.worker, after.scheduler].map(alive)).toEqual([false, false, false]);
    } finally {
      killProcessTree(serve, 'SIGKILL');
    }
  }, 60_000);

  it('an API killed mid-upload leaves its temporary file, which the next start sweeps once it is an hour old', async () => {
    const storageDir = await mkdtemp(path.join(tmpdir(), 'portico-killed-upload-'));
    const port = await freePort();
    const apiEnv = { ...env, PORT: String(port), STORAGE_DIR: storageDir };
    const parts = async () =>
      (await readdir(storageDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && e.name.endsWith('.part'))
        .map((e) => path.join(e.parentPath, e.name));
    let api = startProcess('api/src/main.ts', apiEnv);
    let socket: Socket | undefined;
    try {
      await api.waitForOutput(/Portico API listening/);
      // Anyone may start an onboarding, and its logo is an upload.
      const started = await fetch(`http://127.0.0.1:${port}/api/onboarding-start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Olive Owner',
          email: `olive-${randomBytes(4).toString('hex')}@acme.test`,
          password: 'correct-horse-battery',
          companyName: 'Acme Legal',
          source: 'Google',
          title: 'Owner/Founder',
        }),
      });
      const token = ((await started.json()) as { session: { access_token: string } }).session.access_token;
      socket = connect(port, '127.0.0.1');
      const head = `--XyZ\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`;
      socket.write(
        [
          'POST /api/onboarding-logo HTTP/1.1',
          'Host: localhost',
          `Authorization: Bearer ${token}`,
          'Content-Type: multipart/form-data; boundary=XyZ',
          `Content-Length: ${head.length + 1024 * 1024}`,
          '',
          head,
        ].join('\r\n'),
      );
      socket.write(Buffer.alloc(200_000, 0x61));
      await expect.poll(parts, { timeout: 10_000 }).toHaveLength(1);
      killProcessTree(api, 'SIGKILL');
      await api.exit;
      const [orphan] = await parts();
      // Two hours later; and one written a moment ago, which may still be an upload in flight.
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
      await utimes(orphan!, twoHoursAgo, twoHoursAgo);
      const recent = path.join(path.dirname(orphan!), '.other.png.0123456789ab.part');
      await writeFile(recent, 'in flight');

      api = startProcess('api/src/main.ts', apiEnv);
      await api.waitForOutput(/"removed":1,"msg":"unfinished uploads swept"/);
      expect(existsSync(orphan!)).toBe(false);
      expect(await parts()).toEqual([recent]);
      api.child.kill('SIGTERM');
      expect(await api.exit).toBe(0);
    } finally {
      socket?.destroy();
      killProcessTree(api, 'SIGKILL');
      await rm(storageDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start in production without secrets and says what to set', async () => {
    const api = startProcess('api/src/main.ts', { NODE_ENV: 'production', DATABASE_URL: db.url });
    expect(await api.exit).toBe(1);
    expect(api.output()).toContain('Portico cannot start in production without JWT_SECRET and SECRETS_KEY.');
  });
});
