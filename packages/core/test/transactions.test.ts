import type { Transaction } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../src';
import { startTestContext, type TestContext } from '../../../testing/harness';

let t: TestContext;
beforeAll(async () => {
  t = await startTestContext();
  await t.ctx.sequelize.query('CREATE TABLE lock_pair (id integer PRIMARY KEY, n integer NOT NULL DEFAULT 0)');
  await t.ctx.sequelize.query('INSERT INTO lock_pair (id) VALUES (1), (2)');
});
afterAll(() => t.close());

/** Resolves once `count` callers have arrived. */
function meeting(count: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived === count) open();
    return opened;
  };
}

const lockRow = (id: number, transaction: Transaction) =>
  t.ctx.sequelize.query('UPDATE lock_pair SET n = n + 1 WHERE id = :id', { replacements: { id }, transaction });

/**
 * Two transactions that take rows 1 and 2 in opposite orders, each waiting for the other to hold
 * its first row before taking the second: PostgreSQL ends one of them with a deadlock (40P01). The
 * meeting happens on the first run only, so a rerun goes through.
 */
function crossedPair(run: (first: number, second: number, work: (tx: Transaction) => Promise<void>) => Promise<void>) {
  const bothHoldOne = meeting(2);
  const runs = { forward: 0, backward: 0 };
  const take = (name: keyof typeof runs, first: number, second: number) =>
    run(first, second, async (transaction) => {
      runs[name]++;
      await lockRow(first, transaction);
      if (runs[name] === 1) await bothHoldOne();
      await lockRow(second, transaction);
    });
  return { runs, both: Promise.allSettled([take('forward', 1, 2), take('backward', 2, 1)]) };
}

describe('inTransaction', () => {
  it('runs a transaction of its own again when PostgreSQL ends it with a deadlock', async () => {
    const { runs, both } = crossedPair((_first, _second, work) => inTransaction(t.ctx, work));
    const outcomes = await both;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    // One of the two lost the deadlock and ran a second time; the other ran once.
    expect([runs.forward, runs.backward].sort()).toEqual([1, 2]);
    const [rows] = await t.ctx.sequelize.query('SELECT n FROM lock_pair ORDER BY id');
    // Both committed their two updates once each: the lost run's updates were rolled back.
    expect(rows).toEqual([{ n: 2 }, { n: 2 }]);
  });

  it('lets a joined transaction fail, and its owner runs the whole of it again', async () => {
    const ownerRuns = { forward: 0, backward: 0 };
    const { runs, both } = crossedPair((first, _second, work) =>
      inTransaction(t.ctx, async (outer) => {
        ownerRuns[first === 1 ? 'forward' : 'backward']++;
        await inTransaction({ ...t.ctx, transaction: outer }, work);
      }),
    );
    const outcomes = await both;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect([runs.forward, runs.backward].sort()).toEqual([1, 2]);
    expect(ownerRuns).toEqual(runs);
  });

  it('does not run again a transaction that failed for any other reason', async () => {
    let runs = 0;
    await expect(
      inTransaction(t.ctx, async (transaction) => {
        runs++;
        await t.ctx.sequelize.query('SELECT 1 / 0', { transaction });
      }),
    ).rejects.toThrow(/division by zero/);
    expect(runs).toBe(1);
  });

  it("joins the caller's transaction: what it wrote goes when the caller's rolls back", async () => {
    const rowOne = () => t.ctx.sequelize.query('SELECT n FROM lock_pair WHERE id = 1').then(([rows]) => rows);
    const before = await rowOne();
    await expect(
      inTransaction(t.ctx, async (outer) => {
        await inTransaction({ ...t.ctx, transaction: outer }, async (joined) => {
          expect(joined).toBe(outer);
          await lockRow(1, joined);
        });
        throw new Error('the caller fails after the nested work');
      }),
    ).rejects.toThrow(/the caller fails/);
    expect(await rowOne()).toEqual(before);
  });
});
