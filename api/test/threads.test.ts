import { systemClock } from '@portico/core';
import { messageAnswer, messagePageAnswer, threadAnswer, threadPageAnswer } from '@portico/common';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { expectConforms } from './public-api-support';
import { bodiesSeenBy, conversation, M, ownThread, post } from './threads-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());
afterEach(() => {
  app.ctx.clock = systemClock;
});

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('POST /api/threads', () => {
  it('gives a client who names no one their own thread, the same one every time and the one the team finds', async () => {
    const c = await conversation(app);
    const first = await c.call(c.member, 'POST', '/threads', {});
    expect(first.status).toBe(200);
    expectConforms(threadAnswer, first.body);
    expect(first.body.thread).toMatchObject({
      kind: 'client',
      client_id: c.member.user.id,
      participant_ids: [c.member.user.id],
      unread: 0,
      last_message: null,
    });
    const again = await c.call(c.member, 'POST', '/threads');
    expect(again.body.thread.id).toBe(first.body.thread.id);
    const byTeam = await c.call(c.team, 'POST', '/threads', { participant_ids: [c.member.user.id] });
    expect(byTeam.body.thread.id).toBe(first.body.thread.id);
  });

  it('opens one thread for a client however many ask at once', async () => {
    const c = await conversation(app);
    const opens = await Promise.all([
      ...Array.from({ length: 4 }, () => c.call(c.other, 'POST', '/threads', {})),
      c.call(c.admin, 'POST', '/threads', { participant_ids: [c.other.user.id] }),
    ]);
    expect(opens.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(opens.map((res) => res.body.thread.id)).size).toBe(1);
    expect(await app.ctx.db.MessageThread.count({ where: { tenant_id: c.tenant.id } })).toBe(1);
  });

  it('lets the team open a group thread with chosen clients, or an announcement to a role', async () => {
    const c = await conversation(app);
    const group = await c.call(c.admin, 'POST', '/threads', {
      participant_ids: [c.member.user.id, c.other.user.id],
      subject: ' Year-end paperwork ',
    });
    expect(group.status).toBe(200);
    expect(group.body.thread).toMatchObject({
      kind: 'group',
      subject: 'Year-end paperwork',
      created_by: c.admin.user.id,
    });
    expect([...group.body.thread.participant_ids].sort()).toEqual([c.member.user.id, c.other.user.id].sort());
    const news = await c.call(c.team, 'POST', '/threads', { role: 'role2', subject: 'Office closed Friday' });
    expect(news.body.thread).toMatchObject({ kind: 'broadcast', role_key: 'role2', participant_ids: [] });
  });

  it('answers each refusal with its sentence', async () => {
    const c = await conversation(app);
    const refused = async (body: unknown) => {
      const res = await c.call(c.admin, 'POST', '/threads', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error;
    };
    expect(await refused({})).toBe(M.chooseWho);
    expect(await refused({ participant_ids: [c.member.user.id], role: 'role2' })).toBe(M.clientsOrRole);
    expect(await refused({ participant_ids: ['nope'] })).toBe(M.participantIds);
    expect(await refused({ participant_ids: 'x' })).toBe(M.participantIds);
    expect(await refused({ participant_ids: Array.from({ length: 101 }, () => crypto.randomUUID()) })).toBe(
      M.tooManyParticipants,
    );
    expect(await refused({ participant_ids: [c.team.user.id] })).toBe(M.notAClient);
    expect(await refused({ participant_ids: [c.elsewhere.member.user.id] })).toBe(M.notAClient);
    expect(await refused({ role: 'nobody' })).toBe(M.unknownRole);
    expect(await refused({ role: 7 })).toBe(M.roleText);
    expect(await refused({ participant_ids: [c.member.user.id], subject: 'x'.repeat(201) })).toBe(M.subjectTooLong);
  });

  it('refuses a client who names people or a role, a stranger and no session', async () => {
    const c = await conversation(app);
    for (const body of [{ participant_ids: [c.other.user.id] }, { role: 'role2' }]) {
      const res = await c.call(c.member, 'POST', '/threads', body);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(M.clientsOnly);
    }
    const stranger = await app.request('POST', '/threads', {
      token: c.elsewhere.admin.token,
      tenantId: c.tenant.id,
      body: {},
    });
    expect(stranger.status).toBe(403);
    expect((await app.request('POST', '/threads', { tenantId: c.tenant.id, body: {} })).status).toBe(401);
  });
});

describe('GET /api/threads and /api/threads/{id}', () => {
  it('lists the threads a person may read, newest activity first, with unread counts and the last message', async () => {
    const c = await conversation(app);
    const mine = await ownThread(c, c.member);
    const theirs = await ownThread(c, c.other);
    await post(c, c.member, mine.id, 'Hello, a question about my invoice');
    await post(c, c.admin, theirs.id, 'Welcome aboard');

    const team = await c.call(c.team, 'GET', '/threads');
    expect(team.status).toBe(200);
    expectConforms(threadPageAnswer, team.body);
    expect(team.body.threads.map((t: { id: string }) => t.id)).toEqual([theirs.id, mine.id]);
    expect(team.body.threads[1]).toMatchObject({
      unread: 1,
      last_message: { author_id: c.member.user.id, preview: 'Hello, a question about my invoice', deleted: false },
    });

    const client = await c.call(c.member, 'GET', '/threads');
    expect(client.body.threads.map((t: { id: string }) => t.id)).toEqual([mine.id]);
    expect(client.body.threads[0].unread).toBe(0);
    expect((await c.call(c.other, 'GET', '/threads')).body.threads[0]).toMatchObject({ id: theirs.id, unread: 1 });
  });

  it('pages with next_cursor and refuses a bad limit or cursor', async () => {
    const c = await conversation(app);
    for (const client of [c.member, c.other]) await ownThread(c, client);
    await c.call(c.admin, 'POST', '/threads', { role: 'role2' });
    const first = await c.call(c.admin, 'GET', '/threads?limit=2');
    expect(first.body.threads).toHaveLength(2);
    const second = await c.call(c.admin, 'GET', `/threads?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.threads).toHaveLength(1);
    expect(second.body.next_cursor).toBeNull();
    const bad = await c.call(c.admin, 'GET', '/threads?limit=0');
    expect([bad.status, bad.body.error]).toEqual([400, 'limit must be a whole number from 1 to 100.']);
    const cursor = await c.call(c.admin, 'GET', '/threads?cursor=zzz');
    expect([cursor.status, cursor.body.error]).toEqual([
      400,
      'The cursor is not valid. Start again from the first page.',
    ]);
  });

  it("never shows a client another client's thread, nor another workspace's, and wants a session", async () => {
    const c = await conversation(app);
    const theirs = await ownThread(c, c.other);
    const read = async (token: string, tenantId: string, path: string) => app.request('GET', path, { token, tenantId });
    for (const path of [`/threads/${theirs.id}`, `/threads/${theirs.id}/messages`]) {
      const client = await read(c.member.token, c.tenant.id, path);
      expect([client.status, client.body.error]).toEqual([404, M.threadNotFound]);
      const stranger = await read(c.elsewhere.admin.token, c.elsewhere.tenant.id, path);
      expect([stranger.status, stranger.body.error]).toEqual([404, M.threadNotFound]);
      expect((await app.request('GET', path, { tenantId: c.tenant.id })).status).toBe(401);
    }
    expect((await read(c.member.token, c.tenant.id, '/threads/not-an-id')).body.error).toBe(M.threadNotFound);
    expect((await c.call(c.team, 'GET', `/threads/${theirs.id}`)).body.thread.id).toBe(theirs.id);
  });
});

describe('GET|POST /api/threads/{id}/messages', () => {
  it('posts and lists messages, newest page first and oldest first within it', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const sent = await c.call(c.member, 'POST', `/threads/${thread.id}/messages`, { body: 'Line one\nLine two' });
    expect(sent.status).toBe(201);
    expectConforms(messageAnswer, sent.body);
    expect(sent.body.message).toMatchObject({
      body: 'Line one\nLine two',
      author: { id: c.member.user.id, email: c.member.user.email, name: 'Max Member' },
      mine: true,
      team_only: false,
      files: [],
      edited_at: null,
    });
    expect(sent.body.message.editable_until).not.toBeNull();
    for (const body of ['two', 'three', 'four']) await post(c, c.team, thread.id, body);

    const page = await c.call(c.member, 'GET', `/threads/${thread.id}/messages?limit=3`);
    expectConforms(messagePageAnswer, page.body);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toEqual(['two', 'three', 'four']);
    expect(page.body.messages[0]).toMatchObject({ mine: false, editable_until: null });
    const older = await c.call(
      c.member,
      'GET',
      `/threads/${thread.id}/messages?limit=3&cursor=${page.body.next_cursor}`,
    );
    expect(older.body.messages.map((m: { body: string }) => m.body)).toEqual(['Line one\nLine two']);
    expect(older.body.next_cursor).toBeNull();
    const bad = await c.call(c.member, 'GET', `/threads/${thread.id}/messages?limit=101`);
    expect([bad.status, bad.body.error]).toEqual([400, 'limit must be a whole number from 1 to 100.']);
  });

  it('answers each refusal of a post with its sentence', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const refused = async (body: unknown) => {
      const res = await c.call(c.member, 'POST', `/threads/${thread.id}/messages`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.error;
    };
    expect(await refused({})).toBe(M.bodyRequired);
    expect(await refused({ body: '  \n ' })).toBe(M.bodyRequired);
    expect(await refused({ body: 'x'.repeat(10_001) })).toBe(M.bodyTooLong);
    expect(await refused({ body: 'hi', file_ids: ['x'] })).toBe(M.fileIds);
    expect(await refused({ body: 'hi', file_ids: Array.from({ length: 11 }, () => crypto.randomUUID()) })).toBe(
      M.tooManyFiles,
    );
    expect(await refused({ body: 'hi', file_ids: [MISSING] })).toBe(M.fileNotVisible);
    expect(
      (await c.call(c.member, 'POST', `/threads/${thread.id}/messages`, { body: 'x'.repeat(10_000) })).status,
    ).toBe(201);
  });

  it("refuses a post to another client's thread, another workspace's, and without a session", async () => {
    const c = await conversation(app);
    const theirs = await ownThread(c, c.other);
    const client = await c.call(c.member, 'POST', `/threads/${theirs.id}/messages`, { body: 'hi' });
    expect([client.status, client.body.error]).toEqual([404, M.threadNotFound]);
    const stranger = await app.request('POST', `/threads/${theirs.id}/messages`, {
      token: c.elsewhere.admin.token,
      tenantId: c.elsewhere.tenant.id,
      body: { body: 'hi' },
    });
    expect(stranger.status).toBe(404);
    expect(
      (await app.request('POST', `/threads/${theirs.id}/messages`, { tenantId: c.tenant.id, body: { body: 'x' } }))
        .status,
    ).toBe(401);
    expect(await bodiesSeenBy(c, c.admin, theirs.id)).toEqual([]);
  });
});

describe('PATCH|DELETE /api/threads/{id}/messages/{messageId}', () => {
  it('lets the author edit for 15 minutes by the context clock, and nobody else', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const message = await post(c, c.member, thread.id, 'Helo');
    const path = `/threads/${thread.id}/messages/${message.id}`;
    const edited = await c.call(c.member, 'PATCH', path, { body: 'Hello' });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({ body: 'Hello' });
    expect(edited.body.message.edited_at).not.toBeNull();

    const admin = await c.call(c.admin, 'PATCH', path, { body: 'Hijacked' });
    expect([admin.status, admin.body.error]).toEqual([403, M.notAuthorEdit]);
    const empty = await c.call(c.member, 'PATCH', path, { body: ' ' });
    expect([empty.status, empty.body.error]).toEqual([400, M.bodyRequired]);
    const other = await c.call(c.other, 'PATCH', path, { body: 'x' });
    expect([other.status, other.body.error]).toEqual([404, M.messageNotFound]);
    const missing = await c.call(c.member, 'PATCH', `/threads/${thread.id}/messages/${MISSING}`, { body: 'x' });
    expect([missing.status, missing.body.error]).toEqual([404, M.messageNotFound]);

    app.ctx.clock = { now: () => new Date(Date.now() + 16 * 60 * 1000) };
    // Access tokens expire by the same clock: the author signs in again at the moved time.
    const later = { ...c.member, token: (await signIn(app, c.member.user.email)).token };
    const late = await c.call(later, 'PATCH', path, { body: 'Too late' });
    expect([late.status, late.body.error, late.body.code]).toEqual([403, M.editWindowClosed, 'edit_window_closed']);
    app.ctx.clock = systemClock;
    expect(await bodiesSeenBy(c, c.admin, thread.id)).toEqual(['Hello']);
  });

  it('deletes for its author only: shown as deleted, without its text, and no longer editable', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const message = await post(c, c.member, thread.id, 'Oops, wrong thread');
    const path = `/threads/${thread.id}/messages/${message.id}`;
    const team = await c.call(c.team, 'DELETE', path);
    expect([team.status, team.body.error]).toEqual([403, M.notAuthorDelete]);

    const deleted = await c.call(c.member, 'DELETE', path);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toMatchObject({ body: '', editable_until: null });
    expect(deleted.body.message.deleted_at).not.toBeNull();
    expect((await c.call(c.member, 'DELETE', path)).status).toBe(200);
    const edit = await c.call(c.member, 'PATCH', path, { body: 'back' });
    expect([edit.status, edit.body.error]).toEqual([409, M.deleted]);
    expect(await bodiesSeenBy(c, c.admin, thread.id)).toEqual(['']);
    const listed = (await c.call(c.admin, 'GET', '/threads')).body.threads[0];
    expect(listed).toMatchObject({ unread: 0, last_message: { preview: '', deleted: true } });
    expect((await app.request('DELETE', path, { tenantId: c.tenant.id })).status).toBe(401);
  });
});

describe('every thread route', () => {
  it('answers a member of another workspace 404 in theirs and 403 in this one, and no session 401', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    const message = await post(c, c.member, thread.id, 'Private');
    const calls: [string, string, unknown?][] = [
      ['GET', `/threads/${thread.id}`],
      ['GET', `/threads/${thread.id}/messages`],
      ['POST', `/threads/${thread.id}/messages`, { body: 'Hi' }],
      ['PATCH', `/threads/${thread.id}/messages/${message.id}`, { body: 'Hi' }],
      ['DELETE', `/threads/${thread.id}/messages/${message.id}`],
      ['POST', `/threads/${thread.id}/read`],
    ];
    const stranger = c.elsewhere.admin.token;
    for (const [method, path, body] of calls) {
      const theirs = await app.request(method, path, { token: stranger, tenantId: c.elsewhere.tenant.id, body });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      const here = await app.request(method, path, { token: stranger, tenantId: c.tenant.id, body });
      expect(here.status, `${method} ${path}`).toBe(403);
      expect((await app.request(method, path, { tenantId: c.tenant.id, body })).status, `${method} ${path}`).toBe(401);
    }
    const listed = await app.request('GET', '/threads', { token: stranger, tenantId: c.elsewhere.tenant.id });
    expect(listed.body.threads).toEqual([]);
    expect((await app.request('GET', '/threads', { token: stranger, tenantId: c.tenant.id })).status).toBe(403);
    expect((await app.request('GET', '/threads', { tenantId: c.tenant.id })).status).toBe(401);
    expect(await bodiesSeenBy(c, c.member, thread.id)).toEqual(['Private']);
  });
});

describe('POST /api/threads/{id}/read', () => {
  it('clears the reader’s unread count, not anyone else’s', async () => {
    const c = await conversation(app);
    const thread = await ownThread(c, c.member);
    await post(c, c.member, thread.id, 'one');
    await post(c, c.member, thread.id, 'two');
    const unread = async (who: typeof c.admin) =>
      (await c.call(who, 'GET', `/threads/${thread.id}`)).body.thread.unread;
    expect([await unread(c.admin), await unread(c.team)]).toEqual([2, 2]);
    const read = await c.call(c.admin, 'POST', `/threads/${thread.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.thread.unread).toBe(0);
    expect([await unread(c.admin), await unread(c.team)]).toEqual([0, 2]);
    await post(c, c.member, thread.id, 'three');
    expect(await unread(c.admin)).toBe(1);
    expect((await c.call(c.other, 'POST', `/threads/${thread.id}/read`)).status).toBe(404);
    expect((await app.request('POST', `/threads/${thread.id}/read`, { tenantId: c.tenant.id })).status).toBe(401);
  });
});
