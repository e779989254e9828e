import { randomUUID } from 'node:crypto';
import { NOTIFICATION_MESSAGES as M } from '@portico/common';

import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, makeSuperAdmin, makeUser, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { socketPool } from './live-support';

/** Announcements, banners and alert rules (platform-console §2 Notifications); the rules' evaluation is in scheduler/test. */

const SUPER_ONLY = 'Only platform super admins can do that.';

let app: TestApp;
let root: Person;
let pro: Awaited<ReturnType<typeof makeWorkspace>>;
let starter: Awaited<ReturnType<typeof makeWorkspace>>;
const sockets = socketPool();
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
  pro = await makeWorkspace(app, { tier: 'pro' });
  starter = await makeWorkspace(app, { tier: 'starter' });
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

const asRoot = (method: string, path: string, body?: unknown) => app.request(method, path, { token: root.token, body });
const bannersOf = async (person: Person, tenantId?: string) => {
  const res = await app.request('GET', '/notifications/active', { token: person.token, tenantId });
  expect(res.status).toBe(200);
  return (res.body.banners as Array<{ id: string; title: string; message: string }>).map((b) => b.id);
};
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

async function announce(body: Record<string, unknown>) {
  const res = await asRoot('POST', '/notifications/announce', { title: 'Maintenance', message: 'Tonight.', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.announcement as { id: string; status: string; start_at: string; end_at: string };
}

async function auditOf(entityId: string) {
  return app.ctx.db.AuditLog.findAll({
    where: { entity_id: entityId },
    allTenants: true,
    order: [['created_at', 'ASC']],
  });
}

const connect = (token: string): Promise<Socket> => sockets.connect(app, token);

function heard(socket: Socket, id: string, ms = 5000): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.on('announcement', (payload: { id: string }) => {
      if (payload.id !== id) return;
      clearTimeout(timer);
      resolve(true);
    });
  });
}

describe('who may call', () => {
  const SUPER_CALLS: Array<[string, string, unknown?]> = [
    ['POST', '/notifications/announce', { title: 't', message: 'm' }],
    ['GET', '/notifications/history'],
    ['GET', '/notifications/rules'],
    [
      'POST',
      '/notifications/rules',
      { metric: 'errorRate', operator: '>', value: 1, window: '5m', actions: ['email_super_admins'] },
    ],
    ['PATCH', `/notifications/rules/${randomUUID()}`, { enabled: false }],
    ['DELETE', `/notifications/rules/${randomUUID()}`],
  ];

  it.each(SUPER_CALLS)('%s %s: super admins only; 401 without a session', async (method, path, body) => {
    for (const person of [pro.admin, pro.member]) {
      const res = await app.request(method, path, { token: person.token, tenantId: pro.tenant.id, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: SUPER_ONLY });
    }
    expect((await app.request(method, path, { body })).status).toBe(401);
  });

  it('banners and dismissing need a session, and a workspace the person belongs to', async () => {
    expect((await app.request('GET', '/notifications/active')).status).toBe(401);
    expect((await app.request('POST', `/notifications/${randomUUID()}/dismiss`)).status).toBe(401);
    const other = await app.request('GET', '/notifications/active', {
      token: pro.member.token,
      tenantId: starter.tenant.id,
    });
    expect(other.status).toBe(403);
    expect(other.body.error).toBe('You are not a member of this workspace.');
    const malformed = await app.request('GET', '/notifications/active', {
      token: pro.member.token,
      headers: { 'x-tenant-id': 'nope' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('The x-tenant-id header must be a workspace id (a UUID).');
  });
});

describe('announcing', () => {
  it.each([
    [{ message: 'm' }, M.titleRequired],
    [{ title: '   ', message: 'm' }, M.titleRequired],
    [{ title: 'x'.repeat(201), message: 'm' }, M.titleTooLong],
    [{ title: 't' }, M.messageRequired],
    [{ title: 't', message: 'x'.repeat(2001) }, M.messageTooLong],
    [{ title: 't', message: 'm', audience: 'everyone' }, M.audience],
    [{ title: 't', message: 'm', audience: 'plan' }, M.planRequired],
    [{ title: 't', message: 'm', audience: 'plan', plan: 'enterprise' }, M.plan],
    [{ title: 't', message: 'm', audience: 'tenants', tenantIds: ' , ,' }, M.tenantsRequired],
    [{ title: 't', message: 'm', audience: 'tenants', tenantIds: 'abc' }, M.tenantIds],
    [{ title: 't', message: 'm', startAt: 'tomorrow' }, M.startAt],
    [{ title: 't', message: 'm', endAt: 'later' }, M.endAt],
    [{ title: 't', message: 'm', startAt: '-010000-01-01T00:00:00Z' }, M.startAt],
    [{ title: 't', message: 'm', startAt: '2030-01-02T00:00:00Z', endAt: '2030-01-01T00:00:00Z' }, M.endAfterStart],
    [{ title: 't', message: 'm', emailAdmins: 'yes' }, M.emailAdmins],
  ])('refuses %j: %s', async (body, message) => {
    const res = await asRoot('POST', '/notifications/announce', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('refuses a tenant id that names no workspace, with the id', async () => {
    const missing = randomUUID();
    const res = await asRoot('POST', '/notifications/announce', {
      title: 't',
      message: 'm',
      audience: 'tenants',
      tenantIds: `${pro.tenant.id}, ${missing}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `No workspace has the id ${missing}.` });
  });

  it('defaults to now and 24 hours, answers 201, is audited and appears in the history as active', async () => {
    const before = Date.now();
    const res = await asRoot('POST', '/notifications/announce', { title: 'Welcome', message: 'Hello all.' });
    expect(res.status).toBe(201);
    const { announcement, emailed } = res.body;
    expect(emailed).toBe(0);
    expect(announcement).toMatchObject({
      title: 'Welcome',
      audience: 'all',
      status: 'active',
      plan: null,
      tenant_ids: [],
    });
    const start = Date.parse(announcement.start_at);
    expect(start).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(announcement.end_at) - start).toBe(24 * 3600_000);
    const [audit] = await auditOf(announcement.id);
    expect(audit).toMatchObject({
      action: 'announcement.created',
      actor_user_id: root.user.id,
      entity_type: 'announcement',
    });
    expect(audit!.details).toMatchObject({ audience: 'all', title: 'Welcome' });
    const { history } = (await asRoot('GET', '/notifications/history')).body;
    expect(history[0]).toMatchObject({ id: announcement.id, title: 'Welcome', status: 'active' });
  });

  it('emails the admins of the audience through the outbox when asked', async () => {
    const { emailed, announcement } = (
      await asRoot('POST', '/notifications/announce', {
        title: 'Billing change',
        message: 'New invoices.',
        audience: 'tenants',
        tenantIds: [pro.tenant.id],
        emailAdmins: true,
      })
    ).body;
    expect(emailed).toBe(1);
    const mails = await app.ctx.db.EmailOutbox.findAll({
      where: { tenant_id: pro.tenant.id, template: 'announcement' },
    });
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([[pro.admin.user.email, 'Billing change']]);
    expect(announcement.email_admins).toBe(true);
  });
});

describe('banners', () => {
  it('reach only their audience: everyone, a plan by tier, listed workspaces', async () => {
    const all = await announce({ title: 'For everyone' });
    const proOnly = await announce({ audience: 'plan', plan: 'pro' });
    const listed = await announce({ audience: 'tenants', tenantIds: ` ${starter.tenant.id} , ` });
    for (const person of [pro.admin, pro.member]) {
      const ids = await bannersOf(person);
      expect(ids).toEqual(expect.arrayContaining([all.id, proOnly.id]));
      expect(ids).not.toContain(listed.id);
    }
    const starterIds = await bannersOf(starter.member, starter.tenant.id);
    expect(starterIds).toEqual(expect.arrayContaining([all.id, listed.id]));
    expect(starterIds).not.toContain(proOnly.id);
    // A person of no workspace sees what is for everyone only.
    const loner = await makeUser(app.ctx);
    const lonerIds = await bannersOf({ user: loner, token: (await signIn(app, loner.email)).token });
    expect(lonerIds).toContain(all.id);
    expect(lonerIds).not.toContain(proOnly.id);
  });

  it('with x-tenant-id, only that workspace counts', async () => {
    const both = await makeUser(app.ctx);
    await addMember(app.ctx, pro.tenant, both, 'role2');
    await addMember(app.ctx, starter.tenant, both, 'role2');
    const person = { user: both, token: (await signIn(app, both.email)).token };
    const proOnly = await announce({ audience: 'plan', plan: 'pro' });
    expect(await bannersOf(person)).toContain(proOnly.id);
    expect(await bannersOf(person, pro.tenant.id)).toContain(proOnly.id);
    expect(await bannersOf(person, starter.tenant.id)).not.toContain(proOnly.id);
  });

  it('respect their window: a scheduled or ended one is not shown', async () => {
    const later = await announce({ startAt: inAnHour() });
    expect(later.status).toBe('scheduled');
    const over = await announce({ startAt: '2020-01-01T00:00:00Z', endAt: '2020-01-02T00:00:00Z' });
    expect(over.status).toBe('ended');
    const ids = await bannersOf(pro.member);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(over.id);
    const { history } = (await asRoot('GET', '/notifications/history')).body;
    expect(history.find((h: { id: string }) => h.id === over.id).status).toBe('ended');
  });

  it('stay dismissed for the person who dismissed them only', async () => {
    const notice = await announce({ title: 'Dismiss me' });
    const res = await app.request('POST', `/notifications/${notice.id}/dismiss`, { token: pro.member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ dismissed: true });
    expect(await bannersOf(pro.member)).not.toContain(notice.id);
    expect(await bannersOf(pro.member, pro.tenant.id)).not.toContain(notice.id);
    expect(await bannersOf(pro.admin)).toContain(notice.id);
    // Twice is fine.
    expect((await app.request('POST', `/notifications/${notice.id}/dismiss`, { token: pro.member.token })).status).toBe(
      200,
    );
  });

  it('cannot dismiss a banner that is not theirs, or no announcement', async () => {
    const listed = await announce({ audience: 'tenants', tenantIds: [starter.tenant.id] });
    for (const id of [listed.id, randomUUID(), 'nope']) {
      const res = await app.request('POST', `/notifications/${id}/dismiss`, { token: pro.member.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'No such announcement.' });
    }
    expect(await bannersOf(starter.member)).toContain(listed.id);
  });

  it('are pushed live when they start, and by the scheduler tick when their window opens later', async () => {
    const member = await connect(pro.member.token);
    const outsider = await connect(starter.member.token);
    // Now: to the workspaces of the audience only.
    const id = randomUUID();
    const memberHeard = new Promise<string>((resolve) =>
      member.once('announcement', (p: { id: string }) => resolve(p.id)),
    );
    const outsiderHeard: string[] = [];
    outsider.on('announcement', (p: { id: string }) => outsiderHeard.push(p.id));
    const now = await announce({ audience: 'tenants', tenantIds: [pro.tenant.id], title: id });
    expect(await memberHeard).toBe(now.id);

    // Later: nothing until the tick after its start.
    const soon = await announce({ audience: 'plan', plan: 'pro', startAt: new Date(Date.now() + 1500).toISOString() });
    const early = await runMaintenanceTask(app.ctx, 'notifications-tick');
    expect(early).toMatchObject({ pushed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const pushed = heard(member, soon.id);
    expect(await runMaintenanceTask(app.ctx, 'notifications-tick')).toMatchObject({ pushed: 1 });
    expect(await pushed).toBe(true);
    expect(await bannersOf(pro.member)).toContain(soon.id);
    // Pushed once.
    expect(await runMaintenanceTask(app.ctx, 'notifications-tick')).toMatchObject({ pushed: 0 });
    expect(outsiderHeard).toEqual([]);
  });
});

describe('alert rules', () => {
  const RULE = { metric: 'webhookFailures', op: '>', value: 3, window: '15m', actions: ['email_super_admins'] };

  it.each([
    [{ ...RULE, metric: 'cpu' }, M.metric],
    [{ ...RULE, op: '>=' }, M.operator],
    [{ ...RULE, op: undefined }, M.operator],
    [{ ...RULE, op: undefined, operator: '>=' }, M.operator],
    [{ ...RULE, op: '>', operator: '<' }, M.operatorTwice],
    [{ ...RULE, value: 'many' }, M.value],
    [{ ...RULE, value: undefined }, M.value],
    [{ ...RULE, window: '24h' }, M.window],
    [{ ...RULE, actions: [] }, M.actionsRequired],
    [{ ...RULE, actions: 'email_super_admins, slack' }, M.actions],
    [{ ...RULE, enabled: 'yes' }, M.enabled],
  ])('refuses %j: %s', async (body, message) => {
    const res = await asRoot('POST', '/notifications/rules', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('takes the operator as op (platform-console §4) or as operator, and answers op', async () => {
    const { op: _, ...withoutOp } = RULE;
    for (const [body, op] of [
      [{ ...withoutOp, op: '<' }, '<'],
      [{ ...withoutOp, operator: '<' }, '<'],
      [{ ...withoutOp, op: '>', operator: '>' }, '>'],
    ] as const) {
      const created = await asRoot('POST', '/notifications/rules', body);
      expect(created.status).toBe(201);
      expect(created.body.rule.op).toBe(op);
      expect(created.body.rule).not.toHaveProperty('operator');
      expect(await app.ctx.db.AlertRule.findByPk(created.body.rule.id)).toMatchObject({ operator: op });
      const listed = (await asRoot('GET', '/notifications/rules')).body.rules;
      expect(listed.find((r: { id: string }) => r.id === created.body.rule.id)).toMatchObject({ op });
      expect((await asRoot('DELETE', `/notifications/rules/${created.body.rule.id}`)).status).toBe(204);
    }
  });

  it('creates, lists, disables, enables and deletes a rule, each audited', async () => {
    const created = await asRoot('POST', '/notifications/rules', {
      ...RULE,
      value: '2.5',
      actions: 'email_super_admins, announce_tenant_admins',
    });
    expect(created.status).toBe(201);
    const rule = created.body.rule;
    expect(rule).toMatchObject({
      metric: 'webhookFailures',
      op: '>',
      value: 2.5,
      window: '15m',
      actions: ['email_super_admins', 'announce_tenant_admins'],
      enabled: true,
      firing: false,
      last_triggered_at: null,
    });
    expect((await asRoot('GET', '/notifications/rules')).body.rules.map((r: { id: string }) => r.id)).toContain(
      rule.id,
    );

    const off = await asRoot('PATCH', `/notifications/rules/${rule.id}`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.rule.enabled).toBe(false);
    const bad = await asRoot('PATCH', `/notifications/rules/${rule.id}`, { enabled: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(M.enabled);
    expect((await asRoot('PATCH', `/notifications/rules/${rule.id}`, { enabled: true })).body.rule.enabled).toBe(true);

    expect((await asRoot('DELETE', `/notifications/rules/${rule.id}`)).status).toBe(204);
    expect(await app.ctx.db.AlertRule.findByPk(rule.id)).toBeNull();
    for (const method of ['PATCH', 'DELETE']) {
      const gone = await asRoot(
        method,
        `/notifications/rules/${rule.id}`,
        method === 'PATCH' ? { enabled: true } : undefined,
      );
      expect(gone.status).toBe(404);
      expect(gone.body).toEqual({ error: 'No such alert rule.' });
    }
    const audit = await auditOf(rule.id);
    expect(audit.map((a) => a.action)).toEqual([
      'alert_rule.created',
      'alert_rule.updated',
      'alert_rule.updated',
      'alert_rule.deleted',
    ]);
    expect(audit.every((a) => a.actor_user_id === root.user.id)).toBe(true);
    expect(audit[1]!.details).toMatchObject({ enabled: false, condition: 'webhookFailures > 2.5 over 15m' });
  });
});
