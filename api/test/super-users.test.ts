import { randomUUID } from 'node:crypto';
import type { RefreshTokenFamily } from '@portico/core/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/** Super User Management (issue 14): one person across workspaces, their sessions, a reset link. */

const SUPER_ONLY = 'Only platform super admins can do that.';
const NOT_IN_IMPERSONATION = 'An impersonation session cannot use the platform console. Stop impersonating first.';
const NO_SUCH_USER = 'This user does not exist.';
const NO_SUCH_SESSION = 'This session does not exist or has already ended.';
const NO_SMTP =
  'Email delivery is not configured on this server (SMTP_URL is not set), so the message was only logged.';

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

const asRoot = (method: string, path: string, body?: unknown) => app.request(method, path, { token: root.token, body });

/** The familyId of an access token's session, read from the person's newest live session. */
async function newestSessionOf(userId: string): Promise<RefreshTokenFamily> {
  const family = await app.ctx.db.RefreshTokenFamily.findOne({
    where: { user_id: userId, revoked_at: null },
    order: [['created_at', 'DESC']],
  });
  return family!;
}

/** Each of the three calls, for the refusal tests. */
function calls(userId: string, sessionId: string): Array<[string, string, unknown?]> {
  return [
    ['GET', `/super/users/${userId}`],
    ['DELETE', `/super/users/${userId}/sessions/${sessionId}`, {}],
    ['POST', `/super/users/${userId}/password-reset`],
  ];
}

describe('GET /api/super/users/{id}', () => {
  it('answers the person with their memberships in every workspace and their live sessions', async () => {
    const person = await makeUser(app.ctx, { fullName: 'Paula Both' });
    await addMember(app.ctx, workspace.tenant, person, 'owner');
    await addMember(app.ctx, other.tenant, person, 'role2', 'suspended');
    await signIn(app, person.email);
    const second = await signIn(app, person.email);
    // A refresh marks the second session as used.
    const refreshed = await app.request('POST', '/auth/refresh', { body: { refresh_token: second.refreshToken } });
    expect(refreshed.status).toBe(200);
    const ended = await signIn(app, person.email);
    await app.request('POST', '/auth/logout', { token: ended.token, body: { refresh_token: ended.refreshToken } });
    const impersonated = await asRoot('POST', '/impersonate/start', { targetUserId: person.id, reason: 'Ticket 12' });
    expect(impersonated.status).toBe(201);

    const res = await asRoot('GET', `/super/users/${person.id}`);
    expect(res.status).toBe(200);
    const user = res.body.user;
    expect(user).toMatchObject({
      id: person.id,
      email: person.email,
      name: 'Paula Both',
      is_super_admin: false,
    });
    expect(user.last_login_at).toEqual(expect.any(String));
    expect(user.memberships).toEqual([
      {
        tenant_id: workspace.tenant.id,
        tenant_name: workspace.tenant.name,
        tenant_slug: workspace.tenant.slug,
        role: 'owner',
        role_key: 'owner',
        status: 'active',
      },
      {
        tenant_id: other.tenant.id,
        tenant_name: other.tenant.name,
        tenant_slug: other.tenant.slug,
        role: 'member',
        role_key: 'role2',
        status: 'suspended',
      },
    ]);
    expect(user.sessions).toHaveLength(3);
    const [impersonation, ...own] = user.sessions;
    expect(impersonation).toMatchObject({ impersonation: true, impersonator_email: root.user.email });
    expect(own.every((s: any) => s.impersonation === false && s.impersonator_email === null)).toBe(true);
    expect(own.filter((s: any) => s.last_used_at !== null)).toHaveLength(1);
    for (const s of user.sessions) expect(new Date(s.expires_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('answers 404 for a missing user or an id that is not one', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await asRoot('GET', `/super/users/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: NO_SUCH_USER });
    }
  });

  it('still finds people by email at /super/users?query=', async () => {
    const res = await asRoot('GET', `/super/users?query=${encodeURIComponent(workspace.member.user.email)}`);
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: any) => u.id)).toEqual([workspace.member.user.id]);
  });
});

describe('DELETE /api/super/users/{id}/sessions/{sessionId}', () => {
  it('ends the session at once: its next call answers 401, the other sessions go on; audited in each workspace', async () => {
    const person = await makeUser(app.ctx);
    await addMember(app.ctx, workspace.tenant, person, 'admin');
    await addMember(app.ctx, other.tenant, person, 'role1');
    const kept = await signIn(app, person.email);
    const doomed = await signIn(app, person.email);
    // Warm the session cache with the doomed session first.
    expect((await app.request('GET', '/auth/user', { token: doomed.token })).status).toBe(200);
    const session = await newestSessionOf(person.id);

    const res = await asRoot('DELETE', `/super/users/${person.id}/sessions/${session.id}`, { reason: 'Lost laptop' });
    expect(res.status).toBe(204);
    expect((await app.request('GET', '/auth/user', { token: doomed.token })).status).toBe(401);
    expect((await app.request('POST', '/auth/refresh', { body: { refresh_token: doomed.refreshToken } })).status).toBe(
      401,
    );
    expect((await app.request('GET', '/auth/user', { token: kept.token })).status).toBe(200);

    const rows = await app.ctx.db.AuditLog.findAll({
      where: { action: 'session.revoked', entity_id: person.id },
      order: [['tenant_id', 'ASC']],
      allTenants: true,
    });
    expect(rows.map((r) => r.tenant_id).sort()).toEqual([workspace.tenant.id, other.tenant.id].sort());
    for (const row of rows)
      expect(row).toMatchObject({
        actor_user_id: root.user.id,
        entity_type: 'user',
        reason: 'Lost laptop',
        details: expect.objectContaining({ session_id: session.id, user_email: person.email, impersonation: false }),
      });
    const listed = await asRoot('GET', `/super/users/${person.id}`);
    expect(listed.body.user.sessions.map((s: any) => s.id)).not.toContain(session.id);
  });

  it('takes no reason as none, and a person in no workspace gets one platform-wide audit row', async () => {
    const loner = await makeUser(app.ctx);
    await signIn(app, loner.email);
    const session = await newestSessionOf(loner.id);
    const res = await app.request('DELETE', `/super/users/${loner.id}/sessions/${session.id}`, { token: root.token });
    expect(res.status).toBe(204);
    const rows = await app.ctx.db.AuditLog.findAll({
      where: { action: 'session.revoked', entity_id: loner.id },
      allTenants: true,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenant_id: null, reason: null, actor_user_id: root.user.id });
  });

  it('refuses a reason longer than 500 characters', async () => {
    const person = await makeUser(app.ctx);
    await signIn(app, person.email);
    const session = await newestSessionOf(person.id);
    const res = await asRoot('DELETE', `/super/users/${person.id}/sessions/${session.id}`, { reason: 'x'.repeat(501) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Reason must be at most 500 characters.');
    expect((await app.ctx.db.RefreshTokenFamily.findByPk(session.id))!.revoked_at).toBeNull();
  });

  it('answers 404 for a session already ended, another person’s session, a missing one or a missing user', async () => {
    const person = await makeUser(app.ctx);
    await signIn(app, person.email);
    const session = await newestSessionOf(person.id);
    expect((await asRoot('DELETE', `/super/users/${person.id}/sessions/${session.id}`, {})).status).toBe(204);
    const someoneElse = await newestSessionOf(workspace.member.user.id);
    for (const [userId, sessionId, error] of [
      [person.id, session.id, NO_SUCH_SESSION],
      [person.id, someoneElse.id, NO_SUCH_SESSION],
      [person.id, randomUUID(), NO_SUCH_SESSION],
      [person.id, 'nope', NO_SUCH_SESSION],
      [randomUUID(), someoneElse.id, NO_SUCH_USER],
    ]) {
      const res = await asRoot('DELETE', `/super/users/${userId}/sessions/${sessionId}`, {});
      expect(res.status, `${userId} ${sessionId}`).toBe(404);
      expect(res.body).toEqual({ error: error });
    }
    expect((await app.ctx.db.RefreshTokenFamily.findByPk(someoneElse.id))!.revoked_at).toBeNull();
    expect(
      await app.ctx.db.AuditLog.count({
        where: { action: 'session.revoked', entity_id: workspace.member.user.id },
        allTenants: true,
      }),
    ).toBe(0);
  });
});

describe('POST /api/super/users/{id}/password-reset', () => {
  it('emails the forgot-password link (shared by hand without SMTP); it works once; audited', async () => {
    const person = await makeUser(app.ctx);
    await addMember(app.ctx, workspace.tenant, person, 'role2');
    const before = await signIn(app, person.email);

    const res = await asRoot('POST', `/super/users/${person.id}/password-reset`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailSent: false, emailError: NO_SMTP });
    const link = new URL(res.body.reset_url);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('tenant_id')).toBe(workspace.tenant.id);
    const token = link.searchParams.get('token')!;

    const mail = await app.ctx.db.EmailOutbox.findOne({ where: { to_address: person.email }, allTenants: true });
    expect(mail).not.toBeNull();
    expect(mail!.text_body).toContain(res.body.reset_url);

    const reset = await app.request('POST', '/auth/reset-password', { body: { token, password: 'a-new-password-1' } });
    expect(reset.status).toBe(200);
    expect((await app.request('GET', '/auth/user', { token: before.token })).status).toBe(401);
    await signIn(app, person.email, 'a-new-password-1');
    const again = await app.request('POST', '/auth/reset-password', { body: { token, password: 'another-password' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_reset_token');

    const rows = await app.ctx.db.AuditLog.findAll({
      where: { action: 'password_reset.sent', entity_id: person.id },
      allTenants: true,
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_user_id: root.user.id,
      tenant_id: workspace.tenant.id,
      entity_type: 'user',
      details: { user_email: person.email, email_sent: false },
    });
  });

  it('answers 404 for a missing user', async () => {
    const res = await asRoot('POST', `/super/users/${randomUUID()}/password-reset`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: NO_SUCH_USER });
  });
});

describe('who may call them', () => {
  it('refuses tenant admins, members and other tenants’ admins (403) and the anonymous (401), changing nothing', async () => {
    const target = workspace.member.user.id;
    const session = await newestSessionOf(target);
    for (const person of [workspace.admin, workspace.member, other.admin]) {
      for (const [method, path, body] of calls(target, session.id)) {
        const res = await app.request(method, path, { token: person.token, body, tenantId: workspace.tenant.id });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error).toBe(SUPER_ONLY);
      }
    }
    for (const [method, path, body] of calls(target, session.id)) {
      const res = await app.request(method, path, { body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await app.ctx.db.RefreshTokenFamily.findByPk(session.id))!.revoked_at).toBeNull();
    expect(
      await app.ctx.db.EmailOutbox.count({ where: { to_address: workspace.member.user.email }, allTenants: true }),
    ).toBe(0);
  });

  it('refuses a super admin’s impersonation session', async () => {
    const started = await asRoot('POST', '/impersonate/start', {
      targetUserId: other.member.user.id,
      reason: 'Support request',
    });
    const token = started.body.session.access_token;
    const session = await newestSessionOf(other.member.user.id);
    for (const [method, path, body] of calls(other.member.user.id, session.id)) {
      const res = await app.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe(NOT_IN_IMPERSONATION);
    }
  });
});
