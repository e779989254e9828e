import { MESSAGE_SETTINGS_MESSAGES as M, messageEmailAnswer, messageRetentionAnswer } from '@portico/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSuperAdmin, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { upload } from './files-support';
import { expectConforms } from './public-api-support';
import { conversation, ownThread, post, type Conversation } from './threads-support';

/*
 * Email when away and retention (issue 32): a member's own email setting and the workspace's
 * retention, by the usual five callers; the nightly purge; the console's message counts.
 */

let app: TestApp;
let root: Person;
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
const ADMINS_ONLY = 'Only workspace admins can change workspace settings.';

const errorOf = (res: { status: number; body: { error?: string } }) => [res.status, res.body.error];

describe('GET and PUT /api/message-email', () => {
  it('answers the role’s default until the person chooses, then their choice, in this workspace only', async () => {
    const c = await conversation(app);
    const client = await c.call(c.member, 'GET', '/message-email');
    expect(client.status).toBe(200);
    expectConforms(messageEmailAnswer, client.body);
    expect(client.body).toEqual({ message_email: 'immediately', default: 'immediately', chosen: false });
    expect((await c.call(c.team, 'GET', '/message-email')).body).toEqual({
      message_email: 'hourly',
      default: 'hourly',
      chosen: false,
    });

    const saved = await c.call(c.member, 'PUT', '/message-email', { message_email: 'daily' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ message_email: 'daily', default: 'immediately', chosen: true });
    expect((await c.call(c.member, 'GET', '/message-email')).body.message_email).toBe('daily');
    // Another member, and the same person elsewhere, keep theirs.
    expect((await c.call(c.other, 'GET', '/message-email')).body.chosen).toBe(false);
  });

  it('refuses a setting that is not one of the four, with the sentence saying which', async () => {
    const c = await conversation(app);
    for (const body of [{ message_email: 'weekly' }, { message_email: 3 }, {}])
      expect(errorOf(await c.call(c.member, 'PUT', '/message-email', body))).toEqual([400, M.emailSetting]);
    expect((await c.call(c.member, 'GET', '/message-email')).body.chosen).toBe(false);
  });

  it('refuses another workspace’s member, a super admin who is no member, and no session', async () => {
    const c = await conversation(app);
    const stranger = c.elsewhere.admin;
    const here = { token: stranger.token, tenantId: c.tenant.id };
    expect((await app.request('PUT', '/message-email', { ...here, body: { message_email: 'never' } })).status).toBe(
      403,
    );
    expect((await app.request('GET', '/message-email', here)).status).toBe(403);
    const visiting = { token: root.token, tenantId: c.tenant.id };
    expect(errorOf(await app.request('GET', '/message-email', visiting))).toEqual([403, M.notMember]);
    expect(
      errorOf(await app.request('PUT', '/message-email', { ...visiting, body: { message_email: 'never' } })),
    ).toEqual([403, M.notMember]);
    const anonymous = { tenantId: c.tenant.id, body: { message_email: 'never' } };
    expect((await app.request('PUT', '/message-email', anonymous)).status).toBe(401);
    expect((await app.request('GET', '/message-email', { tenantId: c.tenant.id })).status).toBe(401);
  });
});

describe('GET and PUT /api/message-retention', () => {
  it('keeps messages until an admin sets a number of days, audited, read by every member', async () => {
    const c = await conversation(app);
    const before = await c.call(c.member, 'GET', '/message-retention');
    expect(before.status).toBe(200);
    expectConforms(messageRetentionAnswer, before.body);
    expect(before.body).toEqual({ days: null, remove_files: false });

    const saved = await c.call(c.admin, 'PUT', '/message-retention', { days: 30, remove_files: true });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ days: 30, remove_files: true });
    expect((await c.call(c.member, 'GET', '/message-retention')).body).toEqual({ days: 30, remove_files: true });
    const audited = await app.ctx.db.AuditLog.findOne({
      where: { tenant_id: c.tenant.id, action: 'workspace.message_retention.updated' },
    });
    expect(audited?.details).toEqual({ days: 30, remove_files: true });

    const off = await c.call(c.admin, 'PUT', '/message-retention', { days: null, remove_files: true });
    expect(off.body).toEqual({ days: null, remove_files: false });
  });

  it('refuses fewer than 7 days, a fraction, text and a remove_files that is not true or false', async () => {
    const c = await conversation(app);
    for (const days of [6, 0, -1, 7.5, '30', 3651])
      expect(errorOf(await c.call(c.admin, 'PUT', '/message-retention', { days }))).toEqual([400, M.retentionDays]);
    expect(errorOf(await c.call(c.admin, 'PUT', '/message-retention', {}))).toEqual([400, M.retentionDays]);
    expect(errorOf(await c.call(c.admin, 'PUT', '/message-retention', { days: 7, remove_files: 'yes' }))).toEqual([
      400,
      M.removesFiles,
    ]);
    expect((await c.call(c.admin, 'GET', '/message-retention')).body.days).toBeNull();
  });

  it('refuses the team and clients, another workspace’s admin and no session', async () => {
    const c = await conversation(app);
    const body = { days: 7 };
    for (const who of [c.team, c.member])
      expect(errorOf(await c.call(who, 'PUT', '/message-retention', body))).toEqual([403, ADMINS_ONLY]);
    const stranger = { token: c.elsewhere.admin.token, tenantId: c.tenant.id };
    expect((await app.request('PUT', '/message-retention', { ...stranger, body })).status).toBe(403);
    expect((await app.request('GET', '/message-retention', stranger)).status).toBe(403);
    expect((await app.request('PUT', '/message-retention', { tenantId: c.tenant.id, body })).status).toBe(401);
    expect((await c.call(c.admin, 'GET', '/message-retention')).body.days).toBeNull();
  });
});

async function attach(c: Conversation, who: Person, name: string): Promise<string> {
  const res = await upload(app, { ...c.as(who), name, type: 'text/plain', content: `${name} content` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A message posted now, then dated `daysAgo` days back. */
async function postedDaysAgo(c: Conversation, threadId: string, body: string, daysAgo: number, fileIds?: string[]) {
  const message = await post(c, c.member, threadId, body, fileIds);
  await app.ctx.db.Message.update(
    { created_at: new Date(Date.now() - daysAgo * DAY) },
    { where: { tenant_id: c.tenant.id, id: message.id } },
  );
  return message as { id: string; files: Array<{ id: string }> };
}

const remaining = (c: Conversation) =>
  app.ctx.db.Message.findAll({ where: { tenant_id: c.tenant.id }, order: [['created_at', 'ASC']] });
const fileIdsOf = (c: Conversation) =>
  app.ctx.db.FileRecord.findAll({ where: { tenant_id: c.tenant.id } }).then((rows) => rows.map((r) => r.id).sort());

describe('the purge-messages job', () => {
  it('deletes messages older than each workspace keeps them, their attachments as chosen, and audits the count', async () => {
    const keeps = await conversation(app);
    const removes = await conversation(app);
    const untouched = await conversation(app);
    await keeps.call(keeps.admin, 'PUT', '/message-retention', { days: 30 });
    await removes.call(removes.admin, 'PUT', '/message-retention', { days: 7, remove_files: true });
    for (const c of [keeps, removes, untouched]) {
      const thread = await ownThread(c, c.member);
      const file = await attach(c, c.member, 'old.txt');
      await postedDaysAgo(c, thread.id, 'Very old', 40, [file]);
      await postedDaysAgo(c, thread.id, 'Ten days old', 10);
      await postedDaysAgo(c, thread.id, 'Yesterday', 1);
    }
    const filesBefore = await Promise.all([keeps, removes, untouched].map(fileIdsOf));
    expect(filesBefore.every((ids) => ids.length >= 1)).toBe(true);

    const result = await runMaintenanceTask(app.ctx, 'purge-messages');
    expect(result).toMatchObject({ messages: expect.any(Number) });

    expect((await remaining(keeps)).map((m) => m.body)).toEqual(['Ten days old', 'Yesterday']);
    expect(await fileIdsOf(keeps)).toEqual(filesBefore[0]);
    expect((await remaining(removes)).map((m) => m.body)).toEqual(['Yesterday']);
    expect(await fileIdsOf(removes)).toEqual([]);
    expect((await remaining(untouched)).map((m) => m.body)).toEqual(['Very old', 'Ten days old', 'Yesterday']);
    expect(await fileIdsOf(untouched)).toEqual(filesBefore[2]);

    const audits = await app.ctx.db.AuditLog.findAll({ where: { action: 'messages.purged' }, allTenants: true });
    const byTenant = (c: Conversation) => audits.filter((a) => a.tenant_id === c.tenant.id).map((a) => a.details);
    expect(byTenant(keeps)).toEqual([{ messages: 1, files: 0, older_than_days: 30 }]);
    expect(byTenant(removes)).toEqual([{ messages: 2, files: filesBefore[1]!.length, older_than_days: 7 }]);
    expect(byTenant(untouched)).toEqual([]);

    // Run again: nothing left to delete, nothing audited.
    await runMaintenanceTask(app.ctx, 'purge-messages');
    expect(
      await app.ctx.db.AuditLog.count({ where: { action: 'messages.purged', tenant_id: removes.tenant.id } }),
    ).toBe(1);
  });
});

describe('the console’s Tenants page', () => {
  it('counts each workspace’s messages, deleted ones left out', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    await post(c, c.member, thread.id, 'One');
    await post(c, c.team, thread.id, 'Two');
    const gone = await post(c, c.member, thread.id, 'Three');
    expect((await c.call(c.member, 'DELETE', `/threads/${thread.id}/messages/${gone.id}`)).status).toBe(200);

    const res = await app.request('GET', '/super/tenants', { token: root.token });
    expect(res.status).toBe(200);
    const usageOf = (id: string) => res.body.items.find((t: { id: string }) => t.id === id).usage;
    expect(usageOf(c.tenant.id).messages).toBe(2);
    expect(usageOf(c.elsewhere.tenant.id).messages).toBe(0);
  });
});
