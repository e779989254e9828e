import { randomUUID } from 'node:crypto';
import { sendEmail, sessionVersionKeys, workspaceVersionKeys } from '@portico/core';
import type { EmailOutbox } from '@portico/core/db';
import type { Job, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaintenanceWorker, registerSchedules } from '../../scheduler/src/scheduler';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startSmtpServer } from '../../testing/smtp';
import { createEmailWorker } from '../../worker/src/email-worker';

const SUPER_ONLY = 'Only platform super admins can do that.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  // The first message is refused (451): a job allowed one attempt fails for real.
  smtp = await startSmtpServer({ rejectFirst: 1 });
  app = await startTestApp({ SMTP_URL: smtp.url });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const asRoot = (method: string, path: string, body?: unknown) => app.request(method, path, { token: root.token, body });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function outboxRow(): Promise<EmailOutbox> {
  return app.ctx.db.EmailOutbox.create({
    tenant_id: null,
    template: 'test',
    to_address: `someone-${randomUUID().slice(0, 8)}@example.test`,
    subject: 'Hello',
    html: '<p>Hello</p>',
    text_body: 'Hello',
  });
}

/** The outbox row as it is now (outbox rows of the platform belong to no workspace). */
function reread(row: EmailOutbox): Promise<EmailOutbox | null> {
  return app.ctx.db.EmailOutbox.findOne({ where: { id: row.id }, allTenants: true });
}

async function auditActions(entityId: string): Promise<string[]> {
  const rows = await app.ctx.db.AuditLog.findAll({
    where: { entity_id: entityId },
    allTenants: true,
    order: [['created_at', 'ASC']],
  });
  return rows.map((r) => `${r.action} by ${r.actor_user_id === root.user.id ? 'root' : r.actor_user_id}`);
}

describe('who may call', () => {
  const calls: Array<[string, string]> = [
    ['GET', '/jobs/recent'],
    ['GET', '/jobs/cron'],
    ['POST', '/jobs/cron/purge-expired/toggle'],
    ['POST', '/jobs/emails:none/retry'],
    ['POST', '/jobs/emails:none/cancel'],
    ['GET', '/audit'],
    ['GET', '/audit/export.csv'],
    ['POST', '/super/cache/purge'],
    ['POST', '/super/search/rebuild'],
  ];
  it.each(calls)('%s %s: super admins only', async (method, path) => {
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request(method, path, { token: person.token, tenantId: workspace.tenant.id });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: SUPER_ONLY });
    }
    expect((await app.request(method, path)).status).toBe(401);
  });

  it('refuses filters that are not one of the lists with a sentence', async () => {
    const cases: Array<[string, string]> = [
      ['/jobs/recent?queue=mail', 'Queue must be one of emails, maintenance, webhooks, provisioning, messages.'],
      ['/jobs/recent?status=stuck', 'Status must be one of waiting, delayed, active, completed, failed.'],
      ['/jobs/recent?limit=0', 'Limit must be a whole number from 1 to 500.'],
      ['/audit?limit=201', 'Limit must be a whole number from 1 to 200.'],
      ['/audit?tenant_id=acme', 'Tenant must be a workspace id.'],
      ['/audit?from=yesterday', 'From must be a date such as 2026-11-26 or 2026-11-26T09:30:00Z.'],
    ];
    for (const [path, error] of cases) {
      const res = await asRoot('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body.error).toBe(error);
    }
  });
});

describe('Retry and Cancel', () => {
  let worker: Worker | undefined;
  afterAll(async () => {
    await worker?.close();
  });

  it('a failed email job runs again on Retry, its email reopened and sent; audited', async () => {
    const row = await outboxRow();
    const jobId = `retry-${row.id}`;
    await app.ctx.queues.emails.add('send', { outboxId: row.id }, { jobId, attempts: 1 });
    worker = createEmailWorker(app.ctx);
    await until(
      () => app.ctx.queues.emails.getJobState(jobId),
      (s) => s === 'failed',
      'the job to fail',
    );
    expect((await reread(row))?.status).toBe('failed');

    const { jobs } = (await asRoot('GET', '/jobs/recent?queue=emails&status=failed')).body;
    const listed = jobs.find((j: { id: string }) => j.id === `emails:${jobId}`);
    expect(listed).toMatchObject({ queue: 'emails', status: 'failed', attempts: 1, name: 'send' });
    expect(listed.errorExcerpt).toMatch(/Mailbox temporarily unavailable/);
    expect(listed.runtimeMs).toBeGreaterThanOrEqual(0);

    const overview = (await asRoot('GET', '/super/overview')).body;
    expect(overview.failedJobs).toBe(1);
    expect(overview.alerts).toContainEqual(expect.objectContaining({ id: 'jobs:failed', title: '1 failed job' }));

    const retried = await asRoot('POST', `/jobs/emails:${jobId}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.job).toMatchObject({ id: `emails:${jobId}`, status: 'waiting' });
    await until(
      () => reread(row),
      (r) => r?.status === 'sent',
      'the email to be sent',
    );
    expect(smtp.messages.map((m) => m.to[0])).toContain(row.to_address);
    expect(await auditActions(`emails:${jobId}`)).toEqual(['job.retried by root']);

    const again = await asRoot('POST', `/jobs/emails:${jobId}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Only a failed job can be retried.');
    await worker.close();
    worker = undefined;
  });

  it('Cancel removes a waiting email job and closes its email, so no sweep sends it; audited', async () => {
    const row = await sendEmail(app.ctx, {
      template: 'test',
      subject: 'Hello',
      html: '<p>Hello</p>',
      text: 'Hello',
      to: 'cancel-me@example.test',
      tenantId: null,
    });
    const id = `emails:${row.id}`;
    expect(await app.ctx.queues.emails.getJobState(row.id)).toBe('waiting');
    const cancelled = await asRoot('POST', `/jobs/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.job).toMatchObject({ id, status: 'waiting' });
    expect(await app.ctx.queues.emails.getJob(row.id)).toBeUndefined();
    expect(await reread(row)).toMatchObject({ status: 'failed', last_error: 'Cancelled from the platform console.' });
    expect(await auditActions(id)).toEqual(['job.cancelled by root']);

    const gone = await asRoot('POST', `/jobs/${id}/cancel`);
    expect(gone.status).toBe(404);
    expect(gone.body.error).toBe('This job no longer exists.');
  });

  it('Cancel is refused for a job that is not waiting, Retry for one that has not failed', async () => {
    const row = await outboxRow();
    const jobId = `later-${row.id}`;
    const job: Job = await app.ctx.queues.emails.add('send', { outboxId: row.id }, { jobId, delay: 60_000 });
    expect(await job.getState()).toBe('delayed');
    const retry = await asRoot('POST', `/jobs/emails:${jobId}/retry`);
    expect(retry.status).toBe(409);
    expect(retry.body.error).toBe('Only a failed job can be retried.');
    expect((await asRoot('POST', `/jobs/emails:${jobId}/cancel`)).status).toBe(200);

    for (const id of ['emails:nothing-here', 'nowhere:1', 'plain']) {
      const res = await asRoot('POST', `/jobs/${id}/retry`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('This job no longer exists.');
    }
  });
});

describe('the cron table', () => {
  it('lists each periodic job with its schedule and next run; Toggle removes and restores its scheduler', async () => {
    // Before any scheduler registered them, each is on but not registered.
    const before = (await asRoot('GET', '/jobs/cron')).body.cron;
    expect(before.map((c: { state: string }) => c.state)).toEqual(Array(11).fill('not_registered'));
    await registerSchedules(app.ctx);
    const { cron } = (await asRoot('GET', '/jobs/cron')).body;
    expect(cron.map((c: { name: string }) => c.name)).toEqual([
      'purge-expired',
      'sweep-outbox',
      'flush-api-key-usage',
      'sweep-events',
      'notifications-tick',
      'sweep-uploads',
      'billing-reminders',
      'message-emails',
      'inbox-digests',
      'purge-messages',
      'purge-deleted-files',
    ]);
    const purge = cron.find((c: { name: string }) => c.name === 'purge-expired');
    expect(purge).toMatchObject({ schedule: '17 * * * *', enabled: true, state: 'enabled', lastRunAt: null });
    expect(Date.parse(purge.nextRunAt)).toBeGreaterThan(Date.now());

    const off = await asRoot('POST', '/jobs/cron/purge-expired/toggle');
    expect(off.status).toBe(200);
    expect(off.body.cron.find((c: { name: string }) => c.name === 'purge-expired')).toMatchObject({
      enabled: false,
      state: 'disabled',
      nextRunAt: null,
    });
    expect(await app.ctx.queues.maintenance.getJobScheduler('purge-expired')).toBeUndefined();
    // A scheduler that starts again leaves it off.
    await registerSchedules(app.ctx);
    expect(await app.ctx.queues.maintenance.getJobScheduler('purge-expired')).toBeUndefined();

    const on = await asRoot('POST', '/jobs/cron/purge-expired/toggle');
    expect(on.body.cron.find((c: { name: string }) => c.name === 'purge-expired').enabled).toBe(true);
    expect(await app.ctx.queues.maintenance.getJobScheduler('purge-expired')).toBeTruthy();
    expect(await auditActions('purge-expired')).toEqual(['cron.disabled by root', 'cron.enabled by root']);

    const unknown = await asRoot('POST', '/jobs/cron/make-coffee/toggle');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('There is no periodic job of that name.');
  });
});

describe('console actions', () => {
  it('Purge Cache starts a new epoch of the session and workspace caches everywhere; audited with its reason', async () => {
    const keys = [sessionVersionKeys.epoch(app.config.redisPrefix), workspaceVersionKeys.epoch(app.config.redisPrefix)];
    const before = await app.ctx.redis.mget(...keys);
    const res = await asRoot('POST', '/super/cache/purge', { reason: 'Stale branding' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ purged: true });
    const after = await app.ctx.redis.mget(...keys);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    const [row] = await app.ctx.db.AuditLog.findAll({ where: { action: 'cache.purged' }, allTenants: true });
    expect(row).toMatchObject({ actor_user_id: root.user.id, reason: 'Stale branding' });
  });

  it('Rebuild Search Index queues a job the scheduler runs to completion', async () => {
    const res = await asRoot('POST', '/super/search/rebuild');
    expect(res.status).toBe(202);
    const id: string = res.body.job_id;
    expect(id).toMatch(/^maintenance:rebuild-search-index-/);
    const worker = createMaintenanceWorker(app.ctx);
    try {
      const jobId = id.slice('maintenance:'.length);
      await until(
        () => app.ctx.queues.maintenance.getJobState(jobId),
        (s) => s === 'completed',
        'the rebuild',
      );
      const job = await app.ctx.queues.maintenance.getJob(jobId);
      expect(job!.progress).toBe(100);
      expect(job!.returnvalue).toEqual({
        reindexed: ['files_search_idx', 'embeds_search_idx', 'forms_search_idx', 'messages_search_idx'],
      });
    } finally {
      await worker.close();
    }
    const { jobs } = (await asRoot('GET', '/jobs/recent?queue=maintenance&status=completed')).body;
    expect(jobs.find((j: { id: string }) => j.id === id)).toMatchObject({
      status: 'completed',
      name: 'rebuild-search-index',
    });
    expect(await auditActions(id)).toEqual(['search.rebuild_queued by root']);
  });
});

describe('the audit log', () => {
  it('lists newest first with actor emails and workspace names, filtered by actor, action, workspace and date', async () => {
    const all = (await asRoot('GET', '/audit?limit=200')).body.logs;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const times = all.map((l: { created_at: string }) => Date.parse(l.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.find((l: { action: string }) => l.action === 'cache.purged')).toMatchObject({
      actor_email: root.user.email,
      entity_type: 'cache',
    });

    const jobsOnly = (await asRoot('GET', '/audit?action=job.')).body.logs;
    expect(jobsOnly.length).toBeGreaterThanOrEqual(2);
    expect(jobsOnly.every((l: { action: string }) => l.action.startsWith('job.'))).toBe(true);

    const byEmail = (await asRoot('GET', `/audit?actor=${encodeURIComponent(root.user.email.slice(0, 6))}`)).body.logs;
    const byId = (await asRoot('GET', `/audit?actor=${root.user.id.slice(0, 8)}`)).body.logs;
    expect(byEmail.length).toBe(all.filter((l: { actor_user_id: string }) => l.actor_user_id === root.user.id).length);
    expect(byId).toEqual(byEmail);
    expect((await asRoot('GET', '/audit?actor=nobody-like-this')).body.logs).toEqual([]);

    const tenantRows = (await asRoot('GET', `/audit?tenant_id=${workspace.tenant.id}`)).body.logs;
    expect(tenantRows.every((l: { tenant_id: string }) => l.tenant_id === workspace.tenant.id)).toBe(true);

    const future = (await asRoot('GET', `/audit?from=${new Date(Date.now() + 60_000).toISOString()}`)).body.logs;
    expect(future).toEqual([]);
    expect((await asRoot('GET', '/audit?limit=2')).body.logs).toHaveLength(2);

    const csv = await asRoot('GET', '/audit/export.csv?action=cache.');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename=audit-log.csv');
    const lines = String(csv.body).trim().split('\n');
    expect(lines[0]).toBe(
      'time,actor_user_id,actor_email,action,entity_type,entity_id,tenant_id,tenant_name,reason,details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,${root.user.id},${root.user.email},cache.purged,cache,sessions,,,Stale branding,{}`);
  });
});
