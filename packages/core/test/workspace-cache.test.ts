import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cachedWorkspaceRead,
  clearWorkspaceCache,
  filesPage,
  inTransaction,
  listForms,
  memberChecklist,
  readWorkspaceVersions,
  visibleEmbeds,
  workspaceVersionKeys,
  type TenantScope,
} from '../src';
import type { Form, User, Tenant } from '../src/db';
import { addMember, makeTenant, makeUser, scopeOf } from '../../../testing/factories';
import { startTestContext, type TestContext } from '../../../testing/harness';
import { rawWritesNotAnnounced } from '../../../testing/sources';

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => t.close());

/** A workspace with an admin and a client, and the client's scope. */
async function workspace(): Promise<{ tenant: Tenant; admin: User; member: User; scope: TenantScope }> {
  const tenant = await makeTenant(t.ctx);
  const [admin, member] = [await makeUser(t.ctx), await makeUser(t.ctx)];
  await addMember(t.ctx, tenant, admin, 'admin');
  await addMember(t.ctx, tenant, member, 'role2');
  return { tenant, admin, member, scope: await scopeOf(t.ctx, tenant, member.id, 'role2') };
}

function shareFile(tenant: Tenant, admin: User, title = 'Welcome pack') {
  return t.ctx.db.FileRecord.create({
    tenant_id: tenant.id,
    title,
    original_name: `${title}.pdf`,
    content_type: 'application/pdf',
    kind: 'document',
    size_bytes: 10,
    storage_key: `${tenant.id}/${title}.pdf`,
    user_id: null,
    assigned_roles: ['role2'],
    uploaded_by: admin.id,
  });
}

/** Counts the statements sent to PostgreSQL from now on. */
function countStatements(): () => number {
  const query = vi.spyOn(t.ctx.sequelize, 'query');
  return () => query.mock.calls.length;
}

/** The versions an entry of this workspace is read under: everything's and the workspace's. */
const tenantVersion = async (tenantId: string) =>
  (
    await t.ctx.redis.mget(
      workspaceVersionKeys.epoch(t.config.redisPrefix),
      workspaceVersionKeys.tenant(t.config.redisPrefix, tenantId),
    )
  ).join('|');

const filesOf = (scope: TenantScope) =>
  filesPage(t.ctx, scope, { viewer: { userId: scope.actor.userId, role: scope.role, isAdmin: false }, limit: 100 });

describe('the workspace read cache', () => {
  it('reads PostgreSQL once for what members browse while nothing in the workspace changes', async () => {
    const { tenant, admin, scope } = await workspace();
    await shareFile(tenant, admin);
    const browse = () =>
      Promise.all([
        filesOf(scope),
        listForms(t.ctx, scope, { viewer: { userId: scope.actor.userId, role: 'role2', builder: false }, limit: 50 }),
        visibleEmbeds(t.ctx, scope, { viewer: { userId: scope.actor.userId, role: 'role2' } }),
        memberChecklist(t.ctx, scope),
      ]);
    const first = await browse();
    const statements = countStatements();
    expect(await browse()).toEqual(first);
    expect(statements()).toBe(0);
    expect(first[0].rows.map((f) => f.title)).toEqual(['Welcome pack']);
    expect(first[0].total).toBe(1);
  });

  it('answers each viewer what they may see: entries are kept per viewer', async () => {
    const { tenant, admin, member, scope } = await workspace();
    const other = await makeUser(t.ctx);
    await addMember(t.ctx, tenant, other, 'role2');
    const personal = await shareFile(tenant, admin, 'For one member');
    await personal.update({ user_id: member.id, assigned_roles: [] });
    expect((await filesOf(scope)).rows.map((f) => f.title)).toEqual(['For one member']);
    expect((await filesOf(await scopeOf(t.ctx, tenant, other.id, 'role2'))).rows).toEqual([]);
  });

  it('shows a change at once: every write to what members read sets the workspace’s version', async () => {
    const { tenant, admin, member, scope } = await workspace();
    await filesOf(scope);
    const file = await shareFile(tenant, admin, 'Contract');
    expect((await filesOf(scope)).rows.map((f) => f.title)).toEqual(['Contract']);

    const steps: [string, () => Promise<unknown>][] = [
      ['file renamed', () => file.update({ title: 'Signed contract' })],
      [
        'file opened',
        () => t.ctx.db.FileEvent.create({ tenant_id: tenant.id, file_id: file.id, user_id: member.id, kind: 'view' }),
      ],
      [
        'form created',
        () =>
          t.ctx.db.Form.create({
            tenant_id: tenant.id,
            title: 'Intake',
            status: 'published',
            assigned_roles: ['role2'],
            fields: [],
            theme: {} as Form['theme'],
            created_by: admin.id,
            updated_by: admin.id,
          }),
      ],
      ['forms archived', () => t.ctx.db.Form.update({ status: 'archived' }, { where: { tenant_id: tenant.id } })],
      [
        'embed added',
        () =>
          t.ctx.db.Embed.create({
            tenant_id: tenant.id,
            title: 'Calendar',
            provider: 'calendly',
            url: 'https://calendly.com/x',
            embed_type: 'role',
            role: 'all',
            user_id: null,
            created_by: admin.id,
          }),
      ],
      [
        'member role changed',
        () => t.ctx.db.Membership.update({ role: 'role3' }, { where: { tenant_id: tenant.id, user_id: member.id } }),
      ],
      [
        'role type renamed',
        () =>
          t.ctx.db.TenantRoleType.update(
            { role_label: 'Clients' },
            { where: { tenant_id: tenant.id, role_key: 'role2' } },
          ),
      ],
      [
        'member’s address changed',
        () => t.ctx.db.User.update({ email: `new-${member.id}@example.test` }, { where: { id: member.id } }),
      ],
      [
        'member’s profile changed',
        () => t.ctx.db.Profile.update({ phone: '+44 20 7946 0000' }, { where: { id: member.id } }),
      ],
      ['file deleted', () => file.destroy()],
    ];
    for (const [name, step] of steps) {
      const before = await tenantVersion(tenant.id);
      await step();
      expect(await tenantVersion(tenant.id), name).not.toEqual(before);
    }
    expect((await filesOf(scope)).rows).toEqual([]);
  });

  it('names everything when an account is deleted (its memberships and files’ links go with it)', async () => {
    const { tenant, member } = await workspace();
    const before = await tenantVersion(tenant.id);
    await t.ctx.db.User.destroy({ where: { id: member.id } });
    expect(await tenantVersion(tenant.id)).not.toEqual(before);
  });

  it('sets the version only once the transaction commits, and not at all when it rolls back', async () => {
    const { tenant, admin, scope } = await workspace();
    await filesOf(scope);
    const before = await tenantVersion(tenant.id);
    await expect(
      inTransaction(t.ctx, async (transaction) => {
        await t.ctx.db.FileRecord.create(
          {
            tenant_id: tenant.id,
            title: 'Draft',
            original_name: 'draft.pdf',
            content_type: 'application/pdf',
            kind: 'document',
            size_bytes: 1,
            storage_key: 'k',
            user_id: null,
            assigned_roles: ['role2'],
            uploaded_by: admin.id,
          },
          { transaction },
        );
        expect(await tenantVersion(tenant.id)).toEqual(before);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await tenantVersion(tenant.id)).toEqual(before);
    expect((await filesOf(scope)).rows).toEqual([]);
  });

  it('keeps each workspace’s entries to itself, and a change in one leaves the other cached', async () => {
    const a = await workspace();
    const b = await workspace();
    await shareFile(a.tenant, a.admin, 'Only for A');
    const load = vi.fn(async (name: string) => name);
    expect(await cachedWorkspaceRead(t.ctx, a.scope, 'test.read', { same: true }, () => load('A'))).toBe('A');
    expect(await cachedWorkspaceRead(t.ctx, b.scope, 'test.read', { same: true }, () => load('B'))).toBe('B');
    expect((await filesOf(b.scope)).rows).toEqual([]);

    const versionOfB = await tenantVersion(b.tenant.id);
    await shareFile(a.tenant, a.admin, 'Another for A');
    expect(await tenantVersion(b.tenant.id)).toEqual(versionOfB);
    expect(await cachedWorkspaceRead(t.ctx, b.scope, 'test.read', { same: true }, () => load('B again'))).toBe('B');
    expect(await cachedWorkspaceRead(t.ctx, a.scope, 'test.read', { same: true }, () => load('A again'))).toBe(
      'A again',
    );
  });

  it('does not serve what was read before another process announced a change', async () => {
    const { scope } = await workspace();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = cachedWorkspaceRead(t.ctx, scope, 'test.slow', {}, async () => {
      await gate;
      return 'read before the change';
    });
    await new Promise((r) => setTimeout(r, 20));
    await t.ctx.redis.set(workspaceVersionKeys.tenant(t.config.redisPrefix, scope.tenantId), 'set by another process');
    release();
    expect(await slow).toBe('read before the change');
    expect(await cachedWorkspaceRead(t.ctx, scope, 'test.slow', {}, async () => 'read after the change')).toBe(
      'read after the change',
    );
  });

  it('judges a request’s reads by the versions it read when it began, for its own workspace only', async () => {
    const { scope } = await workspace();
    const other = await workspace();
    const load = vi.fn(async () => 'value');
    await cachedWorkspaceRead(t.ctx, scope, 'test.early', {}, load);
    const atStart = readWorkspaceVersions(t.ctx.sequelize, scope.tenantId);
    await atStart.versions;
    await t.ctx.redis.set(workspaceVersionKeys.tenant(t.config.redisPrefix, scope.tenantId), 'set by another process');
    // Valid when the request began: the change came after.
    await cachedWorkspaceRead(t.ctx, { ...scope, cacheVersions: atStart }, 'test.early', {}, load);
    expect(load).toHaveBeenCalledTimes(1);
    // A request that begins now reads again, and so does one whose early versions are another workspace's.
    const mismatched = readWorkspaceVersions(t.ctx.sequelize, other.scope.tenantId);
    await cachedWorkspaceRead(t.ctx, { ...scope, cacheVersions: mismatched }, 'test.early', {}, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reads afresh inside a transaction, which may have written what it reads', async () => {
    const { tenant, admin, scope } = await workspace();
    await filesOf(scope);
    await inTransaction(t.ctx, async (transaction) => {
      await shareFile(tenant, admin, 'In the transaction').then(() => undefined);
      const rows = await filesPage({ ...t.ctx, transaction }, scope, {
        viewer: { userId: scope.actor.userId, role: 'role2', isAdmin: false },
        limit: 100,
      });
      expect(rows.rows.map((f) => f.title)).toEqual(['In the transaction']);
    });
  });

  it('reads PostgreSQL again when Redis lost the versions', async () => {
    const { scope } = await workspace();
    const load = vi.fn(async () => 'value');
    await cachedWorkspaceRead(t.ctx, scope, 'test.lost', {}, load);
    await t.ctx.redis.del(workspaceVersionKeys.epoch(t.config.redisPrefix));
    await cachedWorkspaceRead(t.ctx, scope, 'test.lost', {}, load);
    await cachedWorkspaceRead(t.ctx, scope, 'test.lost', {}, load);
    expect(load).toHaveBeenCalledTimes(3);
    await cachedWorkspaceRead(t.ctx, scope, 'test.lost', {}, load);
    expect(load).toHaveBeenCalledTimes(3);
    clearWorkspaceCache(t.ctx.sequelize);
    await cachedWorkspaceRead(t.ctx, scope, 'test.lost', {}, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('has no raw SQL writing those tables without announcing it', () => {
    const tables = [
      'files',
      'file_events',
      'forms',
      'form_responses',
      'embeds',
      'memberships',
      'tenant_role_types',
      'users',
      'profiles',
    ];
    expect(rawWritesNotAnnounced(tables, 'invalidateWorkspaces')).toEqual([]);
  });

  it('names a response’s workspace', async () => {
    const { tenant, admin, member } = await workspace();
    const form = await t.ctx.db.Form.create({
      tenant_id: tenant.id,
      title: 'Intake',
      status: 'published',
      assigned_roles: ['role2'],
      fields: [],
      theme: {} as Form['theme'],
      created_by: admin.id,
      updated_by: admin.id,
    });
    const version = await t.ctx.db.FormVersion.create({
      tenant_id: tenant.id,
      form_id: form.id,
      version: 1,
      fields: [],
      theme: {} as Form['theme'],
    });
    const before = await tenantVersion(tenant.id);
    await t.ctx.db.FormResponse.create({
      tenant_id: tenant.id,
      form_id: form.id,
      form_version_id: version.id,
      user_id: member.id,
      user_email: member.email,
      user_name: null,
      answers: {},
    });
    expect(await tenantVersion(tenant.id)).not.toEqual(before);
  });
});
