import { defineConfig } from 'vitest/config';

/**
 * One suite, four tiers. Server tests run twice: on embedded PGlite and on PostgreSQL
 * (skipped loudly when no server is reachable, unless PLAYHALL_REQUIRE_PG=1). Browser
 * journeys need Chromium (skipped loudly unless PLAYHALL_REQUIRE_BROWSER=1). Each server project
 * builds one migrated and seeded template database per run (global-setup.ts) that every test
 * app copies, so the suite's time grows with its tests, not its files. The server projects run
 * without per-file isolation (the app's modules load once per worker: 64 s → 30 s for eleven
 * files); the browser journeys start every server on a copy of one seeded data directory.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'fairness',
          include: ['packages/fairness/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:pglite',
          include: ['apps/server/src/**/*.test.ts'],
          // Files share one module graph per worker (the app's modules load once, not per file):
          // every test builds its own app and database, so nothing else is shared (issue 12 §7).
          isolate: false,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server:pg',
          include: ['apps/server/src/**/*.test.ts'],
          // Files share one module graph per worker (the app's modules load once, not per file):
          // every test builds its own app and database, so nothing else is shared (issue 12 §7).
          isolate: false,
          environment: 'node',
          env: { TEST_DB: 'pg' },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/player/vite.config.ts',
        test: {
          name: 'player',
          root: './apps/player',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-setup.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'originals',
          include: ['apps/originals/src/**/*.test.ts'],
          // The client's tests run in originals-client (jsdom); the game server's need a
          // database and live in the server projects (apps/server/src/test/originals).
          exclude: ['apps/originals/src/client/**'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: './apps/originals/vite.config.ts',
        test: {
          name: 'originals-client',
          root: './apps/originals',
          include: ['src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/player/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/player/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
