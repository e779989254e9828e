import { randomUUID } from 'node:crypto';
import {
  changeEmail,
  changePassword,
  confirmTwoFactorEnrolment,
  loadSessionActor,
  regenerateRecoveryCodes,
  startTwoFactorEnrolment,
  systemClock,
  verifyAccessToken,
} from '@portico/core';
import type { AuditLog } from '@portico/core/db';
import type { Request } from 'express';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  DEFAULT_PASSWORD,
  makeSuperAdmin,
  makeUser,
  makeWorkspace,
  signIn,
  type Person,
} from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { sessionActorOf } from '../src/http/request';

const SUPER_ONLY = 'Only platform super admins can do that.';
const NOT_IN_IMPERSONATION = 'An impersonation session cannot use the platform console. Stop impersonating first.';
const NO_CREDENTIALS = 'An impersonation session cannot change the person’s password or email.';
const REASON_REQUIRED = 'Give a reason for impersonating this user.';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
let other: Awaited<ReturnType<typeof makeWorkspace>>;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
  other = await makeWorkspace(app);
});
afterAll(() => app.close());
afterEach(() => {
  app.ctx.clock = systemClock;
});

/** Starts impersonating `userId` as root: the answer's session, checked to be a 201. */
async function impersonate(userId: string, reason = 'Support request') {
  const res = await app.request('POST', '/impersonate/start', {
    token: root.token,
    body: { targetUserId: userId, reason },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { session: { access_token: string; refresh_token: string; expires_at: number }; ends_at: string };
}

/**
 * Starts the impersonation as if it had begun `minutesAgo` minutes ago (the context's clock), and
 * answers its session as the client holds it now. Access tokens expire by the clock, so a client
 * has refreshed since; once the impersonation has ended, that refresh is refused and it keeps the first pair.
 */
async function impersonateSince(userId: string, minutesAgo: number) {
  app.ctx.clock = { now: () => new Date(Date.now() - minutesAgo * 60_000) };
  let started: Awaited<ReturnType<typeof impersonate>>;
  try {
    started = await impersonate(userId);
  } finally {
    app.ctx.clock = systemClock;
  }
  const refreshed = await app.request('POST', '/auth/refresh', {
    body: { refresh_token: started.session.refresh_token },
  });
  return refreshed.status === 200 ? { ...started, session: refreshed.body as typeof started.session } : started;
}

/** The audit rows of `action` about the workspace's member with `reason`: exactly one, by root, in their workspace. */
async function memberAuditRows(action: string, reason: string): Promise<AuditLog[]> {
  const rows = await app.ctx.db.AuditLog.findAll({
    where: { action, entity_id: workspace.member.user.id, reason },
    allTenants: true,
  });
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    actor_user_id: root.user.id,
    entity_type: 'user',
    tenant_id: workspace.tenant.id,
    reason,
  });
  return rows;
}

describe('GET /api/super/users', () => {
  it('finds people by part of their email, with their effective role and workspaces, and leaves super admins out', async () => {
    const res = await app.request(
      'GET',
      `/super/users?query=${encodeURIComponent(workspace.member.user.email.slice(0, 9))}`,
      {
        token: root.token,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.users).toContainEqual({
      id: workspace.member.user.id,
      email: workspace.member.user.email,
      role: 'role2',
      workspaces: [workspace.tenant.name],
    });
    const admins = await app.request('GET', `/super/users?query=${encodeURIComponent(workspace.admin.user.email)}`, {
      token: root.token,
    });
    expect(admins.body.users).toEqual([
      {
        id: workspace.admin.user.id,
        email: workspace.admin.user.email,
        role: 'admin',
        workspaces: [workspace.tenant.name],
      },
    ]);
    const supers = await app.request('GET', `/super/users?query=${encodeURIComponent(root.user.email)}`, {
      token: root.token,
    });
    expect(supers.body.users).toEqual([]);
  });

  it('answers an empty list to an empty query and refuses text over 100 characters', async () => {
    expect((await app.request('GET', '/super/users?query=', { token: root.token })).body).toEqual({ users: [] });
    const long = await app.request('GET', `/super/users?query=${'a'.repeat(101)}`, { token: root.token });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('Search text must be at most 100 characters.');
  });

  it('is refused to tenant admins, members and without a session', async () => {
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request('GET', '/super/users?query=user', { token: person.token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(SUPER_ONLY);
    }
    const anonymous = await app.request('GET', '/super/users?query=user');
    expect(anonymous.status).toBe(401);
  });
});

describe('POST /api/impersonate/start', () => {
  it('gives a session as the member that works in their workspace, every answer marked x-impersonating', async () => {
    const started = await impersonate(workspace.member.user.id);
    const token = started.session.access_token;
    const endsAt = new Date(started.ends_at).getTime();
    expect(endsAt - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(endsAt - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const me = await app.request('GET', '/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(workspace.member.user.id);
    expect(me.body.is_super_admin).toBe(false);
    expect(me.headers.get('x-impersonating')).toBe('true');

    const files = await app.request('GET', '/files', { token, tenantId: workspace.tenant.id });
    expect(files.status).toBe(200);
    expect(files.headers.get('x-impersonating')).toBe('true');
    // Refusals of that session are marked too: the SPA's banner reads every answer.
    const people = await app.request('GET', '/users', { token, tenantId: workspace.tenant.id });
    expect(people.status).toBe(403);
    expect(people.headers.get('x-impersonating')).toBe('true');
    const elsewhere = await app.request('GET', '/files', { token, tenantId: other.tenant.id });
    expect(elsewhere.status).toBe(403);

    // The member's own session is not marked, and the super admin's is not either.
    const own = await app.request('GET', '/auth/user', { token: workspace.member.token });
    expect(own.headers.get('x-impersonating')).toBeNull();
    const console = await app.request('GET', '/super/tenants', { token: root.token });
    expect(console.status).toBe(200);
    expect(console.headers.get('x-impersonating')).toBeNull();
  });

  it('audits the start with the super admin, the reason and the session in the member’s workspace', async () => {
    const started = await impersonate(workspace.member.user.id, 'Cannot find their invoice');
    const rows = await memberAuditRows('impersonation.started', 'Cannot find their invoice');
    expect(rows[0]!.details).toMatchObject({ user_email: workspace.member.user.email, ends_at: started.ends_at });
    expect(rows[0]!.details.session_id).toEqual(expect.any(String));
  });

  it('writes one row per workspace of a person in several, and one platform-wide row for a person in none', async () => {
    const both = await makeUser(app.ctx);
    await addMember(app.ctx, workspace.tenant, both, 'role2');
    await addMember(app.ctx, other.tenant, both, 'role1');
    await impersonate(both.id);
    const rows = await app.ctx.db.AuditLog.findAll({
      where: { action: 'impersonation.started', entity_id: both.id },
      allTenants: true,
    });
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([workspace.tenant.id, other.tenant.id].sort());

    const loner = await makeUser(app.ctx);
    await impersonate(loner.id);
    const lonely = await app.ctx.db.AuditLog.findAll({
      where: { action: 'impersonation.started', entity_id: loner.id },
      allTenants: true,
    });
    expect(lonely.map((r) => r.tenant_id)).toEqual([null]);
  });

  it('needs a reason: blank is a 400 with its sentence', async () => {
    for (const reason of ['', '   ']) {
      const res = await app.request('POST', '/impersonate/start', {
        token: root.token,
        body: { targetUserId: workspace.member.user.id, reason },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(REASON_REQUIRED);
    }
    const missing = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: workspace.member.user.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(REASON_REQUIRED);
  });

  it('needs a user: none chosen is a 400, an unknown one a 404', async () => {
    const none = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { reason: 'Support request' },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Choose the user to impersonate.');
    const unknown = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: randomUUID(), reason: 'Support request' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('This user does not exist.');
  });

  it('refuses to impersonate a super admin', async () => {
    const another = await makeUser(app.ctx, { superAdmin: true });
    for (const target of [root.user.id, another.id]) {
      const res = await app.request('POST', '/impersonate/start', {
        token: root.token,
        body: { targetUserId: target, reason: 'Support request' },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'A super admin cannot be impersonated.', code: 'super_admin_target' });
    }
    expect(
      await app.ctx.db.AuditLog.count({
        where: { action: 'impersonation.started', entity_id: another.id },
        allTenants: true,
      }),
    ).toBe(0);
  });

  it('is refused to tenant admins, members, anonymous callers and to an impersonation session', async () => {
    const body = { targetUserId: workspace.member.user.id, reason: 'Support request' };
    for (const person of [workspace.admin, workspace.member]) {
      const res = await app.request('POST', '/impersonate/start', { token: person.token, body });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(SUPER_ONLY);
    }
    expect((await app.request('POST', '/impersonate/start', { body })).status).toBe(401);

    const { session } = await impersonate(workspace.admin.user.id);
    const again = await app.request('POST', '/impersonate/start', {
      token: session.access_token,
      body: { targetUserId: workspace.member.user.id, reason: 'Support request' },
    });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe(NOT_IN_IMPERSONATION);
    expect(again.headers.get('x-impersonating')).toBe('true');
  });
});

describe('an impersonation session', () => {
  it('cannot reach the console', async () => {
    const { session } = await impersonate(workspace.admin.user.id);
    for (const path of ['/super/tenants', '/super/users?query=a', '/jobs/recent', '/audit']) {
      const res = await app.request('GET', path, { token: session.access_token });
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe(NOT_IN_IMPERSONATION);
    }
  });

  it('cannot change the person’s password or email, by any path', async () => {
    const { session } = await impersonate(workspace.admin.user.id);
    const token = session.access_token;
    const password = await app.request('PUT', '/auth/password', {
      token,
      body: { current_password: 'whatever-it-was', new_password: 'a-new-password-1' },
    });
    expect(password.status).toBe(403);
    expect(password.body).toEqual({ error: NO_CREDENTIALS, code: 'impersonation_credentials' });
    const email = await app.request('PUT', '/auth/email', {
      token,
      body: { email: 'taken-over@example.test', current_password: DEFAULT_PASSWORD },
    });
    expect(email.status).toBe(403);
    expect(email.body.error).toBe(NO_CREDENTIALS);

    const self = `/users/${workspace.admin.user.id}`;
    const patchEmail = await app.request('PATCH', self, {
      token,
      tenantId: workspace.tenant.id,
      body: { email: 'taken-over@example.test' },
    });
    expect(patchEmail.status).toBe(403);
    expect(patchEmail.body.error).toBe(NO_CREDENTIALS);
    const patchPassword = await app.request('PATCH', self, {
      token,
      tenantId: workspace.tenant.id,
      body: { password: 'a-new-password-1' },
    });
    expect(patchPassword.status).toBe(403);
    const reset = await app.request('POST', '/admin-reset-password', {
      token,
      tenantId: workspace.tenant.id,
      body: { user_id: workspace.admin.user.id, new_password: 'a-new-password-1' },
    });
    expect(reset.status).toBe(403);
    expect(reset.body.error).toBe(NO_CREDENTIALS);

    // The person's sign-in still works with what they had.
    await signIn(app, workspace.admin.user.email);
    const me = await app.request('GET', '/auth/user', { token: workspace.admin.token });
    expect(me.body.user.email).toBe(workspace.admin.user.email);
  });

  it('is audited as the person, with the super admin named beside them in the row', async () => {
    const { session } = await impersonate(workspace.admin.user.id);
    const changeSupportEmail = async (token: string) => {
      const supportEmail = `support-${randomUUID()}@example.test`;
      const res = await app.request('PATCH', '/tenant-config', {
        token,
        tenantId: workspace.tenant.id,
        body: { support_email: supportEmail },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const rows = await app.ctx.db.AuditLog.findAll({
        where: { action: 'tenant.config_updated', tenant_id: workspace.tenant.id },
      });
      const row = rows.find((r) => (r.details.support_email as { to?: string } | undefined)?.to === supportEmail);
      expect(row).toBeDefined();
      return row!;
    };

    const impersonated = await changeSupportEmail(session.access_token);
    expect(impersonated).toMatchObject({
      actor_user_id: workspace.admin.user.id,
      tenant_id: workspace.tenant.id,
      ip: '127.0.0.1',
      details: { impersonator_user_id: root.user.id },
    });
    const own = await changeSupportEmail(workspace.admin.token);
    expect(own.actor_user_id).toBe(workspace.admin.user.id);
    expect(own.details).not.toHaveProperty('impersonator_user_id');
  });

  it('names the super admin in the rows of the person’s own account actions, from the session’s actor', async () => {
    // The routes refuse these to an impersonation session; the services they call still take the
    // actor from the session, so a row written under one names the super admin.
    const person = await makeUser(app.ctx);
    const { session } = await impersonate(person.id);
    const claims = await verifyAccessToken(app.ctx, session.access_token);
    const loaded = await loadSessionActor(app.ctx, claims.userId, claims.familyId);
    const req = { session: { actor: loaded!, familyId: claims.familyId }, ip: '127.0.0.1' } as unknown as Request;
    const actor = sessionActorOf(req);

    await changeEmail(app.ctx, {
      actor,
      email: `moved-${randomUUID()}@example.test`,
      currentPassword: DEFAULT_PASSWORD,
    });
    await changePassword(app.ctx, {
      actor,
      currentPassword: DEFAULT_PASSWORD,
      newPassword: 'another-horse-battery-9',
      keepFamilyId: claims.familyId,
    });
    const { secret } = await startTwoFactorEnrolment(app.ctx, person);
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const [recoveryCode] = await confirmTwoFactorEnrolment(app.ctx, { actor, code });
    await regenerateRecoveryCodes(app.ctx, { actor, code: recoveryCode! });

    const rows = await app.ctx.db.AuditLog.findAll({ where: { entity_id: person.id }, allTenants: true });
    for (const action of [
      'user.email_change_requested',
      'user.password_changed',
      'user.two_factor_enabled',
      'user.recovery_codes_regenerated',
    ])
      expect(rows.find((r) => r.action === action)).toMatchObject({
        actor_user_id: person.id,
        ip: '127.0.0.1',
        details: { impersonator_user_id: root.user.id },
      });
  });

  it('ends 60 minutes after the start: its tokens and its refresh token answer 401', async () => {
    const { session, ends_at } = await impersonateSince(workspace.member.user.id, 61);
    expect(new Date(ends_at).getTime()).toBeLessThan(Date.now());
    const res = await app.request('GET', '/auth/user', { token: session.access_token });
    expect(res.status).toBe(401);
    const refreshed = await app.request('POST', '/auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(401);
  });

  it('cannot be extended by refreshing: each new access token ends with the impersonation', async () => {
    const { session, ends_at } = await impersonateSince(workspace.member.user.id, 55);
    const end = Math.floor(new Date(ends_at).getTime() / 1000);
    // With 5 minutes left, the 15-minute access token is cut to the end of the impersonation.
    expect(session.expires_at).toBe(end);
    const refreshed = await app.request('POST', '/auth/refresh', { body: { refresh_token: session.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.expires_at).toBe(end);
    expect(refreshed.body.expires_in).toBeLessThanOrEqual(5 * 60);
    const me = await app.request('GET', '/auth/user', { token: refreshed.body.access_token });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-impersonating')).toBe('true');
  });
});

describe('POST /api/impersonate/stop', () => {
  it('revokes the session (the next call is 401) and audits the stop with the super admin and the reason', async () => {
    const { session } = await impersonate(workspace.member.user.id, 'Walk them through the upload');
    const stop = await app.request('POST', '/impersonate/stop', { token: session.access_token });
    expect(stop.status).toBe(204);
    expect(stop.headers.get('x-impersonating')).toBe('true');
    const after = await app.request('GET', '/auth/user', { token: session.access_token });
    expect(after.status).toBe(401);
    expect(
      (await app.request('POST', '/auth/refresh', { body: { refresh_token: session.refresh_token } })).status,
    ).toBe(401);

    const rows = await memberAuditRows('impersonation.stopped', 'Walk them through the upload');
    expect(rows[0]!.details).toMatchObject({ user_email: workspace.member.user.email });
    const started = await app.ctx.db.AuditLog.findOne({
      where: { action: 'impersonation.started', reason: 'Walk them through the upload' },
      allTenants: true,
    });
    expect(rows[0]!.details.session_id).toBe(started!.details.session_id);
    // The member's own session carries on.
    expect((await app.request('GET', '/auth/user', { token: workspace.member.token })).status).toBe(200);
  });

  it('is refused to a session that is not an impersonation, and without a session', async () => {
    const own = await app.request('POST', '/impersonate/stop', { token: workspace.member.token });
    expect(own.status).toBe(400);
    expect(own.body.error).toBe('This session is not an impersonation: there is nothing to stop.');
    expect((await app.request('POST', '/impersonate/stop', { token: root.token })).status).toBe(400);
    expect((await app.request('POST', '/impersonate/stop')).status).toBe(401);
  });
});

describe('GET /api/security-activity', () => {
  it('shows the workspace’s admins the starts and stops of impersonations of their people, newest first', async () => {
    const fresh = await makeWorkspace(app);
    const { session } = await impersonate(fresh.member.user.id, 'Check their dashboard');
    await app.request('POST', '/impersonate/stop', { token: session.access_token });
    const res = await app.request('GET', '/security-activity', { token: fresh.admin.token, tenantId: fresh.tenant.id });
    expect(res.status).toBe(200);
    expect(res.body.activity).toHaveLength(2);
    expect(res.body.activity.map((a: { action: string }) => a.action)).toEqual([
      'impersonation.stopped',
      'impersonation.started',
    ]);
    for (const row of res.body.activity)
      expect(row).toMatchObject({
        actor_email: root.user.email,
        user_id: fresh.member.user.id,
        user_email: fresh.member.user.email,
        reason: 'Check their dashboard',
      });
  });

  it('shows another workspace’s admins nothing of it', async () => {
    const fresh = await makeWorkspace(app);
    const stranger = await makeWorkspace(app);
    await impersonate(fresh.member.user.id);
    const res = await app.request('GET', '/security-activity', {
      token: stranger.admin.token,
      tenantId: stranger.tenant.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.activity).toEqual([]);
    const across = await app.request('GET', '/security-activity', {
      token: stranger.admin.token,
      tenantId: fresh.tenant.id,
    });
    expect(across.status).toBe(403);
  });

  it('is for the workspace’s admins only', async () => {
    const member = await app.request('GET', '/security-activity', {
      token: workspace.member.token,
      tenantId: workspace.tenant.id,
    });
    expect(member.status).toBe(403);
    expect(member.body.error).toBe('Only workspace admins can see the workspace’s security activity.');
    expect((await app.request('GET', '/security-activity', { tenantId: workspace.tenant.id })).status).toBe(401);
  });
});
