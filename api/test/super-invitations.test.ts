import { randomUUID } from 'node:crypto';
import type { Tenant } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeTenant, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { hex, SUPER_ONLY, tenantAdmin, tenantCount } from './super-support';

/**
 * POST /api/super/invitations on a server without SMTP, for a new tenant and an existing one.
 * Delivery with SMTP configured is in super-invitations-smtp.test.ts.
 */

const NO_SMTP =
  'Email delivery is not configured on this server (SMTP_URL is not set), so the message was only logged.';
const DEFAULT_ROLES = [
  { role_key: 'admin', role_label: 'Admin', role_color: 'blue', kind: 'admin' },
  { role_key: 'role1', role_label: 'Team Member', role_color: 'purple', kind: 'team' },
  { role_key: 'role2', role_label: 'Client', role_color: 'green', kind: 'client' },
  { role_key: 'role3', role_label: 'Guest', role_color: 'gray', kind: 'guest' },
];

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

function inviteToken(signupUrl: string): string {
  return new URL(signupUrl).searchParams.get('invite')!;
}

describe('POST /api/super/invitations (new tenant)', () => {
  it('creates the tenant with the default role types, invites its owner and answers 201 with the signup link', async () => {
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { tenant: { name: 'Bright Ideas Co.', tier: 'pro' }, admin: { email: 'Founder@Bright-Ideas.test' } },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(['emailError', 'emailSent', 'signup_url', 'tenant_id']);
    expect(res.body).toMatchObject({ emailSent: false, emailError: NO_SMTP });
    expect(res.body.signup_url).toMatch(new RegExp(`^${app.url}/signup\\?invite=[A-Za-z0-9_-]{20,}&member=true$`));

    const tenant = await app.ctx.db.Tenant.findByPk(res.body.tenant_id);
    expect(tenant).toMatchObject({
      name: 'Bright Ideas Co.',
      slug: 'bright-ideas-co',
      tier: 'pro',
      status: 'active',
      seats_total: 3,
      bypass_billing: false,
    });
    const roles = await app.request('GET', '/tenant-roles', { token: root.token, tenantId: tenant!.id });
    expect(roles.body).toEqual({ roles: DEFAULT_ROLES });

    const invitation = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant!.id } });
    expect(invitation).toMatchObject({
      email: 'founder@bright-ideas.test',
      role: 'owner',
      invited_by: root.user.id,
      accepted_at: null,
    });
    const shown = await app.request('GET', `/public/invitations/${inviteToken(res.body.signup_url)}`);
    expect(shown.body.invitation).toMatchObject({
      email: 'founder@bright-ideas.test',
      role: 'owner',
      tenant_id: tenant!.id,
      tenant_name: 'Bright Ideas Co.',
      accepted: false,
    });

    const actions = (
      await app.ctx.db.AuditLog.findAll({ where: { tenant_id: tenant!.id }, order: [['created_at', 'ASC']] })
    ).map((a) => [a.action, a.actor_user_id]);
    expect(actions).toEqual([
      ['tenant.created', root.user.id],
      ['invitation.created', root.user.id],
    ]);
    // The message is kept in the outbox (and logged) since no SMTP server is configured.
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: tenant!.id } });
    expect(mail).toMatchObject({
      to_address: 'founder@bright-ideas.test',
      template: 'invitation',
      subject: "You're invited to join Bright Ideas Co.",
    });
    expect(mail!.text_body).toContain(res.body.signup_url);
  });

  it('takes seats_total, an explicit slug and bypass_billing', async () => {
    const marker = hex();
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: {
        tenant: { name: `Custom ${marker}`, slug: `My Own Slug ${marker}`, tier: 'advanced', seats_total: 12 },
        admin: { email: `boss-${marker}@example.test` },
        bypass_billing: true,
      },
    });
    expect(res.status).toBe(201);
    const tenant = await app.ctx.db.Tenant.findByPk(res.body.tenant_id);
    expect(tenant).toMatchObject({
      name: `Custom ${marker}`,
      slug: `my-own-slug-${marker}`,
      tier: 'advanced',
      seats_total: 12,
      bypass_billing: true,
    });
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant!.id, action: 'tenant.created' } });
    expect(audit!.details).toMatchObject({ slug: `my-own-slug-${marker}`, seats_total: 12, bypass_billing: true });
  });

  it('refuses a slug that is already taken with 409 and creates nothing', async () => {
    const first = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { tenant: { name: 'Dup Works', tier: 'starter' }, admin: { email: 'first@dup.test' } },
    });
    expect(first.status).toBe(201);
    const tenantsBefore = await tenantCount(app);
    const again = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { tenant: { name: 'DUP works!', tier: 'pro' }, admin: { email: 'second@dup.test' } },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'The workspace address "dup-works" is already taken. Choose another name or slug.',
      code: 'slug_taken',
    });
    expect(await tenantCount(app)).toBe(tenantsBefore);
    expect(await app.ctx.db.Invitation.count({ where: { email: 'second@dup.test' }, allTenants: true })).toBe(0);
    expect(await app.ctx.db.EmailOutbox.count({ where: { to_address: 'second@dup.test' }, allTenants: true })).toBe(0);
  });

  it.each([
    ['www', { name: 'WWW' }],
    ['api', { name: 'Acme', slug: 'API' }],
    ['admin', { name: 'Admin' }],
    ['super', { name: 'Acme', slug: 'super' }],
    ['localhost', { name: 'Localhost' }],
  ])('refuses the reserved address %s as onboarding does, creating nothing', async (slug, tenant) => {
    const tenantsBefore = await tenantCount(app);
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { tenant: { ...tenant, tier: 'pro' }, admin: { email: `reserved-${hex()}@example.test` } },
    });
    expect(res).toMatchObject({
      status: 400,
      body: {
        error: `The workspace address "${slug}" is reserved for the platform. Choose another name or slug.`,
        code: 'slug_reserved',
      },
    });
    expect(await tenantCount(app)).toBe(tenantsBefore);
  });

  it('refuses a subdomain an owner reserved during onboarding', async () => {
    const subdomain = `reserved-${hex()}`;
    const started = await app.request('POST', '/onboarding-start', {
      body: {
        name: 'Rita Reserve',
        email: `${subdomain}@example.test`,
        password: 'correct-horse-battery',
        companyName: 'Reserve Co',
        source: 'Google',
        title: 'Owner/Founder',
      },
    });
    expect(started.status).toBe(201);
    const token = started.body.session.access_token as string;
    expect((await app.request('POST', '/onboarding-plan', { token, body: { plan: 'starter' } })).status).toBe(200);
    expect((await app.request('POST', '/onboarding-branding', { token, body: { subdomain } })).status).toBe(200);

    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { tenant: { name: 'Someone Else', slug: subdomain, tier: 'pro' }, admin: { email: `x-${hex()}@x.test` } },
    });
    expect(res).toMatchObject({
      status: 409,
      body: {
        error: `The workspace address "${subdomain}" is already taken. Choose another name or slug.`,
        code: 'slug_taken',
      },
    });
    expect(await app.ctx.db.Tenant.count({ where: { slug: subdomain } })).toBe(0);
  });

  it('answers 201 once and 409 to the rest when the same new tenant is requested several times at once', async () => {
    const marker = hex();
    const body = (i: number) => ({
      tenant: { name: `Racing ${marker}`, tier: 'pro' },
      admin: { email: `racer${i}-${marker}@example.test` },
    });
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) => app.request('POST', '/super/invitations', { token: root.token, body: body(i) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await app.ctx.db.Tenant.count({ where: { slug: `racing-${marker}` } })).toBe(1);
  });

  describe('refuses bad input with 400 and creates nothing', () => {
    const admin = { email: 'admin@valid.test' };
    it.each([
      ['a missing name', { tenant: { tier: 'pro' }, admin }, 'Tenant name is required.'],
      ['a blank name', { tenant: { name: '   ', tier: 'pro' }, admin }, 'Tenant name is required.'],
      [
        'a name of 101 characters',
        { tenant: { name: 'N'.repeat(101), tier: 'pro' }, admin },
        'Tenant name must be at most 100 characters.',
      ],
      [
        'a name without letters or digits',
        { tenant: { name: '!!!', tier: 'pro' }, admin },
        'The tenant name needs at least two letters or digits to make its address.',
      ],
      [
        'an unknown tier',
        { tenant: { name: 'Tier Co', tier: 'gold' }, admin },
        'Choose a tier: starter, pro, advanced.',
      ],
      ['a missing tier', { tenant: { name: 'Tier Co' }, admin }, 'Choose a tier: starter, pro, advanced.'],
      ['no admin', { tenant: { name: 'Admin Co', tier: 'pro' } }, 'The first admin email is required.'],
      ['an admin without an email', { tenant: { name: 'Admin Co', tier: 'pro' }, admin: {} }, 'Email is required.'],
      [
        'a malformed admin email',
        { tenant: { name: 'Admin Co', tier: 'pro' }, admin: { email: 'not-an-email' } },
        'Enter a valid email address.',
      ],
      [
        'zero seats',
        { tenant: { name: 'Seats Co', tier: 'pro', seats_total: 0 }, admin },
        'Seats must be a whole number of at least 1.',
      ],
      [
        'negative seats',
        { tenant: { name: 'Seats Co', tier: 'pro', seats_total: -2 }, admin },
        'Seats must be a whole number of at least 1.',
      ],
      [
        'fractional seats',
        { tenant: { name: 'Seats Co', tier: 'pro', seats_total: 2.5 }, admin },
        'Seats must be a whole number of at least 1.',
      ],
      [
        'seats that are not a number',
        { tenant: { name: 'Seats Co', tier: 'pro', seats_total: 'many' }, admin },
        'Seats must be a whole number of at least 1.',
      ],
      ['tenant details that are not an object', { tenant: 'Acme', admin }, 'Tenant details are required.'],
      [
        'bypass_billing that is not a boolean',
        { tenant: { name: 'Bill Co', tier: 'pro' }, admin, bypass_billing: 'yes' },
        'bypass_billing must be true or false.',
      ],
    ])('%s', async (_case, body, message) => {
      const before = await tenantCount(app);
      const res = await app.request('POST', '/super/invitations', { token: root.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(await tenantCount(app)).toBe(before);
    });
  });
});

describe('POST /api/super/invitations (existing tenant)', () => {
  it.each([
    ['owner', 'owner', 'Owner'],
    ['admin', 'admin', 'Admin'],
    ['member', 'role2', 'Client'],
  ])('invites as %s: the invitation carries the role key %s', async (role, roleKey, label) => {
    const tenant = await makeTenant(app.ctx);
    const email = `${role}-${hex()}@example.test`;
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: email.toUpperCase(), role, tenant_id: tenant.id },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailSent: false, emailError: NO_SMTP, tenant_id: tenant.id });
    expect(res.body.signup_url).toMatch(new RegExp(`^${app.url}/signup\\?invite=[A-Za-z0-9_-]{20,}&member=true$`));
    const invitation = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id, email } });
    expect(invitation?.role).toBe(roleKey);
    const shown = await app.request('GET', `/public/invitations/${inviteToken(res.body.signup_url)}`);
    expect(shown.body.invitation).toMatchObject({ email, role: roleKey, tenant_name: tenant.name });
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'invitation.created' } });
    expect(audit).toMatchObject({ actor_user_id: root.user.id, entity_id: invitation!.id });
    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { tenant_id: tenant.id, to_address: email } });
    expect(mail!.text_body).toContain(`as ${label}`);
  });

  it('a member invitation becomes a role2 membership when accepted', async () => {
    const tenant = await makeTenant(app.ctx);
    const invitee = await makeUser(app.ctx);
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: invitee.email, role: 'member', tenant_id: tenant.id },
    });
    const { token } = await signIn(app, invitee.email);
    const accepted = await app.request('POST', '/public/invitations/accept', {
      token,
      body: { token: inviteToken(res.body.signup_url) },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ membership: { tenant_id: tenant.id, role: 'role2', status: 'active' } });
    const membership = await app.ctx.db.Membership.findOne({ where: { tenant_id: tenant.id, user_id: invitee.id } });
    expect(membership?.role).toBe('role2');
  });

  describe('refuses bad input with 400 and invites nobody', () => {
    let tenant: Promise<Tenant> | undefined;
    const shared = () => (tenant ??= makeTenant(app.ctx));
    it.each([
      ['a missing email', (id: string) => ({ role: 'member', tenant_id: id }), 'Email is required.'],
      [
        'a malformed email',
        (id: string) => ({ email: 'nope', role: 'member', tenant_id: id }),
        'Enter a valid email address.',
      ],
      [
        'a missing role',
        (id: string) => ({ email: 'x@example.test', tenant_id: id }),
        'Role is required: owner, admin or member.',
      ],
      [
        'an unknown role',
        (id: string) => ({ email: 'x@example.test', role: 'superuser', tenant_id: id }),
        'Role is required: owner, admin or member.',
      ],
      [
        'a tenant role key instead of a generic role',
        (id: string) => ({ email: 'x@example.test', role: 'role1', tenant_id: id }),
        'Role is required: owner, admin or member.',
      ],
      ['a missing tenant', () => ({ email: 'x@example.test', role: 'member' }), 'Tenant is required.'],
      [
        'a malformed tenant id',
        () => ({ email: 'x@example.test', role: 'member', tenant_id: 'acme' }),
        'Tenant is required.',
      ],
      ['an empty body', () => ({}), 'Email is required.'],
    ])('%s', async (_case, body, message) => {
      const { id } = await shared();
      const res = await app.request('POST', '/super/invitations', { token: root.token, body: body(id) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(await app.ctx.db.Invitation.count({ where: { tenant_id: id } })).toBe(0);
    });
  });

  it('answers 400 with a sentence for a body that is a list', async () => {
    const res = await app.request('POST', '/super/invitations', { token: root.token, body: [] });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^[A-Z].*\.$/);
    expect(res.body.error).not.toMatch(/Invalid input|expected/);
  });

  it('answers 404 for a tenant that does not exist and invites nobody', async () => {
    const email = `ghost-${hex()}@example.test`;
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email, role: 'admin', tenant_id: randomUUID() },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'This workspace does not exist.' });
    expect(await app.ctx.db.Invitation.count({ where: { email }, allTenants: true })).toBe(0);
  });

  it('refuses a tenant admin with 403, even for their own tenant, and invites nobody', async () => {
    const { tenant, admin } = await tenantAdmin(app);
    const email = `friend-${hex()}@example.test`;
    const res = await app.request('POST', '/super/invitations', {
      token: admin.token,
      body: { email, role: 'owner', tenant_id: tenant.id },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: SUPER_ONLY });
    const newTenant = await app.request('POST', '/super/invitations', {
      token: admin.token,
      body: { tenant: { name: `Sneaky ${hex()}`, tier: 'pro' }, admin: { email } },
    });
    expect(newTenant.status).toBe(403);
    expect(await app.ctx.db.Invitation.count({ where: { email }, allTenants: true })).toBe(0);
  });

  it('needs a session', async () => {
    const tenant = await makeTenant(app.ctx);
    const res = await app.request('POST', '/super/invitations', {
      body: { email: 'anon@example.test', role: 'owner', tenant_id: tenant.id },
    });
    expect(res.status).toBe(401);
    expect(await app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });
});
