import { Redis } from 'ioredis';
import { Op } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cachedSession,
  clearSessionCache,
  inTransaction,
  loadSessionActor,
  revokeFamily,
  revokeUserSessions,
  saveRoleTypes,
  sessionVersionKeys,
  startSession,
  useSessionCache,
  verifyAccessToken,
  type SessionTokens,
} from '../src';
import type { Membership, Tenant, User } from '../src/db';
import { pinnedValues } from '../src/db/cache-hooks';
import { addMember, makeTenant, makeUser, scopeOf } from '../../../testing/factories';
import { freePort } from '../../../testing/processes';
import { startTestContext, type TestContext } from '../../../testing/harness';
import { rawWritesNotAnnounced } from '../../../testing/sources';

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});
afterAll(() => t.close());

/** A member of a fresh tenant with a live session. */
async function session(): Promise<{
  user: User;
  tenant: Tenant;
  membership: Membership;
  familyId: string;
  tokens: SessionTokens;
}> {
  const tenant = await makeTenant(t.ctx);
  const user = await makeUser(t.ctx);
  const membership = await addMember(t.ctx, tenant, user, 'role2');
  const tokens = await startSession(t.ctx, user);
  const { familyId } = await verifyAccessToken(t.ctx, tokens.access_token);
  return { user, tenant, membership, familyId, tokens };
}

/** Counts the statements that build a session's actor from PostgreSQL. */
function countActorReads(): () => number {
  const query = vi.spyOn(t.ctx.sequelize, 'query');
  return () =>
    query.mock.calls.filter(([sql]) => typeof sql === 'string' && sql.includes('refresh_token_families f')).length;
}

/** The versions Redis holds now: the epoch, and one user's and one session's. */
async function versions(
  userId: string,
  familyId: string,
): Promise<{ epoch: string | null; user: string | null; family: string | null }> {
  const prefix = t.config.redisPrefix;
  const [epoch, user, family] = await t.ctx.redis.mget(
    sessionVersionKeys.epoch(prefix),
    sessionVersionKeys.user(prefix, userId),
    sessionVersionKeys.family(prefix, familyId),
  );
  return { epoch: epoch ?? null, user: user ?? null, family: family ?? null };
}

describe('the session cache', () => {
  it('serves a session from memory while nothing changed, and reads PostgreSQL again after a change', async () => {
    const { user, familyId } = await session();
    const reads = countActorReads();
    const first = await loadSessionActor(t.ctx, user.id, familyId);
    const second = await loadSessionActor(t.ctx, user.id, familyId);
    expect(reads()).toBe(1);
    expect(second?.memberships.map((m) => m.role)).toEqual(['role2']);
    // Each request gets its own models: a route that changes one changes no other request's.
    expect(second?.user).not.toBe(first?.user);
    expect(second?.memberships[0]?.tenant).not.toBe(first?.memberships[0]?.tenant);

    await t.ctx.db.Membership.update(
      { role: 'role1' },
      { where: { tenant_id: first!.memberships[0]!.tenant_id, user_id: user.id } },
    );
    expect((await loadSessionActor(t.ctx, user.id, familyId))?.memberships.map((m) => m.role)).toEqual(['role1']);
    expect(reads()).toBe(2);

    await revokeFamily(t.ctx, familyId, 'logout');
    expect(await loadSessionActor(t.ctx, user.id, familyId)).toBeNull();
  });

  it('never caches a session that is not live', async () => {
    const { user, familyId } = await session();
    await revokeFamily(t.ctx, familyId, 'logout');
    const reads = countActorReads();
    expect(await loadSessionActor(t.ctx, user.id, familyId)).toBeNull();
    expect(await loadSessionActor(t.ctx, user.id, familyId)).toBeNull();
    expect(reads()).toBe(2);
  });

  it('announces a change made in a transaction only once it commits, so no process keeps what it read before', async () => {
    const { user, familyId } = await session();
    await loadSessionActor(t.ctx, user.id, familyId);
    const before = await versions(user.id, familyId);

    // eslint-disable-next-line no-restricted-syntax -- the test commits by hand, between two reads
    const transaction = await t.ctx.sequelize.transaction();
    await revokeFamily(t.ctx, familyId, 'logout', transaction);
    // Not yet: a process reading now still sees the session live in PostgreSQL…
    expect(await versions(user.id, familyId)).toEqual(before);
    clearSessionCache(t.ctx.sequelize);
    expect(await loadSessionActor(t.ctx, user.id, familyId)).not.toBeNull();
    // …and keeps it under the versions it read first, which the commit then replaces.
    await transaction.commit();
    expect((await versions(user.id, familyId)).family).not.toEqual(before.family);
    expect(await loadSessionActor(t.ctx, user.id, familyId)).toBeNull();
  });

  it('announces nothing for a transaction that rolls back', async () => {
    const { user, familyId } = await session();
    await loadSessionActor(t.ctx, user.id, familyId);
    const before = await versions(user.id, familyId);
    // eslint-disable-next-line no-restricted-syntax -- the test rolls back by hand
    const transaction = await t.ctx.sequelize.transaction();
    await revokeFamily(t.ctx, familyId, 'logout', transaction);
    await transaction.rollback();
    expect(await versions(user.id, familyId)).toEqual(before);
    expect(await loadSessionActor(t.ctx, user.id, familyId)).not.toBeNull();
  });

  it('waits for the outermost transaction, not a savepoint inside it', async () => {
    const { user, familyId } = await session();
    const before = await versions(user.id, familyId);
    await inTransaction(t.ctx, async (outer) => {
      // eslint-disable-next-line no-restricted-syntax -- a savepoint, which inTransaction never opens
      await t.ctx.sequelize.transaction({ transaction: outer }, (savepoint) =>
        revokeFamily(t.ctx, familyId, 'logout', savepoint),
      );
      expect(await versions(user.id, familyId)).toEqual(before);
    });
    expect((await versions(user.id, familyId)).family).not.toEqual(before.family);
  });

  it('does not serve what was read before another process announced a change, even if it arrives after', async () => {
    const { user, familyId } = await session();
    let started!: () => void;
    let release!: () => void;
    const loading = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cachedSession(t.ctx.sequelize, user.id, familyId, async () => {
      started();
      await gate;
      return { value: 'read before the change', expiresAt: Date.now() + 60_000 };
    });
    await loading;
    // Another process commits and sets the session's version while this read is in flight.
    await t.ctx.redis.set(sessionVersionKeys.family(t.config.redisPrefix, familyId), 'set by another process');
    release();
    expect(await slow).toBe('read before the change');
    const load = vi.fn(async () => ({ value: 'read after the change', expiresAt: Date.now() + 60_000 }));
    expect(await cachedSession(t.ctx.sequelize, user.id, familyId, load)).toBe('read after the change');
    expect(load).toHaveBeenCalledOnce();
  });

  it('shares one read among requests that miss together, and keeps nothing past the session’s end', async () => {
    const { user, familyId } = await session();
    const load = vi.fn(async () => ({ value: 'actor', expiresAt: Date.now() + 100 }));
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cachedSession(t.ctx.sequelize, user.id, familyId, load)),
    );
    expect(answers).toEqual(Array(5).fill('actor'));
    expect(load).toHaveBeenCalledOnce();
    await new Promise((r) => setTimeout(r, 150));
    await cachedSession(t.ctx.sequelize, user.id, familyId, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads PostgreSQL again when Redis lost the versions', async () => {
    const { user, familyId } = await session();
    await loadSessionActor(t.ctx, user.id, familyId);
    const reads = countActorReads();
    await t.ctx.redis.del(sessionVersionKeys.epoch(t.config.redisPrefix));
    await loadSessionActor(t.ctx, user.id, familyId);
    await loadSessionActor(t.ctx, user.id, familyId);
    expect(reads()).toBe(2);
    await loadSessionActor(t.ctx, user.id, familyId);
    expect(reads()).toBe(2);
  });

  it('reads PostgreSQL on every request while Redis does not answer, and still refuses a revoked session', async () => {
    const { user, familyId } = await session();
    const unreachable = new Redis(`redis://127.0.0.1:${await freePort()}`, {
      maxRetriesPerRequest: 0,
      commandTimeout: 300,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => undefined);
    useSessionCache(t.ctx.sequelize, { redis: unreachable, prefix: t.config.redisPrefix });
    try {
      const reads = countActorReads();
      expect(await loadSessionActor(t.ctx, user.id, familyId)).not.toBeNull();
      expect(await loadSessionActor(t.ctx, user.id, familyId)).not.toBeNull();
      expect(reads()).toBe(2);
      await revokeFamily(t.ctx, familyId, 'logout');
      expect(await loadSessionActor(t.ctx, user.id, familyId)).toBeNull();
    } finally {
      unreachable.disconnect();
      useSessionCache(t.ctx.sequelize, { redis: t.ctx.boundedRedis, prefix: t.config.redisPrefix });
    }
  });
});

describe('every write to what a session is built from sets a new version', () => {
  it('names the member for a change to one membership, created, updated or removed', async () => {
    const { user, membership, familyId } = await session();
    let before = await versions(user.id, familyId);
    membership.status = 'suspended';
    await membership.save();
    let after = await versions(user.id, familyId);
    expect(after.user).not.toEqual(before.user);
    expect(after.epoch).toEqual(before.epoch);

    before = after;
    await membership.destroy();
    after = await versions(user.id, familyId);
    expect(after.user).not.toEqual(before.user);

    before = after;
    await t.ctx.db.Membership.create({ tenant_id: membership.tenant_id, user_id: user.id, role: 'role2' });
    expect((await versions(user.id, familyId)).user).not.toEqual(before.user);
  });

  it('names each member a bulk update pins, and everyone when it pins no one', async () => {
    const a = await session();
    const b = await makeUser(t.ctx);
    await addMember(t.ctx, a.tenant, b, 'role2');
    const before = [await versions(a.user.id, a.familyId), await versions(b.id, a.familyId)];
    await t.ctx.db.Membership.update(
      { role: 'role1' },
      { where: { tenant_id: a.tenant.id, user_id: { [Op.in]: [a.user.id, b.id] } } },
    );
    const after = [await versions(a.user.id, a.familyId), await versions(b.id, a.familyId)];
    expect(after[0]!.user).not.toEqual(before[0]!.user);
    expect(after[1]!.user).not.toEqual(before[1]!.user);
    expect(after[0]!.epoch).toEqual(before[0]!.epoch);

    await t.ctx.db.Membership.update({ status: 'suspended' }, { where: { tenant_id: a.tenant.id } });
    expect((await versions(a.user.id, a.familyId)).epoch).not.toEqual(after[0]!.epoch);
  });

  it('names the user for a password, global role or sessions-wide change, and the session for one logout', async () => {
    const { user, familyId } = await session();
    const steps: Array<[string, () => Promise<unknown>, 'user' | 'family']> = [
      ['password', () => t.ctx.db.User.update({ password_hash: 'x' }, { where: { id: user.id } }), 'user'],
      ['global role added', () => t.ctx.db.UserGlobalRole.create({ user_id: user.id, role: 'super_admin' }), 'user'],
      ['global role removed', () => t.ctx.db.UserGlobalRole.destroy({ where: { user_id: user.id } }), 'user'],
      ['every session', () => revokeUserSessions(t.ctx, user.id, 'password_changed'), 'user'],
      ['one session', () => revokeFamily(t.ctx, familyId, 'logout'), 'family'],
    ];
    for (const [name, step, changed] of steps) {
      const before = await versions(user.id, familyId);
      await step();
      const after = await versions(user.id, familyId);
      expect(after[changed], name).not.toEqual(before[changed]);
      expect(after.epoch, name).toEqual(before.epoch);
    }
  });

  it('reads everything again after a tenant, its role types or an unpinned set of sessions change', async () => {
    const { user, tenant, familyId } = await session();
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['tenant suspended', () => tenant.update({ status: 'suspended' })],
      ['tenants updated in bulk', () => t.ctx.db.Tenant.update({ status: 'active' }, { where: { id: tenant.id } })],
      [
        'role types saved',
        async () =>
          saveRoleTypes(t.ctx, await scopeOf(t.ctx, tenant, user.id), {
            roles: [
              { role_key: 'admin', role_label: 'Admin', role_color: 'blue', kind: 'admin' },
              { role_key: 'role2', role_label: 'Customer', role_color: 'green', kind: 'client' },
            ],
          }),
      ],
      [
        'expired sessions purged',
        () => t.ctx.db.RefreshTokenFamily.destroy({ where: { expires_at: { [Op.lt]: new Date() } } }),
      ],
    ];
    for (const [name, step] of steps) {
      const before = await versions(user.id, familyId);
      await step();
      expect((await versions(user.id, familyId)).epoch, name).not.toEqual(before.epoch);
    }
  });

  it('reads the ids a condition pins', () => {
    expect(pinnedValues({ id: 'a' }, 'id')).toEqual(['a']);
    expect(pinnedValues({ id: ['a', 'b'] }, 'id')).toEqual(['a', 'b']);
    expect(pinnedValues({ id: { [Op.in]: ['a'] } }, 'id')).toEqual(['a']);
    expect(pinnedValues({ id: { [Op.eq]: 'a' } }, 'id')).toEqual(['a']);
    expect(pinnedValues({ [Op.and]: [{ status: 'x' }, { user_id: 'u' }] }, 'user_id')).toEqual(['u']);
    expect(pinnedValues({ id: { [Op.ne]: 'a' } }, 'id')).toBeNull();
    expect(pinnedValues({ user_id: 'u' }, 'id')).toBeNull();
    expect(pinnedValues(undefined, 'id')).toBeNull();
  });

  it('has no raw SQL writing those tables without announcing it', () => {
    const tables = [
      'users',
      'user_global_roles',
      'memberships',
      'tenants',
      'tenant_role_types',
      'refresh_token_families',
    ];
    expect(rawWritesNotAnnounced(tables, 'invalidateSessions')).toEqual([]);
  });
});

describe('verified access tokens', () => {
  it('are refused once they expire, even when this process verified them before', async () => {
    const { tokens } = await session();
    await verifyAccessToken(t.ctx, tokens.access_token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (t.config.accessTokenTtlSeconds + 1) * 1000 });
    await expect(verifyAccessToken(t.ctx, tokens.access_token)).rejects.toMatchObject({ status: 401 });
  });

  it('are checked against the secret they are presented under', async () => {
    const { tokens } = await session();
    await verifyAccessToken(t.ctx, tokens.access_token);
    await expect(
      verifyAccessToken(
        { ...t.ctx, config: { ...t.config, jwtSecret: 'another-secret-another-secret-another' } },
        tokens.access_token,
      ),
    ).rejects.toMatchObject({ status: 401 });
  });
});
