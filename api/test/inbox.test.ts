import { INBOX_MESSAGES as M, inboxPageAnswer, inboxReadAnswer } from '@portico/common';
import { evaluateAlertRules, inTransaction, purgeExpired, shareFile } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, makeUser, scopeOf, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { nextEvent, socketPool } from './live-support';
import { createForm, submit } from './forms-support';
import { expectConforms } from './public-api-support';
import { conversation, post, type Conversation } from './threads-support';
import { shareNewFile } from './inbox-support';

/*
 * The notification inbox (issue 33): what puts an item in it (a file shared, a form answered, an
 * invitation accepted, a role changed), GET /api/inbox and POST /api/inbox/read by the usual five
 * callers, and the 90-day purge.
 */

let app: TestApp;
const sockets = socketPool();
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

const inboxOf = async (c: Conversation, who: Person, query = '') => {
  const res = await c.call(who, 'GET', `/inbox${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    items: { id: string; kind: string; title: string; body: string | null; link: string; read_at: string | null }[];
    unread: number;
  };
};

describe('what puts an item in the inbox', () => {
  it('a file shared with a person, or with their role, tells them and not who shared it', async () => {
    const c = await conversation(app);
    const file = await shareNewFile(app, c, {
      assign_to: 'user',
      user_id: c.member.user.id,
      title: 'Engagement letter',
    });
    const member = await inboxOf(c, c.member);
    expectConforms(inboxPageAnswer, member);
    expect(member.unread).toBe(1);
    expect(member.items[0]).toMatchObject({
      kind: 'file.shared',
      title: '“Engagement letter” was shared with you',
      link: `/files?file=${file.id}&tenant_id=${c.tenant.id}`,
      entity: { type: 'file', id: file.id },
      actor: { id: c.admin.user.id, name: 'Ada Admin' },
      read_at: null,
    });
    expect((await inboxOf(c, c.other)).items).toEqual([]);
    expect((await inboxOf(c, c.admin)).items).toEqual([]);

    await shareNewFile(app, c, { assign_to: 'role', assigned_roles: 'role2', title: 'Price list' });
    expect((await inboxOf(c, c.other)).items.map((i) => i.title)).toEqual(['“Price list” was shared with you']);
    expect((await inboxOf(c, c.member)).unread).toBe(2);
    expect((await inboxOf(c, c.team)).items).toEqual([]);
  });

  it('is heard live in the person’s own room, and marking read reaches their other tabs', async () => {
    const c = await conversation(app);
    const socket = await sockets.connect(app, c.member.token);
    const shared = nextEvent(socket, 'notification');
    await shareNewFile(app, c, { assign_to: 'user', user_id: c.member.user.id });
    expect(await shared).toEqual({ tenant_id: c.tenant.id, kind: 'file.shared' });
    const read = nextEvent(socket, 'notification');
    await c.call(c.member, 'POST', '/inbox/read', { all: true });
    expect(await read).toEqual({ tenant_id: c.tenant.id, kind: 'read' });
  });

  it('a share rolled back tells nobody', async () => {
    const c = await conversation(app);
    const source = await shareNewFile(app, c, { assign_to: 'user', user_id: c.admin.user.id });
    const scope = await scopeOf(app.ctx, c.tenant, c.admin.user.id);
    await expect(
      inTransaction(app.ctx, async (transaction) => {
        await shareFile({ ...app.ctx, transaction }, scope, { sourceId: source.id, userId: c.other.user.id });
        throw new Error('The caller failed after the share.');
      }),
    ).rejects.toThrow('The caller failed after the share.');
    expect((await inboxOf(c, c.other)).items).toEqual([]);
  });

  it('a role changed tells its person, one at a time or many at once', async () => {
    const c = await conversation(app);
    const one = await c.call(c.admin, 'PATCH', `/users/${c.member.user.id}`, { role: 'role1' });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect((await inboxOf(c, c.member)).items[0]).toMatchObject({
      kind: 'member.role_changed',
      title: 'Your role is now Team Member',
      link: `/dashboard/client?tenant_id=${c.tenant.id}`,
    });
    const bulk = await c.call(c.admin, 'POST', '/users/bulk-role', {
      user_ids: [c.member.user.id, c.other.user.id],
      role: 'role1',
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    // Only those whose role changed hear of it.
    expect((await inboxOf(c, c.member)).items).toHaveLength(1);
    expect((await inboxOf(c, c.other)).items.map((i) => i.title)).toEqual(['Your role is now Team Member']);
  });

  it('a form answered tells the admins and the team member who built it, not the one who answered', async () => {
    const c = await conversation(app);
    const form = await createForm(app, c.tenant, c.team, {
      title: 'Intake',
      fields: [{ id: 'name', type: 'short', label: 'Name' }],
    });
    const sent = await submit(app, c.tenant, c.member, form.id, { answers: { name: 'Max' } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    for (const who of [c.admin, c.team])
      expect((await inboxOf(c, who)).items[0]).toMatchObject({
        kind: 'form.submitted',
        title: 'Max Member answered “Intake”',
        link: `/forms/${form.id}/responses?tenant_id=${c.tenant.id}`,
        actor: { id: c.member.user.id },
      });
    for (const who of [c.member, c.other])
      expect((await inboxOf(c, who)).items.map((i) => i.kind)).toEqual(['form.assigned']);
  });

  it('a form published for a role tells its holders, and a role added later tells only its own', async () => {
    const c = await conversation(app);
    const form = await createForm(app, c.tenant, c.admin, { title: 'Onboarding' });
    for (const who of [c.member, c.other])
      expect((await inboxOf(c, who)).items).toMatchObject([
        {
          kind: 'form.assigned',
          title: 'A form waits for you: “Onboarding”',
          link: `/forms/${form.id}?tenant_id=${c.tenant.id}`,
        },
      ]);
    expect((await inboxOf(c, c.team)).items).toEqual([]);
    const widened = await c.call(c.admin, 'PATCH', '/forms', { id: form.id, assigned_roles: ['role2', 'role1'] });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect((await inboxOf(c, c.team)).items.map((i) => i.kind)).toEqual(['form.assigned']);
    expect((await inboxOf(c, c.member)).items).toHaveLength(1);
  });

  it('a thread’s unread messages are one item per reader, the newest’s, read with the thread', async () => {
    const c = await conversation(app);
    const own = (await c.call(c.member, 'POST', '/threads', {})).body.thread;
    await post(c, c.admin, own.id, 'Your return is filed.');
    await post(c, c.admin, own.id, 'And the receipt is attached.');
    const items = (await inboxOf(c, c.member)).items;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'message.received',
        title: 'Ada Admin sent you a message',
        body: 'And the receipt is attached.',
        link: `/messages?thread=${own.id}&tenant_id=${c.tenant.id}`,
      }),
    ]);
    // The team reads every client thread: each of them is told; the author is not.
    expect((await inboxOf(c, c.team)).items.map((i) => i.kind)).toEqual(['message.received']);
    expect((await inboxOf(c, c.admin)).items).toEqual([]);
    expect((await inboxOf(c, c.other)).items).toEqual([]);

    expect((await c.call(c.member, 'POST', `/threads/${own.id}/read`)).status).toBe(200);
    expect((await inboxOf(c, c.member)).unread).toBe(0);
    await post(c, c.admin, own.id, 'One more thing.');
    const after = (await inboxOf(c, c.member)).items;
    expect(after.map((i) => [i.body, i.read_at === null])).toEqual([
      ['One more thing.', true],
      ['And the receipt is attached.', false],
    ]);
  });

  it('an invitation accepted tells the admins, not the newcomer', async () => {
    const c = await conversation(app);
    const email = `newcomer-${Date.now()}@example.test`;
    const invited = await c.call(c.admin, 'POST', '/invite', { email, role: 'role2' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = new URL(invited.body.signup_url).searchParams.get('invite');
    const newcomer = await makeUser(app.ctx, { email });
    const session = await signIn(app, newcomer.email);
    const accepted = await app.request('POST', '/public/invitations/accept', {
      token: session.token,
      body: { token },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await inboxOf(c, c.admin)).items[0]).toMatchObject({
      kind: 'member.joined',
      title: `${email} accepted their invitation and joined`,
      link: `/crm/users?query=${encodeURIComponent(email)}&tenant_id=${c.tenant.id}`,
    });
    expect((await inboxOf(c, c.member)).items).toEqual([]);
  });
});

describe('announcements', () => {
  it('reach the inbox of everyone in the audience when their window opens, now or at the scheduler’s tick', async () => {
    const c = await conversation(app);
    const root = await makeSuperAdmin(app);
    const announce = (body: Record<string, unknown>) =>
      app.request('POST', '/notifications/announce', { token: root.token, body });
    const now = await announce({
      title: 'Maintenance tonight',
      message: 'From 22:00 UTC.',
      audience: 'tenants',
      tenantIds: [c.tenant.id],
    });
    expect(now.status, JSON.stringify(now.body)).toBe(201);
    expect((await inboxOf(c, c.member)).items[0]).toMatchObject({
      kind: 'announcement',
      title: 'Maintenance tonight',
      body: 'From 22:00 UTC.',
      link: `/dashboard/client?tenant_id=${c.tenant.id}`,
    });
    expect((await inboxOf(c, c.admin)).items[0]).toMatchObject({ link: `/dashboard/admin?tenant_id=${c.tenant.id}` });
    const elsewhere = await app.request('GET', '/inbox', {
      token: c.elsewhere.admin.token,
      tenantId: c.elsewhere.tenant.id,
    });
    expect(elsewhere.body.items).toEqual([]);

    const later = await announce({
      title: 'New features',
      message: 'Read all about them.',
      audience: 'tenants',
      tenantIds: [c.tenant.id],
      startAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
    });
    expect(later.status).toBe(201);
    expect((await inboxOf(c, c.member)).items).toHaveLength(1);
    await app.ctx.sequelize.query("UPDATE announcements SET start_at = now() - interval '1 minute' WHERE id = $1", {
      bind: [later.body.announcement.id],
    });
    await runMaintenanceTask(app.ctx, 'notifications-tick');
    await runMaintenanceTask(app.ctx, 'notifications-tick');
    expect((await inboxOf(c, c.member)).items.map((i) => i.title)).toEqual(['New features', 'Maintenance tonight']);
  });
});

describe('GET /api/inbox and POST /api/inbox/read', () => {
  it('pages newest first, lists the unread alone, and marks some or all read', async () => {
    const c = await conversation(app);
    for (const title of ['One', 'Two', 'Three'])
      await shareNewFile(app, c, { assign_to: 'user', user_id: c.member.user.id, title });
    const first = await c.call(c.member, 'GET', '/inbox?limit=2');
    expect(first.body.items.map((i: { title: string }) => i.title)).toEqual([
      '“Three” was shared with you',
      '“Two” was shared with you',
    ]);
    const second = await c.call(c.member, 'GET', `/inbox?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.items.map((i: { title: string }) => i.title)).toEqual(['“One” was shared with you']);
    expect(second.body.next_cursor).toBeNull();

    const read = await c.call(c.member, 'POST', '/inbox/read', { ids: [first.body.items[0].id] });
    expect(read.status).toBe(200);
    expectConforms(inboxReadAnswer, read.body);
    expect(read.body).toEqual({ unread: 2 });
    expect((await inboxOf(c, c.member, '?unread=true')).items.map((i) => i.title)).toEqual([
      '“Two” was shared with you',
      '“One” was shared with you',
    ]);
    expect((await c.call(c.member, 'POST', '/inbox/read', { all: true })).body).toEqual({ unread: 0 });
    expect((await inboxOf(c, c.member, '?unread=true')).items).toEqual([]);
    expect((await inboxOf(c, c.member)).items.every((i) => 'read_at' in i)).toBe(true);
  });

  it('answers each refusal with its sentence', async () => {
    const c = await conversation(app);
    const refused = async (method: string, path: string, body?: unknown) => {
      const res = await c.call(c.member, method, path, body);
      return [res.status, res.body.error];
    };
    expect(await refused('GET', '/inbox?unread=maybe')).toEqual([400, M.unread]);
    expect(await refused('GET', '/inbox?limit=0')).toEqual([400, 'limit must be a whole number from 1 to 100.']);
    expect(await refused('POST', '/inbox/read', {})).toEqual([400, M.readWhat]);
    expect(await refused('POST', '/inbox/read', { ids: [crypto.randomUUID()], all: true })).toEqual([400, M.readWhat]);
    expect(await refused('POST', '/inbox/read', { all: false })).toEqual([400, M.readWhat]);
    expect(await refused('POST', '/inbox/read', { ids: ['x'] })).toEqual([400, M.ids]);
    expect(await refused('POST', '/inbox/read', { ids: 'x' })).toEqual([400, M.ids]);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect(await refused('POST', '/inbox/read', { ids: many })).toEqual([400, M.tooManyIds]);
  });

  it('never shows or marks another person’s items, nor another workspace’s; a visiting super admin has none; no session 401', async () => {
    const c = await conversation(app);
    await shareNewFile(app, c, { assign_to: 'user', user_id: c.member.user.id });
    const theirs = (await inboxOf(c, c.member)).items[0]!;
    // Another member marking the item's id changes nothing of the member's.
    await c.call(c.other, 'POST', '/inbox/read', { ids: [theirs.id] });
    expect((await inboxOf(c, c.member)).unread).toBe(1);

    const stranger = c.elsewhere.admin;
    const elsewhere = await app.request('GET', '/inbox', { token: stranger.token, tenantId: c.elsewhere.tenant.id });
    expect(elsewhere.body.items).toEqual([]);
    await app.request('POST', '/inbox/read', {
      token: stranger.token,
      tenantId: c.elsewhere.tenant.id,
      body: { ids: [theirs.id] },
    });
    expect((await inboxOf(c, c.member)).unread).toBe(1);
    for (const [method, path, body] of [
      ['GET', '/inbox', undefined],
      ['POST', '/inbox/read', { all: true }],
    ] as const) {
      expect((await app.request(method, path, { token: stranger.token, tenantId: c.tenant.id, body })).status).toBe(
        403,
      );
      expect((await app.request(method, path, { tenantId: c.tenant.id, body })).status).toBe(401);
    }
    const root = await makeSuperAdmin(app);
    const visiting = await app.request('GET', '/inbox', { token: root.token, tenantId: c.tenant.id });
    expect([visiting.status, visiting.body.error]).toEqual([403, M.notMember]);
  });
});

describe('the purge', () => {
  it('drops items older than 90 days and keeps the rest', async () => {
    const c = await conversation(app);
    await shareNewFile(app, c, { assign_to: 'user', user_id: c.member.user.id, title: 'Old' });
    await shareNewFile(app, c, { assign_to: 'user', user_id: c.member.user.id, title: 'Recent' });
    const [old] = (await inboxOf(c, c.member)).items.filter((i) => i.title.includes('Old'));
    await app.ctx.sequelize.query(
      `UPDATE inbox_items SET created_at = now() - interval '91 days' WHERE tenant_id = $1 AND id = $2`,
      { bind: [c.tenant.id, old!.id] },
    );
    expect((await purgeExpired(app.ctx)).inboxItems).toBeGreaterThanOrEqual(1);
    expect((await inboxOf(c, c.member)).items.map((i) => i.title)).toEqual(['“Recent” was shared with you']);
  });
});

describe('the console’s inbox', () => {
  it('tells every super admin of a fired alert, pages and marks read; nobody else may read it', async () => {
    const root = await makeSuperAdmin(app);
    const asRoot = (method: string, path: string, body?: unknown) =>
      app.request(method, path, { token: root.token, body });
    const rule = await asRoot('POST', '/notifications/rules', {
      metric: 'queueDepth',
      operator: '<',
      value: 1_000_000,
      window: '5m',
      actions: ['email_super_admins'],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    expect(await evaluateAlertRules(app.ctx)).toContain(rule.body.rule.id);
    const inbox = await asRoot('GET', '/super/inbox');
    expect(inbox.status).toBe(200);
    expectConforms(inboxPageAnswer, inbox.body);
    expect(inbox.body.items[0]).toMatchObject({
      kind: 'alert.fired',
      title: expect.stringMatching(/^Alert: queueDepth < 1000000 over 5m \(the figure was \d+\)$/),
      link: '/super/notifications',
      entity: { type: 'alert_rule', id: rule.body.rule.id },
    });
    expect(inbox.body.unread).toBeGreaterThanOrEqual(1);
    expect((await asRoot('POST', '/super/inbox/read', { all: true })).body).toEqual({ unread: 0 });
    await asRoot('DELETE', `/notifications/rules/${rule.body.rule.id}`);

    expect((await asRoot('GET', '/super/inbox?unread=maybe')).body.error).toBe(M.unread);
    expect((await asRoot('POST', '/super/inbox/read', {})).body.error).toBe(M.readWhat);
    const c = await conversation(app);
    // A workspace's admin is no super admin; their workspace inbox never holds the console's items.
    expect((await app.request('GET', '/super/inbox', { token: c.admin.token })).status).toBe(403);
    expect((await app.request('POST', '/super/inbox/read', { token: c.admin.token, body: { all: true } })).status).toBe(
      403,
    );
    expect((await app.request('GET', '/super/inbox')).status).toBe(401);
    expect((await inboxOf(c, c.admin)).items).toEqual([]);
  });
});
