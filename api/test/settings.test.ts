import { DEFAULT_SETTINGS } from '@portico/common';
import { purgeExpired, saveSettingsSection } from '@portico/core';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, makeSuperAdmin, makeUser, makeWorkspace, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

const SUPER_ONLY = 'Only platform super admins can do that.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
beforeAll(async () => {
  // Loopback is the trusted proxy, so a test names the client with X-Forwarded-For.
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
});
afterAll(() => app.close());

const asRoot = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  app.request(method, path, { token: root.token, body, headers });
const save = (section: string, values: unknown) => asRoot('PUT', '/settings', { [section]: values });

beforeEach(async () => {
  for (const [section, values] of Object.entries(DEFAULT_SETTINGS))
    expect((await save(section, values)).status).toBe(200);
});

describe('GET /api/settings', () => {
  it('answers every section with its defaults', async () => {
    const res = await asRoot('GET', '/settings');
    expect(res.status).toBe(200);
    const providers = Object.fromEntries(
      Object.entries(DEFAULT_SETTINGS.auth.providers!).map(([key, saved]) => [key, { ...saved, clientSecret: null }]),
    );
    expect(res.body.settings).toEqual({ ...DEFAULT_SETTINGS, auth: { ...DEFAULT_SETTINGS.auth, providers } });
  });

  it('is refused to a tenant admin, a member and without a session', async () => {
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request('GET', '/settings', { token: person.token, tenantId: workspace.tenant.id });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(SUPER_ONLY);
    }
    expect((await app.request('GET', '/settings')).status).toBe(401);
    expect(
      (
        await app.request('PUT', '/settings', {
          token: workspace.admin.token,
          body: { rate: { globalRpm: 1, perTenantRpm: 1 } },
        })
      ).status,
    ).toBe(403);
  });
});

describe('PUT /api/settings', () => {
  it('saves one section, coercing numbers and splitting lists, answers the whole settings and audits what changed', async () => {
    const res = await save('security', {
      passwordMin: '12',
      passwordComplexity: 'letters_digits',
      domainAllowlist: ' Example.com,\n@acme.test \n',
      ipAllowlist: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.security).toEqual({
      passwordMin: 12,
      passwordComplexity: 'letters_digits',
      domainAllowlist: ['example.com', 'acme.test'],
      ipAllowlist: [],
    });
    expect(res.body.settings.brand).toEqual(DEFAULT_SETTINGS.brand);
    const row = await app.ctx.db.AuditLog.findOne({
      where: { action: 'settings.updated', entity_id: 'security', tenant_id: null },
      order: [['created_at', 'DESC']],
    });
    expect(row!.actor_user_id).toBe(root.user.id);
    expect(row!.details).toEqual({
      section: 'security',
      changes: {
        passwordMin: { from: 8, to: 12 },
        passwordComplexity: { from: 'none', to: 'letters_digits' },
        domainAllowlist: { from: [], to: ['example.com', 'acme.test'] },
      },
    });
  });

  it('saves the billing section, days given as digits', async () => {
    const res = await save('billing', {
      trialDays: '14',
      trialNeedsCard: false,
      graceDays: 7,
      promotionCodes: true,
      automaticTax: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.settings.billing).toEqual({
      trialDays: 14,
      trialNeedsCard: false,
      graceDays: 7,
      promotionCodes: true,
      automaticTax: true,
    });
  });

  it.each([
    [{}, 'Send exactly one settings section: one of brand, auth, security, retention, rate, billing.'],
    [
      { brand: DEFAULT_SETTINGS.brand, rate: DEFAULT_SETTINGS.rate },
      'Send exactly one settings section: one of brand, auth, security, retention, rate, billing.',
    ],
    [{ brand: { ...DEFAULT_SETTINGS.brand, appName: ' ' } }, 'App name is required.'],
    [
      { brand: { ...DEFAULT_SETTINGS.brand, logoUrl: 'http://cdn.example/logo.png' } },
      'Logo URL must be an https:// address.',
    ],
    [{ brand: { ...DEFAULT_SETTINGS.brand, supportEmail: 'nobody' } }, 'Support email must be a valid email address.'],
    [{ auth: { sessionMaxHours: 'many', sessionIdleMinutes: 30 } }, 'Session max hours must be a number.'],
    [{ auth: { sessionMaxHours: 0, sessionIdleMinutes: 30 } }, 'Session max hours must be at least 1.'],
    [{ auth: { sessionMaxHours: 1, sessionIdleMinutes: 1 } }, 'Session idle minutes must be at least 5.'],
    [{ security: { ...DEFAULT_SETTINGS.security, passwordMin: 3 } }, 'Password minimum must be at least 6.'],
    [
      { security: { ...DEFAULT_SETTINGS.security, passwordComplexity: 'strong' } },
      'Password complexity must be one of: none, letters_digits, mixed_case_digits_symbols.',
    ],
    [
      { security: { ...DEFAULT_SETTINGS.security, domainAllowlist: 'not a domain' } },
      'Each allowed domain must look like example.com.',
    ],
    [
      { security: { ...DEFAULT_SETTINGS.security, ipAllowlist: '10.0.0.0/8\n10.0.0.1/123' } },
      'Each IP allowlist line must be an IPv4 address with an optional /mask of 1–2 digits.',
    ],
    [
      { security: { ...DEFAULT_SETTINGS.security, ipAllowlist: '300.1.1.1' } },
      'Each IP allowlist line must be an IPv4 address with an optional /mask of 1–2 digits.',
    ],
    [{ retention: { auditDays: 1.5, webhookDays: 30 } }, 'Audit days must be a whole number.'],
    [{ retention: { auditDays: 30, webhookDays: 0 } }, 'Webhook days must be at least 1.'],
    [{ rate: { globalRpm: -1, perTenantRpm: 0 } }, 'Global requests per minute must be at least 0.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, trialDays: 366 } }, 'Trial days must be at most 365.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, trialDays: 'x' } }, 'Trial days must be a number.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, graceDays: -1 } }, 'Grace days must be at least 0.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, graceDays: 91 } }, 'Grace days must be at most 90.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, trialNeedsCard: 'yes' } }, 'Trial needs a card must be true or false.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, promotionCodes: 1 } }, 'Promotion codes must be true or false.'],
    [{ billing: { ...DEFAULT_SETTINGS.billing, automaticTax: null } }, 'Automatic tax must be true or false.'],
  ])('refuses %j: %s', async (body, message) => {
    const res = await asRoot('PUT', '/settings', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('password policy', () => {
  it('refuses a password shorter than the saved minimum at signup, reset and change, saying the rule', async () => {
    await save('security', { ...DEFAULT_SETTINGS.security, passwordMin: 12, passwordComplexity: 'letters_digits' });
    const rule = 'must be at least 12 characters and contain at least one letter and one digit.';

    const signup = await app.request('POST', '/auth/signup', {
      body: { email: 'new@example.test', password: 'elevenchars', full_name: 'New Person' },
    });
    expect(signup.status).toBe(400);
    expect(signup.body.error).toBe(`Password ${rule}`);
    const noDigit = await app.request('POST', '/auth/signup', {
      body: { email: 'new@example.test', password: 'twelve-letters', full_name: 'New Person' },
    });
    expect(noDigit.body.error).toBe(`Password ${rule}`);
    const ok = await app.request('POST', '/auth/signup', {
      body: { email: 'new@example.test', password: 'twelve-chars-1', full_name: 'New Person' },
    });
    expect(ok.status).toBe(201);

    const user = await makeUser(app.ctx);
    const login = await app.request('POST', '/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } });
    const change = await app.request('PUT', '/auth/password', {
      token: login.body.access_token,
      body: { current_password: DEFAULT_PASSWORD, new_password: 'short-pass1' },
    });
    expect(change.status).toBe(400);
    expect(change.body.error).toBe(`New password ${rule}`);

    await app.request('POST', '/forgot-password', { body: { email: user.email } });
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: null, to_address: user.email } });
    const token = new URL(mail!.text_body.match(/http\S+reset-password\S+/)![0]).searchParams.get('token')!;
    const reset = await app.request('POST', '/auth/reset-password', { body: { token, password: 'short-pass1' } });
    expect(reset.status).toBe(400);
    expect(reset.body.error).toBe(`Password ${rule}`);
    expect(
      (await app.request('POST', '/auth/reset-password', { body: { token, password: 'long-enough-pass-1' } })).status,
    ).toBe(200);
  });

  it('lets signup in only from the allowed domains when there are any', async () => {
    await save('security', { ...DEFAULT_SETTINGS.security, domainAllowlist: 'acme.test' });
    const refused = await app.request('POST', '/auth/signup', {
      body: { email: 'someone@other.test', password: 'long-enough-1', full_name: 'Some One' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'Sign-up is open only to email addresses at acme.test. Use one of those, or ask for an invitation.',
    );
    const allowed = await app.request('POST', '/auth/signup', {
      body: { email: 'someone@acme.test', password: 'long-enough-1', full_name: 'Some One' },
    });
    expect(allowed.status).toBe(201);
  });
});

describe('console IP allowlist', () => {
  it('refuses a super call from an address outside it and accepts one inside', async () => {
    await save('security', { ...DEFAULT_SETTINGS.security, ipAllowlist: '203.0.113.0/24\n198.51.100.7' });
    const outside = await asRoot('GET', '/settings', undefined, { 'x-forwarded-for': '192.0.2.1' });
    expect(outside.status).toBe(403);
    expect(outside.body.error).toBe(
      'The platform console is not open to your address (192.0.2.1). Ask another super admin to add it to the IP allowlist.',
    );
    expect((await asRoot('GET', '/settings', undefined, { 'x-forwarded-for': '203.0.113.200' })).status).toBe(200);
    expect((await asRoot('GET', '/settings', undefined, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
    expect((await asRoot('GET', '/settings', undefined, { 'x-forwarded-for': '198.51.100.8' })).status).toBe(403);
    // Tenant calls are not the console's.
    const tenantCall = await app.request('GET', '/flags', {
      token: workspace.admin.token,
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    expect(tenantCall.status).toBe(200);
    // Empties it again from inside.
    await asRoot('PUT', '/settings', { security: DEFAULT_SETTINGS.security }, { 'x-forwarded-for': '203.0.113.1' });
  });
});

describe('retention', () => {
  it('purges audit rows and webhook history older than the saved days', async () => {
    await save('retention', { auditDays: 10, webhookDays: 3 });
    const tenantId = workspace.tenant.id;
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    const hook = await app.request('POST', '/integrations/webhooks', {
      token: workspace.admin.token,
      tenantId,
      body: { url: 'https://93.184.215.14/hooks/portico' },
    });
    expect(hook.status).toBe(201);
    const delivery = (messageId: string, completedAt: Date) =>
      app.ctx.db.WebhookDelivery.create({
        tenant_id: tenantId,
        webhook_id: hook.body.webhook.id,
        event_id: null,
        message_id: messageId,
        event_type: 'ping',
        payload: {},
        status: 'succeeded',
        completed_at: completedAt,
      });
    await delivery('old', daysAgo(4));
    await delivery('recent', daysAgo(2));
    const audit = (action: string, createdAt: Date) =>
      app.ctx.db.AuditLog.create({
        actor_user_id: null,
        action,
        entity_type: 'test',
        tenant_id: tenantId,
        created_at: createdAt,
      });
    await audit('test.old', daysAgo(11));
    await audit('test.recent', daysAgo(9));

    const purged = await purgeExpired(app.ctx);
    expect(purged.auditLogs).toBe(1);
    expect(purged.webhookDeliveries).toBe(1);
    const left = await app.ctx.db.WebhookDelivery.findAll({ where: { tenant_id: tenantId } });
    expect(left.map((d) => d.message_id)).toEqual(['recent']);
    const actions = (await app.ctx.db.AuditLog.findAll({ where: { tenant_id: tenantId } })).map((a) => a.action);
    expect(actions).toContain('test.recent');
    expect(actions).not.toContain('test.old');
  });
});

describe('session lengths', () => {
  const HOUR_MS = 60 * 60 * 1000;
  const login = async () => {
    const user = await makeUser(app.ctx);
    const res = await app.request('POST', '/auth/login', { body: { email: user.email, password: DEFAULT_PASSWORD } });
    expect(res.status).toBe(200);
    return res.body as { access_token: string; refresh_token: string; expires_at: number };
  };

  it('ends a session sessionMaxHours after sign-in, whatever refreshes happen', async () => {
    await save('auth', { sessionMaxHours: 2, sessionIdleMinutes: 60 });
    const session = await login();
    const family = await app.ctx.db.RefreshTokenFamily.findOne({ order: [['created_at', 'DESC']] });
    const endsIn = family!.expires_at.getTime() - Date.now();
    expect(endsIn).toBeGreaterThan(2 * HOUR_MS - 60_000);
    expect(endsIn).toBeLessThanOrEqual(2 * HOUR_MS);
    const refreshed = await app.request('POST', '/auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    await family!.reload();
    expect(family!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(2 * HOUR_MS);
    // Past its end (moved there rather than waited for), the refresh is refused.
    await family!.update({ expires_at: new Date(Date.now() - 1000) });
    const ended = await app.request('POST', '/auth/refresh', { body: { refresh_token: refreshed.body.refresh_token } });
    expect(ended.status).toBe(401);
  });

  it('refuses a refresh after more than sessionIdleMinutes unused', async () => {
    await save('auth', { sessionMaxHours: 24, sessionIdleMinutes: 10 });
    const fresh = await login();
    expect((await app.request('POST', '/auth/refresh', { body: { refresh_token: fresh.refresh_token } })).status).toBe(
      200,
    );

    const idle = await login();
    // The refresh token was issued 11 minutes ago: the session sat idle past the limit.
    await app.ctx.sequelize.query(
      `UPDATE refresh_tokens SET created_at = now() - interval '11 minutes' WHERE rotated_at IS NULL AND created_at > now() - interval '1 minute'`,
    );
    const refused = await app.request('POST', '/auth/refresh', { body: { refresh_token: idle.refresh_token } });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('Your session has expired. Please sign in again.');
  });
});

describe('rate limits', () => {
  // Saved through the service: once a limit is reached, the API would refuse lifting it too.
  const setLimits = (globalRpm: number, perTenantRpm: number) =>
    saveSettingsSection(app.ctx, { userId: root.user.id }, { section: 'rate', values: { globalRpm, perTenantRpm } });

  it('answers 429 to a workspace past perTenantRpm, with the headers, while another workspace still gets 200', async () => {
    const other = await makeWorkspace(app);
    await setLimits(0, 3);
    const call = (w: typeof workspace) =>
      app.request('GET', '/tenant-config', { token: w.admin.token, tenantId: w.tenant.id });
    for (let i = 0; i < 3; i++) {
      const ok = await call(workspace);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('ratelimit-policy')).toBe('"tenant";q=3;w=60');
      expect(ok.headers.get('ratelimit')).toMatch(new RegExp(`^"tenant";r=${2 - i};t=\\d+$`));
    }
    const refused = await call(workspace);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.body.error).toMatch(
      /^This workspace has made more than 3 calls this minute\. Try again in \d+ seconds?\.$/,
    );
    expect(refused.headers.get('ratelimit')).toMatch(/^"tenant";r=0;t=\d+$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(other)).status).toBe(200);
    await setLimits(0, 0);
    expect((await call(workspace)).status).toBe(200);
  });

  it('answers 429 to every call past globalRpm', async () => {
    await setLimits(4, 0);
    for (let i = 0; i < 4; i++)
      expect((await app.request('GET', '/flags', { token: workspace.member.token })).status).toBe(200);
    const refused = await app.request('GET', '/flags', { token: root.token });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^The platform has made more than 4 calls this minute\./);
    expect(refused.headers.get('ratelimit-policy')).toBe('"global";q=4;w=60');
    await setLimits(0, 0);
    expect((await app.request('GET', '/flags', { token: root.token })).status).toBe(200);
  });
});

describe('brand', () => {
  it("is the platform's site and the name its emails carry", async () => {
    await save('brand', {
      ...DEFAULT_SETTINGS.brand,
      appName: 'Acme Hub',
      supportEmail: 'help@acme.test',
      privacyUrl: 'https://acme.test/privacy',
    });
    const site = await app.request('GET', '/public/site');
    expect(site.body.site).toMatchObject({
      kind: 'platform',
      name: 'Acme Hub',
      support_email: 'help@acme.test',
      privacy_url: 'https://acme.test/privacy',
      terms_url: null,
    });
    const loner = await makeUser(app.ctx);
    await app.request('POST', '/forgot-password', { body: { email: loner.email } });
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: null, to_address: loner.email } });
    expect(mail!.html).toContain('Acme Hub');
    // Its footer: the support address and the privacy link saved; no terms link, none was given.
    expect(mail!.html).toContain('href="mailto:help@acme.test"');
    expect(mail!.html).toContain('href="https://acme.test/privacy"');
    expect(mail!.text_body).toContain('Support: help@acme.test');
    expect(mail!.html).not.toContain('Terms of service');
    // A workspace's email stays white-label: no platform links.
    const member = workspace.member;
    await app.request('POST', '/forgot-password', { body: { email: member.user.email } });
    const tenantMail = await app.ctx.db.EmailOutbox.findOne({
      where: { tenant_id: workspace.tenant.id, to_address: member.user.email },
    });
    expect(tenantMail!.html).not.toContain('help@acme.test');
  });
});
