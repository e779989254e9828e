import { randomUUID } from 'node:crypto';
import { IDENTITY_MESSAGES } from '@portico/common';
import { keepsAWayIn } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeUser, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A signed-in person. */
async function person(): Promise<Person> {
  const user = await makeUser(app.ctx);
  return { user, token: (await signIn(app, user.email)).token };
}

/** Links a provider identity to `userId` directly, as a provider sign-in would have: its id. */
async function link(userId: string, provider: string, at = new Date('2026-03-01T10:00:00Z')): Promise<string> {
  const [row] = await app.ctx.sequelize.query<{ id: string }>(
    `INSERT INTO user_identities (user_id, provider, subject, email, email_verified, created_at, last_used_at)
     VALUES ($1, $2, $3, $4, true, $5, $5) RETURNING id`,
    {
      bind: [userId, provider, `subject-${randomUUID()}`, `${provider}-${randomUUID()}@example.test`, at],
      type: 'SELECT' as never,
    },
  );
  return row!.id;
}

const identityIds = async (userId: string) =>
  (
    await app.ctx.sequelize.query<{ id: string }>('SELECT id FROM user_identities WHERE user_id = $1 ORDER BY id', {
      bind: [userId],
      type: 'SELECT' as never,
    })
  ).map((row) => row.id);

describe('GET /auth/identities', () => {
  it('lists only the signed-in person’s identities, without subjects', async () => {
    const me = await person();
    const other = await person();
    const google = await link(me.user.id, 'google', new Date('2026-03-01T10:00:00Z'));
    const github = await link(me.user.id, 'github', new Date('2026-03-02T10:00:00Z'));
    await link(other.user.id, 'slack');

    const res = await app.request('GET', '/auth/identities', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.identities).toEqual([
      {
        id: google,
        provider: 'google',
        provider_name: 'Google',
        email: expect.stringMatching(/^google-.+@example\.test$/),
        created_at: '2026-03-01T10:00:00.000Z',
        last_used_at: '2026-03-01T10:00:00.000Z',
      },
      expect.objectContaining({ id: github, provider: 'github', provider_name: 'GitHub' }),
    ]);
    expect(JSON.stringify(res.body)).not.toContain('subject-');

    const none = await app.request('GET', '/auth/identities', { token: (await person()).token });
    expect(none.body).toEqual({ identities: [] });
  });

  it('needs a session', async () => {
    const res = await app.request('GET', '/auth/identities');
    expect(res.status).toBe(401);
  });
});

describe('DELETE /auth/identities/{id}', () => {
  it('unlinks the person’s own identity and audits it', async () => {
    const me = await person();
    const google = await link(me.user.id, 'google');
    const slack = await link(me.user.id, 'slack');

    const res = await app.request('DELETE', `/auth/identities/${google}`, { token: me.token });
    expect(res.status).toBe(204);
    expect(await identityIds(me.user.id)).toEqual([slack]);
    const audit = await app.ctx.db.AuditLog.findAll({
      where: { actor_user_id: me.user.id, tenant_id: null, action: 'auth.identity_unlinked' },
    });
    expect(audit.map((row) => [row.entity_type, row.entity_id, row.details])).toEqual([
      ['user', me.user.id, { provider: 'google' }],
    ]);
  });

  it('answers 404 for another person’s identity and leaves it linked', async () => {
    const me = await person();
    const other = await person();
    const theirs = await link(other.user.id, 'google');

    const res = await app.request('DELETE', `/auth/identities/${theirs}`, { token: me.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(IDENTITY_MESSAGES.notFound);
    expect(await identityIds(other.user.id)).toEqual([theirs]);
  });

  it('answers a malformed id as no such identity (a path that names nothing), and needs a session', async () => {
    const me = await person();
    const malformed = await app.request('DELETE', '/auth/identities/not-an-id', { token: me.token });
    expect(malformed.status).toBe(404);
    expect(malformed.body.error).toBe(IDENTITY_MESSAGES.notFound);

    const id = await link(me.user.id, 'google');
    const anonymous = await app.request('DELETE', `/auth/identities/${id}`);
    expect(anonymous.status).toBe(401);
    expect(await identityIds(me.user.id)).toEqual([id]);
  });

  it('is refused to an impersonation session', async () => {
    const root = await makeSuperAdmin(app);
    const me = await person();
    const id = await link(me.user.id, 'google');
    const start = await app.request('POST', '/impersonate/start', {
      token: root.token,
      body: { targetUserId: me.user.id, reason: 'Support request' },
    });
    expect(start.status).toBe(201);
    const res = await app.request('DELETE', `/auth/identities/${id}`, { token: start.body.session.access_token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('impersonation_credentials');
    expect(await identityIds(me.user.id)).toEqual([id]);
  });

  it('refuses unlinking the last way in: no password and no other identity', async () => {
    // Every account has a password today (users.password_hash is required): the rule is checked as the service applies it.
    expect(keepsAWayIn({ passwordHash: null, otherIdentities: 0 })).toBe(false);
    expect(keepsAWayIn({ passwordHash: null, otherIdentities: 1 })).toBe(true);
    expect(keepsAWayIn({ passwordHash: '$argon2id$v=19$…', otherIdentities: 0 })).toBe(true);

    // With a password, the only identity can go.
    const me = await person();
    const only = await link(me.user.id, 'microsoft');
    const res = await app.request('DELETE', `/auth/identities/${only}`, { token: me.token });
    expect(res.status).toBe(204);
  });
});
