import { afterEach, beforeAll, expect } from 'vitest';
import { prototypeChanges, prototypesNow, type PrototypesSnapshot } from './prototypes';

/*
 * The API project's tests run the app in their own process (`harness.ts`). An uncaught exception or
 * an unhandled rejection there already fails the run (vitest reports it as an error); a request that
 * pollutes a built-in prototype would not, so each test checks the prototypes are as they were once
 * the test file's modules had loaded (issue 25).
 */
let before: PrototypesSnapshot;
beforeAll(() => {
  before = prototypesNow();
});
afterEach(() => {
  expect(prototypeChanges(before), 'a built-in prototype changed during this test').toEqual([]);
});
