import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/common/test/**/*.test.ts', 'frontend/test/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'packages/core/test/**/*.test.ts',
            'api/test/**/*.test.ts',
            'worker/test/**/*.test.ts',
            'scheduler/test/**/*.test.ts',
            'scripts/test/**/*.test.ts',
          ],
          environment: 'node',
          globalSetup: ['testing/global-setup.ts'],
          setupFiles: ['testing/setup-api.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['testing/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
