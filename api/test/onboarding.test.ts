import { DEFAULT_SETTINGS, ONBOARDING_MESSAGES as M, TENANT_SLACK_MESSAGES } from '@portico/common';
import { DOMAINS_PLAN_MESSAGE, NO_PAYMENTS, RESERVED_SUBDOMAIN } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeTenant, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { upload } from './files-support';

/** Owner signup and the onboarding wizard's steps, on a platform without Stripe (plans are recorded directly). */

const SUPER_ONLY = 'Only platform super admins can do that.';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('portico-logo')]);

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(async () => {
  await app.close();
});

let n = 0;
const owner = (changes: Record<string, unknown> = {}) => ({
  name: 'Olive Owner',
  email: `olive${++n}-${Date.now()}@acme.test`,
  password: 'correct-horse-battery',
  companyName: 'Acme Legal',
  source: 'Google',
  title: 'Owner/Founder',
  ...changes,
});

async function start(changes: Record<string, unknown> = {}): Promise<{ token: string; email: string; body: any }> {
  const body = owner(changes);
  const res = await app.request('POST', '/onboarding-start', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: res.body.session.access_token, email: body.email, body: res.body };
}

const post = (token: string, path: string, body?: unknown) => app.request('POST', path, { token, body });
const status = async (token: string) => {
  const res = await app.request('GET', '/onboarding-status', { token });
  expect(res.status).toBe(200);
  return res.body.onboarding;
};
const unique = () => `acme-${Math.random().toString(36).slice(2, 8)}`;

describe('POST /api/onboarding-start', () => {
  it('creates the account, its onboarding state and a session; the plan from the landing page is preselected', async () => {
    const { token, email, body } = await start({ plan: 'pro' });
    expect(body.onboarding).toMatchObject({
      step: 'plan',
      ready: false,
      companyName: 'Acme Legal',
      plan: 'pro',
      adminSeats: 1,
      branding: { subdomain: null, brandColor: '#2563eb', logoUrl: null, customDomain: null },
      status: 'in_progress',
      loginUrl: null,
    });
    const me = await app.request('GET', '/auth/user', { token });
    expect(me.body.user.email).toBe(email);
    expect(me.body.memberships).toEqual([]);
    expect(me.body.profile).toMatchObject({ first_name: 'Olive', last_name: 'Owner', title: 'Owner/Founder' });
  });

  it.each([
    [{ name: '' }, 'Full name is required.'],
    [{ email: 'not-an-email' }, 'Enter a valid email address.'],
    [{ password: '' }, 'Password is required.'],
    [{ companyName: '  ' }, M.companyName],
    [{ source: 'Radio' }, M.source],
    [{ source: 'Other' }, M.sourceOther],
    [{ title: 'CEO' }, M.title],
    [{ plan: 'enterprise' }, M.plan],
    [{ password: 'short' }, 'Password must be at least 8 characters.'],
  ])('refuses %j with its sentence', async (changes, message) => {
    const res = await app.request('POST', '/onboarding-start', { body: owner(changes) });
    expect(res).toMatchObject({ status: 400, body: { error: message } });
  });

  it('refuses an address that has an account, and one outside the signup domain allowlist, creating nothing', async () => {
    const { email } = await start();
    const again = await app.request('POST', '/onboarding-start', { body: owner({ email }) });
    expect(again).toMatchObject({ status: 409, body: { code: 'email_taken' } });

    const save = (values: unknown) =>
      app.request('PUT', '/settings', { token: root.token, body: { security: values } });
    expect((await save({ ...DEFAULT_SETTINGS.security, domainAllowlist: 'example.com' })).status).toBe(200);
    try {
      const outsider = owner();
      const res = await app.request('POST', '/onboarding-start', { body: outsider });
      expect(res).toMatchObject({ status: 403, body: { code: 'domain_not_allowed' } });
      expect(await app.ctx.db.User.count({ where: { email: outsider.email } })).toBe(0);
    } finally {
      expect((await save(DEFAULT_SETTINGS.security)).status).toBe(200);
    }
  });
});

it('tells everyone the platform’s password rule and holds owner signup to it', async () => {
  const site = async () => (await app.request('GET', '/public/site')).body.site.password_rule;
  expect(await site()).toBe('Password must be at least 8 characters.');
  const save = (values: unknown) => app.request('PUT', '/settings', { token: root.token, body: { security: values } });
  expect((await save({ ...DEFAULT_SETTINGS.security, passwordMin: 12 })).status).toBe(200);
  try {
    expect(await site()).toBe('Password must be at least 12 characters.');
    const res = await app.request('POST', '/onboarding-start', { body: owner({ password: 'ten-chars!' }) });
    expect(res).toMatchObject({ status: 400, body: { error: 'Password must be at least 12 characters.' } });
  } finally {
    expect((await save(DEFAULT_SETTINGS.security)).status).toBe(200);
  }
});

describe('the wizard’s steps', () => {
  it('plan: validates, records the plan directly without Stripe, and the status moves on', async () => {
    const { token } = await start();
    expect((await post(token, '/onboarding-plan', { plan: 'gold' })).body.error).toBe(M.plan);
    expect((await post(token, '/onboarding-plan', { plan: 'pro', adminSeats: 0 })).body.error).toBe(M.adminSeats);
    expect((await post(token, '/onboarding-plan', { plan: 'pro', adminSeats: 1.5 })).body.error).toBe(M.adminSeats);
    expect((await post(token, '/onboarding-plan', { plan: 'starter', adminSeats: 2 })).body.error).toBe(
      'The Starter plan has 1 admin seat. Choose Pro or Advanced for more.',
    );
    expect((await post(token, '/onboarding-plan', { plan: 'pro', adminSeats: 5 })).body.error).toBe(
      'The Pro plan allows up to 4 admin seats.',
    );
    expect((await status(token)).step).toBe('plan');

    const res = await post(token, '/onboarding-plan', { plan: 'pro', adminSeats: 2 });
    expect(res.status).toBe(200);
    expect(res.body.onboarding).toMatchObject({
      step: 'branding',
      plan: 'pro',
      adminSeats: 2,
      checkoutRequired: false,
    });
    expect(await status(token)).toEqual(res.body.onboarding);
    const checkout = await post(token, '/checkout', { price_id: 'pro-monthly', plan: 'pro' });
    expect(checkout).toMatchObject({ status: 409, body: { error: NO_PAYMENTS } });
  });

  it('subdomain check: invalid, reserved, taken (a workspace’s or another owner’s reservation), available', async () => {
    const { token } = await start();
    const check = async (subdomain: string) => (await post(token, '/onboarding-check-subdomain', { subdomain })).body;
    for (const bad of ['a', '-acme', 'acme-', '!!!', ''])
      expect(await check(bad), bad).toMatchObject({ available: false, reason: M.subdomain });
    for (const reserved of ['www', 'API', ' admin ', 'app'])
      expect(await check(reserved)).toMatchObject({ available: false, reason: RESERVED_SUBDOMAIN });
    const tenant = await makeTenant(app.ctx);
    expect(await check(tenant.slug)).toEqual({ available: false, subdomain: tenant.slug, reason: M.taken });
    const free = unique();
    expect(await check(`  ${free.toUpperCase()}  `)).toEqual({ available: true, subdomain: free, reason: M.available });
    expect(await check('My  Firm!! -- Law')).toEqual({
      available: true,
      subdomain: 'my-firm-law',
      reason: M.available,
    });

    const other = await start();
    await post(other.token, '/onboarding-plan', { plan: 'starter' });
    expect((await post(other.token, '/onboarding-branding', { subdomain: free })).status).toBe(200);
    expect(await check(free)).toMatchObject({ available: false, reason: M.taken });
    // The owner's own reservation is still theirs.
    expect((await post(other.token, '/onboarding-check-subdomain', { subdomain: free })).body.available).toBe(true);

    const anonymous = await app.request('POST', '/onboarding-check-subdomain', { body: { subdomain: free } });
    expect(anonymous.status).toBe(401);
  });

  it('branding: needs the plan first, validates colour, subdomain, logo and custom domain, then saves', async () => {
    const { token } = await start();
    const subdomain = unique();
    expect(await post(token, '/onboarding-branding', { subdomain })).toMatchObject({
      status: 409,
      body: { error: 'Choose a plan first.' },
    });
    await post(token, '/onboarding-plan', { plan: 'starter' });
    expect((await post(token, '/onboarding-branding', { subdomain, brandColor: 'blue' })).body.error).toBe(
      M.brandColor,
    );
    expect((await post(token, '/onboarding-branding', { subdomain: '-' })).body.error).toBe(M.subdomain);
    expect((await post(token, '/onboarding-branding', { subdomain: 'www' })).body.error).toBe(RESERVED_SUBDOMAIN);
    const taken = await makeTenant(app.ctx);
    expect(await post(token, '/onboarding-branding', { subdomain: taken.slug })).toMatchObject({
      status: 409,
      body: { error: M.taken },
    });
    expect(await post(token, '/onboarding-branding', { subdomain, customDomain: 'portal.acme.example' })).toMatchObject(
      { status: 403, body: { error: DOMAINS_PLAN_MESSAGE } },
    );
    expect((await post(token, '/onboarding-branding', { subdomain, customDomain: 'https://x' })).status).toBe(400);
    expect(
      (await post(token, '/onboarding-branding', { subdomain, logoUrl: 'https://evil.example/logo.png' })).body.error,
    ).toBe('Upload the logo with the Upload logo button; a logo cannot be linked from elsewhere.');
    expect((await status(token)).step).toBe('branding');

    const logo = await upload(app, {
      path: '/api/onboarding-logo',
      token,
      name: 'logo.png',
      type: 'image/png',
      content: PNG,
    });
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    const logoUrl = logo.body.onboarding.branding.logoUrl as string;
    const state = await app.ctx.db.OnboardingState.findOne({ where: { logo_url: logoUrl } });
    expect(logoUrl).toMatch(new RegExp(`^/api/public/brand/${state!.workspace_id}/logo-[0-9a-f-]{36}\\.png$`));
    expect((await fetch(`${app.url}${logoUrl}`)).status).toBe(200);
    const svg = await upload(app, { path: '/api/onboarding-logo', token, name: 'a.svg', type: 'image/svg+xml' });
    expect(svg).toMatchObject({ status: 400, body: { error: 'The logo must be a PNG, JPEG, WebP or GIF image.' } });

    const res = await post(token, '/onboarding-branding', {
      subdomain: subdomain.toUpperCase(),
      brandColor: '#BE185D',
      logoUrl,
    });
    expect(res.status).toBe(200);
    expect(res.body.onboarding).toMatchObject({
      step: 'capabilities',
      branding: { subdomain, brandColor: '#be185d', logoUrl, customDomain: null },
    });
  });

  it('branding: a custom domain another workspace only claimed is free to choose; a verified one is not', async () => {
    const { token } = await start();
    await post(token, '/onboarding-plan', { plan: 'pro' });
    const claimant = await makeTenant(app.ctx);
    const claimed = `portal-${unique()}.example.com`;
    const verified = `portal-${unique()}.example.com`;
    await app.ctx.db.TenantDomain.bulkCreate([
      { tenant_id: claimant.id, domain: claimed, verification_token: 'claimed', created_by: null },
      {
        tenant_id: claimant.id,
        domain: verified,
        verification_token: 'verified',
        created_by: null,
        verified_at: new Date(),
      },
    ]);
    expect(await post(token, '/onboarding-branding', { subdomain: unique(), customDomain: verified })).toMatchObject({
      status: 409,
      body: { error: `${verified} is connected to another workspace.`, code: 'domain_taken' },
    });
    const res = await post(token, '/onboarding-branding', { subdomain: unique(), customDomain: claimed });
    expect(res.status).toBe(200);
    expect(res.body.onboarding.branding.customDomain).toBe(claimed);
  });

  it('capabilities: checks the Slack webhook and sender address, then review; provisioning waits for review', async () => {
    const { token } = await start();
    expect(await post(token, '/onboarding-capabilities', { useEmbeds: true })).toMatchObject({
      status: 409,
      body: { error: 'Choose your branding and subdomain first.' },
    });
    await post(token, '/onboarding-plan', { plan: 'pro' });
    expect(await post(token, '/onboarding-provision')).toMatchObject({
      status: 409,
      body: { error: 'Finish the branding step first.' },
    });
    await post(token, '/onboarding-branding', { subdomain: unique(), customDomain: `portal-${unique()}.example.com` });

    const slack = await post(token, '/onboarding-capabilities', { slackWebhook: 'http://hooks.slack.example/x' });
    expect(slack.status).toBe(400);
    expect(slack.body.error.startsWith(TENANT_SLACK_MESSAGES.url)).toBe(true);
    const local = await post(token, '/onboarding-capabilities', { slackWebhook: 'https://127.0.0.1/hook' });
    expect(local.body.error.startsWith(TENANT_SLACK_MESSAGES.url)).toBe(true);
    expect((await post(token, '/onboarding-capabilities', { emailFromAddress: 'nope' })).body.error).toBe(
      M.emailFromAddress,
    );
    expect((await post(token, '/onboarding-capabilities', { useForms: 'yes' })).body.error).toBe(
      'useForms must be true or false.',
    );

    const res = await post(token, '/onboarding-capabilities', {
      useEmbeds: true,
      useForms: false,
      useFiles: true,
      slackWebhook: '',
      emailFromName: 'Acme Legal',
      emailFromAddress: 'hello@acme.example',
    });
    expect(res.status).toBe(200);
    expect(res.body.onboarding).toMatchObject({
      step: 'review',
      capabilities: {
        useEmbeds: true,
        useForms: false,
        useFiles: true,
        slackWebhook: null,
        emailFromName: 'Acme Legal',
        emailFromAddress: 'hello@acme.example',
      },
    });
  });

  it('resumes where the owner left off, from another device', async () => {
    const { token, email } = await start();
    await post(token, '/onboarding-plan', { plan: 'advanced', adminSeats: 4 });
    const subdomain = unique();
    await post(token, '/onboarding-branding', { subdomain, brandColor: '#0f766e' });
    const elsewhere = await signIn(app, email);
    expect(await status(elsewhere.token)).toMatchObject({
      step: 'capabilities',
      plan: 'advanced',
      adminSeats: 4,
      branding: { subdomain, brandColor: '#0f766e' },
    });
    await post(elsewhere.token, '/onboarding-capabilities', { useEmbeds: false, useForms: true, useFiles: true });
    expect((await status(token)).step).toBe('review');
  });

  it('answers no onboarding for someone who never started one, and refuses callers without a session', async () => {
    const { admin } = await makeWorkspace(app);
    expect(await status(admin.token)).toBeNull();
    expect((await post(admin.token, '/onboarding-plan', { plan: 'starter' })).status).toBe(404);
    expect((await app.request('GET', '/onboarding-status')).status).toBe(401);
    expect((await app.request('POST', '/onboarding-plan', { body: { plan: 'starter' } })).status).toBe(401);
  });
});

describe('GET /api/_debug/onboarding-events', () => {
  it('lists every step’s event newest first for super admins, with filters; refuses everyone else', async () => {
    const { token, email } = await start({ companyName: 'Events Co' });
    await post(token, '/onboarding-plan', { plan: 'starter', adminSeats: 3 });
    await post(token, '/onboarding-plan', { plan: 'starter' });
    await post(token, '/onboarding-branding', { subdomain: unique() });

    const res = await app.request('GET', '/_debug/onboarding-events', { token: root.token });
    expect(res.status).toBe(200);
    const mine = res.body.events.filter((e: { user_email: string }) => e.user_email === email);
    expect(mine.map((e: { action: string; error: string | null }) => [e.action, e.error])).toEqual([
      ['branding', null],
      ['plan', null],
      ['plan', 'The Starter plan has 1 admin seat. Choose Pro or Advanced for more.'],
      ['start', null],
    ]);
    expect(mine.at(-1).context).toMatchObject({ companyName: 'Events Co', source: 'Google' });
    const times = res.body.events.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);

    const failed = await app.request('GET', '/_debug/onboarding-events?failed=true', { token: root.token });
    expect(failed.body.events.every((e: { error: string | null }) => e.error !== null)).toBe(true);
    const plans = await app.request('GET', '/_debug/onboarding-events?action=plan', { token: root.token });
    expect(plans.body.events.every((e: { action: string }) => e.action === 'plan')).toBe(true);
    expect((await app.request('GET', '/_debug/onboarding-events?user_id=x', { token: root.token })).status).toBe(400);

    const { admin, member } = await makeWorkspace(app);
    for (const person of [admin, member, { token }]) {
      const refused = await app.request('GET', '/_debug/onboarding-events', { token: person.token });
      expect(refused).toMatchObject({ status: 403, body: { error: SUPER_ONLY } });
    }
    expect((await app.request('GET', '/_debug/onboarding-events')).status).toBe(401);
  });
});
