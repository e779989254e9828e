import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encryptSecret, generateWebhookSecret, systemClock } from '@portico/core';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTenant, makeUser } from '../../testing/factories';
import { startTestContext, type TestContext } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { CRON_TABLE } from '@portico/core';
import { registerSchedules } from '../src/scheduler';

let t: TestContext;
beforeAll(async () => {
  // Its own storage folder: the upload sweep below must not touch another test file's uploads.
  t = await startTestContext({ STORAGE_DIR: await mkdtemp(path.join(tmpdir(), 'portico-scheduler-storage-')) });
});
afterAll(async () => {
  await t.close();
  await rm(t.config.storage.dir, { recursive: true, force: true });
});

it('registers every cron entry as a BullMQ job scheduler, idempotently', async () => {
  await registerSchedules(t.ctx);
  await registerSchedules(t.ctx);
  const schedulers = await t.ctx.queues.maintenance.getJobSchedulers();
  expect(schedulers.map((s) => [s.key, s.pattern]).sort()).toEqual(CRON_TABLE.map((c) => [c.name, c.pattern]).sort());
  expect(schedulers.every((s) => (s.next ?? 0) > Date.now() - 1000)).toBe(true);
  // The tests below run tasks one at a time; a scheduled run firing among them would skew their counts.
  for (const entry of CRON_TABLE) await t.ctx.queues.maintenance.removeJobScheduler(entry.name);
  expect(await t.ctx.queues.maintenance.getDelayedCount()).toBe(0);
});

it('purges expired sessions, reset links, unanswered invitations, lapsed domain claims and old webhook history, keeping live ones', async () => {
  const user = await makeUser(t.ctx);
  const tenant = await makeTenant(t.ctx);
  const past = new Date(Date.now() - 60_000);
  const future = new Date(Date.now() + 60_000);
  const [oldFamily, liveFamily] = await Promise.all([
    t.ctx.db.RefreshTokenFamily.create({ user_id: user.id, expires_at: past }),
    t.ctx.db.RefreshTokenFamily.create({ user_id: user.id, expires_at: future }),
  ]);
  await t.ctx.db.PasswordResetToken.bulkCreate([
    { user_id: user.id, token_hash: 'a'.repeat(64), expires_at: past },
    { user_id: user.id, token_hash: 'b'.repeat(64), expires_at: future },
  ]);
  await t.ctx.db.TwoFactorChallenge.bulkCreate([
    { user_id: user.id, token_hash: 'c'.repeat(64), purpose: 'verify', expires_at: past },
    { user_id: user.id, token_hash: 'd'.repeat(64), purpose: 'verify', expires_at: future },
  ]);
  await t.ctx.db.Invitation.bulkCreate([
    {
      tenant_id: tenant.id,
      email: 'old@example.test',
      role: 'role2',
      token_hash: 'c'.repeat(64),
      invited_by: null,
      expires_at: past,
    },
    {
      tenant_id: tenant.id,
      email: 'used@example.test',
      role: 'role2',
      token_hash: 'd'.repeat(64),
      invited_by: null,
      expires_at: past,
      accepted_at: past,
    },
    {
      tenant_id: tenant.id,
      email: 'live@example.test',
      role: 'role2',
      token_hash: 'e'.repeat(64),
      invited_by: null,
      expires_at: future,
    },
  ]);

  const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
  const webhook = await t.ctx.db.Webhook.create({
    tenant_id: tenant.id,
    url: 'https://hooks.example.test/in',
    events: 'all',
    secret_encrypted: encryptSecret(generateWebhookSecret(), t.config.secretsKey),
    created_by: null,
  });
  const [, recentEvent, undelivered] = await t.ctx.db.TenantEvent.bulkCreate([
    { tenant_id: tenant.id, type: 'form.submitted', data: {}, dispatched_at: longAgo },
    { tenant_id: tenant.id, type: 'form.submitted', data: {}, dispatched_at: new Date() },
    { tenant_id: tenant.id, type: 'form.submitted', data: {}, dispatched_at: null },
  ]);
  const delivery = (status: 'succeeded' | 'failed' | 'pending', completedAt: Date | null) => ({
    tenant_id: tenant.id,
    webhook_id: webhook.id,
    event_id: null,
    message_id: 'm',
    event_type: 'form.submitted',
    payload: {},
    status,
    completed_at: completedAt,
  });
  const [oldDone, recentDone, stillPending] = await t.ctx.db.WebhookDelivery.bulkCreate([
    delivery('succeeded', longAgo),
    delivery('failed', new Date()),
    delivery('pending', null),
  ]);
  await t.ctx.db.WebhookAttempt.create({
    tenant_id: tenant.id,
    delivery_id: oldDone!.id,
    attempt: 1,
    status_code: 200,
    duration_ms: 5,
    response_excerpt: 'ok',
    error: null,
  });

  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
  const domain = (name: string, createdAt: Date, verifiedAt: Date | null) => ({
    tenant_id: tenant.id,
    domain: name,
    verification_token: name,
    verified_at: verifiedAt,
    created_by: null,
    created_at: createdAt,
  });
  await t.ctx.db.TenantDomain.bulkCreate([
    domain('lapsed.example.test', eightDaysAgo, null),
    domain('waiting.example.test', new Date(), null),
    domain('verified.example.test', eightDaysAgo, eightDaysAgo),
  ]);

  // Inbox items are kept 90 days.
  await t.ctx.sequelize.query(
    `INSERT INTO inbox_items (tenant_id, user_id, kind, title, link, entity_type, entity_id, created_at)
     VALUES ($1, $2, 'file.shared', 'Old', '/files', 'file', gen_random_uuid(), now() - interval '91 days'),
            ($1, $2, 'file.shared', 'Recent', '/files', 'file', gen_random_uuid(), now() - interval '89 days')`,
    { bind: [tenant.id, user.id] },
  );

  const result = await runMaintenanceTask(t.ctx, 'purge-expired');

  expect(result).toEqual({
    refreshTokenFamilies: 1,
    passwordResetTokens: 1,
    invitations: 1,
    webhookDeliveries: 1,
    tenantEvents: 1,
    auditLogs: 0,
    twoFactorChallenges: 1,
    domainClaims: 1,
    inboxItems: 1,
  });
  const domainsLeft = await t.ctx.db.TenantDomain.findAll({
    where: { tenant_id: tenant.id },
    order: [['domain', 'ASC']],
  });
  expect(domainsLeft.map((d) => d.domain)).toEqual(['verified.example.test', 'waiting.example.test']);
  expect((await t.ctx.db.TwoFactorChallenge.findAll({ where: { user_id: user.id } })).map((c) => c.token_hash)).toEqual(
    ['d'.repeat(64)],
  );
  const deliveriesLeft = await t.ctx.db.WebhookDelivery.findAll({
    where: { tenant_id: tenant.id },
    attributes: ['id'],
  });
  expect(deliveriesLeft.map((d) => d.id).sort()).toEqual([recentDone!.id, stillPending!.id].sort());
  expect(await t.ctx.db.WebhookAttempt.count({ where: { tenant_id: tenant.id } })).toBe(0);
  const eventsLeft = await t.ctx.db.TenantEvent.findAll({ where: { tenant_id: tenant.id }, attributes: ['id'] });
  expect(eventsLeft.map((e) => e.id).sort()).toEqual([recentEvent!.id, undelivered!.id].sort());
  expect(await t.ctx.db.RefreshTokenFamily.findByPk(oldFamily.id)).toBeNull();
  expect(await t.ctx.db.RefreshTokenFamily.findByPk(liveFamily.id)).not.toBeNull();
  const left = await t.ctx.db.Invitation.findAll({ where: { tenant_id: tenant.id }, order: [['email', 'ASC']] });
  expect(left.map((i) => i.email)).toEqual(['live@example.test', 'used@example.test']);
});

it('re-queues outbox rows whose delivery job never reached the queue', async () => {
  const stale = await t.ctx.db.EmailOutbox.create({
    tenant_id: null,
    template: 't',
    to_address: 'a@example.test',
    subject: 's',
    html: 'h',
    text_body: 't',
  });
  await t.ctx.db.EmailOutbox.update(
    { created_at: new Date(Date.now() - 10 * 60_000) },
    { where: { id: stale.id, tenant_id: null }, silent: true },
  );
  const fresh = await t.ctx.db.EmailOutbox.create({
    tenant_id: null,
    template: 't',
    to_address: 'b@example.test',
    subject: 's',
    html: 'h',
    text_body: 't',
  });
  expect(await runMaintenanceTask(t.ctx, 'sweep-outbox')).toEqual({ requeued: 1, requeuedJobs: 0 });
  expect(await t.ctx.queues.emails.getJob(stale.id)).toBeTruthy();
  expect(await t.ctx.queues.emails.getJob(fresh.id)).toBeUndefined();
});

it('sweeps the temporary file an upload left when its process died, once it is an hour old (issue 25)', async () => {
  // What the local driver leaves when the API is killed mid-upload.
  const orphan = path.join(t.ctx.config.storage.dir, 'tenant-a', 'file-a', '.cv.pdf.0123456789ab.part');
  await mkdir(path.dirname(orphan), { recursive: true });
  await writeFile(orphan, 'half a file');
  // Written a moment ago: its upload may still be in flight.
  expect(await runMaintenanceTask(t.ctx, 'sweep-uploads')).toEqual({ removed: 0 });
  expect(existsSync(orphan)).toBe(true);
  t.ctx.clock = { now: () => new Date(Date.now() + 61 * 60_000) };
  try {
    expect(await runMaintenanceTask(t.ctx, 'sweep-uploads')).toEqual({ removed: 1 });
  } finally {
    t.ctx.clock = systemClock;
  }
  expect(existsSync(orphan)).toBe(false);
});
