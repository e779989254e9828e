import { LIVE_MESSAGES, liveThreadPayload, type LiveJoinAck } from '@portico/common';
import {
  DomainError,
  loadSessionActor,
  readableThreadKind,
  tenantRoom,
  threadRoom,
  threadTeamRoom,
  typingSlotFree,
  userRoom,
  type AppContext,
  type ThreadKind,
} from '@portico/core';
import type { Server, Socket } from 'socket.io';
import type { Session } from './http/request';
import { bindToConsoleAllowlist } from './middleware/authenticate';
import { resolveWorkspace } from './middleware/workspace';
import { threadReaderOf } from './policies';

/*
 * A thread's live room (issue 32, DECISIONS §7). A socket joins `thread:{tenant}:{thread}` only when
 * its person may read the thread, as the messages domain decides for a request (the workspace guard,
 * then its read rule, `readableThreadKind`), and the team's sockets join its `:team` room too. The same question is
 * asked again on every `typing` the socket sends and for every room it is in at each session
 * recheck: a person who lost the thread (removed from the workspace or the group, their role
 * changed, their session revoked) leaves its rooms then. Events only name what changed; what a
 * reader then reads through the API is filtered again there.
 */

/** What the live server keeps of each socket. */
export interface LiveSocketData {
  userId: string;
  familyId: string;
  /** How the people they write to see them typing. */
  name: string;
  /** The address and host of the handshake, as a request's: the console's allowlist and the host's workspace. */
  ip: string | undefined;
  host: string;
  /** The thread rooms the socket is in, by room name. */
  threads: Map<string, ThreadAt>;
}

interface ThreadAt {
  tenantId: string;
  threadId: string;
}

type BoundSession = Pick<Session, 'actor' | 'superAdminRefusal'>;

const dataOf = (socket: Socket) => socket.data as LiveSocketData;

/** The socket's session as a request's would be (bound to the console's allowlist); null once it ended. */
async function sessionOf(ctx: AppContext, data: LiveSocketData): Promise<BoundSession | null> {
  const loaded = await loadSessionActor(ctx, data.userId, data.familyId);
  return loaded ? bindToConsoleAllowlist(ctx, loaded, data.ip) : null;
}

/** The kind of thread the session may read, and whether they read it as the team; a DomainError when they may not. */
async function readable(
  ctx: AppContext,
  data: LiveSocketData,
  session: BoundSession,
  at: ThreadAt,
): Promise<{ kind: ThreadKind; team: boolean }> {
  const workspace = await resolveWorkspace(ctx, session, at.tenantId, data.host);
  const { actor } = session;
  const scope = {
    tenantId: workspace.tenant.id,
    ...workspace,
    actor: {
      userId: actor.user.id,
      apiKeyId: null,
      isSuperAdmin: actor.isSuperAdmin,
      ip: data.ip ?? null,
      impersonatorUserId: actor.impersonation?.impersonatorUserId ?? null,
    },
  };
  const reader = threadReaderOf(scope);
  return { kind: await readableThreadKind(ctx, scope, { reader, threadId: at.threadId }), team: reader.seesAll };
}

async function enter(socket: Socket, at: ThreadAt, team: boolean): Promise<void> {
  const room = threadRoom(at.tenantId, at.threadId);
  dataOf(socket).threads.set(room, at);
  await socket.join(room);
  if (team) await socket.join(threadTeamRoom(at.tenantId, at.threadId));
  else await socket.leave(threadTeamRoom(at.tenantId, at.threadId));
}

async function leave(socket: Socket, at: ThreadAt): Promise<void> {
  const room = threadRoom(at.tenantId, at.threadId);
  dataOf(socket).threads.delete(room);
  await socket.leave(room);
  await socket.leave(threadTeamRoom(at.tenantId, at.threadId));
}

function threadAt(payload: unknown): ThreadAt | null {
  const parsed = liveThreadPayload.safeParse(payload);
  return parsed.success ? { tenantId: parsed.data.tenant_id, threadId: parsed.data.thread_id } : null;
}

async function join(ctx: AppContext, socket: Socket, payload: unknown): Promise<LiveJoinAck> {
  const at = threadAt(payload);
  if (!at) return { ok: false, error: LIVE_MESSAGES.threadRoom };
  const data = dataOf(socket);
  const session = await sessionOf(ctx, data);
  if (!session) return { ok: false, error: LIVE_MESSAGES.sessionEnded };
  const { team } = await readable(ctx, data, session, at);
  await enter(socket, at, team);
  return { ok: true };
}

/**
 * Tells the thread's room, but for the typist's own sockets, that they type: at most once per
 * TYPING_THROTTLE_MS per person and thread, and only while they may read it. A client typing in an
 * announcement is heard by the team alone, as their reply will be read.
 */
async function typing(ctx: AppContext, io: Server, socket: Socket, payload: unknown): Promise<void> {
  const at = threadAt(payload);
  const data = dataOf(socket);
  if (!at || !data.threads.has(threadRoom(at.tenantId, at.threadId))) return;
  if (!(await typingSlotFree(ctx.redis, ctx.config.redisPrefix, { ...at, userId: data.userId }))) return;
  const session = await sessionOf(ctx, data);
  if (!session) return;
  const { kind, team } = await readable(ctx, data, session, at);
  const room =
    kind === 'broadcast' && !team ? threadTeamRoom(at.tenantId, at.threadId) : threadRoom(at.tenantId, at.threadId);
  io.to(room)
    .except(userRoom(data.userId))
    .emit('typing', { thread_id: at.threadId, user_id: data.userId, name: data.name });
}

/** A refusal of the messages domain (or the workspace guard) leaves the thread's rooms; anything else is logged. */
function refusedOrLogged(ctx: AppContext, socket: Socket, at: ThreadAt | null) {
  return async (error: unknown) => {
    if (error instanceof DomainError) {
      if (at) await leave(socket, at);
      return;
    }
    ctx.logger.warn({ err: error }, 'live thread event failed');
  };
}

/** Listens to a connected socket's `thread:join`, `thread:leave` and `typing`. */
export function listenToThreads(ctx: AppContext, io: Server, socket: Socket): void {
  socket.on('thread:join', (payload: unknown, ack?: unknown) => {
    const answer = (reply: LiveJoinAck) => {
      if (typeof ack === 'function') ack(reply);
    };
    join(ctx, socket, payload).then(answer, (error: unknown) => {
      if (error instanceof DomainError) return answer({ ok: false, error: error.message });
      ctx.logger.warn({ err: error }, 'live thread join failed');
      answer({ ok: false, error: LIVE_MESSAGES.joinFailed });
    });
  });
  socket.on('thread:leave', (payload: unknown) => {
    const at = threadAt(payload);
    if (at) void leave(socket, at);
  });
  socket.on('typing', (payload: unknown) => {
    typing(ctx, io, socket, payload).catch(refusedOrLogged(ctx, socket, threadAt(payload)));
  });
}

/**
 * The session recheck of one socket: false once its session ended. Otherwise the socket leaves the
 * rooms of workspaces its person is no longer an active member of, and of threads they may no
 * longer read; a team member who became a client leaves the team's room of the thread.
 */
export async function recheckRooms(ctx: AppContext, socket: Socket): Promise<boolean> {
  const data = dataOf(socket);
  // A session the console's allowlist now refuses (an impersonation from outside it) has ended here too.
  const session = await sessionOf(ctx, data).catch((error: unknown) => {
    if (error instanceof DomainError) return null;
    throw error;
  });
  if (!session) return false;
  const active = new Set(
    session.actor.memberships.filter((m) => m.status === 'active').map((m) => tenantRoom(m.tenant_id)),
  );
  for (const room of socket.rooms) if (room.startsWith(tenantRoom('')) && !active.has(room)) await socket.leave(room);
  for (const at of [...data.threads.values()]) {
    await readable(ctx, data, session, at).then(
      ({ team }) => enter(socket, at, team),
      refusedOrLogged(ctx, socket, at),
    );
  }
  return true;
}
