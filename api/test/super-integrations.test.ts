import { decryptSecret, evaluateAlertRules, fanoutEvent } from '@portico/core';
import type { AuditLog, TenantEvent } from '@portico/core/db';
import type { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startSmtpServer } from '../../testing/smtp';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';
import { createEmailWorker } from '../../worker/src/email-worker';
import { createWebhookWorker } from '../../worker/src/webhook-worker';
import { upload } from './files-support';
import { createForm, submit } from './forms-support';

const SUPER_ONLY = 'Only platform super admins can do that.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
let receiver: WebhookReceiver;
let workers: Worker[];
/** The platform's own SMTP server (SMTP_URL), and a local stand-in for SendGrid's relay (SENDGRID_SMTP_URL). */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let sendgrid: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  [receiver, smtp, sendgrid] = await Promise.all([startWebhookReceiver(), startSmtpServer(), startSmtpServer()]);
  app = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true', SMTP_URL: smtp.url, SENDGRID_SMTP_URL: sendgrid.url });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
  workers = [createWebhookWorker(app.ctx), createEmailWorker(app.ctx)];
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  await Promise.all([smtp.close(), sendgrid.close()]);
  await app.close();
  await receiver.close();
});

const asRoot = (method: string, path: string, body?: unknown) => app.request(method, path, { token: root.token, body });

type Workspace = Awaited<ReturnType<typeof makeWorkspace>>;

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function addHook(w: Workspace, path: string): Promise<string> {
  const res = await app.request('POST', '/integrations/webhooks', {
    token: w.admin.token,
    tenantId: w.tenant.id,
    body: { url: `${receiver.url}${path}`, events: 'all' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.webhook.id;
}

/** A file uploaded by the workspace's admin: a real `file.uploaded` event; answers the event. */
async function uploadEvent(w: Workspace, name: string): Promise<TenantEvent> {
  const res = await upload(app, {
    token: w.admin.token,
    tenantId: w.tenant.id,
    name,
    content: 'hello',
    fields: { user_id: w.member.user.id },
  });
  expect(res.status).toBe(201);
  const event = await app.ctx.db.TenantEvent.findOne({
    where: { tenant_id: w.tenant.id, type: 'file.uploaded' },
    order: [['created_at', 'DESC']],
  });
  return event!;
}

async function auditRows(action: string): Promise<AuditLog[]> {
  return app.ctx.db.AuditLog.findAll({ where: { action }, order: [['created_at', 'ASC']], allTenants: true });
}

describe('global integrations', () => {
  it('lists all six, none configured at first', async () => {
    const res = await asRoot('GET', '/super/integrations');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.integrations)).toEqual([
      'slack',
      'sendgrid',
      'google',
      'microsoft',
      'cloudflare',
      'automation',
    ]);
    expect(res.body.integrations.google).toEqual({
      description:
        'Google OAuth client secret: Sign in with Google uses it, with the client ID in Super Settings → Auth.',
      masked: null,
      configured: false,
      lastUsedAt: null,
    });
  });

  it('refuses an alert rule posting to Slack while Slack is not saved', async () => {
    const res = await asRoot('POST', '/notifications/rules', {
      metric: 'queueDepth',
      operator: '<',
      value: 1_000_000,
      window: '5m',
      actions: ['post_slack'],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'Save the global Slack integration before choosing post_slack.' },
    });
  });

  it('saves a value encrypted, answers it masked and never returns or audits it', async () => {
    const secret = 'cf-token-supersecret-9876';
    const res = await asRoot('PUT', '/super/integrations/cloudflare', { value: `  ${secret} ` });
    expect(res.status).toBe(200);
    expect(res.body.integration).toMatchObject({ masked: '••••9876', configured: true, lastUsedAt: null });
    expect(JSON.stringify(res.body)).not.toContain('supersecret');

    const listed = await asRoot('GET', '/super/integrations');
    expect(listed.body.integrations.cloudflare.masked).toBe('••••9876');
    expect(JSON.stringify(listed.body)).not.toContain('supersecret');

    const row = await app.ctx.db.GlobalIntegration.findByPk('cloudflare');
    expect(row!.value_encrypted).not.toContain('supersecret');
    expect(row!.value_encrypted.startsWith('v1.')).toBe(true);
    expect(decryptSecret(row!.value_encrypted, app.config.secretsKey)).toBe(secret);

    const [audit] = await auditRows('integration.updated');
    expect(audit).toMatchObject({ actor_user_id: root.user.id, entity_type: 'integration' });
    expect(audit!.details).toEqual({ key: 'cloudflare', replaced: false });
    expect(JSON.stringify(audit)).not.toContain('supersecret');
  });

  it('replaces a saved value', async () => {
    await asRoot('PUT', '/super/integrations/automation', { value: 'first-1111' });
    const res = await asRoot('PUT', '/super/integrations/automation', { value: 'second-2222' });
    expect(res.body.integration.masked).toBe('••••2222');
    const row = await app.ctx.db.GlobalIntegration.findByPk('automation');
    expect(decryptSecret(row!.value_encrypted, app.config.secretsKey)).toBe('second-2222');
    expect((await auditRows('integration.updated')).at(-1)!.details).toEqual({ key: 'automation', replaced: true });
  });

  it('refuses bad input with a sentence', async () => {
    const cases: Array<[string, unknown, string]> = [
      ['/super/integrations/google', {}, 'Value is required.'],
      ['/super/integrations/google', { value: '   ' }, 'Value is required.'],
      ['/super/integrations/google', { value: 'x'.repeat(2001) }, 'Value must be at most 2000 characters.'],
      [
        '/super/integrations/slack',
        { value: 'hooks.slack.com/services/T0' },
        'The Slack webhook must be an http(s) URL such as https://hooks.slack.com/services/….',
      ],
    ];
    for (const [path, body, error] of cases) {
      const res = await asRoot('PUT', path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    expect(await app.ctx.db.GlobalIntegration.findByPk('google')).toBeNull();
  });

  it('answers 404 for an integration that does not exist', async () => {
    const res = await asRoot('PUT', '/super/integrations/github', { value: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(
      'Integration must be one of slack, sendgrid, google, microsoft, cloudflare, automation.',
    );
  });

  it('refuses to test an integration with nothing saved', async () => {
    const res = await asRoot('POST', '/super/integrations/microsoft/test');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Save a value for this integration first.');
  });

  it('Test really posts to the saved Slack webhook and records the use', async () => {
    const url = `${receiver.url}/services/T000/B000/abcd`;
    expect((await asRoot('PUT', '/super/integrations/slack', { value: url })).body.integration.masked).toBe('••••abcd');
    const res = await asRoot('POST', '/super/integrations/slack/test');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, message: 'Slack accepted the test message.' });
    const [posted] = receiver.at('/services/T000/B000/abcd');
    expect(JSON.parse(posted!.body).text).toContain('Portico test message');
    const listed = await asRoot('GET', '/super/integrations');
    expect(listed.body.integrations.slack.lastUsedAt).not.toBeNull();
    expect((await auditRows('integration.tested')).at(-1)!.details).toEqual({ key: 'slack', ok: true });
  });

  it('says so when Slack refuses the test message', async () => {
    receiver.script('/services/refused', [{ status: 404, body: 'no_service' }]);
    await asRoot('PUT', '/super/integrations/slack', { value: `${receiver.url}/services/refused` });
    const res = await asRoot('POST', '/super/integrations/slack/test');
    expect(res.body).toEqual({ ok: false, message: 'Slack did not accept the test message: Slack answered HTTP 404.' });
    expect((await auditRows('integration.tested')).at(-1)!.details).toEqual({ key: 'slack', ok: false });
  });

  it('an alert rule with post_slack posts to the global Slack webhook when it fires', async () => {
    await asRoot('PUT', '/super/integrations/slack', { value: `${receiver.url}/services/alerts` });
    const rule = await asRoot('POST', '/notifications/rules', {
      metric: 'queueDepth',
      operator: '<',
      value: 1_000_000,
      window: '5m',
      actions: ['post_slack'],
    });
    expect(rule.status).toBe(201);
    expect(await evaluateAlertRules(app.ctx)).toContain(rule.body.rule.id);
    const [posted] = await receiver.waitFor(1, '/services/alerts');
    expect(JSON.parse(posted!.body).text).toBe('Portico alert: queueDepth < 1000000 over 5m (the figure was 0).');
    await asRoot('DELETE', `/notifications/rules/${rule.body.rule.id}`);
  });

  it('with a SendGrid key saved, mail goes through SendGrid’s relay; Test emails the super admin', async () => {
    await asRoot('PUT', '/super/integrations/sendgrid', { value: 'SG.test-key-5678' });
    const res = await asRoot('POST', '/super/integrations/sendgrid/test');
    expect(res.body).toEqual({
      ok: true,
      message: `A test email is on its way to ${root.user.email} through SendGrid.`,
    });
    const mail = await sendgrid.waitFor(root.user.email);
    expect(mail).toMatchObject({ subject: 'Portico test email through SendGrid', user: 'apikey' });
    expect(sendgrid.logins).toContainEqual({ username: 'apikey', password: 'SG.test-key-5678' });
    expect(smtp.messages).toEqual([]);
    await eventually(
      async () => (await asRoot('GET', '/super/integrations')).body.integrations.sendgrid.lastUsedAt !== null,
      'SendGrid marked used',
    );
    expect((await auditRows('integration.tested')).at(-1)!.details).toEqual({ key: 'sendgrid', ok: true });

    // A workspace whose SendGrid is turned off mails through SMTP_URL; another still through SendGrid.
    const [off, on] = await Promise.all([makeWorkspace(app), makeWorkspace(app)]);
    await asRoot('PUT', `/tenants/${off.tenant.id}/integrations`, { key: 'sendgrid', enabled: false });
    const invite = (w: Workspace, email: string) =>
      app.request('POST', '/invite', { token: w.admin.token, tenantId: w.tenant.id, body: { email, role: 'role2' } });
    expect((await invite(off, 'plain@example.test')).status).toBe(201);
    expect((await invite(on, 'relayed@example.test')).status).toBe(201);
    expect(await smtp.waitFor('plain@example.test')).toMatchObject({ subject: expect.any(String) });
    // A workspace's sender (onboarding's capabilities): its name on MAIL_FROM's address, replies to its own.
    await app.ctx.db.Tenant.update(
      { email_from_name: 'Acme Team', email_from_address: 'hello@acme.test' },
      { where: { id: off.tenant.id } },
    );
    expect((await invite(off, 'named@example.test')).status).toBe(201);
    expect(await smtp.waitFor('named@example.test')).toMatchObject({
      fromName: 'Acme Team',
      replyTo: 'hello@acme.test',
    });
    expect(await sendgrid.waitFor('relayed@example.test')).toMatchObject({ user: 'apikey' });
    expect(sendgrid.messages.some((m) => m.to.includes('plain@example.test'))).toBe(false);
  });

  it('says honestly there is no test yet for the integrations Portico does not call', async () => {
    const res = await asRoot('POST', '/super/integrations/cloudflare/test');
    expect(res.body).toEqual({
      ok: false,
      message: 'There is no test for cloudflare yet: Portico does not call it yet.',
    });
  });

  const calls: Array<[string, string]> = [
    ['GET', '/super/integrations'],
    ['PUT', '/super/integrations/google'],
    ['POST', '/super/integrations/google/test'],
    ['GET', '/tenants?includeIntegrations=true'],
    ['PUT', `/tenants/00000000-0000-4000-8000-000000000000/integrations`],
    ['GET', '/super/integrations/webhooks?tenantId=00000000-0000-4000-8000-000000000000'],
    ['POST', '/super/integrations/webhooks/replay'],
  ];
  it.each(calls)('%s %s: super admins only', async (method, path) => {
    const body = method === 'GET' ? undefined : { value: 'sneaky-1234', key: 'slack', enabled: false, id: 'x' };
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request(method, path, { token: person.token, tenantId: workspace.tenant.id, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: SUPER_ONLY });
    }
    expect((await app.request(method, path, { body })).status).toBe(401);
    expect(await app.ctx.db.GlobalIntegration.findByPk('google')).toBeNull();
  });
});

describe('per-workspace integrations', () => {
  it('lists every workspace, with its integrations all on by default when asked', async () => {
    const plain = await asRoot('GET', '/tenants');
    expect(plain.status).toBe(200);
    expect(plain.body.tenants).toContainEqual({ id: workspace.tenant.id, name: workspace.tenant.name });
    const res = await asRoot('GET', '/tenants?includeIntegrations=true');
    expect(res.body.tenants.find((t: { id: string }) => t.id === workspace.tenant.id)).toEqual({
      id: workspace.tenant.id,
      name: workspace.tenant.name,
      integrations: { slack: true, sendgrid: true, google: true, microsoft: true, webhooks: true },
    });
    const bad = await asRoot('GET', '/tenants?includeIntegrations=yes');
    expect(bad).toMatchObject({ status: 400, body: { error: 'includeIntegrations must be true or false.' } });
  });

  it('refuses bad toggles with a sentence', async () => {
    const path = `/tenants/${workspace.tenant.id}/integrations`;
    expect(await asRoot('PUT', path, { key: 'github', enabled: false })).toMatchObject({
      status: 400,
      body: { error: 'Key must be one of slack, sendgrid, google, microsoft, webhooks.' },
    });
    expect(await asRoot('PUT', path, { key: 'slack', enabled: 'no' })).toMatchObject({
      status: 400,
      body: { error: 'Enabled must be true or false.' },
    });
    expect(
      await asRoot('PUT', '/tenants/00000000-0000-4000-8000-000000000000/integrations', {
        key: 'slack',
        enabled: false,
      }),
    ).toMatchObject({ status: 404, body: { error: 'This workspace does not exist.' } });
  });

  it('webhooks turned off: new events create no deliveries; on again, they do', async () => {
    const w = await makeWorkspace(app);
    await addHook(w, '/gated');
    const off = await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'webhooks', enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.tenant.integrations).toMatchObject({ webhooks: false, slack: true });
    const [audit] = await app.ctx.db.AuditLog.findAll({
      where: { action: 'tenant.integration_toggled', tenant_id: w.tenant.id },
      allTenants: true,
    });
    expect(audit).toMatchObject({ actor_user_id: root.user.id, entity_id: w.tenant.id });
    expect(audit!.details).toEqual({ key: 'webhooks', enabled: false });

    const switches = await app.request('GET', '/integrations/platform', {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(switches.body.integrations).toEqual({
      slack: true,
      sendgrid: true,
      google: true,
      microsoft: true,
      webhooks: false,
    });
    const quiet = await uploadEvent(w, 'quiet.txt');
    expect(await fanoutEvent(app.ctx, quiet.id)).toBe(0);
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id } })).toBe(0);
    // One queued before the switch (the worker paused meanwhile) is closed unsent.
    await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'webhooks', enabled: true });
    const webhookWorker = workers[0]!;
    await webhookWorker.pause();
    const queuedEvent = await uploadEvent(w, 'queued.txt');
    expect(await fanoutEvent(app.ctx, queuedEvent.id)).toBe(1);
    await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'webhooks', enabled: false });
    webhookWorker.resume();
    const queued = (await app.ctx.db.WebhookDelivery.findOne({
      where: { tenant_id: w.tenant.id, event_id: queuedEvent.id },
    }))!;
    await eventually(
      async () =>
        (await app.ctx.db.WebhookDelivery.findOne({ where: { tenant_id: w.tenant.id, id: queued.id } }))?.status ===
        'failed',
      'the queued delivery closed',
    );
    expect(
      await app.ctx.db.WebhookDelivery.findOne({ where: { tenant_id: w.tenant.id, id: queued.id } }),
    ).toMatchObject({
      attempts: 0,
      last_error: 'The platform turned this workspace’s webhooks off before this delivery was sent.',
    });

    await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'webhooks', enabled: true });
    const heard = await uploadEvent(w, 'heard.txt');
    // The upload's own dispatch may have fanned it out and delivered it already (then nothing is pending).
    await fanoutEvent(app.ctx, heard.id);
    await receiver.waitFor(1, '/gated');
    expect(await app.ctx.db.WebhookDelivery.count({ where: { tenant_id: w.tenant.id, event_id: heard.id } })).toBe(1);
  });
});

describe('Google and Microsoft turned off for a workspace', () => {
  it('refuses embedding their tools and hides the ones already shown; on again, they show', async () => {
    const w = await makeWorkspace(app);
    const asAdmin = (method: string, path: string, body?: unknown) =>
      app.request(method, path, { token: w.admin.token, tenantId: w.tenant.id, body });
    const embed = (title: string, provider: string, url: string) =>
      asAdmin('POST', '/embeds', { title, provider, url, embed_type: 'role', role: 'all' });
    const doc = await embed('Plan', 'google_docs', 'https://docs.google.com/document/d/abc/edit');
    const call = await embed('Call', 'calendly', 'https://calendly.com/acme/30min');
    expect([doc.status, call.status]).toEqual([201, 201]);
    const memberSees = async () =>
      (await app.request('GET', '/embeds', { token: w.member.token, tenantId: w.tenant.id })).body.embeds.map(
        (e: { title: string }) => e.title,
      );
    expect(await memberSees()).toEqual(['Plan', 'Call']);

    expect(
      (await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'google', enabled: false })).status,
    ).toBe(200);
    const googleOff = { error: 'The platform turned Google tools off for this workspace.', code: 'integration_off' };
    expect(await memberSees()).toEqual(['Call']);
    expect(
      await app.request('GET', `/embeds?id=${doc.body.embed.id}`, { token: w.member.token, tenantId: w.tenant.id }),
    ).toMatchObject({ status: 403, body: googleOff });
    expect(await embed('Sheet', 'google_sheets', 'https://docs.google.com/spreadsheets/d/x')).toMatchObject({
      status: 403,
      body: googleOff,
    });
    // Saved as custom, a Google address is still Google's.
    expect(await embed('Sneaky', 'custom', 'https://docs.google.com/document/d/y')).toMatchObject({
      status: 403,
      body: googleOff,
    });
    expect(
      await asAdmin('PATCH', `/embeds?id=${call.body.embed.id}`, { url: 'https://docs.google.com/document/d/z' }),
    ).toMatchObject({ status: 403, body: googleOff });
    // Microsoft's tools are another switch.
    expect((await embed('Survey', 'microsoft_forms', 'https://forms.office.com/r/abc')).status).toBe(201);

    await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'google', enabled: true });
    expect(await memberSees()).toEqual(['Plan', 'Call', 'Survey']);
  });
});

describe('the webhook debugger', () => {
  it('lists a workspace’s deliveries and replays one through the delivery machinery', async () => {
    const w = await makeWorkspace(app);
    const hook = await addHook(w, '/debugged');
    const ping = await app.request('POST', `/integrations/webhooks/${hook}/test`, {
      token: w.admin.token,
      tenantId: w.tenant.id,
    });
    expect(ping.status).toBe(202);
    await receiver.waitFor(1, '/debugged');
    await eventually(async () => {
      const row = await app.ctx.db.WebhookDelivery.findOne({
        where: { tenant_id: w.tenant.id, id: ping.body.delivery.id },
      });
      return row?.status === 'succeeded';
    }, 'the ping delivered');

    const listed = await asRoot('GET', `/super/integrations/webhooks?tenantId=${w.tenant.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.deliveries).toHaveLength(1);
    expect(listed.body.deliveries[0]).toMatchObject({
      id: ping.body.delivery.id,
      event_type: 'ping',
      status: 'succeeded',
      attempts: 1,
    });
    expect(listed.body.deliveries[0].completed_at).not.toBeNull();

    const replay = await asRoot('POST', '/super/integrations/webhooks/replay', { id: ping.body.delivery.id });
    expect(replay.status).toBe(200);
    expect(replay.body.delivery).toMatchObject({ replay_of: ping.body.delivery.id, status: 'pending' });
    const [first, second] = await receiver.waitFor(2, '/debugged');
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const [audit] = await app.ctx.db.AuditLog.findAll({
      where: { action: 'webhook.delivery_replayed', tenant_id: w.tenant.id },
      allTenants: true,
    });
    expect(audit).toMatchObject({ actor_user_id: root.user.id });
    expect(audit!.details).toEqual({ delivery_id: replay.body.delivery.id, replay_of: ping.body.delivery.id });
  });

  it('refuses a missing workspace or delivery with a sentence', async () => {
    expect(await asRoot('GET', '/super/integrations/webhooks')).toMatchObject({
      status: 400,
      body: { error: 'Choose a workspace: tenantId must be a workspace id.' },
    });
    expect(
      await asRoot('GET', '/super/integrations/webhooks?tenantId=00000000-0000-4000-8000-000000000000'),
    ).toMatchObject({
      status: 404,
      body: { error: 'This workspace does not exist.' },
    });
    expect(await asRoot('POST', '/super/integrations/webhooks/replay', { id: 'nope' })).toMatchObject({
      status: 400,
      body: { error: 'id must be a delivery id.' },
    });
    expect(
      await asRoot('POST', '/super/integrations/webhooks/replay', { id: '00000000-0000-4000-8000-000000000000' }),
    ).toMatchObject({ status: 404, body: { error: 'No such delivery.' } });
  });
});

describe('the workspace’s own Slack', () => {
  it('an admin saves it masked; form submissions reach it through the worker unless the platform turned Slack off', async () => {
    const w = await makeWorkspace(app, { tier: 'pro' });
    const path = '/services/tenant/slack';
    const asAdmin = (method: string, body?: unknown) =>
      app.request(method, '/integrations/slack', { token: w.admin.token, tenantId: w.tenant.id, body });
    expect((await asAdmin('GET')).body.slack).toEqual({ configured: false, masked: null, platformEnabled: true });
    const saved = await asAdmin('PUT', { url: `${receiver.url}${path}` });
    expect(saved.status).toBe(200);
    expect(saved.body.slack).toEqual({ configured: true, masked: '••••lack', platformEnabled: true });
    expect(JSON.stringify(saved.body)).not.toContain(path);
    const member = await app.request('GET', '/integrations/slack', { token: w.member.token, tenantId: w.tenant.id });
    expect(member.status).toBe(403);
    expect((await asAdmin('PUT', { url: 'ftp://example.com/hook' })).status).toBe(400);
    const [audit] = await app.ctx.db.AuditLog.findAll({
      where: { action: 'integration.slack_updated', tenant_id: w.tenant.id },
      allTenants: true,
    });
    expect(audit).toMatchObject({ actor_user_id: w.admin.user.id });
    expect(JSON.stringify(audit!.details)).not.toContain(path);

    const form = await createForm(app, w.tenant, w.admin, { title: 'Slack intake' });
    const answers = { answers: { name: 'Max Member', job: 'No', role: 'Engineer', score: 4, start: '2025-03-01' } };

    await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'slack', enabled: false });
    expect((await asAdmin('GET')).body.slack.platformEnabled).toBe(false);
    expect((await submit(app, w.tenant, w.member, form.id, answers)).status).toBe(201);

    await asRoot('PUT', `/tenants/${w.tenant.id}/integrations`, { key: 'slack', enabled: true });
    expect((await submit(app, w.tenant, w.member, form.id, answers)).status).toBe(201);
    const [posted] = await receiver.waitFor(1, path);
    expect(JSON.parse(posted!.body).text).toMatch(/^New response to “Slack intake” from /);
    // The submission made while Slack was off queued nothing: only the second one is posted.
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.at(path)).toHaveLength(1);
  });
});
