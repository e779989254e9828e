import { configDefaults, defineConfig } from 'vitest/config';

/*
 * Two cores: the API's files mostly wait on PostgreSQL, Redis and sockets, so several run side by
 * side (each with its own database and Redis prefix); the browser files each drive a Chromium and
 * an app, so two at a time (three starved each other past their timeouts), in a group after the others. The slowest files are named at the end of every run.
 */
export default defineConfig({
  test: {
    maxWorkers: 4,
    reporters: ['default', './testing/slowest-files-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/common/test/**/*.test.ts', 'frontend/test/**/*.test.{ts,tsx}'],
          // Component tests need a DOM: they run in the component project only.
          exclude: [...configDefaults.exclude, 'frontend/test/components/**'],
          environment: 'node',
        },
      },
      {
        // Components rendered by Testing Library in happy-dom: the kit, and each form's validation and states.
        extends: './frontend/vite.config.ts',
        test: {
          name: 'component',
          root: '.',
          include: ['frontend/test/components/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['frontend/test/components/setup.ts'],
          // Typing through user-event, key by key, takes seconds on a busy two-core machine.
          testTimeout: 15_000,
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
          // A worker imports the app once for all its files (each still gets its own database,
          // Redis prefix and context): importing it again per file took longer than most files' tests.
          isolate: false,
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
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          isolate: false,
          // After the others: a group runs its files at its own parallelism.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
