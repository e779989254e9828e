import { randomUUID } from 'node:crypto';
import type { Tenant } from '@portico/core';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createKey, v1 } from './public-api-support';

/* Pending invitations of a workspace: the list, revoke and resend (issue 8 §4), and re-inviting. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const MANAGE_REFUSAL = 'Only workspace admins can manage users.';
const NO_SUCH_INVITATION = 'This invitation does not exist in this workspace.';
const WITHDRAWN =
  'This invitation was withdrawn. Use the link in the newest invitation you received, or ask for a new one.';

const tokenOf = (signupUrl: string) => new URL(signupUrl).searchParams.get('invite')!;

async function invite(as: Person, tenant: Tenant, email: string, role = 'role2') {
  const res = await app.request('POST', '/invite', { token: as.token, tenantId: tenant.id, body: { email, role } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.invitation.id as string, token: tokenOf(res.body.signup_url) };
}

const pending = (as: Person | null, tenant: Tenant) =>
  app.request('GET', '/invitations', { token: as?.token, tenantId: tenant.id });
const revoke = (as: Person | null, tenant: Tenant, id: string) =>
  app.request('DELETE', `/invitations/${id}`, { token: as?.token, tenantId: tenant.id });
const resend = (as: Person | null, tenant: Tenant, id: string) =>
  app.request('POST', `/invitations/${id}/resend`, { token: as?.token, tenantId: tenant.id });
const shown = async (token: string) => (await app.request('GET', `/public/invitations/${token}`)).body.invitation;

describe('GET /api/invitations', () => {
  it('lists the open invitations of this workspace only, newest first, with who sent them', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const first = await invite(admin, tenant, 'first@pending.test', 'role1');
    const second = await invite(admin, tenant, 'second@pending.test');
    const expired = await invite(admin, tenant, 'expired@pending.test');
    await app.ctx.db.Invitation.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { tenant_id: tenant.id, id: expired.id } },
    );
    const revoked = await invite(admin, tenant, 'revoked@pending.test');
    expect((await revoke(admin, tenant, revoked.id)).status).toBe(204);
    const joiner = await makeUser(app.ctx, { email: 'joined@pending.test' });
    const joined = await invite(admin, tenant, joiner.email);
    const accepted = await app.request('POST', '/public/invitations/accept', {
      token: (await signIn(app, joiner.email)).token,
      body: { token: joined.token },
    });
    expect(accepted.status).toBe(200);
    await invite(other.admin, other.tenant, 'elsewhere@pending.test');

    const res = await pending(admin, tenant);
    expect(res.status).toBe(200);
    expect(res.body.invitations.map((i: { email: string }) => i.email)).toEqual([
      'second@pending.test',
      'first@pending.test',
    ]);
    const row = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id, id: first.id } });
    expect(res.body.invitations[1]).toEqual({
      id: first.id,
      email: 'first@pending.test',
      role: 'role1',
      role_label: 'Team Member',
      invited_by: { id: admin.user.id, email: admin.user.email, name: 'Ada Admin' },
      created_at: row!.created_at.toISOString(),
      expires_at: row!.expires_at.toISOString(),
    });
    expect(res.body.invitations[0].id).toBe(second.id);
    expect(JSON.stringify(res.body)).not.toContain('token_hash');
  });

  it('answers an empty list for a workspace with no pending invitation', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    expect((await pending(admin, tenant)).body).toEqual({ invitations: [] });
  });

  it("refuses members, other workspaces' admins and strangers", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    await invite(admin, tenant, 'secret@pending.test');
    const asMember = await pending(member, tenant);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe(MANAGE_REFUSAL);
    const asOther = await pending(other.admin, tenant);
    expect(asOther.status).toBe(403);
    expect(JSON.stringify(asOther.body)).not.toContain('secret@pending.test');
    // Their own workspace's list holds nothing of this one.
    expect((await pending(other.admin, other.tenant)).body).toEqual({ invitations: [] });
    expect((await pending(null, tenant)).status).toBe(401);
  });
});

describe('DELETE /api/invitations/:id', () => {
  it('revokes the invitation: its link says so, cannot be accepted, and the revocation is audited', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const invitee = await makeUser(app.ctx);
    const sent = await invite(admin, tenant, invitee.email);
    const res = await revoke(admin, tenant, sent.id);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();

    expect(await shown(sent.token)).toMatchObject({ accepted: false, expired: false, revoked: true });
    const accept = await app.request('POST', '/public/invitations/accept', {
      token: (await signIn(app, invitee.email)).token,
      body: { token: sent.token },
    });
    expect(accept.status).toBe(400);
    expect(accept.body).toEqual({ error: WITHDRAWN, code: 'invitation_revoked' });
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id, user_id: invitee.id } })).toBe(0);
    expect((await pending(admin, tenant)).body).toEqual({ invitations: [] });

    const row = await app.ctx.db.Invitation.findOne({ where: { tenant_id: tenant.id, id: sent.id } });
    expect(row).toMatchObject({ revoked_by: admin.user.id });
    const audit = await app.ctx.db.AuditLog.findOne({ where: { tenant_id: tenant.id, action: 'invitation.revoked' } });
    expect(audit).toMatchObject({ actor_user_id: admin.user.id, entity_type: 'invitation', entity_id: sent.id });
    expect(audit!.details).toMatchObject({ email: invitee.email, reason: 'revoked' });
  });

  it('answers 409 for an invitation that is no longer pending', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const sent = await invite(admin, tenant, 'twice@revoke.test');
    expect((await revoke(admin, tenant, sent.id)).status).toBe(204);
    const again = await revoke(admin, tenant, sent.id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'This invitation has already been revoked.', code: 'invitation_not_pending' });

    const expired = await invite(admin, tenant, 'late@revoke.test');
    await app.ctx.db.Invitation.update(
      { expires_at: new Date(Date.now() - 1000) },
      { where: { tenant_id: tenant.id, id: expired.id } },
    );
    expect((await revoke(admin, tenant, expired.id)).body).toEqual({
      error: 'This invitation has expired. Invite the person again.',
      code: 'invitation_not_pending',
    });
  });

  it("answers 404 for a malformed, unknown or another workspace's invitation id, and leaves theirs alone", async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const theirs = await invite(other.admin, other.tenant, 'theirs@revoke.test');
    for (const id of ['not-a-uuid', randomUUID(), theirs.id]) {
      const res = await revoke(admin, tenant, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: NO_SUCH_INVITATION });
    }
    expect(await shown(theirs.token)).toMatchObject({ revoked: false });
  });

  it("refuses members, other workspaces' admins and strangers, and keeps the invitation", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const sent = await invite(admin, tenant, 'kept@revoke.test');
    const asMember = await revoke(member, tenant, sent.id);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe(MANAGE_REFUSAL);
    expect((await revoke(other.admin, tenant, sent.id)).status).toBe(403);
    expect((await revoke(other.admin, other.tenant, sent.id)).status).toBe(404);
    expect((await revoke(null, tenant, sent.id)).status).toBe(401);
    expect(await shown(sent.token)).toMatchObject({ revoked: false });
  });
});

describe('POST /api/invitations/:id/resend', () => {
  it('sends a new link with a new expiry; the old link stops working; answers like POST /api/invite', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const sent = await invite(admin, tenant, 'again@resend.test', 'role3');
    await app.ctx.db.Invitation.update(
      { created_at: new Date(Date.now() - 86_400_000), expires_at: new Date(Date.now() + 3_600_000) },
      { where: { tenant_id: tenant.id, id: sent.id }, silent: true },
    );

    const res = await resend(admin, tenant, sent.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      invitation: { id: expect.any(String), email: 'again@resend.test', role: 'role3', expires_at: expect.any(String) },
      emailSent: false,
      emailError: expect.stringContaining('SMTP_URL'),
    });
    expect(res.body.invitation.id).not.toBe(sent.id);
    expect(new Date(res.body.invitation.expires_at).getTime()).toBeGreaterThan(Date.now() + 7 * 86_400_000 - 60_000);
    const fresh = tokenOf(res.body.signup_url);
    expect(fresh).not.toBe(sent.token);

    expect(await shown(sent.token)).toMatchObject({ revoked: true });
    expect(await shown(fresh)).toMatchObject({
      email: 'again@resend.test',
      role: 'role3',
      accepted: false,
      expired: false,
      revoked: false,
    });
    const list = (await pending(admin, tenant)).body.invitations;
    expect(list.map((i: { id: string }) => i.id)).toEqual([res.body.invitation.id]);

    const mails = await app.ctx.db.EmailOutbox.findAll({
      where: { tenant_id: tenant.id, to_address: 'again@resend.test' },
      order: [['created_at', 'ASC']],
    });
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text_body).toContain(res.body.signup_url);
    expect(mails[1]!.text_body).not.toContain(sent.token);
    const audit = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'invitation.revoked', entity_id: sent.id },
    });
    expect(audit!.details).toMatchObject({ reason: 'replaced' });
    const created = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: tenant.id, action: 'invitation.created', entity_id: res.body.invitation.id },
    });
    expect(created!.details).toMatchObject({ replaces: [sent.id] });

    const invitee = await makeUser(app.ctx, { email: 'again@resend.test' });
    const accept = await app.request('POST', '/public/invitations/accept', {
      token: (await signIn(app, invitee.email)).token,
      body: { token: fresh },
    });
    expect(accept.body).toEqual({ membership: { tenant_id: tenant.id, role: 'role3', status: 'active' } });
  });

  it('answers 409 for an invitation that is no longer pending and 404 for one that is not this workspace’s', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const sent = await invite(admin, tenant, 'gone@resend.test');
    await revoke(admin, tenant, sent.id);
    const revoked = await resend(admin, tenant, sent.id);
    expect(revoked.status).toBe(409);
    expect(revoked.body).toEqual({
      error: 'This invitation has already been revoked.',
      code: 'invitation_not_pending',
    });

    const theirs = await invite(other.admin, other.tenant, 'theirs@resend.test');
    for (const id of ['nope', randomUUID(), theirs.id]) {
      const res = await resend(admin, tenant, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: NO_SUCH_INVITATION });
    }
    expect(await shown(theirs.token)).toMatchObject({ revoked: false });
    expect(
      await app.ctx.db.EmailOutbox.count({ where: { tenant_id: other.tenant.id, to_address: 'theirs@resend.test' } }),
    ).toBe(1);
  });

  it("refuses members, other workspaces' admins and strangers, and sends nothing", async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    const other = await makeWorkspace(app);
    const sent = await invite(admin, tenant, 'quiet@resend.test');
    const asMember = await resend(member, tenant, sent.id);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error).toBe(MANAGE_REFUSAL);
    expect((await resend(other.admin, tenant, sent.id)).status).toBe(403);
    expect((await resend(other.admin, other.tenant, sent.id)).status).toBe(404);
    expect((await resend(null, tenant, sent.id)).status).toBe(401);
    expect(
      await app.ctx.db.EmailOutbox.count({ where: { tenant_id: tenant.id, to_address: 'quiet@resend.test' } }),
    ).toBe(1);
    expect(await shown(sent.token)).toMatchObject({ revoked: false });
  });
});

describe('inviting an address again', () => {
  /** The live (neither accepted nor revoked) invitations of an address in a workspace. */
  const live = (tenant: Tenant, email: string) =>
    app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id, email, accepted_at: null, revoked_at: null } });

  it('replaces the earlier invitation on every path: the workspace, the super admin and the public API', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const root = await makeSuperAdmin(app);
    const { key } = await createKey(app, tenant, admin);
    const email = 'twice@again.test';

    const first = await invite(admin, tenant, email);
    const bySuper = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email, role: 'member', tenant_id: tenant.id },
    });
    expect(bySuper.status).toBe(201);
    expect(await shown(first.token)).toMatchObject({ revoked: true });
    expect(await live(tenant, email)).toBe(1);

    const byKey = await v1(app, key, 'POST', '/invitations', { body: { email, role: 'role1' } });
    expect(byKey.status).toBe(201);
    expect(await shown(tokenOf(bySuper.body.signup_url))).toMatchObject({ revoked: true });
    expect(await shown(tokenOf(byKey.body.signup_url))).toMatchObject({ role: 'role1', revoked: false });
    expect(await live(tenant, email)).toBe(1);
    expect((await pending(admin, tenant)).body.invitations).toEqual([
      expect.objectContaining({ email, role: 'role1', invited_by: null }),
    ]);

    const reasons = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: tenant.id, action: 'invitation.revoked' },
      order: [['created_at', 'ASC']],
    });
    expect(reasons.map((a) => [a.details.reason, a.actor_user_id])).toEqual([
      ['replaced', root.user.id],
      ['replaced', null],
    ]);
  });

  it('keeps one live invitation when the same address is invited several times at once', async () => {
    const { tenant, admin } = await makeWorkspace(app, { tier: 'advanced' });
    const email = 'racing@again.test';
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() =>
        app.request('POST', '/invite', { token: admin.token, tenantId: tenant.id, body: { email, role: 'role2' } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(await live(tenant, email)).toBe(1);
    expect(await app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id, email } })).toBe(4);
  });

  it('refuses the super admin an invitation of someone who is already a member', async () => {
    const { tenant, member } = await makeWorkspace(app);
    const root = await makeSuperAdmin(app);
    const res = await app.request('POST', '/super/invitations', {
      token: root.token,
      body: { email: member.user.email, role: 'admin', tenant_id: tenant.id },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'This person is already a member of this workspace.', code: 'already_member' });
    expect(await app.ctx.db.Invitation.count({ where: { tenant_id: tenant.id } })).toBe(0);
  });
});
