import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { assertNoUnexpectedCalls } from '../fake-fetch';

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  assertNoUnexpectedCalls();
});
