import { decryptSecret } from '@portico/core';
import { AuditLog, GlobalIntegration } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';

const SUPER_ONLY = 'Only platform super admins can do that.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  app = await startTestApp({ OUTBOUND_ALLOW_PRIVATE: 'true' });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});

const asRoot = (method: string, path: string, body?: unknown) => app.request(method, path, { token: root.token, body });

async function auditRows(action: string): Promise<AuditLog[]> {
  return AuditLog.findAll({ where: { action }, order: [['created_at', 'ASC']], allTenants: true });
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
      description: 'Google OAuth client credentials.',
      masked: null,
      configured: false,
      lastUsedAt: null,
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

    const row = await GlobalIntegration.findByPk('cloudflare');
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
    const row = await GlobalIntegration.findByPk('automation');
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
    expect(await GlobalIntegration.findByPk('google')).toBeNull();
  });

  it('answers 404 for an integration that does not exist', async () => {
    const res = await asRoot('PUT', '/super/integrations/github', { value: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Integration must be one of slack, sendgrid, google, microsoft, cloudflare, automation.');
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

  it('says honestly there is no test yet for the integrations Portico does not call', async () => {
    const res = await asRoot('POST', '/super/integrations/cloudflare/test');
    expect(res.body).toEqual({ ok: false, message: 'There is no test for cloudflare yet: Portico does not call it yet.' });
  });

  const calls: Array<[string, string]> = [
    ['GET', '/super/integrations'],
    ['PUT', '/super/integrations/google'],
    ['POST', '/super/integrations/google/test'],
  ];
  it.each(calls)('%s %s: super admins only', async (method, path) => {
    const body = method === 'PUT' ? { value: 'sneaky-1234' } : undefined;
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request(method, path, { token: person.token, tenantId: workspace.tenant.id, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: SUPER_ONLY });
    }
    expect((await app.request(method, path, { body })).status).toBe(401);
    expect(await GlobalIntegration.findByPk('google')).toBeNull();
  });
});
