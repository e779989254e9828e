/**
 * Messages benchmark, part of `npm run bench`: how long after a post leaves the poster its `message`
 * event reaches every socket in the thread's room. 200 clients of an announcement, each with a
 * session of their own, connected to the real API process and joined through `thread:join`; the
 * post is `POST /api/threads/{id}/messages` by the workspace's admin (a transaction, the event, the
 * readers' `thread_unread`, through the Redis adapter). Against a bare socket.io server that emits
 * to a room of 200 when posted to, measured the same way, in the same run: p50 and p99 of every
 * socket's delivery of every post.
 */
import { performance } from 'node:perf_hooks';
import { signIn, type AppContext } from '@portico/core';
import { io, type Socket } from 'socket.io-client';
import { freePort, startProcess } from '../testing/processes';
import type { Figure } from './figures';

const CLIENTS = Number(process.env.BENCH_MESSAGE_CLIENTS ?? 200);
const POSTS = Number(process.env.BENCH_MESSAGE_POSTS ?? 100);
/** Posts sent first and not counted: both servers are measured hot. */
const WARM_UP = 10;
/** Sockets connected at once. */
const CONNECT_BATCH = 50;
const DELIVERY_TIMEOUT_MS = 10_000;

export interface MessagesBenchInput {
  ctx: AppContext;
  apiUrl: string;
  /** The workspace's admin, who posts. */
  token: string;
  tenantId: string;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`messages bench: ${what} within ${DELIVERY_TIMEOUT_MS} ms`)),
      DELIVERY_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function connectAll(url: string, auths: readonly Record<string, string>[]): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < auths.length; start += CONNECT_BATCH) {
    const batch = auths.slice(start, start + CONNECT_BATCH).map((auth) => {
      const socket = io(url, {
        path: '/socket.io',
        auth,
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await withTimeout(Promise.all(batch), 'sockets did not connect');
  }
  return sockets;
}

/** Every socket's delivery delay (ms) of every counted post: from just before `send` to its `message`. */
async function measure(sockets: readonly Socket[], send: (n: number) => Promise<void>): Promise<number[]> {
  const delays: number[] = [];
  for (let n = 0; n < WARM_UP + POSTS; n++) {
    const start = performance.now();
    const arrivals = Promise.all(
      sockets.map(
        (socket) => new Promise<number>((resolve) => socket.once('message', () => resolve(performance.now() - start))),
      ),
    );
    await send(n);
    const delivered = await withTimeout(arrivals, `post ${n} was not delivered to every socket`);
    if (n >= WARM_UP) delays.push(...delivered);
  }
  return delays;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

function summary(title: string, delays: number[]) {
  const sorted = delays.toSorted((a, b) => a - b);
  return { title, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), count: sorted.length };
}

async function benchBare(): Promise<ReturnType<typeof summary>> {
  const port = await freePort();
  const bare = startProcess('bench/socket-echo-server.ts', { PORT: String(port) });
  const url = `http://127.0.0.1:${port}`;
  let sockets: Socket[] = [];
  try {
    await bare.waitForOutput(/socket echo listening/);
    sockets = await connectAll(
      url,
      Array.from({ length: CLIENTS }, () => ({})),
    );
    await Promise.all(sockets.map((socket) => socket.timeout(DELIVERY_TIMEOUT_MS).emitWithAck('join')));
    const delays = await measure(sockets, async () => {
      const res = await fetch(`${url}/emit`, { method: 'POST', body: '{}' });
      if (res.status !== 204) throw new Error(`messages bench: the echo server answered ${res.status}`);
    });
    return summary('bare socket.io room emit', delays);
  } finally {
    for (const socket of sockets) socket.disconnect();
    bare.child.kill('SIGTERM');
    await bare.exit;
  }
}

/** CLIENTS clients of the workspace (role2, the built-in client role), each signed in: their access tokens. */
async function clientTokens(ctx: AppContext, tenantId: string): Promise<string[]> {
  // No password: each session is opened directly, as a sign-in would after checking one.
  const users = await ctx.db.User.bulkCreate(
    Array.from({ length: CLIENTS }, (_, i) => ({ email: `bench-client-${i}@example.test`, password_hash: '!' })),
  );
  await ctx.db.Membership.bulkCreate(users.map((user) => ({ tenant_id: tenantId, user_id: user.id, role: 'role2' })));
  const tokens: string[] = [];
  for (const user of users) tokens.push((await signIn(ctx, { user })).access_token);
  return tokens;
}

async function benchPortico(input: MessagesBenchInput): Promise<ReturnType<typeof summary>> {
  const { ctx, apiUrl, token, tenantId } = input;
  const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenantId, 'content-type': 'application/json' };
  const opened = await fetch(`${apiUrl}/api/threads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ role: 'role2', subject: 'Bench announcement' }),
  });
  if (!opened.ok)
    throw new Error(`messages bench: opening the thread answered ${opened.status} ${await opened.text()}`);
  const { thread } = (await opened.json()) as { thread: { id: string } };
  const tokens = await clientTokens(ctx, tenantId);
  let sockets: Socket[] = [];
  try {
    sockets = await connectAll(
      apiUrl,
      tokens.map((t) => ({ token: t })),
    );
    const acks = (await Promise.all(
      sockets.map((socket) =>
        socket.timeout(DELIVERY_TIMEOUT_MS).emitWithAck('thread:join', { thread_id: thread.id, tenant_id: tenantId }),
      ),
    )) as Array<{ ok: boolean; error?: string }>;
    const refused = acks.find((ack) => !ack.ok);
    if (refused) throw new Error(`messages bench: a client could not join the thread: ${refused.error}`);
    const delays = await measure(sockets, async (n) => {
      const res = await fetch(`${apiUrl}/api/threads/${thread.id}/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ body: `Bench message ${n}: the office opens at nine tomorrow.` }),
      });
      if (res.status !== 201) throw new Error(`messages bench: posting answered ${res.status} ${await res.text()}`);
    });
    return summary('POST message → message event', delays);
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}

export async function benchMessages(input: MessagesBenchInput): Promise<Figure[]> {
  const bare = await benchBare();
  const portico = await benchPortico(input);
  console.log(
    `\nMessages: ${CLIENTS} sockets in one room, ${POSTS} posts one after another (after ${WARM_UP} unmeasured)`,
  );
  for (const r of [bare, portico]) {
    console.log(
      `${r.title.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(7)} ms   p99 ${r.p99.toFixed(1).padStart(7)} ms   (${r.count} deliveries)`,
    );
  }
  const p50 = portico.p50 / Math.max(bare.p50, 0.1);
  const p99 = portico.p99 / Math.max(bare.p99, 0.1);
  console.log(`ratio message delivery / bare emit: p50 ${p50.toFixed(1)}x, p99 ${p99.toFixed(1)}x`);
  return [
    { name: `message delivery to ${CLIENTS} sockets, p50`, value: portico.p50, unit: 'ms' },
    { name: `message delivery to ${CLIENTS} sockets, p99`, value: portico.p99, unit: 'ms' },
    { name: `message delivery vs bare socket.io emit, p50`, value: p50, unit: '×' },
    { name: `message delivery vs bare socket.io emit, p99`, value: p99, unit: '×' },
  ];
}
