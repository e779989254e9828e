import { createMetricsHistory, type MetricsHistory } from '@portico/core';

import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, withoutTable, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { createWebhookWorker } from '../../worker/src/webhook-worker';

/*
 * The scheduler's evaluation of alert rules (the minute's `notifications-tick`) on the console's own
 * figures: real 5xx answers of the API and real failed webhook deliveries, sampled into the embedded
 * history as every process does, and a real queue backlog.
 */

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
let bystander: Awaited<ReturnType<typeof makeWorkspace>>;
let history: MetricsHistory;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receiver is on loopback; retries come quickly.
  app = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_TIMEOUT_MS: '500' });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
  bystander = await makeWorkspace(app);
  history = createMetricsHistory(app.ctx, { serves: true });
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const tick = async () =>
  (await runMaintenanceTask(app.ctx, 'notifications-tick')) as { pushed: number; fired: string[] };
const alertMails = () => app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: null, template: 'alert-fired' } });
const ruleOf = async (id: string) =>
  (
    (await app.request('GET', '/notifications/rules', { token: root.token })).body.rules as Array<
      Record<string, unknown>
    >
  ).find((r) => r.id === id)!;
const bannersOf = async (person: Person) =>
  (await app.request('GET', '/notifications/active', { token: person.token })).body.banners as Array<{
    title: string;
    message: string;
  }>;

it('fires once when 5xx answers breach the error rate, emails super admins, tells the affected admins and shows in Active Alerts', async () => {
  const created = await app.request('POST', '/notifications/rules', {
    token: root.token,
    body: {
      metric: 'errorRate',
      operator: '>',
      value: 0,
      window: '5m',
      actions: ['email_super_admins', 'announce_tenant_admins'],
    },
  });
  expect(created.status).toBe(201);
  const id = created.body.rule.id as string;

  // Healthy traffic: no breach.
  await app.request('GET', '/tenant-config', { token: workspace.member.token, tenantId: workspace.tenant.id });
  await history.sample();
  expect((await tick()).fired).toEqual([]);
  expect(await ruleOf(id)).toMatchObject({ firing: false, last_value: 0, last_triggered_at: null });

  // Real failures: the files table is gone for a moment, so the workspace's file list answers 500.
  await withoutTable(app.ctx, 'files', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await app.request('GET', '/files', { token: workspace.admin.token, tenantId: workspace.tenant.id });
      expect(res.status).toBe(500);
    }
  });
  await history.sample();
  expect((await tick()).fired).toEqual([id]);

  const rule = await ruleOf(id);
  expect(rule).toMatchObject({ firing: true, last_triggered_at: expect.any(String) });
  expect(rule.last_value as number).toBeGreaterThan(0);

  const mails = await alertMails();
  expect(mails.map((m) => m.to_address)).toEqual([root.user.email]);
  expect(mails[0]!.subject).toBe('Alert: errorRate > 0 over 5m');

  const [fired] = await app.ctx.db.AuditLog.findAll({
    where: { entity_id: id, action: 'alert_rule.fired' },
    allTenants: true,
  });
  expect(fired!.details).toMatchObject({
    metric: 'errorRate',
    value: rule.last_value,
    condition: 'errorRate > 0 over 5m',
  });

  const { alerts } = (await app.request('GET', '/super/overview', { token: root.token })).body;
  expect(alerts).toContainEqual(
    expect.objectContaining({ id: `rule:${id}`, severity: 'critical', title: 'errorRate > 0 over 5m' }),
  );

  // The notice goes to the admins of the workspace whose requests failed, not its members or others.
  expect((await bannersOf(workspace.admin)).map((b) => b.title)).toContain('We are looking into a problem');
  expect((await bannersOf(workspace.member)).map((b) => b.title)).not.toContain('We are looking into a problem');
  expect((await bannersOf(bystander.admin)).map((b) => b.title)).not.toContain('We are looking into a problem');

  // Still breached a minute later: it does not fire again.
  await history.sample();
  expect((await tick()).fired).toEqual([]);
  expect(await alertMails()).toHaveLength(1);
  expect(
    await app.ctx.db.AuditLog.count({ where: { entity_id: id, action: 'alert_rule.fired' }, allTenants: true }),
  ).toBe(1);
});

it('fires again only after it recovered, and not at all while disabled', async () => {
  const created = await app.request('POST', '/notifications/rules', {
    token: root.token,
    body: { metric: 'queueDepth', operator: '>', value: 3, window: '5m', actions: ['email_super_admins'] },
  });
  const id = created.body.rule.id as string;
  const before = (await alertMails()).length;
  // Jobs waiting in a queue (delayed, so no worker takes them): a backlog above the rule's value.
  const backlog = () =>
    Promise.all(
      [1, 2, 3, 4].map((n) =>
        app.ctx.queues.provisioning.add(
          'certificate',
          { kind: 'certificate', tenantId: `t${n}`, domainId: `d${n}` },
          { delay: 600_000 },
        ),
      ),
    );
  expect((await tick()).fired).not.toContain(id);
  let jobs = await backlog();
  expect((await tick()).fired).toEqual([id]);
  expect((await tick()).fired).toEqual([]);

  // Recovered: the backlog is gone.
  await Promise.all(jobs.map((job) => job.remove()));
  expect((await tick()).fired).toEqual([]);
  expect(await ruleOf(id)).toMatchObject({ firing: false });
  // A new breach fires again.
  jobs = await backlog();
  expect((await tick()).fired).toEqual([id]);
  expect((await alertMails()).length).toBe(before + 2);

  // Disabled: leaves Active Alerts and is not evaluated.
  await app.request('PATCH', `/notifications/rules/${id}`, { token: root.token, body: { enabled: false } });
  const { alerts } = (await app.request('GET', '/super/overview', { token: root.token })).body;
  expect(alerts.map((a: { id: string }) => a.id)).not.toContain(`rule:${id}`);
  await Promise.all(jobs.map((job) => job.remove()));
  jobs = await backlog();
  expect((await tick()).fired).toEqual([]);
  await Promise.all(jobs.map((job) => job.remove()));
});

it('fires on webhook deliveries that fail for real and tells the admins of the workspace whose webhook failed', async () => {
  const hooked = await makeWorkspace(app);
  const created = await app.request('POST', '/notifications/rules', {
    token: root.token,
    body: { metric: 'webhookFailures', operator: '>', value: 2, window: '15m', actions: ['announce_tenant_admins'] },
  });
  const id = created.body.rule.id as string;
  await history.sample();
  expect((await tick()).fired).not.toContain(id);

  receiver.script(
    '/broken',
    Array.from({ length: 10 }, () => ({ status: 503, body: 'down' })),
  );
  const hook = await app.request('POST', '/integrations/webhooks', {
    token: hooked.admin.token,
    tenantId: hooked.tenant.id,
    body: { url: `${receiver.url}/broken`, events: 'all' },
  });
  expect(hook.status).toBe(201);
  const worker = createWebhookWorker(app.ctx);
  try {
    const ping = await app.request('POST', `/integrations/webhooks/${hook.body.webhook.id}/test`, {
      token: hooked.admin.token,
      tenantId: hooked.tenant.id,
    });
    expect(ping.status).toBe(202);
    await receiver.waitFor(3, '/broken', 15_000);
    // The worker counts each attempt once it is recorded.
    const deadline = Date.now() + 10_000;
    while ((await app.ctx.metrics.webhookDeliveries.get()).values.reduce((n, v) => n + v.value, 0) < 3) {
      if (Date.now() > deadline) throw new Error('the failed attempts were not counted');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    await worker.close();
  }
  await history.sample();
  expect((await tick()).fired).toContain(id);
  expect((await ruleOf(id)).last_value as number).toBeGreaterThanOrEqual(3);

  const notice = (person: Person) =>
    bannersOf(person).then((banners) => banners.filter((b) => b.message.includes('webhookFailures')));
  expect(await notice(hooked.admin)).toHaveLength(1);
  expect(await notice(hooked.member)).toHaveLength(0);
  expect(await notice(bystander.admin)).toHaveLength(0);
  expect((await tick()).fired).not.toContain(id);
});
