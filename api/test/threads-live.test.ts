import { randomBytes } from 'node:crypto';
import { LIVE_MESSAGES, type LiveJoinAck } from '@portico/common';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, type Person } from '../../testing/factories';
import { createTestDatabase, startTestApp, type TestApp } from '../../testing/harness';
import { runMaintenanceTask } from '../../testing/jobs';
import { SESSION_RECHECK_MS } from '../src/live';
import { nextEvent, socketPool } from './live-support';
import { conversation, M, ownThread, post, type Conversation } from './threads-support';

/*
 * Two API processes on one database and one Redis (as two replicas behind the proxy): messages are
 * posted through `a`, and the sockets listening are connected to `b`, so every event crosses the
 * Redis adapter.
 */
let a: TestApp;
let b: TestApp;
const sockets = socketPool();
beforeAll(async () => {
  const database = await createTestDatabase();
  const env = { REDIS_PREFIX: `t${randomBytes(5).toString('hex')}` };
  a = await startTestApp(env, { database });
  // The database is `a`'s to drop.
  b = await startTestApp(env, { database: { url: database.url, drop: async () => undefined } });
});
afterAll(async () => {
  sockets.closeAll();
  await b?.close();
  await a?.close();
});

/** How long a socket is given to hear what it should not, once another has heard what was sent. */
const QUIET_MS = 500;

const connect = (person: Person, app: TestApp = b): Promise<Socket> => sockets.connect(app, person.token);

function join(socket: Socket, payload: unknown): Promise<LiveJoinAck> {
  return socket.timeout(5000).emitWithAck('thread:join', payload) as Promise<LiveJoinAck>;
}

async function joined(c: Conversation, person: Person, threadId: string, app: TestApp = b): Promise<Socket> {
  const socket = await connect(person, app);
  expect(await join(socket, { thread_id: threadId, tenant_id: c.tenant.id })).toEqual({ ok: true });
  return socket;
}

const next = nextEvent;

/** Every one of these events these sockets hear from now on, in one list. */
function collect(...listened: Array<[Socket, string]>): unknown[] {
  const heard: unknown[] = [];
  for (const [socket, event] of listened) socket.on(event, (payload: unknown) => heard.push({ [event]: payload }));
  return heard;
}

const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS));

async function announcement(c: Conversation): Promise<{ id: string }> {
  const res = await c.call(c.admin, 'POST', '/threads', { role: 'role2', subject: 'Office closed Friday' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.thread;
}

describe('joining a thread’s room', () => {
  it('delivers a message posted through one process to the sockets joined on the other', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const admin = await joined(c, c.admin, thread.id);
    const client = await joined(c, c.member, thread.id);
    const [heardByAdmin, heardByClient] = [next(admin, 'message'), next(client, 'message')];
    const message = await post(c, c.member, thread.id, 'Is my return filed?');
    const created = { thread_id: thread.id, message_id: message.id, change: 'created' };
    expect(await heardByAdmin).toEqual(created);
    expect(await heardByClient).toEqual(created);

    const edited = next(admin, 'message');
    const res = await c.call(c.member, 'PATCH', `/threads/${thread.id}/messages/${message.id}`, { body: 'Filed yet?' });
    expect(res.status).toBe(200);
    expect(await edited).toEqual({ ...created, change: 'edited' });
  });

  it('refuses a client of another thread and a member of another workspace with a sentence; they hear nothing', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const admin = await joined(c, c.admin, thread.id);
    const other = await connect(c.other);
    const stranger = await connect(c.elsewhere.admin);
    const room = { thread_id: thread.id, tenant_id: c.tenant.id };
    expect(await join(other, room)).toEqual({ ok: false, error: M.threadNotFound });
    expect(await join(stranger, room)).toEqual({ ok: false, error: 'You are not a member of this workspace.' });
    expect(await join(stranger, { ...room, tenant_id: c.elsewhere.tenant.id })).toEqual({
      ok: false,
      error: M.threadNotFound,
    });
    for (const bad of [{ thread_id: thread.id }, { ...room, thread_id: 'not-an-id' }, 'thread', null])
      expect(await join(other, bad)).toEqual({ ok: false, error: LIVE_MESSAGES.threadRoom });

    const heard = collect([other, 'message'], [stranger, 'message']);
    const typed = collect([other, 'typing'], [stranger, 'typing']);
    const delivered = next(admin, 'message');
    // Typing in a room they were refused is ignored as well.
    other.emit('typing', room);
    stranger.emit('typing', room);
    await post(c, c.member, thread.id, 'Only for the team and me.');
    await delivered;
    await quiet();
    expect(heard).toEqual([]);
    expect(typed).toEqual([]);
  });

  it('stops delivering to a socket that left the room', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const admin = await joined(c, c.admin, thread.id);
    const team = await joined(c, c.team, thread.id);
    team.emit('thread:leave', { thread_id: thread.id, tenant_id: c.tenant.id });
    const heard = collect([team, 'message']);
    const delivered = next(admin, 'message');
    await post(c, c.member, thread.id, 'Hello?');
    await delivered;
    await quiet();
    expect(heard).toEqual([]);
  });
});

describe('typing', () => {
  it('reaches the others in the thread, never the typist’s own sockets, once per two seconds', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const admin = await joined(c, c.admin, thread.id);
    const typist = await joined(c, c.member, thread.id);
    const typistElsewhere = await joined(c, c.member, thread.id, a);
    const echoed = collect([typist, 'typing'], [typistElsewhere, 'typing']);
    const heard = collect([admin, 'typing']);
    const first = next(admin, 'typing');
    for (let i = 0; i < 3; i++) typist.emit('typing', { thread_id: thread.id, tenant_id: c.tenant.id });
    expect(await first).toEqual({ thread_id: thread.id, user_id: c.member.user.id, name: 'Max Member' });
    await quiet();
    expect(heard).toHaveLength(1);
    expect(echoed).toEqual([]);
  });

  it('from a client in an announcement reaches the team only; the team’s reaches its clients', async () => {
    const c = await conversation(a);
    const news = await announcement(c);
    const admin = await joined(c, c.admin, news.id);
    const team = await joined(c, c.team, news.id);
    const member = await joined(c, c.member, news.id);
    const other = await joined(c, c.other, news.id);
    const otherHeard = collect([other, 'typing']);
    const [byAdmin, byTeam] = [next(admin, 'typing'), next(team, 'typing')];
    member.emit('typing', { thread_id: news.id, tenant_id: c.tenant.id });
    expect((await byAdmin) as { user_id: string }).toMatchObject({ user_id: c.member.user.id });
    expect((await byTeam) as { user_id: string }).toMatchObject({ user_id: c.member.user.id });
    await quiet();
    expect(otherHeard).toEqual([]);

    const toClient = next(other, 'typing');
    admin.emit('typing', { thread_id: news.id, tenant_id: c.tenant.id });
    expect(await toClient).toEqual({ thread_id: news.id, user_id: c.admin.user.id, name: 'Ada Admin' });
  });

  it('from someone who lost the thread is not relayed, and they leave its room at once', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const admin = await joined(c, c.admin, thread.id);
    const team = await joined(c, c.team, thread.id);
    const heard = collect([admin, 'typing'], [team, 'message']);
    // Before any recheck: the typing itself asks again.
    expect((await c.call(c.admin, 'PATCH', `/users/${c.team.user.id}`, { role: 'role2' })).status).toBe(200);
    team.emit('typing', { thread_id: thread.id, tenant_id: c.tenant.id });
    await quiet();
    const delivered = next(admin, 'message');
    await post(c, c.member, thread.id, 'Still there?');
    await delivered;
    await quiet();
    expect(heard).toEqual([]);
  });
});

describe('read state', () => {
  it('tells the thread’s team who read it and when, and its clients nothing', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    await post(c, c.admin, thread.id, 'Your return is filed.');
    const admin = await joined(c, c.admin, thread.id);
    const team = await joined(c, c.team, thread.id);
    const client = await joined(c, c.member, thread.id);
    const clientHeard = collect([client, 'read']);
    const [byAdmin, byTeam] = [next(admin, 'read'), next(team, 'read')];
    expect((await c.call(c.member, 'POST', `/threads/${thread.id}/read`)).status).toBe(200);
    const read = { thread_id: thread.id, user_id: c.member.user.id, last_read_at: expect.any(String) };
    expect(await byAdmin).toEqual(read);
    expect(await byTeam).toEqual(read);

    const teamRead = next(admin, 'read', (r: { user_id: string }) => r.user_id === c.team.user.id);
    expect((await c.call(c.team, 'POST', `/threads/${thread.id}/read`)).status).toBe(200);
    await teamRead;
    await quiet();
    expect(clientHeard).toEqual([]);
  });
});

describe('retention', () => {
  it('tells a thread’s room once its old messages are purged, and another thread’s nothing', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const other = await ownThread(c, c.other);
    const old = await post(c, c.member, thread.id, 'Long ago');
    await post(c, c.other, other.id, 'Today');
    await a.ctx.db.Message.update(
      { created_at: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) },
      { where: { tenant_id: c.tenant.id, id: old.id } },
    );
    expect((await c.call(c.admin, 'PUT', '/message-retention', { days: 30 })).status).toBe(200);
    const client = await joined(c, c.member, thread.id);
    const otherClient = await joined(c, c.other, other.id);
    const otherHeard = collect([otherClient, 'messages_purged']);
    const purged = next(client, 'messages_purged');
    await runMaintenanceTask(a.ctx, 'purge-messages');
    expect(await purged).toEqual({ thread_id: thread.id });
    await quiet();
    expect(otherHeard).toEqual([]);
  });
});

describe('thread_unread', () => {
  it('reaches, in their own room, everyone else who may read the new message, joined or not', async () => {
    const c = await conversation(a);
    const thread = await ownThread(c, c.member);
    const [admin, team, author, other, stranger] = await Promise.all(
      [c.admin, c.team, c.member, c.other, c.elsewhere.admin].map((p) => connect(p)),
    );
    const unheard = collect([author!, 'thread_unread'], [other!, 'thread_unread']);
    const strangerHeard = collect([stranger!, 'thread_unread']);
    const [byAdmin, byTeam] = [next(admin!, 'thread_unread'), next(team!, 'thread_unread')];
    await post(c, c.member, thread.id, 'A question about my invoice.');
    expect(await byAdmin).toEqual({ thread_id: thread.id });
    expect(await byTeam).toEqual({ thread_id: thread.id });
    await quiet();
    expect(unheard).toEqual([]);
    expect(strangerHeard).toEqual([]);
  });

  it('of a client’s reply to an announcement reaches the team, not the other clients', async () => {
    const c = await conversation(a);
    const news = await announcement(c);
    const [admin, other] = await Promise.all([connect(c.admin), connect(c.other)]);
    const otherHeard = collect([other, 'thread_unread']);
    const byAdmin = next(admin, 'thread_unread');
    await post(c, c.member, news.id, 'Will you open Saturday?');
    expect(await byAdmin).toEqual({ thread_id: news.id });
    await quiet();
    expect(otherHeard).toEqual([]);

    const toOther = next(other, 'thread_unread');
    await post(c, c.admin, news.id, 'No, Monday.');
    expect(await toOther).toEqual({ thread_id: news.id });
  });
});

describe('access lost', () => {
  it(
    'a socket whose person can no longer read the thread hears nothing more of it after the recheck',
    async () => {
      const c = await conversation(a);
      const thread = await ownThread(c, c.member);
      const groupRes = await c.call(c.admin, 'POST', '/threads', {
        participant_ids: [c.member.user.id, c.other.user.id],
      });
      const group = groupRes.body.thread as { id: string };
      // Removed from this workspace, `other` keeps their account (a member of another) and their session.
      await addMember(a.ctx, c.elsewhere.tenant, c.other.user, 'role2');
      const admin = await joined(c, c.admin, thread.id);
      expect(await join(admin, { thread_id: group.id, tenant_id: c.tenant.id })).toEqual({ ok: true });
      const team = await joined(c, c.team, thread.id);
      const other = await joined(c, c.other, group.id);

      // The team member becomes a client: another client's thread is no longer theirs.
      expect((await c.call(c.admin, 'PATCH', `/users/${c.team.user.id}`, { role: 'role2' })).status).toBe(200);
      expect((await c.call(c.admin, 'DELETE', `/users/${c.other.user.id}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS + 3000));

      const heard = collect([team, 'message'], [other, 'message'], [other, 'announcement'], [team, 'read']);
      const delivered = Promise.all([
        next(admin, 'message', (m: { thread_id: string }) => m.thread_id === thread.id),
        next(admin, 'message', (m: { thread_id: string }) => m.thread_id === group.id),
      ]);
      await post(c, c.admin, thread.id, 'Only the team and you.');
      await post(c, c.member, group.id, 'Only the two of us now.');
      expect((await c.call(c.member, 'POST', `/threads/${thread.id}/read`)).status).toBe(200);
      a.ctx.live.toTenant(c.tenant.id, 'announcement', { id: thread.id });
      await delivered;
      await quiet();
      expect(heard).toEqual([]);
      // Still connected: they lost the thread (and the workspace), not their session.
      expect([team.connected, other.connected]).toEqual([true, true]);
      expect(await join(other, { thread_id: group.id, tenant_id: c.tenant.id })).toEqual({
        ok: false,
        error: 'You are not a member of this workspace.',
      });
    },
    SESSION_RECHECK_MS + 20_000,
  );
});
