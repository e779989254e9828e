import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorkspace, type Person } from '../../testing/factories';
import { TEST_DATABASE_SERVER } from '../../testing/global-setup';
import { createTestDatabase, startTestApp, type ApiResponse, type TestApp } from '../../testing/harness';
import { startTcpProxy } from '../../testing/tcp-proxy';

/*
 * The API loses its database for real, without stopping the PostgreSQL server others share: its
 * pool reaches the test database through a TCP relay the test cuts and closes, and a second client
 * ends the app's server processes with pg_terminate_backend (what a restart does to them).
 */

const UNAVAILABLE = 'The database cannot be reached at the moment. Please try again in a few seconds.';

let app: TestApp;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let admin: pg.Client;
let person: Person;
let databaseName: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const server = new URL(TEST_DATABASE_SERVER);
  proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
  const relayed = new URL(database.url);
  relayed.host = `127.0.0.1:${proxy.port}`;
  databaseName = relayed.pathname.slice(1);
  app = await startTestApp({ DATABASE_URL: relayed.toString() });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  person = (await makeWorkspace(app)).admin;
});

afterAll(async () => {
  await admin.end();
  await app.close();
  await proxy.stop();
  await database.drop();
});

const readProfile = () => app.request('GET', '/profile', { token: person.token });

function expectUnavailable(res: ApiResponse): void {
  expect({ status: res.status, body: res.body }).toEqual({
    status: 503,
    body: { error: UNAVAILABLE, code: 'database_unavailable' },
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/**
 * The API answers again within seconds. Through the relay a dead connection's close can reach the
 * pool a moment after the backend has gone, so one more request may still meet it: that one
 * answers 503 too, and the pool drops the connection.
 */
async function expectRecovered(): Promise<void> {
  await expect.poll(async () => (await readProfile()).status, { timeout: 5_000, interval: 100 }).toBe(200);
}

/** Runs `during` while the profiles table is locked by another client, once the API's read waits on the lock. */
async function whileProfileReadWaits(during: () => Promise<void>): Promise<ApiResponse> {
  await admin.query('BEGIN');
  await admin.query('LOCK TABLE profiles IN ACCESS EXCLUSIVE MODE');
  try {
    const answer = readProfile();
    for (let waited = 0; ; waited += 20) {
      const { rowCount } = await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND query LIKE '%profiles%'",
        [databaseName],
      );
      if (rowCount) break;
      if (waited > 10_000) throw new Error('the profile read never waited on the lock');
      await new Promise((r) => setTimeout(r, 20));
    }
    await during();
    return await answer;
  } finally {
    await admin.query('ROLLBACK');
  }
}

describe('the database out of reach', () => {
  it('answers 503 with Retry-After when the server ends the connection under a statement (57P01)', async () => {
    expect((await readProfile()).status).toBe(200);
    let terminated: number[] = [];
    const res = await whileProfileReadWaits(async () => {
      const { rows } = await admin.query<{ pid: number }>(
        'SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [databaseName],
      );
      terminated = rows.map((row) => row.pid);
    });
    expectUnavailable(res);
    // pg_terminate_backend only signals: under load a backend may still take a statement before it
    // exits. Once all have, the API's pool has dropped them and the next request gets a fresh one.
    for (let waited = 0; ; waited += 20) {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = ANY($1::int[])', [terminated]);
      if (!rowCount) break;
      if (waited > 10_000) throw new Error('the terminated backends never exited');
      await new Promise((r) => setTimeout(r, 20));
    }
    await expectRecovered();
  });

  it('answers 503 with Retry-After when the connection is cut under a statement', async () => {
    const res = await whileProfileReadWaits(async () => proxy.cut());
    expectUnavailable(res);
    await expectRecovered();
  });

  it('answers 503 with Retry-After while connections are refused, readiness says the database is down, and both recover', async () => {
    await proxy.stop();
    try {
      expectUnavailable(await readProfile());
      const ready = await app.request('GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: 'not_ready', details: { database: 'failed', redis: 'ok' } });
    } finally {
      await proxy.start();
    }
    expect((await readProfile()).status).toBe(200);
    expect((await app.request('GET', '/health/ready')).status).toBe(200);
  });
});
