import { createLive, createRedis, JOB_EVENT_INTERVAL_MS, observeJobs } from '@portico/core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_REFUSED, SESSION_RECHECK_MS } from '../src/live';
import { makeSuperAdmin, makeWorkspace, signIn, type Person } from '../../testing/factories';
import { startTestApp, type TestApp } from '../../testing/harness';
import { createMaintenanceWorker } from '../../scheduler/src/scheduler';
import { createEmailWorker } from '../../worker/src/email-worker';
import { connected, nextEvent, socketPool } from './live-support';

let app: TestApp;
let root: Person;
let workspace: Awaited<ReturnType<typeof makeWorkspace>>;
const sockets = socketPool();
beforeAll(async () => {
  app = await startTestApp();
  root = await makeSuperAdmin(app);
  workspace = await makeWorkspace(app);
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

const connect = (token: string | undefined, transports?: string[]) => sockets.open(app, token, transports);
const next = nextEvent;

/** Collects every `event` the socket gets from now on. */
function collect<T = unknown>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

describe('the handshake', () => {
  it.each([
    ['no token', undefined],
    ['a token that is not one', 'not-a-token'],
  ])('refuses %s with a sentence', async (_label, token) => {
    const error = await connected(connect(token)).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe(LIVE_REFUSED);
  });

  it('takes a live session over long-polling too', async () => {
    const socket = connect(root.token, ['polling']);
    await connected(socket);
    expect(socket.connected).toBe(true);
  });
});

describe('events by room', () => {
  it('a super admin hears new audit rows and job changes; a member hears neither', async () => {
    const watcher = connect(root.token);
    const member = connect(workspace.member.token);
    await Promise.all([connected(watcher), connected(member)]);
    const memberHeard = [...collect(member, 'audit'), ...collect(member, 'job')];

    const audit = next<{ action: string; entity_type: string }>(watcher, 'audit', (a) => a.action === 'cache.purged');
    expect((await app.request('POST', '/super/cache/purge', { token: root.token })).status).toBe(200);
    expect(await audit).toMatchObject({ action: 'cache.purged', entity_type: 'cache' });

    // A job a worker runs: its start and its end reach the console.
    const worker = createEmailWorker(app.ctx);
    observeJobs(worker, app.ctx);
    try {
      const completed = next<{ id: string; status: string }>(watcher, 'job', (j) => j.status === 'completed');
      const { id } = await app.ctx.queues.emails.add('send', { outboxId: '00000000-0000-4000-8000-000000000000' });
      // The outbox row does not exist: the job fails for good, which is what the console hears.
      const failed = await Promise.race([
        completed,
        next<{ id: string; status: string; errorExcerpt: string }>(
          watcher,
          'job',
          (j) => j.id === `emails:${id}` && j.status === 'failed',
        ),
      ]);
      expect(failed).toMatchObject({ id: `emails:${id}`, status: 'failed' });
    } finally {
      await worker.close();
    }
    expect(memberHeard).toEqual([]);
  });

  it('a busy queue sends about one start or completion a second, the last one included', async () => {
    const watcher = connect(root.token);
    await connected(watcher);
    const heard = collect<{ queue: string; status: string }>(watcher, 'job');
    const worker = createMaintenanceWorker(app.ctx);
    observeJobs(worker, app.ctx);
    try {
      const done = new Promise<void>((resolve) => {
        let completed = 0;
        worker.on('completed', () => {
          if (++completed === 20) resolve();
        });
      });
      await app.ctx.queues.maintenance.addBulk(
        Array.from({ length: 20 }, () => ({
          name: 'flush-api-key-usage',
          data: { task: 'flush-api-key-usage' as const },
        })),
      );
      await done;
      await new Promise((r) => setTimeout(r, JOB_EVENT_INTERVAL_MS + 500));
    } finally {
      await worker.close();
    }
    const maintenance = heard.filter((j) => j.queue === 'maintenance');
    expect(maintenance.length).toBeGreaterThanOrEqual(2);
    expect(maintenance.length).toBeLessThanOrEqual(6);
    expect(maintenance.at(-1)!.status).toBe('completed');
  });

  it('members hear what is sent to their workspace, not to another', async () => {
    const other = await makeWorkspace(app);
    const mine = connect(workspace.member.token);
    const theirs = connect(other.member.token);
    await Promise.all([connected(mine), connected(theirs)]);
    const theyHeard = collect(theirs, 'announcement');
    const heard = next(mine, 'announcement');
    const id = '0b6f3b2e-5a51-4c1e-9f0a-2f8c7b1d9e11';
    app.ctx.live.toTenant(workspace.tenant.id, 'announcement', { id });
    expect(await heard).toEqual({ id });
    expect(theyHeard).toEqual([]);
  });

  it('sends super admins a metrics snapshot while they watch', async () => {
    const watcher = connect(root.token);
    await connected(watcher);
    const snapshot = await next<Record<string, unknown>>(watcher, 'metrics', () => true, 8000);
    expect(snapshot).toMatchObject({
      jobs: { queued: expect.any(Number), active: expect.any(Number), failed: expect.any(Number) },
      requests5m: expect.any(Number),
      errors5m: expect.any(Number),
    });
  });
});

describe('sessions that end', () => {
  it(
    'a socket whose session was signed out is disconnected',
    async () => {
      const { token, refreshToken } = await signIn(app, workspace.admin.user.email);
      const socket = connect(token);
      await connected(socket);
      const ended = next(socket, 'session_ended', () => true, SESSION_RECHECK_MS + 5000);
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect((await app.request('POST', '/auth/logout', { token, body: { refresh_token: refreshToken } })).status).toBe(
        204,
      );
      expect(await ended).toEqual({ error: LIVE_REFUSED });
      expect(await gone).toBe('io server disconnect');
    },
    SESSION_RECHECK_MS + 10_000,
  );
});

describe('publishing', () => {
  it('drops an event that can no longer be published (Redis closed as a process stops), without an unhandled rejection', async () => {
    const redis = createRedis(app.config.redisUrl);
    const live = createLive(redis, app.config.redisPrefix);
    await redis.quit();
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      live.toSuper('job', { id: 'x', queue: 'emails', name: 'n', status: 'active', attempts: 0, errorExcerpt: null });
      live.toEveryone('announcement', { id: 'x' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off('unhandledRejection', record);
    }
    expect(unhandled).toEqual([]);
  });
});
