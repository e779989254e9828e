import { randomBytes } from 'node:crypto';
import { DEFAULT_SETTINGS } from '@portico/common';
import { sha256 } from '@portico/core';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeTenant, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/*
 * Invitations are not self-serve signup (issue 25): with the `signup` flag off, or a signup domain
 * allowlist the address is not on, the person a workspace invited could not create the account the
 * invitation asks for. An open invitation's token now lets its own address sign up, and nothing else.
 */

const SIGNUP_OFF = 'Self-serve signup is turned off on this platform. Ask for an invitation.';
const DOMAIN_REFUSED =
  'Sign-up is open only to email addresses at acme.test. Use one of those, or ask for an invitation.';

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());
afterEach(async () => {
  expect((await app.request('PUT', '/flags/signup', { token: root.token, body: { enabled: true } })).status).toBe(200);
  const open = await app.request('PUT', '/settings', {
    token: root.token,
    body: { security: DEFAULT_SETTINGS.security },
  });
  expect(open.status).toBe(200);
});

const address = (domain = 'example.test') => `invitee-${randomBytes(4).toString('hex')}@${domain}`;

/** An invitation to `email` in a new workspace, sent from the console: its link's token. */
async function invite(email: string): Promise<{ token: string; tenantId: string }> {
  const tenant = await makeTenant(app.ctx);
  const res = await app.request('POST', '/super/invitations', {
    token: root.token,
    body: { email, role: 'member', tenant_id: tenant.id },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { token: new URL(res.body.signup_url).searchParams.get('invite')!, tenantId: tenant.id };
}

const signUp = (email: string, invitationToken?: string) =>
  app.request('POST', '/auth/signup', {
    body: {
      email,
      password: 'long-enough-1',
      full_name: 'Ivy Invitee',
      ...(invitationToken !== undefined && { invitation_token: invitationToken }),
    },
  });

/** The invitee signs up with the token and accepts the invitation: a member of its workspace. */
async function expectJoins(email: string, invitation: { token: string; tenantId: string }): Promise<void> {
  const created = await signUp(email.toUpperCase(), invitation.token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const accepted = await app.request('POST', '/public/invitations/accept', {
    token: created.body.session.access_token,
    body: { token: invitation.token },
  });
  expect(accepted.status).toBe(200);
  expect(accepted.body.membership).toMatchObject({ tenant_id: invitation.tenantId, status: 'active' });
}

describe('with self-serve signup turned off', () => {
  it('the invited address signs up with its invitation and joins; without it, it is refused', async () => {
    const email = address();
    const invitation = await invite(email);
    await app.request('PUT', '/flags/signup', { token: root.token, body: { enabled: false } });
    expect(await signUp(email)).toMatchObject({ status: 403, body: { error: SIGNUP_OFF } });
    await expectJoins(email, invitation);
  });

  it('the token opens signup for its own address only, and only while the invitation is open', async () => {
    const email = address();
    const invitation = await invite(email);
    await app.request('PUT', '/flags/signup', { token: root.token, body: { enabled: false } });
    // Another address, with a real invitation's token.
    expect(await signUp(address(), invitation.token)).toMatchObject({ status: 403, body: { error: SIGNUP_OFF } });
    // Tokens that name no invitation.
    for (const token of ['', 'not-a-token', randomBytes(32).toString('base64url')])
      expect(await signUp(email, token)).toMatchObject({ status: 403, body: { error: SIGNUP_OFF } });
    const row = (await app.ctx.db.Invitation.findOne({
      where: { token_hash: sha256(invitation.token) },
      allTenants: true,
    }))!;
    await row.update({ expires_at: new Date(Date.now() - 1000) });
    expect(await signUp(email, invitation.token)).toMatchObject({ status: 403, body: { error: SIGNUP_OFF } });
    await row.update({ expires_at: new Date(Date.now() + 86_400_000), revoked_at: new Date() });
    expect(await signUp(email, invitation.token)).toMatchObject({ status: 403, body: { error: SIGNUP_OFF } });
    await row.update({ revoked_at: null, accepted_at: new Date() });
    expect(await signUp(email, invitation.token)).toMatchObject({ status: 403, body: { error: SIGNUP_OFF } });
  });

  it('still asks for the password policy and refuses a taken address, invitation or not', async () => {
    const email = address();
    const invitation = await invite(email);
    await app.request('PUT', '/flags/signup', { token: root.token, body: { enabled: false } });
    const weak = await app.request('POST', '/auth/signup', {
      body: { email, password: 'short', full_name: 'Ivy Invitee', invitation_token: invitation.token },
    });
    expect(weak.status).toBe(400);
    expect((await signUp(email, invitation.token)).status).toBe(201);
    expect((await signUp(email, invitation.token)).status).toBe(409);
  });
});

describe('with a signup domain allowlist', () => {
  it('an invited address outside it signs up with its invitation and joins; another address with that token is refused', async () => {
    const email = address('elsewhere.test');
    const invitation = await invite(email);
    const saved = await app.request('PUT', '/settings', {
      token: root.token,
      body: { security: { ...DEFAULT_SETTINGS.security, domainAllowlist: 'acme.test' } },
    });
    expect(saved.status).toBe(200);
    expect(await signUp(email)).toMatchObject({ status: 403, body: { error: DOMAIN_REFUSED } });
    expect(await signUp(address('elsewhere.test'), invitation.token)).toMatchObject({
      status: 403,
      body: { error: DOMAIN_REFUSED },
    });
    await expectJoins(email, invitation);
  });
});

it('says what is wrong with an invitation token that is not text', async () => {
  const res = await app.request('POST', '/auth/signup', {
    body: { email: address(), password: 'long-enough-1', full_name: 'Ivy Invitee', invitation_token: 42 },
  });
  expect(res).toMatchObject({ status: 400, body: { error: 'The invitation token is not valid.' } });
});
