import { loadConfig, type Config } from '../config.ts';

// Kept apart from create-test-app.ts (which imports Vitest's test API) so the global setup, which
// runs outside any test file, can build the template database with the same settings.

export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The operator API token of test apps. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

/** Who the operator token is (OPERATOR_NAME): the audit log's actor for every staff call of a test app. */
export const TEST_OPERATOR_NAME = 'staff-test';

/** Where every test app's clock starts; the template's seed rows carry this time too. */
export const TEST_CLOCK_START = Date.UTC(2026, 10, 21, 12, 0, 0);

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'dev', PLAYER_DIST: '/nonexistent-player-dist', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN, OPERATOR_NAME: TEST_OPERATOR_NAME });
  return { ...base, rateLimit: { globalPerMin: 100_000, authPerMin: 100_000, smsPerMin: 100_000, accountPerMin: 100_000 }, ...overrides };
}
