import { acceptInvitation, inTransaction, sha256, type Tenant } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

/*
 * The welcome of a person who joins a workspace by accepting its invitation (the spec's
 * send-welcome-email: address, first name, user id): queued in the outbox with the membership, in
 * the workspace's brand, with a button to its portal; none when the join fails or rolls back.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function invite(as: Person, tenant: Tenant, email: string, role = 'role2'): Promise<string> {
  const res = await app.request('POST', '/invite', { token: as.token, tenantId: tenant.id, body: { email, role } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return new URL(res.body.signup_url).searchParams.get('invite')!;
}

const accept = (session: string, token: string) =>
  app.request('POST', '/public/invitations/accept', { token: session, body: { token } });

const welcomes = (tenant: Tenant, email: string) =>
  app.ctx.db.EmailOutbox.findAll({ where: { tenant_id: tenant.id, to_address: email, template: 'member-welcome' } });

describe('joining a workspace by invitation', () => {
  it('queues one welcome email, in the workspace’s brand, by first name, naming who invited them, with a link to the portal', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    await app.ctx.db.Tenant.update({ primary_color: '#aa3300' }, { where: { id: tenant.id } });
    const joiner = await makeUser(app.ctx, { fullName: 'Wendy Welcome' });
    const token = await invite(admin, tenant, joiner.email);
    const session = (await signIn(app, joiner.email)).token;
    expect(await welcomes(tenant, joiner.email)).toEqual([]);

    expect((await accept(session, token)).status).toBe(200);
    const [mail, ...more] = await welcomes(tenant, joiner.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Welcome to ${tenant.name}`);
    expect(mail!.html).toContain('#aa3300');
    expect(mail!.html).toContain('Welcome, Wendy');
    expect(mail!.text_body).toContain(`Ada Admin invited you to the ${tenant.name} portal`);
    expect(mail!.text_body).toContain(`${app.url}/dashboard/jobseeker?tenant_id=${tenant.id}`);

    // Accepting again (409) welcomes nobody twice.
    expect((await accept(session, token)).status).toBe(409);
    expect(await welcomes(tenant, joiner.email)).toHaveLength(1);
  });

  it('queues none when the join is refused, and none when the transaction it is part of rolls back', async () => {
    const { tenant, admin } = await makeWorkspace(app);
    const invited = await makeUser(app.ctx, { fullName: 'Ian Invited' });
    const token = await invite(admin, tenant, invited.email);
    const stranger = await makeUser(app.ctx);
    expect((await accept((await signIn(app, stranger.email)).token, token)).status).toBe(403);
    expect(await welcomes(tenant, stranger.email)).toEqual([]);
    expect(await welcomes(tenant, invited.email)).toEqual([]);

    await expect(
      inTransaction(app.ctx, async (transaction) => {
        // The join runs in the caller's transaction (inTransaction joins it), as any service does.
        const withCaller = { ...app.ctx, transaction };
        await acceptInvitation(withCaller, { user: invited, token, actor: { userId: invited.id } });
        expect(await welcomes(tenant, invited.email)).toEqual([]);
        throw new Error('The caller failed after the join.');
      }),
    ).rejects.toThrow('The caller failed after the join.');
    expect(await welcomes(tenant, invited.email)).toEqual([]);
    expect(await app.ctx.db.Membership.count({ where: { tenant_id: tenant.id, user_id: invited.id } })).toBe(0);
  });

  it('welcomes nobody already a member, and welcomes again someone removed who joins anew', async () => {
    const { tenant, admin, member } = await makeWorkspace(app);
    // An invitation left to someone who is already a member uses it up without a new membership.
    await app.ctx.db.Invitation.create({
      tenant_id: tenant.id,
      email: member.user.email,
      role: 'role2',
      token_hash: sha256('leftover-token'),
      invited_by: admin.user.id,
      expires_at: new Date(Date.now() + 86_400_000),
    });
    expect((await accept(member.token, 'leftover-token')).status).toBe(200);
    expect(await welcomes(tenant, member.user.email)).toEqual([]);

    const joiner = await makeUser(app.ctx, { fullName: 'Rita Return' });
    const session = (await signIn(app, joiner.email)).token;
    expect((await accept(session, await invite(admin, tenant, joiner.email))).status).toBe(200);
    await app.ctx.db.Membership.destroy({ where: { tenant_id: tenant.id, user_id: joiner.id } });
    expect((await accept(session, await invite(admin, tenant, joiner.email))).status).toBe(200);
    expect(await welcomes(tenant, joiner.email)).toHaveLength(2);
  });
});
