import { defineConfig } from 'vitest/config';

/**
 * Player tests that need a module graph of their own (see the player project): they replace a module
 * for themselves (a locale file, zod's global settings) or load the app's modules afresh
 * (vi.resetModules), whose second copies would otherwise keep listening on the shared document.
 */
const PLAYER_FRESH_MODULES = [
  'src/lib/i18n-fallback.test.ts',
  'src/lib/zod-jitless.test.ts',
  'src/lib/updates.test.ts',
  'src/lib/chunk-reload.test.ts',
  'src/lib/i18n-first-screen.test.tsx',
  'src/lib/live.test.tsx',
];

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
          exclude: PLAYER_FRESH_MODULES,
          setupFiles: ['./src/test-setup.ts'],
          environment: 'jsdom',
          // Files share one module graph per worker, as the server tiers do: with a fresh graph and jsdom
          // per file the tier took 134 s instead of 39 s (decision 060). Each test resets what it changes.
          isolate: false,
        },
      },
      {
        extends: './apps/player/vite.config.ts',
        test: {
          // Each on a fresh module graph and document (PLAYER_FRESH_MODULES).
          name: 'player:fresh',
          root: './apps/player',
          include: PLAYER_FRESH_MODULES,
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
          // Each file starts its own server (own data directory, free port) and Chromium, so files
          // may run side by side: `npm test` runs two at a time (--maxWorkers=2, decision 063).
        },
      },
    ],
  },
});
