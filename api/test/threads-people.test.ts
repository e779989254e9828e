import { messageRecipientsAnswer, threadAnswer } from '@portico/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../testing/harness';
import { expectConforms } from './public-api-support';
import { conversation, M, post, signedIn, type Conversation } from './threads-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Seen = { id: string; name: string; email: string; member: boolean; last_read_at: string | null };

async function groupOf(c: Conversation, ids: string[]): Promise<{ id: string }> {
  const res = await c.call(c.admin, 'POST', '/threads', { participant_ids: ids });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.thread;
}

describe('the people of a thread', () => {
  it('names its members to everyone, and to the team also who of them has read it, and how far', async () => {
    const c = await conversation(app);
    const group = await groupOf(c, [c.member.user.id, c.other.user.id]);
    await post(c, c.member, group.id, 'Hello both');
    await c.call(c.team, 'POST', `/threads/${group.id}/read`);

    const byTeam = (await c.call(c.admin, 'GET', `/threads/${group.id}`)).body.thread;
    expectConforms(threadAnswer, { thread: byTeam });
    const seen = new Map<string, Seen>(byTeam.people.map((p: Seen) => [p.name, p]));
    expect(seen.get('Max Member')).toMatchObject({ email: c.member.user.email, member: true });
    expect(seen.get('Max Member')?.last_read_at).not.toBeNull();
    expect(seen.get('Olga Other')).toMatchObject({ member: true, last_read_at: null });
    expect(seen.get('Tess Team')).toMatchObject({ member: false });
    expect(seen.get('Tess Team')?.last_read_at).not.toBeNull();

    const byClient = (await c.call(c.other, 'GET', `/threads/${group.id}`)).body.thread;
    expect(byClient.people.map((p: Seen) => p.name).sort()).toEqual(['Max Member', 'Olga Other']);
    expect(byClient.people.every((p: Seen) => p.last_read_at === null)).toBe(true);
  });
});

describe('GET /api/message-recipients', () => {
  it('lists the active clients by name to the team, never the team or another workspace’s people', async () => {
    const c = await conversation(app);
    for (const who of [c.admin, c.team]) {
      const res = await c.call(who, 'GET', '/message-recipients');
      expect(res.status).toBe(200);
      expectConforms(messageRecipientsAnswer, res.body);
      expect(res.body.recipients.map((r: { name: string }) => r.name)).toEqual(['Max Member', 'Olga Other']);
      expect(res.body.recipients[0]).toMatchObject({ id: c.member.user.id, email: c.member.user.email, role: 'role2' });
    }
    const client = await c.call(c.member, 'GET', '/message-recipients');
    expect([client.status, client.body.error]).toEqual([403, M.clientsOnly]);
    const theirs = await app.request('GET', '/message-recipients', {
      token: c.elsewhere.admin.token,
      tenantId: c.elsewhere.tenant.id,
    });
    expect(theirs.body.recipients.map((r: { id: string }) => r.id)).toEqual([c.elsewhere.member.user.id]);
    const stranger = await app.request('GET', '/message-recipients', {
      token: c.elsewhere.admin.token,
      tenantId: c.tenant.id,
    });
    expect(stranger.status).toBe(403);
    expect((await app.request('GET', '/message-recipients', { tenantId: c.tenant.id })).status).toBe(401);
  });
});

describe('POST /api/threads/{id}/participants and DELETE …/{userId}', () => {
  it('lets the team add clients to a group thread, who then read all of it, and take one out, who no longer does', async () => {
    const c = await conversation(app);
    const late = await signedIn(app, c.tenant, 'role2', 'Lou Late');
    const group = await groupOf(c, [c.member.user.id, c.other.user.id]);
    await post(c, c.admin, group.id, 'Before Lou came');
    expect((await c.call(late, 'GET', `/threads/${group.id}`)).status).toBe(404);

    const added = await c.call(c.team, 'POST', `/threads/${group.id}/participants`, {
      participant_ids: [late.user.id, c.member.user.id],
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expectConforms(threadAnswer, added.body);
    expect([...added.body.thread.participant_ids].sort()).toEqual(
      [c.member.user.id, c.other.user.id, late.user.id].sort(),
    );
    const lateRead = await c.call(late, 'GET', `/threads/${group.id}/messages`);
    expect(lateRead.body.messages.map((m: { body: string }) => m.body)).toEqual(['Before Lou came']);
    expect((await c.call(late, 'GET', '/threads')).body.threads[0]).toMatchObject({ id: group.id, unread: 1 });

    const removed = await c.call(c.admin, 'DELETE', `/threads/${group.id}/participants/${c.other.user.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.thread.participant_ids).not.toContain(c.other.user.id);
    expect((await c.call(c.other, 'GET', `/threads/${group.id}/messages`)).status).toBe(404);
    expect((await c.call(c.other, 'GET', '/threads')).body.threads).toEqual([]);
    const audits = await app.ctx.db.AuditLog.findAll({
      where: { tenant_id: c.tenant.id },
      order: [['created_at', 'ASC']],
    });
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('thread.'))).toEqual([
      'thread.people_added',
      'thread.person_removed',
    ]);
  });

  it('answers each refusal with its sentence', async () => {
    const c = await conversation(app);
    const group = await groupOf(c, [c.member.user.id, c.other.user.id]);
    const own = (await c.call(c.member, 'POST', '/threads', {})).body.thread;
    const add = async (threadId: string, body: unknown) => {
      const res = await c.call(c.admin, 'POST', `/threads/${threadId}/participants`, body);
      return [res.status, res.body.error];
    };
    expect(await add(group.id, {})).toEqual([400, M.participantIds]);
    expect(await add(group.id, { participant_ids: [] })).toEqual([400, M.chooseClients]);
    expect(await add(group.id, { participant_ids: ['x'] })).toEqual([400, M.participantIds]);
    expect(await add(group.id, { participant_ids: [c.team.user.id] })).toEqual([400, M.notAClient]);
    expect(await add(group.id, { participant_ids: [c.elsewhere.member.user.id] })).toEqual([400, M.notAClient]);
    expect(await add(own.id, { participant_ids: [c.other.user.id] })).toEqual([400, M.groupOnly]);

    const remove = async (threadId: string, userId: string) => {
      const res = await c.call(c.admin, 'DELETE', `/threads/${threadId}/participants/${userId}`);
      return [res.status, res.body.error];
    };
    expect(await remove(group.id, c.team.user.id)).toEqual([404, M.notInThread]);
    expect(await remove(group.id, 'not-an-id')).toEqual([404, M.notInThread]);
    expect(await remove(own.id, c.member.user.id)).toEqual([400, M.groupOnly]);
    expect(await remove(group.id, c.member.user.id)).toEqual([200, undefined]);
    expect(await remove(group.id, c.other.user.id)).toEqual([400, M.keepOneClient]);
  });

  it('refuses a client, a member of another workspace and no session, and changes nothing', async () => {
    const c = await conversation(app);
    const group = await groupOf(c, [c.member.user.id, c.other.user.id]);
    const calls: [string, string, unknown][] = [
      ['POST', `/threads/${group.id}/participants`, { participant_ids: [c.member.user.id] }],
      ['DELETE', `/threads/${group.id}/participants/${c.other.user.id}`, undefined],
    ];
    for (const [method, path, body] of calls) {
      const client = await c.call(c.member, method, path, body);
      expect([client.status, client.body.error]).toEqual([403, M.teamChangesPeople]);
      const theirs = await app.request(method, path, {
        token: c.elsewhere.admin.token,
        tenantId: c.elsewhere.tenant.id,
        body,
      });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      const here = await app.request(method, path, { token: c.elsewhere.admin.token, tenantId: c.tenant.id, body });
      expect(here.status).toBe(403);
      expect((await app.request(method, path, { tenantId: c.tenant.id, body })).status).toBe(401);
    }
    const after = (await c.call(c.admin, 'GET', `/threads/${group.id}`)).body.thread;
    expect([...after.participant_ids].sort()).toEqual([c.member.user.id, c.other.user.id].sort());
  });
});
