import type { Server as HttpServer } from 'node:http';
import { LIVE_MESSAGES } from '@portico/common';
import {
  getProfile,
  liveChannel,
  liveSnapshot,
  loadSessionActor,
  SUPER_ROOM,
  tenantRoom,
  userRoom,
  verifyAccessToken,
  type AppContext,
} from '@portico/core';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { handshakeAddress } from './http/client-address';
import { listenToThreads, recheckRooms, type LiveSocketData } from './live-threads';
import { bindToConsoleAllowlist } from './middleware/authenticate';

/** How often super admins watching get a `metrics` snapshot. */
export const LIVE_METRICS_MS = 5000;
/**
 * How often each socket's session is checked again: a revoked one is disconnected, and a socket
 * leaves the rooms its person lost (`recheckRooms`).
 */
export const SESSION_RECHECK_MS = 10_000;

export const LIVE_REFUSED = LIVE_MESSAGES.sessionEnded;

/**
 * socket.io on the API's HTTP server at `/socket.io` (DECISIONS §6). The handshake sends
 * `auth: { token }`, an access token of a live session; super admins join `super` (from the console's
 * IP allowlist), members the rooms of their active workspaces, every socket its person's room; thread
 * rooms are joined on request (`live-threads.ts`). The Redis adapter relays what any process emits (`ctx.live`).
 */
export interface LiveServer {
  io: Server;
  /** Disconnects every socket and stops listening for events (before the HTTP server closes). */
  close(): Promise<void>;
}

export function attachLive(server: HttpServer, ctx: AppContext): LiveServer {
  const publisher = ctx.redis.duplicate();
  const subscriber = ctx.redis.duplicate();
  const io = new Server(server, {
    path: '/socket.io',
    serveClient: false,
    adapter: createAdapter(publisher, subscriber, { key: liveChannel(ctx.config.redisPrefix) }),
  });

  io.use(async (socket, next) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      if (typeof token !== 'string' || token === '') throw new Error('no token');
      const claims = await verifyAccessToken(ctx, token);
      const loaded = await loadSessionActor(ctx, claims.userId, claims.familyId);
      if (!loaded) throw new Error('session ended');
      // The console's live figures, jobs and audit rows are the super admin's authority too.
      const address = handshakeAddress(ctx.config.trustedProxies, socket.request);
      const { actor } = await bindToConsoleAllowlist(ctx, loaded, address);
      const profile = await getProfile(ctx, { userId: claims.userId });
      socket.data = {
        userId: claims.userId,
        familyId: claims.familyId,
        name: [profile?.first_name, profile?.last_name].filter(Boolean).join(' ') || loaded.user.email,
        ip: address,
        host: socket.request.headers.host ?? '',
        threads: new Map(),
      } satisfies LiveSocketData;
      await socket.join([
        userRoom(claims.userId),
        ...(actor.isSuperAdmin ? [SUPER_ROOM] : []),
        ...actor.memberships.filter((m) => m.status === 'active').map((m) => tenantRoom(m.tenant_id)),
      ]);
      next();
    } catch {
      next(new Error(LIVE_REFUSED));
    }
  });

  io.on('connection', (socket) => listenToThreads(ctx, io, socket));

  const watched = () => (io.of('/').adapter.rooms.get(SUPER_ROOM)?.size ?? 0) > 0;
  const metricsTimer = setInterval(() => {
    if (!watched()) return;
    liveSnapshot(ctx).then(
      (snapshot) => io.local.to(SUPER_ROOM).emit('metrics', snapshot),
      (error: unknown) => ctx.logger.warn({ err: error }, 'live metrics snapshot failed'),
    );
  }, LIVE_METRICS_MS);
  let rechecking = false;
  const sessionTimer = setInterval(() => {
    // A pass still running (many sockets, a slow database) is not joined by another.
    if (rechecking) return;
    rechecking = true;
    recheckAll(ctx, [...io.of('/').sockets.values()]).finally(() => {
      rechecking = false;
    });
  }, SESSION_RECHECK_MS);
  metricsTimer.unref();
  sessionTimer.unref();

  return {
    io,
    close: async () => {
      clearInterval(metricsTimer);
      clearInterval(sessionTimer);
      io.disconnectSockets(true);
      io.engine.close();
      await Promise.all([publisher.quit(), subscriber.quit()]).catch(() => undefined);
    },
  };
}

/** Sockets rechecked at once: a pass over every socket is spread out rather than asking the database all at once. */
const RECHECK_CONCURRENCY = 8;

async function recheckAll(ctx: AppContext, sockets: Socket[]): Promise<void> {
  const queue = sockets.values();
  const lane = async () => {
    for (const socket of queue) {
      if (!socket.connected) continue;
      await recheckRooms(ctx, socket).then(
        (live) => {
          if (!live) disconnectEnded(socket);
        },
        (error: unknown) => ctx.logger.warn({ err: error }, 'live session check failed'),
      );
    }
  };
  await Promise.all(Array.from({ length: RECHECK_CONCURRENCY }, lane));
}

function disconnectEnded(socket: Socket): void {
  socket.emit('session_ended', { error: LIVE_REFUSED });
  socket.disconnect(true);
}
