/**
 * `npm run bench`: each figure measured against a baseline from the same run on this machine —
 * the hot path (an authenticated, tenant-scoped GET against a bare Express route, both loaded by
 * autocannon), the first load in Chromium, files (upload, download, list), webhook delivery and a
 * message's live delivery to 200 sockets — then a summary of every figure beside its goal, also written as JSON (bench/results.json).
 * Exits non-zero when a goal is missed.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { closeContext, createContext, createTenant, createUser, inTransaction, loadConfig } from '@portico/core';
import { migrateUp } from '@portico/core/db';

import { freePort, startProcess, waitForHttp } from '../testing/processes';
import { report, type Figure } from './figures';
import { benchFiles } from './files';
import { benchFirstLoad } from './first-load';
import { benchMessages } from './messages';
import { profileFlags } from './profile';
import { benchWebhooks } from './webhooks';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SERVER = 'postgres://postgres@127.0.0.1:5432';
/** `BENCH_ONLY=hot-path` (or first-load, files, webhooks, messages) runs one part; by default all of them run. */
const ONLY = process.env.BENCH_ONLY;

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  const probe = await fetch(url, { headers });
  if (!probe.ok) throw new Error(`${title}: answered ${probe.status} ${await probe.text()}`);
  // A short warm-up so both servers are measured hot.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { title, rps: result.requests.average, p99: result.latency.p99, total: result.requests.total };
}

/** The hot path: an authenticated, tenant-scoped GET against a bare Express route, same load, same run. */
async function benchHotPath(barePort: number, apiPort: number, token: string, tenantId: string): Promise<Figure[]> {
  const baseline = await load('bare Express route', `http://127.0.0.1:${barePort}/bare`);
  const scoped = await load('GET /api/tenant-config', `http://127.0.0.1:${apiPort}/api/tenant-config`, {
    authorization: `Bearer ${token}`,
    'x-tenant-id': tenantId,
  });

  console.log(`\nPortico benchmark: ${CONNECTIONS} connections, ${DURATION_S} s each, loopback\n`);
  for (const r of [baseline, scoped]) {
    console.log(
      `${r.title.padEnd(28)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   (${r.total} requests)`,
    );
  }
  const throughput = scoped.rps / baseline.rps;
  const p99 = scoped.p99 / Math.max(baseline.p99, 1);
  console.log(`\nratio tenant-config / bare: ${throughput.toFixed(3)} of the throughput, p99 ${p99.toFixed(1)}x`);
  return [
    {
      name: 'GET /api/tenant-config vs bare Express, throughput',
      value: throughput,
      unit: '×',
      goal: { atLeast: 0.5 },
    },
    { name: 'GET /api/tenant-config vs bare Express, p99', value: p99, unit: '×', goal: { atMost: 2 } },
  ];
}

async function main() {
  const database = `portico_bench_${randomBytes(3).toString('hex')}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: `${SERVER}/${database}`,
    REDIS_PREFIX: `bench${randomBytes(3).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  const ctx = await createContext(loadConfig(env), 'bench');
  const processes: ReturnType<typeof startProcess>[] = [];
  let allHold = false;
  try {
    await migrateUp(ctx.sequelize);
    const password = 'bench-password-1';
    const { user, tenant } = await inTransaction(ctx, async (transaction) => {
      const created = await createUser(
        ctx,
        { email: 'bench-admin@example.test', password, fullName: 'Bench Admin' },
        transaction,
      );
      const t = await createTenant(
        ctx,
        { name: 'Bench Tenant', slug: 'bench-tenant', tier: 'pro', seatsTotal: 3, bypassBilling: true },
        transaction,
      );
      await ctx.db.Membership.create({ tenant_id: t.id, user_id: created.user.id, role: 'admin' }, { transaction });
      return { user: created.user, tenant: t };
    });

    const [apiPort, barePort] = [await freePort(), await freePort()];
    const api = startProcess('api/src/main.ts', { ...env, PORT: String(apiPort) }, profileFlags());
    const bare = startProcess('bench/bare-server.ts', { PORT: String(barePort) });
    processes.push(api, bare);
    await Promise.all([waitForHttp(`http://127.0.0.1:${apiPort}/api/health`), bare.waitForOutput(/bare listening/)]);

    const login = await fetch(`http://127.0.0.1:${apiPort}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const figures: Figure[] = [];
    const runs = (part: string) => !ONLY || ONLY === part;
    if (runs('hot-path')) figures.push(...(await benchHotPath(barePort, apiPort, token, tenant.id)));
    if (runs('first-load'))
      figures.push(
        ...(await benchFirstLoad({
          baseUrl: `http://127.0.0.1:${apiPort}`,
          email: user.email,
          password,
          tenantId: tenant.id,
        })),
      );
    if (runs('files'))
      figures.push(
        ...(await benchFiles({ ctx, env, email: user.email, password, tenantId: tenant.id, adminUserId: user.id })),
      );
    if (runs('webhooks')) figures.push(...(await benchWebhooks({ ctx, env, tenantId: tenant.id })));
    if (runs('messages'))
      figures.push(
        ...(await benchMessages({ ctx, apiUrl: `http://127.0.0.1:${apiPort}`, token, tenantId: tenant.id })),
      );
    allHold = report(figures);
  } finally {
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exit));
    await closeContext(ctx);
    const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(database)} WITH (FORCE)`);
    await admin.end();
  }
  if (!allHold) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
