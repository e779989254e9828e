import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitSummary, Fuzzer, fuzzOptions, writeReport } from '../../testing/fuzz/runner';
import { startFuzzProviders, type FuzzProviders } from '../../testing/fuzz/sign-in-providers';
import { startFuzzSuite, type FuzzSuite } from '../../testing/fuzz/suite';

/*
 * Issue 8 §2: every operation of GET /api/openapi.json, sent generated bad bodies, queries, path
 * values and headers (and valid ones, so requests reach services and the database), by every kind
 * of caller its security allows and by none. Fails on any 5xx, a request left without an answer,
 * or an exit of the API process. Replay: FUZZ_SEED=<printed seed>; more requests: FUZZ_RUNS=<n>.
 * The sign-in providers are switched on against local issuers, so their routes run with a real
 * configuration, and the callback is sent real returns too (testing/fuzz/sign-in-providers.ts).
 */

let providers: FuzzProviders;
let suite: FuzzSuite;
let fuzzer: Fuzzer;
const options = fuzzOptions();

beforeAll(async () => {
  providers = await startFuzzProviders();
  suite = await startFuzzSuite(providers.env);
  await providers.switchOn(suite.api, suite.ctx, suite.world);
  fuzzer = new Fuzzer(suite.api, suite.world, options);
}, 120_000);
afterAll(async () => {
  await suite?.close();
  await providers?.close();
});

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers every generated request without a 5xx, within the deadline, and the process stays up', async () => {
    const started = Date.now();
    await fuzzer.run(suite.operations);
    await fuzzer.replayFailures();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: FUZZ_SEED=${options.seed} FUZZ_RUNS=${options.runs}: ${fuzzer.requestsSent} requests to ${suite.operations.length} operations in ${seconds} s, ` +
        `${fuzzer.failures.size} distinct failures, ${suite.api.exits.length} process exits`,
    );
    if (suite.world.disturbances.length > 0)
      console.log(`fuzz: the world was healed after:\n  ${suite.world.disturbances.join('\n  ')}`);
    if (process.env.FUZZ_VERBOSE) console.log(fuzzer.coverageTable(suite.operations));
    const { summary, full } = fuzzer.report();
    const file = writeReport('openapi', options.seed, full);
    expect(fuzzer.failures.size, `${summary}\n\nEvery failure, each with its request: ${file}`).toBe(0);
  }, 600_000);

  it('never had the API process exit (a crash, or a polluted prototype: testing/fuzz/prototype-guard.ts)', () => {
    expect(exitSummary(suite.api.exits)).toEqual([]);
  });

  it('got past authentication on every operation, as every caller the operation is meant for', () => {
    expect(fuzzer.coverageProblems(suite.operations)).toEqual([]);
  });
});
