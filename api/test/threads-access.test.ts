import { threadMessage } from '@portico/common';
import { liveChannel, searchWorkspace, threadRoom } from '@portico/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scopeOf, type Person } from '../../testing/factories';
import { failWrites, startTestApp, type TestApp } from '../../testing/harness';
import { messagePage, threadPage } from '../src/public/schemas';
import { upload } from './files-support';
import { createKey, expectConforms, INVALID_KEY, v1 } from './public-api-support';
import { bodiesSeenBy, conversation, M, ownThread, post, signedIn, type Conversation } from './threads-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function fileOf(c: Conversation, who: Person, name: string, fields: Record<string, string> = {}) {
  const res = await upload(app, { ...c.as(who), name, type: 'text/plain', content: `${name} content`, fields });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

async function filesOf(c: Conversation, who: Person): Promise<{ id: string; original_name: string }[]> {
  return (await c.call(who, 'GET', '/files')).body.files;
}

describe('announcements to a role', () => {
  it('reach everyone holding the role; a client’s reply reaches the team and the replier only', async () => {
    const c = await conversation(app);
    const news = (await c.call(c.admin, 'POST', '/threads', { role: 'role2', subject: 'New office' })).body.thread;
    await post(c, c.admin, news.id, 'We move on Monday.');
    const reply = await post(c, c.member, news.id, 'Will parking change?');
    expect(reply.team_only).toBe(true);

    expect(await bodiesSeenBy(c, c.team, news.id)).toEqual(['We move on Monday.', 'Will parking change?']);
    expect(await bodiesSeenBy(c, c.member, news.id)).toEqual(['We move on Monday.', 'Will parking change?']);
    expect(await bodiesSeenBy(c, c.other, news.id)).toEqual(['We move on Monday.']);
    const otherList = (await c.call(c.other, 'GET', '/threads')).body.threads;
    expect(otherList).toEqual([
      expect.objectContaining({
        id: news.id,
        unread: 1,
        last_message: expect.objectContaining({ preview: 'We move on Monday.' }),
      }),
    ]);
    const hidden = await c.call(c.other, 'PATCH', `/threads/${news.id}/messages/${reply.id}`, { body: 'x' });
    expect([hidden.status, hidden.body.error]).toEqual([404, M.messageNotFound]);
    // Holding another role, a guest does not read role2's announcement.
    const guest = await signedIn(app, c.tenant, 'role3');
    const refused = await c.call(guest, 'GET', `/threads/${news.id}`);
    expect([refused.status, refused.body.error]).toEqual([404, M.threadNotFound]);
    expect((await c.call(guest, 'GET', '/threads')).body.threads).toEqual([]);
  });
});

describe('attachments', () => {
  it('share the file with the thread’s people, in their Files, and each reader opens their own row', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const contract = await fileOf(c, c.admin, 'contract.txt', { user_id: c.admin.user.id });
    const message = await post(c, c.admin, thread.id, 'Your contract, signed.', [contract.id]);
    expect(message.files).toEqual([expect.objectContaining({ id: contract.id, original_name: 'contract.txt' })]);

    const clientFiles = (await filesOf(c, c.member)).filter((f) => f.original_name === 'contract.txt');
    expect(clientFiles).toHaveLength(1);
    const seen = (await c.call(c.member, 'GET', `/threads/${thread.id}/messages`)).body.messages[0];
    expect(seen.files).toEqual([
      expect.objectContaining({ id: clientFiles[0]!.id, file_url: `/api/files/${clientFiles[0]!.id}/download` }),
    ]);
    const download = await c.call(c.member, 'GET', `/files/${clientFiles[0]!.id}/download`);
    expect([download.status, download.body]).toEqual([200, 'contract.txt content']);

    const teamFiles = await filesOf(c, c.team);
    expect(teamFiles.map((f) => f.original_name)).toEqual(['contract.txt']);
    expect((await c.call(c.team, 'GET', `/threads/${thread.id}/messages`)).body.messages[0].files[0].id).toBe(
      teamFiles[0]!.id,
    );
    expect(await filesOf(c, c.other)).toEqual([]);
  });

  it('refuses a file the poster cannot open; a client’s own file reaches the team, and a reply to an announcement the team only', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const adminsOnly = await fileOf(c, c.admin, 'secret.txt', { user_id: c.admin.user.id });
    const refused = await c.call(c.member, 'POST', `/threads/${thread.id}/messages`, {
      body: 'Look',
      file_ids: [adminsOnly.id],
    });
    expect([refused.status, refused.body.error]).toEqual([400, M.fileNotVisible]);
    const stranger = await fileOf(c, c.other, 'theirs.txt');
    expect(
      (await c.call(c.member, 'POST', `/threads/${thread.id}/messages`, { body: 'x', file_ids: [stranger.id] })).status,
    ).toBe(400);

    const receipt = await fileOf(c, c.member, 'receipt.txt');
    await post(c, c.member, thread.id, 'The receipt', [receipt.id]);
    expect((await filesOf(c, c.team)).map((f) => f.original_name)).toEqual(['receipt.txt']);
    expect((await filesOf(c, c.member)).map((f) => f.original_name)).toEqual(['receipt.txt']);

    const news = (await c.call(c.admin, 'POST', '/threads', { role: 'role2' })).body.thread;
    const photo = await fileOf(c, c.member, 'photo.txt');
    await post(c, c.member, news.id, 'My photo', [photo.id]);
    expect((await filesOf(c, c.other)).map((f) => f.original_name)).toEqual(['theirs.txt']);
    expect((await filesOf(c, c.team)).map((f) => f.original_name).sort()).toEqual(['photo.txt', 'receipt.txt']);
  });
});

describe('the message.created event', () => {
  it('is recorded in the transaction of the message: both or neither', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const message = await post(c, c.member, thread.id, 'Hello team');
    const events = await app.ctx.db.TenantEvent.findAll({ where: { tenant_id: c.tenant.id, type: 'message.created' } });
    expect(events.map((e) => e.data)).toEqual([
      {
        message: expect.objectContaining({
          id: message.id,
          thread_id: thread.id,
          author_id: c.member.user.id,
          body: 'Hello team',
        }),
        thread: { id: thread.id, kind: 'client', client_id: c.member.user.id, role_key: null, subject: null },
      },
    ]);

    for (const [table, when] of [
      ['tenant_events', "NEW.type = 'message.created'"],
      ['message_files', 'true'],
    ] as const) {
      const file = await fileOf(c, c.member, `${table}.txt`);
      const restore = await failWrites(app.ctx, table, { when });
      try {
        const res = await c.call(c.member, 'POST', `/threads/${thread.id}/messages`, {
          body: table,
          file_ids: [file.id],
        });
        expect(res.status).toBe(500);
      } finally {
        await restore();
      }
    }
    expect(await bodiesSeenBy(c, c.admin, thread.id)).toEqual(['Hello team']);
    expect(await app.ctx.db.TenantEvent.count({ where: { tenant_id: c.tenant.id, type: 'message.created' } })).toBe(1);
    expect((await filesOf(c, c.team)).map((f) => f.original_name)).toEqual([]);
  });
});

describe('the live hint', () => {
  it('goes to the thread’s room once the message is committed, not to the workspace', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const channel = liveChannel(app.ctx.config.redisPrefix);
    const heard: string[] = [];
    const subscriber = app.ctx.redis.duplicate();
    try {
      subscriber.on('pmessage', (_pattern: string, name: string) => heard.push(name));
      await subscriber.psubscribe(`${channel}#*`);
      await post(c, c.member, thread.id, 'Live?');
      await vi.waitFor(() => expect(heard).toContain(`${channel}#/#${threadRoom(c.tenant.id, thread.id)}#`));
      expect(heard.filter((name) => name.includes(c.tenant.id))).toHaveLength(1);
    } finally {
      await subscriber.quit();
    }
  });
});

describe('/api/v1 with an API key', () => {
  it('lists threads and messages and posts as the workspace', async () => {
    const c = await conversation(app);
    const { key, id: keyId } = await createKey(app, c.tenant, c.admin);
    const thread = await ownThread(c, c.member);
    await post(c, c.member, thread.id, 'Question from the portal');

    const threads = await v1(app, key, 'GET', '/threads');
    expect(threads.status).toBe(200);
    expectConforms(threadPage, threads.body);
    expect(threads.body.data.map((t: { id: string }) => t.id)).toEqual([thread.id]);

    const sent = await v1(app, key, 'POST', `/threads/${thread.id}/messages`, {
      body: { body: 'Answer from our CRM' },
    });
    expect(sent.status).toBe(201);
    expectConforms(threadMessage, sent.body);
    expect(sent.body).toMatchObject({ author: null, mine: false, body: 'Answer from our CRM' });
    const audited = await app.ctx.db.AuditLog.findAll({ where: { tenant_id: c.tenant.id, action: 'message.posted' } });
    expect(audited.map((row) => [row.actor_user_id, row.entity_id, row.details])).toEqual([
      [null, sent.body.id, { thread_id: thread.id, api_key_id: keyId }],
    ]);
    const listed = await v1(app, key, 'GET', `/threads/${thread.id}/messages`);
    expectConforms(messagePage, listed.body);
    expect(listed.body.data.map((m: { body: string }) => m.body)).toEqual([
      'Question from the portal',
      'Answer from our CRM',
    ]);
    expect(await bodiesSeenBy(c, c.member, thread.id)).toEqual(['Question from the portal', 'Answer from our CRM']);

    const empty = await v1(app, key, 'POST', `/threads/${thread.id}/messages`, { body: { body: '' } });
    expect([empty.status, empty.body.error]).toEqual([400, M.bodyRequired]);
    const foreign = await ownThread(c, c.other);
    const { key: otherKey } = await createKey(app, c.elsewhere.tenant, c.elsewhere.admin);
    const crossing = await v1(app, otherKey, 'GET', `/threads/${foreign.id}/messages`);
    expect([crossing.status, crossing.body.error]).toEqual([404, M.threadNotFound]);
    const limit = await v1(app, key, 'GET', '/threads?limit=0');
    expect([limit.status, limit.body.error]).toEqual([400, 'limit must be a whole number from 1 to 100.']);
    expect((await v1(app, 'ptk_nope', 'GET', '/threads')).body.error).toBe(INVALID_KEY);
    expect((await v1(app, undefined, 'POST', `/threads/${thread.id}/messages`, { body: { body: 'x' } })).status).toBe(
      401,
    );
  });
});

describe('search', () => {
  it('finds the messages the person may read, and no others', async () => {
    const c = await conversation(app);
    const mine = await ownThread(c, c.member);
    const theirs = await ownThread(c, c.other);
    const invoice = await post(c, c.member, mine.id, 'About invoice 1042');
    await post(c, c.other, theirs.id, 'My invoice is late');
    const news = (await c.call(c.admin, 'POST', '/threads', { role: 'role2' })).body.thread;
    await post(c, c.admin, news.id, 'Invoices go out on Friday');
    const reply = await post(c, c.other, news.id, 'Invoice address changed');

    const admin = await c.call(c.admin, 'GET', '/search?q=invoic');
    expect(admin.status).toBe(200);
    expect(admin.body.results.messages).toHaveLength(4);
    expect(admin.body.results.messages.at(-1)).toEqual({
      id: invoice.id,
      thread_id: mine.id,
      excerpt: 'About invoice 1042',
      created_at: invoice.created_at,
    });

    const searchAs = async (who: Person) => {
      const scope = await scopeOf(app.ctx, c.tenant, who.user.id, 'role2');
      const found = await searchWorkspace(app.ctx, scope, {
        q: 'invoice',
        reader: { userId: who.user.id, role: 'role2', seesAll: false },
      });
      return found.messages.map((m) => m.excerpt);
    };
    expect(await searchAs(c.member)).toEqual(['Invoices go out on Friday', 'About invoice 1042']);
    expect(await searchAs(c.other)).toEqual([
      'Invoice address changed',
      'Invoices go out on Friday',
      'My invoice is late',
    ]);
    await c.call(c.other, 'DELETE', `/threads/${news.id}/messages/${reply.id}`);
    expect(await searchAs(c.other)).toEqual(['Invoices go out on Friday', 'My invoice is late']);
    const elsewhere = await app.request('GET', '/search?q=invoice', {
      token: c.elsewhere.admin.token,
      tenantId: c.elsewhere.tenant.id,
    });
    expect(elsewhere.body.results.messages).toEqual([]);
  });
});
